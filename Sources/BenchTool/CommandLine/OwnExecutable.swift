import Foundation
import Harness

/// The bench's own executable, for the processes it starts of itself: forks and the callgrind pass.
enum OwnExecutable {
    /// The executable's path, as the kernel names it (`OperatingSystem.ownExecutablePath()`).
    ///
    /// - Throws: `BenchError` when it cannot be read.
    static func path() throws -> String {
        guard let path = OperatingSystem.ownExecutablePath() else {
            throw BenchError("cannot find the bench's own executable (\(OperatingSystem.ownImage))")
        }
        return path
    }
}
