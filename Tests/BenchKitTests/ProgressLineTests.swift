import Harness
import Testing

@testable import BenchKit

/// One line rewritten in place on a terminal; a few plain lines per measurement in a log.
struct ProgressLineTests {
    private func progress(_ stage: SamplingProgress.Stage, samples: Int = 0, width: Double? = nil) -> ProgressLine.Update {
        ProgressLine.Update(
            name: "phase.read.tracked(largest-strict)", stage: stage, batchSize: 64, samples: samples,
            relativeHalfWidth: width)
    }

    @Test func describesEachStage() {
        #expect(ProgressLine.describe(progress(.sampling, samples: 230, width: 0.008), step: 12, of: 40, strategy: .derived)
                == "[12/40] phase.read.tracked(largest-strict) derived: sampling 230 samples ±0.8%")
        #expect(ProgressLine.describe(progress(.calibrating), step: 1, of: 2, strategy: .stored)
                == "[1/2] phase.read.tracked(largest-strict) stored: calibrating, batches of 64")
        #expect(ProgressLine.describe(progress(.warmingUp), step: 1, of: 2, strategy: .unshaped)
                == "[1/2] phase.read.tracked(largest-strict): warming up")
        #expect(ProgressLine.describe(progress(.finished, samples: 30), step: 2, of: 2, strategy: .derived)
                == "[2/2] phase.read.tracked(largest-strict) derived: done, 30 samples")
    }

    @Test func aTerminalGetsOneLineRewrittenInPlace() {
        var written: [String] = []
        let line = ProgressLine(isTerminal: true) { written.append($0) }
        line.show(progress(.sampling, samples: 30, width: 0.02), step: 1, of: 1, strategy: .derived)
        line.show(progress(.sampling, samples: 60, width: 0.01), step: 1, of: 1, strategy: .derived)
        line.finish()
        #expect(written == [
            "\r\u{1B}[2K[1/1] phase.read.tracked(largest-strict) derived: sampling 30 samples ±2.0%",
            "\r\u{1B}[2K[1/1] phase.read.tracked(largest-strict) derived: sampling 60 samples ±1.0%",
            "\r\u{1B}[2K",
        ])
        #expect(!written.joined().contains("\n"))
    }

    @Test func aLogGetsAPlainLinePerStageChange() {
        var written: [String] = []
        let line = ProgressLine(isTerminal: false) { written.append($0) }
        line.show(progress(.calibrating), step: 1, of: 1, strategy: .derived)
        line.show(progress(.sampling, samples: 30, width: 0.02), step: 1, of: 1, strategy: .derived)
        line.show(progress(.sampling, samples: 60, width: 0.01), step: 1, of: 1, strategy: .derived)
        line.show(progress(.finished, samples: 60), step: 1, of: 1, strategy: .derived)
        line.finish()
        #expect(written == [
            "[1/1] phase.read.tracked(largest-strict) derived: calibrating, batches of 64\n",
            "[1/1] phase.read.tracked(largest-strict) derived: sampling 30 samples ±2.0%\n",
            "[1/1] phase.read.tracked(largest-strict) derived: done, 60 samples\n",
        ])
        #expect(!written.joined().contains("\r"))
    }
}
