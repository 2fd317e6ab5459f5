@testable import BenchTool
import Foundation
import Testing

/// The other hash seeds are counted where a comparison needs them, not in every run: the decision
/// rule on instructions is unchanged where it matters. Every pair of consecutive committed results
/// files that counted under seeds is decided twice, once by the rule as it stood, with every seed the
/// files recorded, and once as a comparison now decides it, with the seeds only where the fixed-seed
/// count moved (`SeedNeeds` says which; the files' own seeds stand for the ones a build would count).
@Suite struct SeedsWhereCountsMovedTests {
    /// The committed results files that counted under other seeds, in the order they were made.
    static func committedFilesWithSeeds() throws -> [(path: String, results: ResultsFile)] {
        let directory = Synthetic.repositoryFile("results")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter(ResultsWriter.isResultsFileName).sorted()
        return try names.compactMap { name in
            let path = (directory as NSString).appendingPathComponent(name)
            let results = try ResultsReader.decode(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            return results.measurements.contains { $0.instructionsUnderOtherHashSeeds != nil } ? (name, results) : nil
        }
    }

    /// The rule on instructions as it stood when every run counted every seed: no test of whether the
    /// fixed-seed count moved, and a count with no spread judged by the threshold alone.
    static func everySeedRule(old: MeasurementRecord, new: MeasurementRecord, rule: ComparisonRule) -> InstructionsDecision? {
        guard let before = old.instructionsPerOperation, let after = new.instructionsPerOperation, before > 0 else { return nil }
        let ratio = after / before
        let spreads = [old.instructionsHashSpread, new.instructionsHashSpread].compactMap { $0 }
        let (verdict, reason) = ratio > 1 + rule.instructionsThreshold
            ? (ComparisonVerdict.slower, ComparisonReason.changed)
            : ratio < 1 - rule.instructionsThreshold ? (.faster, .changed) : (.same, .withinTheThreshold)
        guard let spread = spreads.max(), spread > MeasurementRecord.hashSensitivity else { return .decides(verdict, reason) }
        guard spread <= rule.widestDecidingSpread else { return .leavesItToWallTime(.countsWander) }
        let seeds = [old, new].map { $0.instructionsUnderOtherHashSeeds?.count ?? 0 }.min() ?? 0
        guard seeds >= rule.leastSeedsToDecide else { return .leavesItToWallTime(.tooFewSeeds) }
        let change = abs(ratio - 1)
        let margin = rule.seedSpreadMargin * spread
        if change > rule.instructionsThreshold && change > margin { return .decides(verdict, reason) }
        if change + margin <= rule.instructionsThreshold { return .decides(.same, .withinTheThreshold) }
        return .leavesItToWallTime(.withinTheSpread)
    }

    /// `file` as a run now writes it, counted at the fixed seed alone, with the seeds a comparison with
    /// `other` has counted on demand: those of the measurements `keys`.
    static func seedsOnlyFor(_ keys: Set<MeasurementKey>, in file: ResultsFile) -> ResultsFile {
        var file = file
        for index in file.measurements.indices where !keys.contains(file.measurements[index].key) {
            file.measurements[index].instructionsUnderOtherHashSeeds = nil
        }
        return file
    }

    @Test func theInstructionVerdictsAgreeOnEveryMeasurementOfTheCommittedFiles() throws {
        let files = try Self.committedFilesWithSeeds()
        try #require(files.count >= 10, "the committed files that counted under seeds: \(files.map(\.path))")
        let rule = ComparisonRule()
        var (pairs, moved, unmoved, decidedNow) = (0, 0, 0, 0)
        for (old, new) in zip(files, files.dropFirst()) where old.results.countingMethod == new.results.countingMethod {
            pairs += 1
            // Seeds are counted only where the fixed-seed count moved: strip the rest, then keep what
            // the comparison asks for.
            let stripped = (Self.seedsOnlyFor([], in: old.results), Self.seedsOnlyFor([], in: new.results))
            let needs = SeedNeeds(old: stripped.0, new: stripped.1, rule: rule)
            let (oldNow, newNow) = (Self.seedsOnlyFor(Set(needs.old), in: old.results), Self.seedsOnlyFor(Set(needs.new), in: new.results))
            let byKey = Dictionary(new.results.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            let nowByKey = (
                Dictionary(oldNow.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                Dictionary(newNow.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            )
            for record in old.results.measurements {
                guard let other = byKey[record.key], let before = Self.everySeedRule(old: record, new: other, rule: rule),
                    let now = InstructionsDecision(old: nowByKey.0[record.key]!, new: nowByKey.1[record.key]!, rule: rule)
                else { continue }
                let where_ = "\(old.path) -> \(new.path): \(record.key.label)"
                let ratio = other.instructionsPerOperation! / record.instructionsPerOperation!
                if abs(ratio - 1) > MeasurementRecord.hashSensitivity {
                    moved += 1
                    // A count that moved is decided by the same seeds, the same way.
                    #expect(now == before, "\(where_): every seed \(before), on demand \(now)")
                } else {
                    unmoved += 1
                    // One that did not move is no change; the rule as it stood never called it
                    // otherwise by instructions, at most left it to wall time.
                    #expect(now == .decides(.same, .withinTheThreshold), "\(where_): \(now)")
                    #expect(before.verdict.map { $0.0 == .same } ?? true, "\(where_): every seed called \(before)")
                    if before.verdict == nil { decidedNow += 1 }
                }
            }
        }
        #expect(pairs >= 10 && moved > 0 && unmoved > 0, "pairs \(pairs), moved \(moved), unmoved \(unmoved)")
        print("replayed \(pairs) pairs: \(moved) counts moved and decided alike, \(unmoved) did not move (\(decidedNow) of them left to wall time by every seed)")
    }
}
