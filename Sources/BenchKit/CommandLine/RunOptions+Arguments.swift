extension RunOptions {
    /// The command line that parses back to these options: each option that differs from its default.
    ///
    /// Values go as `--option=value`, so that one that starts with `-` (a filter `-h`, say) stays a
    /// value. The forks are left out when they are the default of a full or a `--quick` run.
    public var arguments: [String] {
        let defaults = Self.defaults
        var arguments: [String] = []
        if quick { arguments.append("--quick") }
        if instructions { arguments.append("--instructions") }
        if forks != (quick ? Self.defaultQuickForks : Self.defaultForks) { arguments.append("--forks=\(forks)") }
        if let filter { arguments.append("--filter=\(filter.pattern)") }
        if specDirectory != defaults.specDirectory { arguments.append("--spec=\(specDirectory)") }
        if limitsPath != defaults.limitsPath { arguments.append("--limits=\(limitsPath)") }
        if let outputPath { arguments.append("--out=\(outputPath)") }
        if format != defaults.format { arguments.append("--format=\(format.rawValue)") }
        if strategies != defaults.strategies { arguments.append("--strategy=\(strategies.rawValue)") }
        if quiet { arguments.append("--quiet") }
        return arguments
    }
}
