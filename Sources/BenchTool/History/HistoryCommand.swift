/// `bench history`: every results file of a directory in commit order, as tables or as the JSON the
/// plots are drawn from, with the commits where a series stepped (`HistorySteps`).
///
/// Each file is read by `ResultsReader`, the reader `bench report` and `bench validate` use (without
/// `validate`'s re-judging), so every file of a schema the bench reads is in the history, and a file it
/// cannot read stops it with one line naming the file (exit 2) before anything is printed.
enum HistoryCommand {
    /// Runs `bench history`.
    ///
    /// - Parameters:
    ///   - options: The parsed options.
    ///   - positions: Each commit's position in the history, oldest at 0; `git rev-list` by default.
    /// - Returns: The tables or the JSON and exit status 0, or one line and exit status 2.
    static func run(
        _ options: HistoryOptions, positions: (String) -> [String: Int] = CommitHistory.positions(in:)
    ) -> CommandOutput {
        do {
            let history = try History.load(
                directory: options.resultsDirectory, filter: options.measurements, positions: positions)
            let text: String
            switch options.format {
            case .text: text = HistoryTables.text(history, steps: HistorySteps(history))
            case .markdown: text = HistoryTables.markdown(history, steps: HistorySteps(history))
            case .tsv: text = HistoryTables.tsv(history)
            case .json: text = try HistoryDocument(history, steps: HistorySteps(history)).encoded()
            }
            return CommandOutput(standardOutput: text)
        } catch let error as BenchError {
            return .refusal(error)
        } catch {
            return .refusal(.at(options.resultsDirectory, "cannot write the history: \(error)"))
        }
    }
}
