import Foundation

/// Where each commit sits in the history of the checkout a results directory lives in.
public enum CommitHistory {
    /// Each commit of `git rev-list --topo-order HEAD` run in `directory`, the oldest at 0; empty outside a
    /// repository or without git, so every run is then ordered by date.
    public static func positions(in directory: String) -> [String: Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "rev-list", "--topo-order", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [:] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [:] }
        let newestFirst = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
        var positions: [String: Int] = [:]
        for (index, commit) in newestFirst.enumerated() { positions[commit] = newestFirst.count - 1 - index }
        return positions
    }
}
