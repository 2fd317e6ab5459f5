import JSON
import SeededRandom
import Testing
@testable import Workloads

/// The JSON reader and writer over the fixtures' own responses; the reader's rules are JSONTests'.
struct FixtureJSONTests {
    @Test(arguments: [JSONValue.Layout.compact, .readable])
    func serializingThenParsingGivesTheSameValue(layout: JSONValue.Layout) throws {
        let value = StrictFixture.response(.imageErrors, scale: 0.25, seed: 3)
        let text = value.serialized(layout)
        #expect(try JSONValue.parse(text) == value)
    }

    @Test func everyTruncationAndByteFlipOfAResponseFailsCleanlyOrParses() {
        // A seeded sweep over damaged copies of a real response: the reader must throw or succeed,
        // never trap, and its error must point inside the input.
        let bytes = StrictFixture.response(.resultNameError, scale: 0.25).serialized(.compact)
        var random = SplitMix64(seed: 11)
        var failures = 0
        for _ in 0..<300 {
            var damaged = Array(bytes.prefix(random.next(below: bytes.count)))
            if !damaged.isEmpty, random.chance(0.5) {
                damaged[random.next(below: damaged.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                _ = try JSONValue.parse(damaged)
            } catch {
                failures += 1
                #expect(error.offset <= damaged.count)
            }
        }
        #expect(failures > 250, "a truncated response almost never parses")
    }
}
