import Foundation

/// `bench compare OLD NEW`: reads both results files, compares them, and says how it ended.
///
/// Refuses, with exit status 2 and one line, a file that is not a valid results file (as `bench validate` judges it: a comparison of figures that do not follow from
/// their own samples would be no comparison). Warnings go to standard error, and into the markdown and
/// JSON outputs too, which are read away from the terminal.
enum CompareCommand {
    /// Runs a comparison.
    ///
    /// - Returns: The rendered comparison, the warnings, and exit status 0, 1 (a regression, with
    ///   `failOnRegression`) or 2.
    ///   - seeds: Counts under other hash seeds what the comparison needs (`SeedNeeds`), with the builds
    ///     of the two files where they are at hand: each file with those counts added, and what was
    ///     counted or could not be, one line each. `nil`, or `options.countsSeeds` off, compares the
    ///     files as recorded.
    static func run(_ options: CompareOptions, seeds: SeedCounter? = nil) -> CommandOutput {
        var old: ResultsFile
        var new: ResultsFile
        do {
            (old, new) = try read(oldPath: options.oldPath, newPath: options.newPath)
        } catch {
            return .refusal(error)
        }
        if let jsonPath = options.jsonPath, FileManager.default.fileExists(atPath: jsonPath) {
            return .refusal(.at(jsonPath, "exists; refusing to overwrite it (--json names a new file)"))
        }
        var counted: [String] = []
        if options.countsSeeds, let seeds, !SeedNeeds(old: old, new: new, rule: options.rule).isEmpty {
            (old, new, counted) = seeds(old, new)
        }
        var comparison = ResultsComparison(
            old: (options.oldPath, old), new: (options.newPath, new), rule: options.rule)
        comparison.seedsCounted = counted
        if let jsonPath = options.jsonPath {
            do {
                try Data(ComparisonReport.render(comparison, format: .json).utf8).write(to: URL(fileURLWithPath: jsonPath), options: .withoutOverwriting)
            } catch {
                return .refusal(.at(jsonPath, "cannot be written (\(error.localizedDescription))"))
            }
        }
        return CommandOutput(
            standardOutput: ComparisonReport.render(comparison, format: options.format),
            standardError: comparison.warnings.map { CommandOutput.said("warning: \($0)") },
            status: comparison.exitStatus(failOnRegression: options.failOnRegression))
    }

    /// Counts under other hash seeds what comparing two files needs: the files with those counts added,
    /// and one line for each thing counted or not.
    typealias SeedCounter = (_ old: ResultsFile, _ new: ResultsFile) -> (ResultsFile, ResultsFile, [String])

    /// Both files, decoded and valid: a file of an older schema is read as one of the current
    /// (`ResultsSchema`), so two files of different schemas compare as two of one.
    static func read(oldPath: String, newPath: String) throws(BenchError) -> (ResultsFile, ResultsFile) {
        let oldData = try bytes(oldPath)
        let newData = try bytes(newPath)
        let old = try ResultsValidator.check(try ResultsReader.decode(oldData, path: oldPath), path: oldPath)
        let new = try ResultsValidator.check(try ResultsReader.decode(newData, path: newPath), path: newPath)
        return (old, new)
    }

    private static func bytes(_ path: String) throws(BenchError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .at(path, FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
    }
}
