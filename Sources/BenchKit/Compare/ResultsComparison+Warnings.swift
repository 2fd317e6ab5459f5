// MARK: - Warnings

extension ResultsComparison {
    /// The ways two files may not be comparable, one line each: another machine, toolchain, allocator or
    /// build, other limits, another sampling depth, a debug build.
    ///
    /// None of these refuses a comparison, since a reader may want it anyway (a toolchain upgrade is
    /// exactly such a comparison), but each is said, because a difference it explains is not the code's.
    static func warnings(old: ResultsFile, new: ResultsFile) -> [String] {
        let fields: [(String, (ResultsFile) -> String)] = [
            ("cpuModel", \.environment.cpuModel),
            ("toolchain", \.environment.toolchain),
            ("allocator", \.environment.allocator),
            ("buildConfiguration", \.environment.buildConfiguration),
            ("limitsSHA256", \.limitsSHA256),
        ]
        var warnings: [String] = []
        for (field, value) in fields where value(old) != value(new) {
            let subject = field == "limitsSHA256" ? "the limits differ" : "the environments differ"
            warnings.append("\(subject): \(field) '\(value(old))' (old) vs '\(value(new))' (new)")
        }
        if old.options.quick != new.options.quick {
            warnings.append(
                "the runs differ: old is \(old.options.quick ? "--quick" : "a full run"), new is \(new.options.quick ? "--quick" : "a full run")")
        }
        let debug = [(old, "old"), (new, "new")].filter { $0.0.environment.buildConfiguration == "debug" }.map(\.1)
        if !debug.isEmpty {
            warnings.append("\(debug.joined(separator: " and ")) is a debug build: its wall times say little about a release")
        }
        return warnings
    }
}
