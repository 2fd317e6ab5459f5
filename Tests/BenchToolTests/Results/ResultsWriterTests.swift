import Foundation
import Harness
import Testing

@testable import BenchTool

/// The writer names files so runs never collide, never overwrites, and leaves no temporary file.
struct ResultsWriterTests {
    private let date = Date(timeIntervalSince1970: 1_795_957_200)  // 2026-11-29 13:00:00 UTC

    private func contents(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test func namesCarryDateCommitDirtinessAndSuffix() {
        #expect(ResultsWriter.fileName(date: date, environment: Synthetic.environment(), suffix: "a1b2c3")
                == "20261129-130000-0123456-a1b2c3.json.gz")
        #expect(ResultsWriter.fileName(date: date, environment: Synthetic.environment(dirty: true), suffix: "a1b2c3")
                == "20261129-130000-0123456-dirty-a1b2c3.json.gz")
        #expect(ResultsWriter.fileName(date: date, environment: Synthetic.environment(commit: "unknown"), suffix: "000000")
                == "20261129-130000-nocommit-000000.json.gz")
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
        #expect(path == directory + "/20261129-130000-0123456-abcdef.json.gz")
        #expect(contents(directory) == ["20261129-130000-0123456-abcdef.json.gz"], "no temporary file left")
        #expect(try ResultsReader.read(path: path) == results)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Gzip.isCompressed(written), "a run's file is gzip")
        #expect(try Gzip.decompress(written) == (try results.encoded()), "and holds the JSON the file encodes")
    }

    @Test func outWritesTheFormItsNameSays() throws {
        let directory = Synthetic.temporaryDirectory()
        let results = Synthetic.results()
        try ResultsWriter.write(results, toNewFile: directory + "/plain.json")
        try ResultsWriter.write(results, toNewFile: directory + "/packed.json.gz")
        let plain = try Data(contentsOf: URL(fileURLWithPath: directory + "/plain.json"))
        let packed = try Data(contentsOf: URL(fileURLWithPath: directory + "/packed.json.gz"))
        #expect(plain == (try results.encoded()), "a name without .gz is plain JSON")
        #expect(Gzip.isCompressed(packed) && packed.count * 3 < plain.count, "\(packed.count) bytes against \(plain.count)")
        #expect(try ResultsReader.read(path: directory + "/plain.json") == results)
        #expect(try ResultsReader.read(path: directory + "/packed.json.gz") == results)
    }

    @Test func theFormIsToldByTheBytesNotTheName() throws {
        let directory = Synthetic.temporaryDirectory()
        let results = Synthetic.results()
        try Gzip.compress(try results.encoded()).write(to: URL(fileURLWithPath: directory + "/misnamed.json"))
        try results.encoded().write(to: URL(fileURLWithPath: directory + "/misnamed.json.gz"))
        #expect(try ResultsReader.read(path: directory + "/misnamed.json") == results)
        #expect(try ResultsReader.read(path: directory + "/misnamed.json.gz") == results)
    }

    @Test func aCutShortGzipFileIsRefusedInOneLine() throws {
        let path = Synthetic.temporaryDirectory() + "/cut.json.gz"
        let packed = Gzip.compress(try Synthetic.results().encoded())
        try packed.prefix(packed.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: BenchError("\(path): not a results file: corrupt gzip: ends early: the file is cut short")) {
            try ResultsReader.read(path: path)
        }
    }

    @Test func resultsFileNames() {
        #expect(ResultsWriter.isResultsFileName("20261129-130000-0123456-abcdef.json.gz"))
        #expect(ResultsWriter.isResultsFileName("20261129-130000-0123456-abcdef.json"))
        #expect(!ResultsWriter.isResultsFileName(".20261129-130000-0123456-abcdef.json.gz.123456.tmp"))
        #expect(!ResultsWriter.isResultsFileName("README.md"))
    }

    @Test func aTakenNameIsNeverOverwrittenButRedrawn() throws {
        let directory = Synthetic.temporaryDirectory()
        let taken = directory + "/20261129-130000-0123456-aaaaaa.json.gz"
        try Data("earlier run".utf8).write(to: URL(fileURLWithPath: taken))
        var suffixes = ["aaaaaa", "bbbbbb"]
        let path = try ResultsWriter(directory: directory).write(Synthetic.results(), date: date, randomSuffix: { suffixes.removeFirst() })
        #expect(path == directory + "/20261129-130000-0123456-bbbbbb.json.gz")
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
