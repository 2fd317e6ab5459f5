// gate-replay DIR OLD NEW [--later LATER] [--gates N] [--seed S] [--threshold P] [--first-looks] [--keep-slow-core]: the release
// gate replayed over rounds of scripts/interleaved-runs (DIR/OLD-k.json and DIR/NEW-k.json, k = 1, 2,
// ...), N gates (GateReplay); its later looks draw from LATER's rounds (runs of a few measurements, made
// as the gate's later looks make them) where given. --first-looks replays only the gates' first looks
// and prints, as one `bench --filter` pattern, the names of what any of them could not tell: what the
// later looks' rounds must measure. Prints how often the gates passed, failed and ended too noisy, with
// Wilson 95 % intervals, and which measurements were called slower or could not tell; exit 2 on bad
// input. --keep-slow-core judges every fork, as the gate did before it set aside the forks of a slowed
// core (SlowCoreForks): the same rounds replayed both ways show what that rule changes. The proof that
// uses it is scripts/gate-proof.
import BenchTool
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
@MainActor func textOption(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else { fail("\(name) needs a directory") }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let laterDirectory = textOption("--later")
let firstLooksOnly = arguments.firstIndex(of: "--first-looks").map { arguments.remove(at: $0) } != nil
let keepsSlowCore = arguments.firstIndex(of: "--keep-slow-core").map { arguments.remove(at: $0) } != nil
let gates = Int(option("--gates", 1000))
let seed = UInt64(option("--seed", 1))
let threshold = option("--threshold", ComparisonRule.defaultThreshold)
guard arguments.count == 3, !arguments.contains(where: { $0.hasPrefix("--") }) else {
    fail("usage: gate-replay DIR OLD NEW [--later LATER] [--gates N] [--seed S] [--threshold FRACTION] [--first-looks] [--keep-slow-core]")
}
let (directory, oldName, newName) = (arguments[0], arguments[1], arguments[2])

@MainActor func read(_ directory: String, _ name: String, _ round: Int) -> ResultsFile? {
    for suffix in [".json", ".json.gz"] {
        let path = "\(directory)/\(name)-\(round)\(suffix)"
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        do { return try ResultsReader.decode(data, path: path) } catch { fail(error.line) }
    }
    return nil
}
@MainActor func rounds(in directory: String) -> [GateReplay.Round] {
    // A later look's rounds are numbered on from the first look's (scripts/interleaved-runs --first-round).
    guard let first = (1...1000).first(where: { read(directory, oldName, $0) != nil }) else { fail("\(directory): no \(oldName)-k.json") }
    var rounds: [GateReplay.Round] = []
    while let old = read(directory, oldName, first + rounds.count) {
        let number = first + rounds.count
        guard let new = read(directory, newName, number) else { fail("\(directory): round \(number) has \(oldName)'s run and not \(newName)'s") }
        guard Set(old.measurements.map(\.key)) == Set(new.measurements.map(\.key)) else { fail("\(directory): round \(number)'s runs measure other measurements") }
        rounds.append(GateReplay.Round(old: old, new: new))
    }
    guard rounds.count >= 2 else { fail("\(directory): fewer than two rounds of \(oldName)-k.json and \(newName)-k.json") }
    return rounds
}
let full = rounds(in: directory)
let later = laterDirectory.map { rounds(in: $0) } ?? []

var replay = GateReplay()
replay.rule.threshold = threshold
replay.setsAsideSlowCore = !keepsSlowCore
if firstLooksOnly {
    replay.lookRounds = Array(replay.lookRounds.prefix(1))
    let names = Set(replay.replay(full, gates: gates, seed: seed).flatMap(\.cannotTell).map(\.name))
    print(names.sorted().joined(separator: "|"))
    exit(0)
}
/// How many forks each side's run took in a pool's first round.
func forksPerRun(_ rounds: [GateReplay.Round]) -> Int { rounds.first?.old.measurements.first?.sampleGroups.count ?? 0 }
if forksPerRun(full) != replay.lookForks[0] {
    print("gate-replay: \(directory)'s runs took \(forksPerRun(full)) forks each, the gate's first look \(replay.lookForks[0]): its looks draw rounds until they hold the gate's forks")
}
if let laterDirectory, forksPerRun(later) != replay.lookForks[1] {
    print("gate-replay: \(laterDirectory)'s runs took \(forksPerRun(later)) forks each, the gate's later looks \(replay.lookForks[1])")
}
let started = Date()
let results = replay.replay(full, later: later, gates: gates, seed: seed)

/// The Wilson score interval of `count` in `total`, at 95 %.
func wilson(_ count: Int, _ total: Int) -> String {
    let n = Double(total), p = Double(count) / n, z = 1.959964
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
    return String(format: "%.1f %% [%.1f, %.1f]", p * 100, max(0, centre - half) * 100, min(1, centre + half) * 100)
}
print("gate-replay: \(gates) gates over \(full.count) rounds of \(oldName) against \(newName) in \(directory)"
    + (laterDirectory.map { ", the later looks over \(later.count) rounds in \($0)" } ?? ", the later looks over the same rounds")
    + ", seed \(seed), threshold \(threshold * 100) %, "
    + "looks of \(zip(replay.lookRounds, replay.lookForks).map { "\($0) rounds of \($1) forks" }.joined(separator: " + ")), intervals at "
    + "\(replay.lookLevels.map { String(format: "%.2f %%", $0 * 100) }.joined(separator: ", ")), significance "
    + "\(replay.lookSignificances.map { String(format: "%.2f %%", $0 * 100) }.joined(separator: ", ")), "
    + (keepsSlowCore ? "every fork judged (forks of a slowed core kept) " : "forks of a slowed core set aside ")
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
print("  looked at again: \(tally(results.map(\.lookedAgain)))")
print("  called slower: \(tally(results.map(\.slower)))")
print("  failed in time alone (instructions unmoved): \(results.filter { !$0.slowerInTimeAlone.isEmpty }.count) gates, "
    + "\(wilson(results.filter { !$0.slowerInTimeAlone.isEmpty }.count, gates)); measurements: \(tally(results.map(\.slowerInTimeAlone)))")
print("  could not tell at the end: \(tally(results.map(\.cannotTell)))")
