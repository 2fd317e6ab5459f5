import Foundation

/// What a tool on PATH prints: how the bench asks git and swift about the checkout and the toolchain.
package enum ToolOutput {
    /// Runs `tool` with `arguments` and returns its standard output, or `nil` when it cannot be started
    /// or does not exit 0. Its standard error is dropped: the callers fall back to "unknown" or to an
    /// order without it, and say so themselves.
    package static func of(_ tool: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
