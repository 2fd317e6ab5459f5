/// `bench merge FILE... --out FILE`: runs of one build, as one results file of all their forks.
enum MergeCommand {
    /// Runs a merge.
    ///
    /// - Returns: One line naming the file written and exit status 0, or one line and exit status 2.
    static func run(_ options: MergeOptions) -> CommandOutput {
        do {
            var files: [(path: String, results: ResultsFile)] = []
            for path in options.paths { files.append((path, try ResultsValidator.validate(path: path))) }
            let donor = try options.instructionsFrom.map { path throws(BenchError) in
                (path, try ResultsValidator.validate(path: path))
            }
            let merged = try ResultsMerge.merge(files, instructionsFrom: donor)
            try ResultsWriter.write(merged, toNewFile: options.outputPath)
            let forks = merged.options.forks
            return CommandOutput(
                standardOutput: "\(options.outputPath): \(files.count) runs merged, \(forks) fork\(forks == 1 ? "" : "s") in all\n")
        } catch {
            return .refusal(error)
        }
    }
}
