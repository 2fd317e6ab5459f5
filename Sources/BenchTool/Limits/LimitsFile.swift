import Foundation
import JSON

/// The limits a run is judged against, read from a versioned JSON file, with the file's SHA-256.
///
/// The file is accepted whole or not at all: every key known, every value of its type, every limit
/// coherent (a timing statistic in nanoseconds with a strategy, a count without one). Thresholds are
/// stored in canonical units only (`ns` for timings, `count` for counts), so two files that mean the
/// same limit say it the same way, and a hash names a set of thresholds unambiguously.
///
/// Layout, version 1:
///
///     { "version": 1, "decision": "...", "units": "...",
///       "limits": [ { "id", "description", "metric", "statistic", "strategy" (timings only),
///                     "comparison", "threshold", "unit", "source" } ] }
///
/// Version 2 adds `"changes": [ { "version": 2, "date": "...", "note": "..." } ]`, one entry for each
/// version after the first, saying why it was made: a limit's words come from the decision and do not
/// change, but how the bench reads them can be corrected, and a reader of old results must be able to
/// see when and why.
///
/// Version 3 ranks the shapes a decision can ship, `"shapes": {"preference": ["derived", "root",
/// "incremental"], "fallback": "stored"}` (required), and every limit names the shape it belongs to in
/// `strategy` (a count's is the shape compared with stored). Three statistics are new: a count's
/// `minusStoredByBody`; a timing's `medianAtMostStoredUpperBound` (no `threshold`: the bound is stored's
/// upper 95 % bound of the same metric in the same run); and `ratioOfMedians`, `metric` over
/// `denominator`, in unit `ratio`.
///
/// Version 4 declares its looks, `"looks": {"forks": [8, 16, 32], "level": 0.95}` (required,
/// `LookSchedule`): the fork counts a run judges on and the confidence over all of them. Two
/// statistics are new, both ratios judged on the paired interval of `PairedRatio` at the look's level:
/// `pairedRatioToStored`, a shape's median over stored's of the same metric (the cost is today's, as
/// a declared margin), and `pairedRatioOfMedians`, `metric` over `denominator` of one shape.
///
/// Version 5 budgets the decision rather than each limit: `"looks": {"forks": [8, 16, 32],
/// "wrongShip": 0.025, "spending": [0.48, 0.26, 0.26]}` in place of `level` (`LookSchedule`). Its
/// judge weighs every fork alike (a median limit on the order-statistic interval of the forks'
/// medians), and sets aside a shape whose limit is still undecided at the last look.
///
/// Version 6 judges a timing on the clock it names, `"clock": "wall"` or `"threadCPU"` (required on
/// every timing limit, `TimingClock`), and declares `"noise": {"runQueueShare", "ownRatioSpread",
/// "note"}` (`NoiseBounds`): a gating limit still undecided at its last look on forks disturbed past
/// either bound makes the run "too noisy to decide" rather than set its shape aside.
struct LimitsFile: Sendable, Equatable {
    /// The layouts this bench reads.
    static let supportedVersions = [1, 2, 3, 4, 5, 6]

    /// The path the file was read from, as given; results files record it.
    var path: String
    /// The layout version.
    var version: Int
    /// The decision record the limits come from.
    var decision: String
    /// The limits, in file order.
    var limits: [Limit]
    /// SHA-256 of the file's bytes, lowercase hex: which thresholds a result was judged against.
    var sha256: String
    /// The shapes in order of preference, and the fallback; nil before version 3, whose decision is
    /// the derived phase's alone.
    var shapes: ShapePreference?
    /// When a run looks again with more forks, and the level each look judges at; nil before version 4,
    /// whose runs look once at 95 %.
    var looks: LookSchedule?
    /// The bounds of a disturbed run; nil before version 6, whose undecided limits set their shape
    /// aside whatever the machine did.
    var noise: NoiseBounds?

    /// Reads and checks a limits file.
    ///
    /// - Parameter path: The file's path; messages start with it.
    /// - Throws: `BenchError` when the file cannot be read, is not JSON, or is not a coherent limits file.
    static func load(path: String) throws(BenchError) -> LimitsFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw BenchError("\(path): \(reason)")
        }
        return try parse(Array(data), path: path)
    }

    /// Checks the bytes of a limits file.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - path: The name messages start with.
    /// - Throws: `BenchError`, one line naming the first problem.
    static func parse(_ bytes: [UInt8], path: String) throws(BenchError) -> LimitsFile {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw BenchError(error.description(file: path))
        }
        var reader = LimitsReader(path: path)
        return try reader.read(root, sha256: SHA256.hex(of: bytes))
    }
}
