/// `bench export FILE --to FORMAT`: a valid results file, written to standard output in another tool's
/// format.
///
/// The file is checked as `bench validate` checks it first: a dashboard fed figures that do not follow
/// from their own samples would chart something no run measured.
enum ExportCommand {
    /// Runs an export.
    ///
    /// - Returns: The exported JSON and exit status 0, or one line and exit status 2.
    static func run(_ options: ExportOptions) -> CommandOutput {
        do {
            let results = try ResultsValidator.validate(path: options.path)
            let text: String
            switch options.format {
            case .bmf: text = try BencherMetricFormat.encode(results)
            case .githubActionBenchmark: text = try GitHubActionBenchmarkFormat.encode(results)
            }
            return CommandOutput(standardOutput: text)
        } catch let error as BenchError {
            return .refusal(error)
        } catch {
            return .refusal(.at(options.path, "cannot export: \(error)"))
        }
    }
}
