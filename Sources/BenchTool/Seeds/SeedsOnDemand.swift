import Foundation
import Harness

/// Counts under other hash seeds what a comparison needs (`SeedNeeds`), each file's measurements with
/// that file's own build, and keeps the counts beside the build so that a second comparison against
/// the same file counts nothing again: `bench compare`'s `CompareCommand.SeedCounter`.
///
/// A file's build is at hand when the file is a release build's from a clean tree, with this bench's
/// toolchain and the bundled fixtures, and either this bench is of its commit (a clean checkout), or
/// `bench build` kept a build of that commit (`.build/bisect/builds/`) whose bench can count seeds. That
/// bench counts with the fixtures of its own commit, taken from git, under the A/B switch the file
/// was made with. Elsewhere nothing is counted, and the line says why: wall time then decides a count
/// that moved (`InstructionsDecision.Doubt.noSpread`).
///
/// The counts are kept under `.build/bisect/seeds/<toolchain>/<commit>/<selection>/seeds.json`, one
/// list of counts per measurement: counts under random seeds, so the process they were made in does
/// not enter them beyond what a seed does.
struct SeedsOnDemand {
    /// The checkout this bench was built from: its kept builds and kept counts.
    let root: String
    /// Says what is being done, as it starts (standard error).
    let say: (String) -> Void

    /// Counts what comparing `old` with `new` needs, OLD's first: seeds that show OLD's count wandering
    /// spare NEW's counting.
    func count(old: ResultsFile, new: ResultsFile) -> (ResultsFile, ResultsFile, [String]) {
        var (old, new) = (old, new)
        var lines: [String] = []
        let before = SeedNeeds(old: old, new: new)
        if !before.old.isEmpty { lines.append(fill(&old, keys: before.old, side: "OLD")) }
        let after = SeedNeeds(old: old, new: new)
        if !after.new.isEmpty { lines.append(fill(&new, keys: after.new, side: "NEW")) }
        return (old, new, lines)
    }

    /// Counts `keys` of `file` with its build, or says why it cannot; the line that says which.
    private func fill(_ file: inout ResultsFile, keys: [MeasurementKey], side: String) -> String {
        let commit = String(file.environment.commit.prefix(7))
        let moved = "\(keys.count) count\(keys.count == 1 ? "" : "s") that moved at the fixed hash seed"
        let build: Build
        switch Build.find(for: file, root: root) {
        case .failure(let reason):
            return "\(side) (\(commit)): \(moved), no spread under other seeds: \(reason), so wall time decides them"
        case .success(let found):
            build = found
        }
        defer { build.cleanUp() }
        let kept = KeptSeeds(root: root, file: file)
        let stored = kept.read()
        let records = Dictionary(file.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var request: [SeedRequest.Measurement] = []
        var fromKept = 0
        for key in keys {
            guard var record = records[key], let fixed = record.instructionsPerOperation else { continue }
            if (record.instructionsUnderOtherHashSeeds ?? []).isEmpty, let seeds = stored[key.label], !seeds.isEmpty {
                record.instructionsUnderOtherHashSeeds = seeds
                fromKept += 1
            }
            if SeedNeeds.needsMore(record, rule: ComparisonRule()) {
                request.append(SeedRequest.Measurement(key: key, fixedSeed: fixed, otherSeeds: record.instructionsUnderOtherHashSeeds ?? []))
            } else if let seeds = record.instructionsUnderOtherHashSeeds {
                file.setSeeds(seeds, of: key)
            }
        }
        var counted = 0
        var seconds = 0.0
        if !request.isEmpty {
            say(CommandOutput.said("\(side) (\(commit)): counting \(request.count) of its measurements under random hash seeds with \(build.description)"))
            let started = Date()
            do {
                for (key, seeds) in try kept.count(request, with: build, environment: Self.switches(of: file), besides: stored) {
                    file.setSeeds(seeds, of: key)
                    counted += 1
                }
            } catch {
                return "\(side) (\(commit)): \(moved), no spread under other seeds: \(build.description) could not count them (\(error)), so wall time decides them"
            }
            seconds = Date().timeIntervalSince(started)
        }
        let six = keys.filter { file.seeds(of: $0) >= ComparisonRule.defaultLeastSeedsToDecide }.count
        var parts: [String] = []
        if counted > 0 { parts.append("\(counted) counted under other hash seeds by \(build.description) in \(Int(seconds.rounded())) s") }
        if fromKept > 0 { parts.append("\(fromKept) taken from the counts kept in \(kept.relativePath)") }
        if counted == 0 && fromKept == 0 { parts.append("its file had the seeds") }
        return "\(side) (\(commit)): \(moved); " + parts.joined(separator: ", ") + "; \(six) of them under six seeds or more"
    }

    /// The A/B switch the file was made with, as its counting must be: `BENCH_AB_EXTRA_WORK` set to 1
    /// where the file's method says it was on, else 0.
    static func switches(of file: ResultsFile) -> [String: String] {
        ["BENCH_AB_EXTRA_WORK": file.method.contains { $0.contains("BENCH_AB_EXTRA_WORK=1") } ? "1" : "0"]
    }
}

extension ResultsFile {
    /// Sets the counts under other hash seeds of the measurement `key`.
    mutating func setSeeds(_ seeds: [Double], of key: MeasurementKey) {
        for index in measurements.indices where measurements[index].key == key {
            measurements[index].instructionsUnderOtherHashSeeds = seeds.isEmpty ? nil : seeds
        }
    }

    /// How many other hash seeds the measurement `key` was counted under.
    func seeds(of key: MeasurementKey) -> Int {
        measurements.first { $0.key == key }?.instructionsUnderOtherHashSeeds?.count ?? 0
    }
}
