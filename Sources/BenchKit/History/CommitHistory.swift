import Harness

/// Where each commit sits in the history of the checkout a results directory lives in.
public enum CommitHistory {
    /// Each commit of `git rev-list --topo-order HEAD` run in `directory`, the oldest at 0; empty outside a
    /// repository or without git, so every run is then ordered by date.
    public static func positions(in directory: String) -> [String: Int] {
        guard let output = ToolOutput.of("git", ["-C", directory, "rev-list", "--topo-order", "HEAD"]) else { return [:] }
        let newestFirst = output.split(whereSeparator: \.isWhitespace).map(String.init)
        var positions: [String: Int] = [:]
        for (index, commit) in newestFirst.enumerated() { positions[commit] = newestFirst.count - 1 - index }
        return positions
    }
}
