import Foundation
import Harness

/// A flame graph of folded stacks, drawn by the bench as one self-contained SVG: each frame a box as
/// wide as its share of the samples, its callers below it, a hover title with its name, samples and
/// share. No script, no font or style fetched from anywhere.
///
/// Given a baseline, the graph is differential: the boxes are the new stacks', coloured by how the
/// frame's share of the samples moved from the baseline's, red where it grew and blue where it shrank
/// (deeper for more), so that two runs of different lengths compare.
struct FlameGraph {
    /// The stacks drawn.
    var stacks: FoldedStacks
    /// The heading drawn above the graph.
    var title: String
    /// The stacks the colours compare with, for a differential graph.
    var baseline: FoldedStacks?

    static let width = 1200.0
    static let rowHeight = 17.0
    static let top = 40.0

    /// A frame and the frames it called, with the samples of each path through it.
    final class Node {
        let name: String
        var samples = 0
        var children: [String: Node] = [:]
        init(name: String) { self.name = name }

        func add(_ frames: ArraySlice<Substring>, _ count: Int) {
            samples += count
            guard let first = frames.first else { return }
            let child = children[String(first)] ?? Node(name: String(first))
            children[String(first)] = child
            child.add(frames.dropFirst(), count)
        }

        var depth: Int { 1 + (children.values.map(\.depth).max() ?? 0) }

        func samples(at path: ArraySlice<String>) -> Int {
            guard let first = path.first else { return samples }
            return children[first]?.samples(at: path.dropFirst()) ?? 0
        }
    }

    static func tree(_ stacks: FoldedStacks) -> Node {
        let root = Node(name: "all")
        for (stack, count) in stacks.stacks { root.add(stack.split(separator: ";")[...], count) }
        return root
    }

    /// The SVG document.
    var svg: String {
        let root = Self.tree(stacks)
        let base = baseline.map(Self.tree)
        let total = Double(max(root.samples, 1))
        let height = Self.top + Double(root.depth) * Self.rowHeight + 10
        var out = """
            <?xml version="1.0" standalone="no"?>
            <svg version="1.1" width="\(Int(Self.width))" height="\(Int(height))" viewBox="0 0 \(Int(Self.width)) \(Int(height))" \
            xmlns="http://www.w3.org/2000/svg" font-family="Verdana, sans-serif" font-size="11">
            <rect x="0" y="0" width="100%" height="100%" fill="#f8f8f8"/>
            <text x="\(Int(Self.width / 2))" y="20" text-anchor="middle" font-size="15">\(Self.escaped(title))</text>
            <text x="10" y="34" fill="#555">\(Self.escaped(caption))</text>

            """
        var boxes: [(node: Node, path: [String], x: Double, depth: Int)] = [(root, [], 0, 0)]
        while let (node, path, x, depth) = boxes.popLast() {
            let boxWidth = Double(node.samples) / total * (Self.width - 20)
            guard boxWidth >= 0.3 else { continue }
            let y = height - 10 - Double(depth + 1) * Self.rowHeight
            let share = Double(node.samples) / total
            var label = "\(node.name) (\(node.samples) samples, \(FigureText.tenthsPercent(share)))"
            var colour = Self.warm(node.name)
            if let base {
                let baseShare = Double(base.samples(at: path[...])) / Double(max(base.samples, 1))
                label += ", \(String(format: "%+.2f", (share - baseShare) * 100)) points against the baseline"
                colour = Self.differential(share - baseShare)
            }
            out += "<g><title>\(Self.escaped(label))</title><rect x=\(Self.attribute(10 + x)) y=\(Self.attribute(y)) "
                + "width=\(Self.attribute(boxWidth)) height=\"\(Int(Self.rowHeight - 1))\" fill=\"\(colour)\" rx=\"2\"/>"
            let characters = Int((boxWidth - 6) / 7)
            if characters >= 3 {
                let text = node.name.count <= characters ? node.name : String(node.name.prefix(characters - 2)) + ".."
                out += "<text x=\(Self.attribute(13 + x)) y=\(Self.attribute(y + 12))>\(Self.escaped(text))</text>"
            }
            out += "</g>\n"
            var childX = x
            for child in node.children.values.sorted(by: { $0.name < $1.name }) {
                boxes.append((child, path + [child.name], childX, depth + 1))
                childX += Double(child.samples) / total * (Self.width - 20)
            }
        }
        return out + "</svg>\n"
    }

    private var caption: String {
        let outside = stacks.samplesOutside
        let all = max(stacks.samples, 1)
        return "\(stacks.samplesInside) samples in the timed loop; \(outside) outside it (\(FigureText.tenthsPercent(Double(outside) / Double(all))) of the process's); "
            + "\(stacks.samplesWithUnknownFrames) with an unknown frame" + (baseline == nil ? "" : "; red grew, blue shrank against the baseline")
    }

    static func attribute(_ value: Double) -> String { "\"" + String(format: "%.1f", value) + "\"" }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A warm colour fixed by the name, so a function keeps its colour from graph to graph.
    static func warm(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "rgb(\(205 + Int(hash % 50)),\(90 + Int((hash >> 8) % 130)),\(40 + Int((hash >> 16) % 50)))"
    }

    /// Red for a share grown by `change` (a fraction of all samples), blue for one shrunk; a change
    /// of five points or more is the deepest.
    static func differential(_ change: Double) -> String {
        let depth = Int(min(abs(change) / 0.05, 1) * 200)
        return change >= 0 ? "rgb(255,\(255 - depth),\(255 - depth))" : "rgb(\(255 - depth),\(255 - depth),255)"
    }
}
