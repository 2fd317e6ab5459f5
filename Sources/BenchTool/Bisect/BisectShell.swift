import Foundation
import Harness

/// The commands a bisection runs: git, `swift build` and a tested commit's own bench, each a child the
/// bench ends if it is interrupted (`Interruption`).
enum BisectShell {
    /// A command that did not exit 0: its status and the end of what it printed.
    struct Failure: Error {
        /// The command line, as a user would type it.
        var command: String
        /// Its exit status.
        var status: Int32
        /// The last lines it printed, standard output and error together.
        var tail: String
    }

    /// Runs `arguments` (the first a tool on PATH) in `directory`, with this process's environment and
    /// `environment`'s variables over it, standard output and error both into `log` (a scratch file when
    /// nil, removed after), and returns what it printed.
    ///
    /// - Throws: `Failure` when it exits other than 0 or cannot start.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: String? = nil, log: String? = nil, environment: [String: String] = [:]
    ) throws(Failure) -> String {
        let command = arguments.joined(separator: " ")
        let path = log ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("bench-bisect-\(UUID().uuidString).log")
        if log == nil { Interruption.remove(onInterrupt: path) }
        defer {
            if log == nil {
                try? FileManager.default.removeItem(atPath: path)
                Interruption.forget(path)
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw Failure(command: command, status: -1, tail: "cannot write \(path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do {
            try Interruption.run(process)
        } catch {
            try? handle.close()
            throw Failure(command: command, status: -1, tail: "\(error)")
        }
        try? handle.close()
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let tail = output.split(separator: "\n", omittingEmptySubsequences: true).suffix(3).joined(separator: " | ")
            throw Failure(command: command, status: process.terminationStatus, tail: tail)
        }
        return output
    }

    /// `git -C directory arguments...`, its output trimmed.
    static func git(_ arguments: [String], in directory: String) throws(Failure) -> String {
        try run(["git", "-C", directory] + arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
