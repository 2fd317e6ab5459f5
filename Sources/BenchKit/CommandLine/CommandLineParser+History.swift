extension CommandLineParser {
    /// `bench history`, with the options `HistoryOption.all` declares.
    static func parseHistory(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: scanTable(HistoryOption.all), command: "history")
        if let stray = scanned.positionals.first { throw BenchError.usage("unexpected argument '\(stray)'") }
        return .history(try read(HistoryOption.all, from: scanned, into: HistoryOptions()))
    }
}
