@testable import BenchTool
import Testing

/// The one error of the bench's own: what it says, and how a command's output carries it.
struct BenchErrorTests {
    @Test func everyLineIsWrittenAfterTheBenchsPrefix() {
        let error = BenchError(lines: ["spec/a.graphql: no operation", "spec/b.json: not JSON"])
        #expect(error.written == ["bench: spec/a.graphql: no operation", "bench: spec/b.json: not JSON"])
        #expect(error.line == "spec/a.graphql: no operation\nspec/b.json: not JSON", "quoted without the prefix")
        #expect(error.status == .usageOrInputError)
    }

    @Test func aUsageMistakePointsToHelpAndOnlyItDoes() {
        #expect(BenchError.usage("unknown option '--fast'").written == ["bench: unknown option '--fast' (try --help)"])
        #expect(BenchError.at("r.json", "no such file").written == ["bench: r.json: no such file"])
        #expect(BenchError.usage("x").line == "x")
    }

    @Test func aRefusalIsTheErrorsLinesAndStatusWithNothingOnStandardOutput() {
        let refusal = CommandOutput.refusal(BenchError(lines: ["a"], status: .failure))
        #expect(refusal == CommandOutput(standardOutput: "", standardError: ["bench: a"], status: 1))
        #expect(refusal.closingLines.isEmpty)
    }

    @Test func theExitStatusesAreTheDocumentedCodes() {
        // Swift Testing has an ExitStatus of its own.
        #expect([BenchTool.ExitStatus.success, .failure, .usageOrInputError].map(\.rawValue) == [0, 1, 2])
    }
}
