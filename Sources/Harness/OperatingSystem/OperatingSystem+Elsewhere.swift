#if !os(Linux)
import Foundation

// MARK: - Any other system: nothing read that it gives its own way (see `OperatingSystem`)
extension OperatingSystem {
    /// The path this process was started from: a rebuild of it would put another build in the
    /// processes it starts.
    public static let ownImage = CommandLine.arguments[0]
    /// No preloading is known here: setting this does nothing.
    public static let preloadVariable = "BENCH_NO_PRELOAD"
    /// No jemalloc is preloaded here.
    public static let jemallocLibrary = "libjemalloc"

    /// The path this process was started from.
    public static func ownExecutablePath() -> String? { Bundle.main.executablePath }
    static func cpuModel() -> String? { nil }
    static func allowedCores() -> Int? { nil }
    static func distribution() -> String? { nil }
    static func threadSchedstats() -> (onCPU: UInt64, runQueue: UInt64)? { nil }
    static func cpuPressureSomeMicroseconds() -> UInt64? { nil }
    static func cpuTicks() -> (steal: UInt64, all: UInt64)? { nil }
    static func loadAverage() -> Double? { nil }
    static func library(containing address: UnsafeMutableRawPointer) -> String? { nil }
}
#endif
