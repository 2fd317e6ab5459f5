import Foundation
import Testing

@testable import BenchKit

/// The writer names files so runs never collide, never overwrites, and leaves no temporary file.
struct ResultsWriterTests {
    private let date = Date(timeIntervalSince1970: 1_795_957_200)  // 2026-11-29 13:00:00 UTC

    private func contents(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func namesCarryDateCommitDirtinessAndSuffix() {
        #expect(ResultsWriter.fileName(date: date, environment: Synthetic.environment(), suffix: "a1b2c3")
                == "20261129-130000-0123456-a1b2c3.json")
        #expect(ResultsWriter.fileName(date: date, environment: Synthetic.environment(dirty: true), suffix: "a1b2c3")
                == "20261129-130000-0123456-dirty-a1b2c3.json")
        #expect(ResultsWriter.fileName(date: date, environment: Synthetic.environment(commit: "unknown"), suffix: "000000")
                == "20261129-130000-nocommit-000000.json")
    }

    @Test func randomSuffixesAreSixHexDigits() {
        for _ in 0..<100 {
            let suffix = ResultsWriter.randomSuffix()
            #expect(suffix.count == 6 && suffix.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(suffix)")
        }
    }

    @Test func writesAReadableFileAndNothingElse() throws {
        let directory = Synthetic.temporaryDirectory() + "/results"
        let results = Synthetic.results()
        let path = try ResultsWriter(directory: directory).write(results, date: date, randomSuffix: { "abcdef" })
        #expect(path == directory + "/20261129-130000-0123456-abcdef.json")
        #expect(contents(directory) == ["20261129-130000-0123456-abcdef.json"], "no temporary file left")
        #expect(try ResultsReader.read(path: path) == results)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == (try results.encoded()))
    }

    @Test func aTakenNameIsNeverOverwrittenButRedrawn() throws {
        let directory = Synthetic.temporaryDirectory()
        let taken = directory + "/20261129-130000-0123456-aaaaaa.json"
        try Data("earlier run".utf8).write(to: URL(fileURLWithPath: taken))
        var suffixes = ["aaaaaa", "bbbbbb"]
        let path = try ResultsWriter(directory: directory).write(Synthetic.results(), date: date, randomSuffix: { suffixes.removeFirst() })
        #expect(path == directory + "/20261129-130000-0123456-bbbbbb.json")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "earlier run")
        #expect(contents(directory).count == 2)
    }

    @Test func outRefusesAnExistingFileAndLeavesItAlone() throws {
        let directory = Synthetic.temporaryDirectory()
        let path = directory + "/mine.json"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: BenchError("\(path): exists; refusing to overwrite it")) {
            try ResultsWriter.write(Synthetic.results(), toNewFile: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(contents(directory) == ["mine.json"], "no temporary file left")
    }

    @Test func anUnencodableResultLeavesNoFile() throws {
        let directory = Synthetic.temporaryDirectory()
        var results = Synthetic.results()
        results.fits[0].slope = .nan
        #expect(throws: BenchError.self) {
            try ResultsWriter.write(results, toNewFile: directory + "/nan.json")
        }
        #expect(contents(directory).isEmpty)
    }

    @Test func outCreatesMissingDirectories() throws {
        let path = Synthetic.temporaryDirectory() + "/a/b/run.json"
        try ResultsWriter.write(Synthetic.results(), toNewFile: path)
        #expect(try ResultsReader.read(path: path) == Synthetic.results())
    }
}
