import JSON
import Runtime
import Testing
import Workloads

/// Seeded, deterministic fuzzing: random valid documents must parse into the values they were written
/// from; token soups and mutated documents must parse or throw `ParseError`, and never crash.
struct ParserFuzzTests {
    @Test func everyGeneratedDocumentParsesIntoItsValue() throws {
        var generator = DocumentGenerator(seed: 0x5EED_0001)
        for index in 0..<2_000 {
            let (text, expected) = generator.document()
            let document: Document
            do {
                document = try GraphQLParser.parse(text)
            } catch {
                Issue.record("generated document \(index) failed: \(error)\n\(text)")
                return
            }
            #expect(document == expected, "generated document \(index) parsed into another value:\n\(text)")
        }
    }

    @Test func tokenSoupsParseOrFailCleanly() {
        var rng = FuzzRandom(seed: 0x50_0F)
        let vocabulary = [
            "{", "}", "(", ")", "[", "]", ":", "=", "@", "$", "!", "...", "..", ".", "|", "&", "query", "mutation",
            "subscription", "fragment", "on", "type", "extend", "schema", "true", "false", "null", "a", "b", "F",
            "\"s\"", "\"\"\"block\"\"\"", "\"", "\"\"\"", "\\", "\\u", "\"\\u{1F600}\"", "\"\\uD83D\"", "0", "-1",
            "1.5e3", "01", "1e", "-", "0x1", "12ab", "# comment\n", ",", "\n", "\r", "\u{FEFF}", "é", "😀",
            "\u{0}", "\u{7}", "%", "\t",
        ]
        for index in 0..<3_000 {
            var text = ""
            for _ in 0..<rng.int(1...40) {
                text += rng.pick(vocabulary)
                if rng.chance(60) { text += rng.pick([" ", "", "\n"]) }
            }
            if rng.chance(2) { text = String(repeating: rng.pick(["{a", "[", "{f(a:"]), count: rng.int(500...700)) + text }
            expectParsesOrFailsCleanly(text, "token soup \(index)")
        }
    }

    @Test func mutatedDocumentsParseOrFailCleanly() {
        var generator = DocumentGenerator(seed: 0x5EED_0002)
        var rng = FuzzRandom(seed: 0x0BAD_5EED)
        let interesting: [UInt8] = Array("{}()[]:=@$!.\"\\#,\n\r 0123456789eE-+_aZu".utf8) + [0x00, 0x07, 0x7F, 0xC3, 0xA9, 0xF0, 0x9F, 0xEF, 0xBB, 0xBF]
        for index in 0..<500 {
            let original = Array(generator.document().text.utf8)
            for mutation in 0..<10 {
                var bytes = original
                for _ in 0..<rng.int(1...4) {
                    guard !bytes.isEmpty else { break }
                    let at = rng.int(0...bytes.count - 1)
                    let length = rng.int(1...min(16, bytes.count - at))
                    switch rng.int(0...4) {
                    case 0: bytes[at] = rng.pick(interesting)
                    case 1: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << rng.int(0...7))
                    case 2: bytes.removeSubrange(at..<at + length)
                    case 3: bytes.insert(contentsOf: bytes[at..<at + length], at: rng.int(0...bytes.count))
                    default: bytes.removeSubrange(at...)
                    }
                }
                // A String holds valid UTF-8 only: broken sequences become U+FFFD, as a file read would.
                expectParsesOrFailsCleanly(String(decoding: bytes, as: UTF8.self), "mutation \(mutation) of document \(index)")
            }
        }
    }

    /// Parses `text`; an error must point inside the text and describe itself on one line.
    private func expectParsesOrFailsCleanly(_ text: String, _ label: String) {
        do {
            _ = try GraphQLParser.parse(text, file: "fuzz.graphql")
        } catch {
            let lines = text.utf8.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } + 1
            #expect(error.line >= 1 && error.line <= lines && error.column >= 1, "\(label): \(error) is outside the text")
            let oneLine = !error.description.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
            #expect(oneLine, "\(label): \(error) spans lines")
            #expect(error.description.hasPrefix("fuzz.graphql:\(error.line):\(error.column): expected ") || error.reason.hasPrefix("unexpected character"), "\(label): \(error)")
        }
    }
}
