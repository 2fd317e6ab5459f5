import Harness

/// Where a measurement's series of wall-time medians changes level, found over the whole series of
/// comparable runs (`ChangePoints`) rather than between two runs: one noisy run is an outlier, not a
/// step there and a step back.
struct HistoryChangePoint: Sendable, Equatable {
    /// The measurement whose series changed.
    var key: MeasurementKey
    /// The first run of the new level, as an index into `History.runs`.
    var run: Int
    /// The last run of the level before, as an index into `History.runs`.
    var since: Int
    /// The level before: the geometric mean of the medians from the previous change point (or the
    /// series' start) to `since`.
    var before: Double
    /// The level after: the same from `run` to the next change point (or the series' end).
    var after: Double
    /// The permutation test's p-value of the split.
    var pValue: Double

    /// `after / before`.
    var ratio: Double { after / before }

    /// `1.20× slower`, `1.07× faster`.
    var changeText: String {
        "\(FigureText.ratio(ratio)) \(ratio >= 1 ? "slower" : "faster")"
    }
}
