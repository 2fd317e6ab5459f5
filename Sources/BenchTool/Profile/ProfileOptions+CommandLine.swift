/// The options of `bench profile`, each declared once: `CommandOption<ProfileOptions>`.
typealias ProfileOption = CommandOption<ProfileOptions>

extension CommandOption<ProfileOptions> {
    /// Every option of `bench profile`, in the order its usage line lists them; the line's
    /// description in `--help` says what they do, so none has help of its own.
    static var all: [Self] { [.filter, .shape, .spec, .out, .noSamples] }

    static var filter: Self {
        Self("--filter", "PATTERN", help: "", read: { given, options throws(BenchError) in options.filter = try given.filter() })
    }

    static var spec: Self {
        Self(
            "--spec", "DIR", help: "",
            read: { given, options throws(BenchError) in options.specDirectory = try given.nonEmpty() ?? options.specDirectory })
    }

    static var noSamples: Self {
        Self("--no-samples", help: "", read: { options in options.samples = false })
    }

    static var out: Self {
        Self("--out", "DIR", help: "", read: { given, options throws(BenchError) in options.outputDirectory = try given.nonEmpty() })
    }
}
