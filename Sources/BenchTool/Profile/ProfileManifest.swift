import Foundation

/// `profile.json`: what a directory written by `bench profile` holds, measurement by measurement.
///
/// `bench profile diff` reads two of these to know that two directories profile the same
/// measurements, and how many operations each region ran; the figures themselves come from the
/// `callgrind.out` files beside it, read again. The manifest is written last, so a directory with
/// one is complete.
struct ProfileManifest: Codable, Sendable, Equatable {
    /// One profiled measurement.
    struct Entry: Codable, Sendable, Equatable {
        /// The measurement, `name [strategy]`: the key two directories are joined on.
        var measurement: String
        /// Its directory, relative to the manifest's.
        var directory: String
        /// The operations its collected region ran: calls times operations per call.
        var operations: Int
        /// Every instruction the region executed.
        var instructions: UInt64
        /// The share of them attributed to named functions.
        var attributedShare: Double
        /// Samples perf took inside the timed loop; `nil` when no sampled profile was made.
        var samplesInside: Int?
        /// Samples outside it (set-up, start-up, the clock between batches).
        var samplesOutside: Int?
        /// Samples inside it with an unnamed frame.
        var samplesWithUnknownFrames: Int?
    }

    /// Names the file's kind, so a results file or another JSON is refused for what it is.
    var kind = Self.expectedKind
    /// The layout's version.
    var version = 1
    /// The commit of the build profiled, as the results files name it.
    var commit: String
    /// Whether `BENCH_AB_EXTRA_WORK=1` added work to every tracked read.
    var abSwitch: Bool
    /// How the profiles were made.
    var method: String
    /// Every measurement profiled, in the order of the run.
    var measurements: [Entry]

    /// The `kind` of a profile manifest.
    static let expectedKind = "bench-profile"
    /// The manifest's file name inside a profile directory.
    static let fileName = "profile.json"

    /// The manifest of the profile directory `directory`.
    ///
    /// - Throws: `BenchError` naming the directory when it has no readable manifest of this kind.
    static func read(directory: String) throws(BenchError) -> ProfileManifest {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError("\(directory) is not a profile directory: no \(fileName) (bench profile writes one)")
        }
        guard let manifest = try? JSONDecoder().decode(ProfileManifest.self, from: data), manifest.kind == expectedKind else {
            throw BenchError("\(path) is not a manifest of bench profile")
        }
        return manifest
    }

    /// The manifest as pretty JSON, keys sorted.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// A directory name for `measurement`: its letters, digits, dots and dashes, every other run of
    /// characters one dash, e.g. `phase.read.tracked-largest-strict-derived`.
    static func directoryName(_ measurement: String) -> String {
        var name = ""
        for character in measurement {
            if character.isASCII && (character.isLetter || character.isNumber || character == "." || character == "-") {
                name.append(character)
            } else if !name.hasSuffix("-") {
                name.append("-")
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name
    }
}
