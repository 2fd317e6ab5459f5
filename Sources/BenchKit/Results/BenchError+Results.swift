extension BenchError {
    /// A file that is not a results file: `PATH: not a results file: what`.
    static func notAResultsFile(_ path: String, _ what: String) -> BenchError {
        at(path, "not a results file: \(what)")
    }
}
