// MARK: - Hidden commands

extension CommandLineParser {
    /// Each job's options: the run options that choose and shape measurements (the counting child is
    /// never told `--quick`), and the job's own.
    private static let childOptions: [String: [String: Bool]] = [
        "fork": scanTable(
            [RunOption.quick, .filter, .spec, .shape, .quiet, .limits, .batchSizesFrom], adding: ["--fork": true, "--records": true, "--estimate": true, "--order-seed": true]),
        "count-instructions": scanTable([RunOption.filter, .spec, .shape], adding: ["--dumps": true, "--probe": true]),
        "sample-profile": scanTable([RunOption.quick, .filter, .spec, .shape], adding: ["--measurement": true, "--seconds": true]),
    ]

    /// Reads `bench child JOB ...`, the arguments after `child`, as `ChildCommand.arguments` writes them.
    static func parseChild(_ arguments: [String]) throws(BenchError) -> ChildCommand {
        guard let word = arguments.first, let options = childOptions[word] else {
            let given = arguments.first.map { "unknown child job '\($0)'" } ?? "'child' needs a job"
            let jobs = childOptions.keys.sorted().joined(separator: ", ")
            throw BenchError.usage("\(given) (expected \(jobs)); the bench starts its children itself")
        }
        let command = "child \(word)"
        let scanned = try scan(Array(arguments.dropFirst()), options: options, command: command)
        if word == "sample-profile", let stray = scanned.positionals.first {
            throw BenchError.usage("unexpected argument '\(stray)' for '\(command)'")
        }
        func required(_ option: String) throws(BenchError) -> String {
            guard let value = try scanned[option].nonEmpty() else { throw BenchError.usage("'\(command)' needs '\(option)'") }
            return value
        }
        let job: ChildCommand.Job
        switch word {
        case "fork":
            let position = try required("--fork")
            let parts = position.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], index >= 1, index <= count, count <= RunOptions.maximumForks
            else {
                throw BenchError.usage("bad value '\(position)' for option '--fork' (expected I/N, 1 <= I <= N <= \(RunOptions.maximumForks))")
            }
            guard !scanned.positionals.contains("") else { throw BenchError.usage("'\(command)' needs non-empty measurement keys") }
            var estimate: ForkEstimate?
            if let text = try scanned["--estimate"].nonEmpty() {
                guard let read = ForkEstimate(argument: text) else {
                    throw BenchError.usage("bad value '\(text)' for option '--estimate' (expected before,share,rest,fork,after)")
                }
                estimate = read
            }
            let recordsPath = try required("--records")
            let seedText = try required("--order-seed")
            guard let orderSeed = UInt64(seedText) else {
                throw BenchError.usage("bad value '\(seedText)' for option '--order-seed' (expected a whole number)")
            }
            job = .fork(
                index: index, count: count, recordsPath: recordsPath, measurements: scanned.positionals.map(MeasurementKey.init(label:)),
                estimate: estimate, orderSeed: orderSeed)
        case "count-instructions":
            guard !scanned.positionals.contains("") else { throw BenchError.usage("'\(command)' needs non-empty measurement keys") }
            let probe = try scanned["--probe"].nonEmpty()
            guard probe == nil || probe == "apart" else {
                throw BenchError.usage("bad value '\(probe!)' for option '--probe' (expected apart)")
            }
            job = .countInstructions(
                dumpsDirectory: try required("--dumps"), measurements: scanned.positionals.map(MeasurementKey.init(label:)),
                probeApart: probe != nil)
        default:
            let text = try required("--seconds")
            guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                throw BenchError.usage("bad value '\(text)' for option '--seconds' (expected a number of seconds above 0)")
            }
            job = .sampleProfile(measurement: MeasurementKey(label: try required("--measurement")), seconds: seconds)
        }
        return ChildCommand(job, run: try runOptions(scanned))
    }
}
