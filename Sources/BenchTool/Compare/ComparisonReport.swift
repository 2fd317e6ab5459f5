import Foundation

/// Renders a `ResultsComparison`: aligned text for a terminal, markdown for a pull request comment, an
/// HTML page with a chart of every ratio (`HTMLComparisonReport`), or JSON with every figure.
///
/// Text and markdown show every measurement both files have, with both medians and their intervals,
/// the ratio with its bootstrap interval, the rank test's p and the verdict; allocations and counts
/// only where they changed, since hundreds of equal counts would bury the one that is not. JSON holds
/// everything, equal counts as a number.
enum ComparisonReport {
    /// Renders `comparison` in `format`, ending with a newline.
    static func render(_ comparison: ResultsComparison, format: ReportFormat) -> String {
        switch format {
        case .text: text(comparison)
        case .markdown: markdown(comparison)
        case .html: HTMLComparisonReport.render(comparison)
        case .json: json(comparison)
        }
    }

    // MARK: - Text

    private static func text(_ comparison: ResultsComparison) -> String {
        let tables = ComparisonTables(comparison: comparison)
        var sections = [header(comparison).joined(separator: "\n")]
        sections.append("measurements\n" + tables.measurements.text())
        if let instructions = tables.instructions { sections.append("instructions per operation\n" + instructions.text()) }
        sections.append(tables.allocationsLine + (tables.allocations.map { "\n" + $0.text() } ?? ""))
        sections.append(tables.countsLine + (tables.counts.map { "\n" + $0.text() } ?? ""))
        let onlyIn = onlyInLines(comparison)
        if !onlyIn.isEmpty { sections.append(onlyIn.joined(separator: "\n")) }
        sections.append("summary: " + summary(comparison))
        return sections.joined(separator: "\n\n") + "\n"
    }

    // MARK: - Markdown

    private static func markdown(_ comparison: ResultsComparison) -> String {
        let tables = ComparisonTables(comparison: comparison, markdown: true)
        var sections = ["### bench compare", "**" + summary(comparison) + "**"]
        if !comparison.warnings.isEmpty {
            sections.append(comparison.warnings.map { "> **warning:** \($0)" }.joined(separator: "\n>\n"))
        }
        sections.append(header(comparison).map { "- \($0)" }.joined(separator: "\n"))
        sections.append(tables.measurements.markdown())
        if let instructions = tables.instructions { sections.append("#### Instructions per operation\n\n" + instructions.markdown()) }
        sections.append(tables.allocationsLine + (tables.allocations.map { "\n\n" + $0.markdown() } ?? ""))
        sections.append(tables.countsLine + (tables.counts.map { "\n\n" + $0.markdown() } ?? ""))
        let onlyIn = onlyInLines(comparison)
        if !onlyIn.isEmpty { sections.append(onlyIn.map { "- \($0)" }.joined(separator: "\n")) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    // MARK: - JSON

    private static func json(_ comparison: ResultsComparison) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Every figure is finite by construction (ratios exist only for positive medians); should one
        // not be, the failure is said in the output rather than hidden.
        do {
            return String(decoding: try encoder.encode(comparison), as: UTF8.self) + "\n"
        } catch {
            return "{\"error\": \"cannot encode the comparison: \(error)\"}\n"
        }
    }

    // MARK: - Parts

    /// What was compared with what, under which rule.
    static func header(_ comparison: ResultsComparison) -> [String] {
        func describe(_ file: ResultsComparison.FileDescription) -> String {
            let commit = file.commit.count >= 7 ? String(file.commit.prefix(7)) : file.commit
            let dirty = file.dirtyTree == true ? " (dirty tree)" : file.dirtyTree == nil ? " (tree state unknown)" : ""
            return "\(file.path): commit \(commit)\(dirty), \(file.buildConfiguration) build, "
                + "\(file.quick ? "--quick" : "full run"), \(file.forks == 1 ? "one process" : "\(file.forks) forks"), \(file.date)"
        }
        return ["old: " + describe(comparison.old), "new: " + describe(comparison.new), "rule: " + comparison.rule.sentence]
            + (comparison.fastCore.map { [coreLine(comparison, fastCore: $0)] } ?? [])
            + comparison.seedsCounted.map { "seeds: " + $0 }
    }

    /// What the speed probe set aside, e.g. `core: forks whose speed probe read over 1.15× the fast core
    /// (7.02 µs) are set aside from time: 37 of 4096 forks, in 21 measurements; 1 left too few to judge`.
    static func coreLine(_ comparison: ResultsComparison, fastCore: Double) -> String {
        let slowed = comparison.measurements.compactMap(\.slowCore)
        let setAside = slowed.reduce(0) { $0 + $1.old + $1.new }
        let forks = comparison.measurements.reduce(0) { $0 + $1.old.forks + $1.new.forks } + slowed.filter { !$0.leavesTooFew }.reduce(0) { $0 + $1.old + $1.new }
        let tooFew = slowed.filter(\.leavesTooFew).count
        return "core: forks whose speed probe read over \(FigureText.ratio(SlowCoreForks.beyond)) the fast core "
            + "(\(FigureText.duration(fastCore))) are set aside from time: \(setAside) of \(forks) forks, in \(slowed.count) "
            + "measurement\(slowed.count == 1 ? "" : "s")" + (tooFew > 0 ? "; \(tooFew) left too few to judge" : "")
    }

    /// `1 slower, 0 faster, 25 same, 2 cannot tell (5 by instructions, 123 on the CPU clock); 0 of 312
    /// counts changed; ...; 1 regression`.
    static func summary(_ comparison: ResultsComparison) -> String {
        let byInstructions = comparison.measurements.filter { $0.basis == .instructions }.count
        let onCPU = comparison.measurements.filter { $0.clock == .threadCPU }.count
        let slowerInTime = comparison.measurements.filter(\.isSlowerInTimeAlone).count
        let countsCompared = comparison.changedCounts.count + comparison.equalCounts
        var bases: [String] = []
        if byInstructions > 0 { bases.append("\(byInstructions) by instructions") }
        if slowerInTime > 0 { bases.append("\(slowerInTime) slower in time with instructions unmoved") }
        bases.append(onCPU == comparison.measurements.count ? "time on the CPU clock" : onCPU == 0 ? "time on the wall clock" : "time on the CPU clock for \(onCPU)")
        var parts = [
            "\(comparison.slower.count) slower, \(comparison.faster.count) faster, \(comparison.same.count) same, "
                + "\(comparison.cannotTell.count) cannot tell (\(bases.joined(separator: ", ")))",
            "\(comparison.changedCounts.count) of \(countsCompared) counts changed",
            "\(comparison.allocationChanges.count) allocation figures changed",
        ]
        let onlyIn = comparison.addedMeasurements.count + comparison.removedMeasurements.count
            + comparison.addedCounts.count + comparison.removedCounts.count
        if onlyIn > 0 { parts.append("\(onlyIn) in one file only") }
        let regressions = comparison.regressions.count
        parts.append(regressions == 0 ? "no regression" : "\(regressions) regression\(regressions == 1 ? "" : "s")")
        return parts.joined(separator: "; ")
    }

    /// The measurements and counts one file has and the other has not, a line each.
    static func onlyInLines(_ comparison: ResultsComparison) -> [String] {
        comparison.removedMeasurements.map { "only in old (removed): \($0)" }
            + comparison.addedMeasurements.map { "only in new (added): \($0)" }
            + comparison.removedCounts.map { "count only in old (removed): \($0)" }
            + comparison.addedCounts.map { "count only in new (added): \($0)" }
    }
}
