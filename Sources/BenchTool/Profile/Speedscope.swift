import Foundation
import Harness

/// Folded stacks as a speedscope file (<https://www.speedscope.app/file-format-schema.json>), a
/// *sampled* profile whose samples are the distinct stacks, weighted by their counts.
enum Speedscope {
    /// The file's JSON.
    static func json(_ stacks: FoldedStacks, name: String) -> Data {
        var frames: [String] = []
        var index: [String: Int] = [:]
        var samples: [[Int]] = []
        var weights: [Int] = []
        for (stack, count) in stacks.stacks.sorted(by: { $0.key < $1.key }) {
            samples.append(stack.split(separator: ";").map { frame in
                let name = String(frame)
                if let known = index[name] { return known }
                index[name] = frames.count
                frames.append(name)
                return frames.count - 1
            })
            weights.append(count)
        }
        let document: [String: Any] = [
            "$schema": "https://www.speedscope.app/file-format-schema.json",
            "exporter": "bench profile",
            "name": name,
            "shared": ["frames": frames.map { ["name": $0] }],
            "profiles": [[
                "type": "sampled", "name": name, "unit": "none", "startValue": 0, "endValue": weights.reduce(0, +),
                "samples": samples, "weights": weights,
            ] as [String: Any]],
        ]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }
}
