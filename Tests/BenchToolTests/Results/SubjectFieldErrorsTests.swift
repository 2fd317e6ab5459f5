import Foundation
import Testing

@testable import BenchTool

/// The subjects' `fieldErrors` key: optional, so files written before it still read and validate;
/// checked when present; and a count about an operation the spec lacks is not a missing metric.
struct SubjectFieldErrorsTests {
    static let made = FieldErrorsRecord(source: "made", response: "0-films", leaves: 15, how: "15 nullable leaves of Q's own selection, set to null in 0-films with an error at each path")

    @Test func aSubjectWithoutFieldErrorsStillDecodesAndOneWithThemRoundTrips() throws {
        let old = Synthetic.decode(
            SubjectRecord.self, #"{"role": "largest-strict", "operation": "Q", "fixture": "f", "records": 3, "slotsWalked": 9}"#)
        #expect(old.fieldErrors == nil)
        var subject = old
        subject.fieldErrors = Self.made
        let data = try JSONEncoder().encode(subject)
        #expect(try JSONDecoder().decode(SubjectRecord.self, from: data) == subject)
    }

    @Test func everyCommittedResultsFileStillValidates() throws {
        let directory = Synthetic.repositoryFile("results")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter(ResultsWriter.isResultsFileName)
        #expect(!files.isEmpty)
        for file in files {
            #expect(throws: Never.self, "\(file)") { _ = try ResultsValidator.validate(path: (directory as NSString).appendingPathComponent(file)) }
        }
    }

    @Test func fieldErrorsAreCheckedWhenPresent() {
        var results = Synthetic.results()
        results.subjects = [SubjectRecord(role: "largest-strict", operation: "Q", fixture: "f", records: 3, slotsWalked: 9, fieldErrors: Self.made)]
        #expect(ResultsValidator.problems(in: results) == [])
        results.subjects[0].fieldErrors?.source = "guessed"
        results.subjects[0].fieldErrors?.leaves = 0
        let problems = ResultsValidator.problems(in: results)
        #expect(problems.contains("subject 'largest-strict': fieldErrors: source 'guessed' is neither recorded nor made"))
        #expect(problems.contains("subject 'largest-strict': fieldErrors: 0 leaves; a field-errors response places at least one"))
    }

    @Test func aCountAboutAnOperationTheSpecLacksIsNotAMissingMetric() {
        var results = Synthetic.results()
        results.counts = []
        results.subjects = [SubjectRecord(role: "largest-strict", operation: "Q", fixture: "f", records: 3, slotsWalked: 9)]
        let problems = { ResultsValidator.problems(in: results).filter { $0.contains("missing from an unfiltered run") } }
        #expect(problems() == [], "no spreads-only subject: its count cannot be there")
        results.subjects.append(SubjectRecord(role: "spreads-only", operation: "S", fixture: "f", records: 3, slotsWalked: 1))
        #expect(problems() == ["limit 'extra-bodies': metric '\(Synthetic.spreadsScenario)' is missing from an unfiltered run"])
    }
}
