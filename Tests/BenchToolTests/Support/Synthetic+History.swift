import Foundation

@testable import BenchTool

extension Synthetic {
    /// `results()` as run on `commit` at `date`.
    static func run(commit: String, date: String, quick: Bool = false, dirty: Bool? = false) -> ResultsFile {
        var results = results(quick: quick)
        results.environment = environment(dirty: dirty, commit: commit)
        results.environment.date = date
        return results
    }

    /// A fresh directory holding each of `files` (name and contents) as a results file.
    static func resultsDirectory(_ files: [(String, ResultsFile)]) throws -> String {
        let directory = temporaryDirectory()
        for (name, results) in files {
            try results.encoded().write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
        return directory
    }
}

extension Synthetic {
    /// A `comparable()` file as run on `commit` at `date` in an environment of its own: what a history's
    /// steps are found over.
    ///
    /// - Parameters:
    ///   - instructions: The derived phase read's instructions per operation at the fixed hash seed.
    ///   - factor: Multiplies every sample of the derived phase read: 1.2 is 20 % slower.
    ///   - draw: Which draw of samples every measurement gets; another draw is another run's noise.
    ///   - forks: How many processes every measurement was taken in.
    static func steppingRun(
        commit: String, date: String, instructions: Double? = nil, factor: Double = 1, draw: Int = 0,
        cpuModel: String = "Test CPU", toolchain: String = "Swift version 6.3.1", forks: Int = 1
    ) -> ResultsFile {
        var results = comparable(
            draw: draw, factors: [derivedRead: factor], instructions: instructions.map { [derivedRead: $0] } ?? [:], forks: forks)
        results.environment = environment(commit: commit)
        results.environment.date = date
        results.environment.cpuModel = cpuModel
        results.environment.toolchain = toolchain
        return results
    }
}
