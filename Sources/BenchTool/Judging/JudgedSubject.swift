import Foundation

/// Which operation a limit is judged on: the subject its metric names, as the run picked it.
///
/// A metric names its subject in parentheses, first: `phase.read.tracked(largest-strict)`,
/// `verdict-read-value-changes(spreads-only)`. Reports and `bench --list` say, for each limit, which
/// operation that was and why it was picked, so nobody has to guess what a verdict is about.
enum JudgedSubject {
    /// The role a metric names: `spreads-only` of `verdict-read-value-changes(spreads-only)`, nil when it
    /// names none.
    static func role(of metric: String) -> String? {
        guard let open = metric.firstIndex(of: "("), metric.hasSuffix(")") else { return nil }
        let inside = metric[metric.index(after: open)..<metric.index(before: metric.endIndex)]
        let role = inside.split(separator: ",", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
        return role?.isEmpty == false ? role : nil
    }

    /// Whether any of `limits` is judged on the operation of `subject`'s role.
    static func isJudged(_ subject: SubjectRecord, by limits: [Limit]) -> Bool {
        limits.contains { role(of: $0.metric) == subject.role }
    }

    /// One line per operation a limit is judged on, naming those limits: `extra-bodies,
    /// root-extra-bodies judged on spreads-only: CharactersPageQuery (characters-page), 12 records, its
    /// verdict walks 0 slots: <why it was picked>`.
    static func lines(_ limits: [Limit], subjects: [SubjectRecord]) -> [String] {
        subjects.compactMap { subject in
            let ids = limits.filter { role(of: $0.metric) == subject.role }.map(\.id)
            guard !ids.isEmpty else { return nil }
            return "\(ids.joined(separator: ", ")) judged on \(subject.line)" + (subject.why.map { ": \($0)" } ?? "")
        }
    }
}
