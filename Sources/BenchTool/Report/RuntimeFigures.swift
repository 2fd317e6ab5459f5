/// The runtime's own published figures, each beside the model measurement that stands for it: quoted
/// from another machine, never judged, never in a results file.
///
/// They come from the runtime's BENCHMARKS.md (shergin/baton): the reads from the entry of 2026-10-04
/// at 2ba3d18 (the ones the decision record cites), the commits and the verdict from the ground step's
/// entry of 2026-10-05 at 2dfae99, both medians on an Apple M1 Pro, over the fixture the model's
/// `characters-page` is (899 records, 20 field errors on the rows' `image`). The runtime settles a
/// handle's phase in the commit, as the model's stored shape does, so its commits stand beside stored's.
enum RuntimeFigures {
    /// One published figure and the model's measurement of the same work.
    struct Figure: Sendable, Equatable {
        /// What the runtime measured, in its own words.
        var label: String
        /// Its median, in nanoseconds.
        var nanoseconds: Double
        /// The model's measurement of the same work.
        var measurement: String
        /// The shape whose record stands for it; nil for a measurement without a strategy.
        var strategy: FigureStrategy?
    }

    /// Where the figures come from, as a report's line says it.
    static let source = "the runtime's BENCHMARKS.md (shergin/baton), 2026-10-04 at 2ba3d18 and 2026-10-05 at 2dfae99, Apple M1 Pro, medians"

    /// The runtime's tracked read, a row body of eight fields, per field: its unit of tracked reads.
    static var trackedRead: Double { ReferenceFigures.trackedReadNanoseconds }

    /// The figures, in the order a report lists them, each beside the measurement of the bench
    /// (`KeyMeasurements`) that does the same work.
    static func figures() -> [Figure] {
        [
            Figure(label: "tracked read, row body of eight, per field", nanoseconds: ReferenceFigures.trackedReadNanoseconds,
                   measurement: KeyMeasurements.fieldTracked, strategy: nil),
            Figure(label: "untracked read, per field", nanoseconds: ReferenceFigures.untrackedReadNanoseconds,
                   measurement: KeyMeasurements.fieldUntracked, strategy: nil),
            Figure(label: "commit of the 20 field errors, no handle retained", nanoseconds: 136_000,
                   measurement: KeyMeasurements.landWithNoHandle, strategy: .fallback),
            Figure(label: "the same, a strict handle retained", nanoseconds: 939_000,
                   measurement: KeyMeasurements.landWithOneHandle, strategy: .fallback),
            Figure(label: "the commit that clears them, the handle retained", nanoseconds: 716_000,
                   measurement: KeyMeasurements.clearWithOneHandle, strategy: .fallback),
            Figure(label: "the verdict, no error present (untracked)", nanoseconds: 567_000,
                   measurement: KeyMeasurements.walk, strategy: nil),
            Figure(label: "the verdict, 20 errors present", nanoseconds: 786_000,
                   measurement: KeyMeasurements.walkWithFieldErrors, strategy: nil),
            Figure(label: "the verdict in a body's tracking scope", nanoseconds: 4_560_000,
                   measurement: KeyMeasurements.phaseReadTracked, strategy: .derived),
        ]
    }
}
