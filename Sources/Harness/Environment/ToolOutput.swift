import Foundation

/// What a tool on PATH prints: how the bench asks git and swift about the checkout and the toolchain.
package enum ToolOutput {
    /// Runs `tool` with `arguments` and returns its standard output, or `nil` when it cannot be started
    /// or does not exit 0. Its standard error is dropped: the callers fall back to "unknown" or to an
    /// order without it, and say so themselves.
    ///
    /// The tool gets a temporary directory of its own as `TMPDIR`, removed when it has exited:
    /// `swift --version` makes a `TemporaryDirectory.XXXXXX` there and never removes it, one more in
    /// the user's temporary directory with every run.
    package static func of(_ tool: String, _ arguments: [String]) -> String? {
        try? Interruption.withTemporaryDirectory(prefix: "bench-tool.") { scratch -> String? in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try Interruption.start(process) } catch { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            Interruption.ended(process)
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self)
        } ?? nil
    }
}
