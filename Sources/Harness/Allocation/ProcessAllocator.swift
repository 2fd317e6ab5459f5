#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which allocator serves this process's `malloc`, found by asking the dynamic linker.
///
/// jemalloc being loaded is not enough: `mallctl` could come from a copy that `malloc` does not
/// resolve to (a library that bundles jemalloc privately, or one loaded after libc). So jemalloc counts
/// as the process allocator only when the global `malloc` and the global `mallctl` live in the same
/// shared object, and that object answers `mallctl("version")`.
public enum ProcessAllocator: Sendable, Equatable, Codable {
    /// jemalloc serves `malloc`.
    case jemalloc(version: String, library: String, statisticsEnabled: Bool)
    /// Something else serves `malloc` (glibc's ptmalloc, normally); `library` is where `malloc` lives.
    case other(library: String)

    /// The allocator of this process, determined now.
    public static var current: ProcessAllocator {
        let mallocLibrary = globalSymbol("malloc").flatMap(OperatingSystem.library(containing:)) ?? "unknown"
        guard let mallctl = Mallctl.lookUp(), mallctl.library == mallocLibrary,
            let versionPointer = mallctl.read("version", as: UnsafePointer<CChar>?.self) ?? nil
        else { return .other(library: mallocLibrary) }
        return .jemalloc(
            version: String(cString: versionPointer),
            library: mallocLibrary,
            statisticsEnabled: mallctl.read("config.stats", as: Bool.self) ?? false)
    }

    /// Whether jemalloc serves `malloc`.
    public var isJemalloc: Bool {
        if case .jemalloc = self { return true }
        return false
    }

    /// A one-line description for reports, e.g. `jemalloc 5.3.0-0-g54eaed1d (/lib/.../libjemalloc.so.2)`.
    public var description: String {
        switch self {
        case .jemalloc(let version, let library, let statisticsEnabled):
            "jemalloc \(version) (\(library))" + (statisticsEnabled ? "" : ", statistics disabled")
        case .other(let library):
            "system malloc (\(library))"
        }
    }

    // MARK: - Dynamic linker

    /// The address the global scope resolves `name` to: `dlsym(RTLD_DEFAULT, name)`.
    static func globalSymbol(_ name: String) -> UnsafeMutableRawPointer? {
        // RTLD_DEFAULT is a null handle on glibc; Swift does not import the macro.
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }
}
