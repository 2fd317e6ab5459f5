import Foundation

/// The bench's own executable, for the processes it starts of itself: forks and the callgrind pass.
enum OwnExecutable {
    /// The executable's path, as `/proc/self/exe` names it.
    ///
    /// - Throws: `BenchError` when the link cannot be read.
    static func path() throws -> String {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw BenchError("cannot find the bench's own executable (/proc/self/exe)")
        }
        return path
    }
}
