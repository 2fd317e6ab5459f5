import Foundation
import Harness

/// The files of a measurement's profile that are kept gzip-compressed: the bulk of a profile, read by
/// programs (the folded stacks compress about 45-fold, speedscope's file about 7-fold, callgrind's
/// output and the table about 4-fold). What a person opens as it is stays plain: `functions.txt`,
/// `flamegraph.svg`.
///
/// Each is written as `NAME.gz` and read from `NAME.gz`, or from `NAME` in a profile written before
/// profiles were compressed. To open one in `callgrind_annotate`, KCachegrind, speedscope or a
/// spreadsheet, `gunzip -k` it first.
enum ProfileFile: String, CaseIterable, Sendable {
    /// callgrind's dump of the counted region (`CallgrindProfile`).
    case callgrind = "callgrind.out"
    /// perf's samples as folded stacks (`FoldedStacks`), which `bench profile diff` reads back.
    case foldedStacks = "stacks.folded"
    /// The sampled stacks as a speedscope file (`Speedscope`).
    case speedscope = "speedscope.json"
    /// Every function of the counted region, tab-separated (`ProfileTable.tsv`).
    case functionsTable = "functions.tsv"

    /// The name written: the plain name with `.gz`.
    var writtenName: String { rawValue + ".gz" }

    /// Writes `bytes` into `directory`, compressed, under `writtenName`.
    func write(_ bytes: Data, into directory: String) throws {
        try Gzip.compress(bytes).write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(writtenName)))
    }

    /// Writes `text` into `directory`, compressed, under `writtenName`.
    func write(_ text: String, into directory: String) throws {
        try write(Data(text.utf8), into: directory)
    }

    /// The text of this file in `directory`, compressed or not; nil when neither name is there.
    ///
    /// - Throws: `BenchError` naming the file when it is there but cannot be read or decompressed, or
    ///   is not UTF-8.
    func text(in directory: String) throws(BenchError) -> String? {
        for name in [writtenName, rawValue] {
            let path = (directory as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let bytes: Data?
            do {
                bytes = try Gzip.contents(ofFile: path)
            } catch {
                throw BenchError("\(path): \(error.description)")
            }
            guard let bytes, let text = String(data: bytes, encoding: .utf8) else { throw BenchError("\(path): cannot be read") }
            return text
        }
        return nil
    }
}
