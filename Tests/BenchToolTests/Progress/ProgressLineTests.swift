import Harness
import Testing

@testable import BenchTool

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

    @Test func aLogGetsOneLinePerGroupAndNoneOfTheSamplersUpdates() {
        var written: [String] = []
        let line = ProgressLine(isTerminal: false) { written.append($0) }
        line.prefix = "[fork 2/8] "
        line.show(progress(.calibrating), step: 1, of: 2, strategy: .derived)
        line.show(progress(.sampling, samples: 30, width: 0.02), step: 1, of: 2, strategy: .derived)
        line.show(progress(.finished, samples: 60), step: 1, of: 2, strategy: .derived)
        line.finishedGroup("phase.read.tracked(largest-strict)", step: 1, of: 2, samples: [("derived", "60"), ("stored", "24+24")])
        line.finishedGroup("tracking-scope.empty", step: 2, of: 2, samples: [("", "600")])
        line.finish()
        #expect(written == [
            "[fork 2/8] [1/2] phase.read.tracked(largest-strict): derived 60, stored 24+24 samples\n",
            "[fork 2/8] [2/2] tracking-scope.empty: 600 samples\n",
        ])
        #expect(!written.joined().contains("\r"))
    }

    @Test func aTerminalNeverGetsTheGroupLine() {
        var written: [String] = []
        let line = ProgressLine(isTerminal: true) { written.append($0) }
        line.finishedGroup("tracking-scope.empty", step: 1, of: 1, samples: [("", "600")])
        #expect(written.isEmpty)
    }

    @Test func quietWritesNothingAtAll() {
        for isTerminal in [true, false] {
            var written: [String] = []
            let line = ProgressLine(isTerminal: isTerminal) { written.append($0) }
            line.quiet = true
            line.begin(ForkEstimate(doneBefore: 0, share: 1, forkSeconds: nil, afterSeconds: nil, restWeight: 0))
            line.show(progress(.sampling, samples: 30, width: 0.02), step: 1, of: 1, strategy: .derived)
            line.finishedGroup("tracking-scope.empty", step: 1, of: 1, samples: [("", "600")])
            line.note("counting")
            line.passing("[instructions 1/2] x")
            line.say("phase measuring: 1.0 s")
            line.finish()
            #expect(written.isEmpty, "terminal: \(isTerminal)")
        }
    }

    @Test func aForksTerminalLineShowsTheBarAndTheTimeLeft() {
        var written: [String] = []
        var now: UInt64 = 0
        let line = ProgressLine(isTerminal: true, clock: { now }) { written.append($0) }
        line.prefix = "[fork 2/8] "
        // The second of eight alike forks of 10 s each: a fork in, half of it done 5 s later.
        line.begin(ForkEstimate(doneBefore: 0.125, share: 0.125, forkSeconds: 10, afterSeconds: 60, restWeight: 6))
        now = 5_000_000_000
        line.show(progress(.warmingUp), step: 3, of: 5, strategy: .root)
        #expect(written == [
            "\r\u{1B}[2K[fork 2/8] ▕" + String(repeating: "█", count: 3) + String(repeating: "░", count: 17)
                + "▏ 17% 1m 05s left [3/5] phase.read.tracked(largest-strict) root: warming up",
        ])
    }

    @Test func theBarFillsByTheFractionAndSaysWhenItCannotTellTheTimeLeft() {
        #expect(ProgressLine.bar(0, secondsLeft: nil) == "▕░░░░░░░░░░░░░░░░░░░░▏ 0% estimating time left")
        #expect(ProgressLine.bar(0.5, secondsLeft: 45) == "▕██████████░░░░░░░░░░▏ 50% 45s left")
        #expect(ProgressLine.bar(1.2, secondsLeft: 0) == "▕████████████████████▏ 100% 0s left")
        #expect(ProgressLine.duration(59.2) == "1m 00s")
        #expect(ProgressLine.duration(3_725) == "1h 02m")
    }
}
