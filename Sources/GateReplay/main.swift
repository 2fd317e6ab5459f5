// gate-replay DIR OLD NEW [--gates N] [--seed S] [--threshold P]: the release gate replayed over rounds of
// scripts/interleaved-runs (DIR/OLD-k.json and DIR/NEW-k.json, k = 1, 2, ...), N gates with rounds drawn
// with replacement (GateReplay). Prints how often the gates passed, failed and ended too noisy, with
// Wilson 95 % intervals, and which measurements were called slower or could not tell; exit 2 on bad
// input. The proof that uses it is scripts/gate-proof.
import BenchKit
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gate-replay: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, _ fallback: Double) -> Double {
    guard let index = arguments.firstIndex(of: name) else { return fallback }
    guard index + 1 < arguments.count, let value = Double(arguments[index + 1]), value > 0 else { fail("\(name) needs a positive number") }
    arguments.removeSubrange(index...index + 1)
    return value
}
let gates = Int(option("--gates", 1000))
let seed = UInt64(option("--seed", 1))
let threshold = option("--threshold", ComparisonRule.defaultThreshold)
guard arguments.count == 3, !arguments.contains(where: { $0.hasPrefix("--") }) else {
    fail("usage: gate-replay DIR OLD NEW [--gates N] [--seed S] [--threshold FRACTION]")
}
let (directory, oldName, newName) = (arguments[0], arguments[1], arguments[2])

@MainActor func read(_ name: String, _ round: Int) -> ResultsFile? {
    for suffix in [".json", ".json.gz"] {
        let path = "\(directory)/\(name)-\(round)\(suffix)"
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        do { return try ResultsReader.decode(data, path: path) } catch { fail(error.line) }
    }
    return nil
}
var rounds: [GateReplay.Round] = []
while let old = read(oldName, rounds.count + 1) {
    guard let new = read(newName, rounds.count + 1) else { fail("\(directory): round \(rounds.count + 1) has \(oldName)'s run and not \(newName)'s") }
    guard Set(old.measurements.map(\.key)) == Set(new.measurements.map(\.key)) else { fail("\(directory): round \(rounds.count + 1)'s runs measure other measurements") }
    rounds.append(GateReplay.Round(old: old, new: new))
}
guard rounds.count >= 2 else { fail("\(directory): fewer than two rounds of \(oldName)-k.json and \(newName)-k.json") }

var replay = GateReplay()
replay.rule.threshold = threshold
let started = Date()
let results = replay.replay(rounds, gates: gates, seed: seed)

/// The Wilson score interval of `count` in `total`, at 95 %.
func wilson(_ count: Int, _ total: Int) -> String {
    let n = Double(total), p = Double(count) / n, z = 1.959964
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
    return String(format: "%.1f %% [%.1f, %.1f]", p * 100, max(0, centre - half) * 100, min(1, centre + half) * 100)
}
print("gate-replay: \(gates) gates over \(rounds.count) rounds of \(oldName) against \(newName) in \(directory), seed \(seed), threshold \(threshold * 100) %, "
    + "looks of \(replay.lookRounds.map(String.init).joined(separator: "+")) rounds, intervals at "
    + "\(replay.lookLevels.map { String(format: "%.2f %%", $0 * 100) }.joined(separator: ", ")), significance "
    + "\(replay.lookSignificances.map { String(format: "%.2f %%", $0 * 100) }.joined(separator: ", ")) "
    + String(format: "(%.0f s)", Date().timeIntervalSince(started)))
for outcome in GateReplay.Outcome.allCases {
    print("  \(outcome.rawValue): \(results.filter { $0.outcome == outcome }.count), \(wilson(results.filter { $0.outcome == outcome }.count, gates))")
}
for looks in 1...replay.lookRounds.count {
    print("  ended at look \(looks): \(results.filter { $0.looks == looks }.count)")
}
func tally(_ keys: [[MeasurementKey]]) -> String {
    let counts = Dictionary(keys.flatMap { $0 }.map { ($0.label, 1) }, uniquingKeysWith: +)
    return counts.isEmpty ? "none" : counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
}
print("  called slower: \(tally(results.map(\.slower)))")
print("  could not tell at the end: \(tally(results.map(\.cannotTell)))")
