/// One frame at a display's refresh rate: a budget the headroom report holds a cost against.
///
/// Budgets are reported, never judged: a run's verdicts come from the decision record's limits alone.
/// A frame here is the whole of one refresh; what else a real app spends of it (layout, drawing) is not
/// the bench's to know, so a crossing says where the measured work alone would spend the frame.
struct FrameBudget: Sendable, Equatable, Hashable {
    /// The refresh rate.
    var hertz: Int

    /// The frame's time, in nanoseconds: 8.33 ms at 120 Hz.
    var nanoseconds: Double { 1e9 / Double(hertz) }

    /// `120 Hz frame`.
    var label: String { "\(hertz) Hz frame" }

    /// The frames every report gives: 120 Hz (8.33 ms), then 60 Hz (16.7 ms).
    static let reported = [FrameBudget(hertz: 120), FrameBudget(hertz: 60)]
}
