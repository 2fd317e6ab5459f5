import Foundation

@testable import BenchKit

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
