import Foundation

/// `bench compare OLD NEW`: reads both results files, compares them, and says how it ended.
///
/// Refuses, with exit status 2 and one line, a file that is not a valid results file (as `bench validate` judges it: a comparison of figures that do not follow from
/// their own samples would be no comparison). Warnings go to standard error, and into the markdown and
/// JSON outputs too, which are read away from the terminal.
public enum CompareCommand {
    /// Runs a comparison.
    ///
    /// - Parameter names: The bench's names of the read floor's measurements (`KeyMeasurements`), which
    ///   validating a file checks.
    /// - Returns: The rendered comparison, the warnings, and exit status 0, 1 (a regression, with
    ///   `failOnRegression`) or 2.
    public static func run(_ options: CompareOptions, names: KeyMeasurements) -> CommandOutput {
        let old: ResultsFile
        let new: ResultsFile
        do {
            (old, new) = try read(oldPath: options.oldPath, newPath: options.newPath, names: names)
        } catch {
            return .refusal(error)
        }
        let comparison = ResultsComparison(
            old: (options.oldPath, old), new: (options.newPath, new), rule: options.rule)
        return CommandOutput(
            standardOutput: ComparisonReport.render(comparison, format: options.format),
            standardError: comparison.warnings.map { CommandOutput.said("warning: \($0)") },
            status: comparison.exitStatus(failOnRegression: options.failOnRegression))
    }

    /// Both files, decoded and valid: a file of an older schema is read as one of the current
    /// (`ResultsSchema`), so two files of different schemas compare as two of one.
    static func read(oldPath: String, newPath: String, names: KeyMeasurements) throws(BenchError) -> (ResultsFile, ResultsFile) {
        let oldData = try bytes(oldPath)
        let newData = try bytes(newPath)
        let old = try ResultsValidator.check(try ResultsReader.decode(oldData, path: oldPath), path: oldPath, names: names)
        let new = try ResultsValidator.check(try ResultsReader.decode(newData, path: newPath), path: newPath, names: names)
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
