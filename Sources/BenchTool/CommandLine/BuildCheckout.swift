import Foundation

/// The checkout this executable was built from: where the defaults of `--spec`, `--limits`,
/// `--results` and the results directory are found, so that `bench` run from any directory reads the
/// repository's `limits.json` and `spec/`, not the current directory's.
///
/// Found from this file's path at build time (`#filePath`), and only when that directory still holds
/// the package (`Package.swift`); a binary copied to another machine falls back on the current
/// directory, and is given its files with the flags.
enum BuildCheckout {
    /// The checkout's root, or nil when the executable no longer sits beside its sources.
    static let root: URL? = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // CommandLine
            .deletingLastPathComponent()  // BenchTool
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root : nil
    }()

    /// Where git is asked which commit ran: the checkout, or the current directory when there is none.
    static var sourceDirectory: URL {
        root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// A default file or directory of the checkout, `name` relative to its root: `name` as it is when
    /// the current directory is the root (or no checkout is found), so a run there writes what it
    /// always wrote, and the whole path from anywhere else.
    static func path(_ name: String) -> String {
        path(name, root: root, currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// `path(_:)` for a given root and current directory, for tests.
    static func path(_ name: String, root: URL?, currentDirectory: String) -> String {
        guard let root else { return name }
        let current = URL(fileURLWithPath: currentDirectory).standardizedFileURL.resolvingSymlinksInPath().path
        guard current != root.standardizedFileURL.resolvingSymlinksInPath().path else { return name }
        return root.appendingPathComponent(name).path
    }
}
