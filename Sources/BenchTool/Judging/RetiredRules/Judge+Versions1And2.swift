// MARK: - Versions 1 and 2

/// The rules of limits versions 1 and 2 (2026-11-29 and 2026-11-30), kept to judge their files again:
/// no shapes, one question (may the derived phase ship?), every interval at 95 %, counts of derived
/// against stored (`derivedMinusStored` in version 1, `derivedMinusStoredByBody` from version 2).
extension Judge {
    /// The decision the judgements conclude without shapes: the derived phase
    /// ships when every limit passed and gated. Its lines are kept byte for byte: results files record
    /// them, and `bench validate` judges those files again.
    static func decide(_ judgements: [LimitJudgement]) -> Decision {
        let named = problems(in: judgements)
        let suffix = named.isEmpty ? "" : " (\(named.joined(separator: "; ")))"
        if judgements.contains(where: { $0.gates && ($0.verdict == .fail || $0.verdict == .undecided) }) {
            return Decision(outcome: .fallback, text: Decision.fallbackText + suffix)
        }
        if !judgements.isEmpty, judgements.allSatisfy({ $0.verdict == .pass && $0.gates }) {
            return Decision(outcome: .ships, text: Decision.shipsText)
        }
        return Decision(outcome: .undecided, text: Decision.undecidedText + (judgements.isEmpty ? " (no limits)" : suffix))
    }
}
