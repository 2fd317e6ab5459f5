import SeededRandom

// MARK: - Samples from several processes

extension Statistics {
    /// A two-stage percentile-bootstrap interval of the median of samples taken in several processes.
    ///
    /// Samples of one process share its memory layout, its code placement and the machine's state while
    /// it ran, so they vary less among themselves than between processes: resampling them as if they
    /// were independent gives an interval far too narrow for the next run to fall in. Each resample
    /// here draws the processes first (as many as there are, with replacement), then each drawn
    /// process's samples (as many as it took, with replacement), and takes the median of all drawn;
    /// the interval is the type-7 percentiles of those medians. With one group it is exactly
    /// `bootstrapMedianInterval(_:level:resamples:seed:)`, same stream and all.
    ///
    /// - Parameters:
    ///   - groups: Each process's samples; at least one group, none empty.
    ///   - level: The confidence level, in `0<..<1`.
    ///   - resamples: How many bootstrap resamples to draw.
    ///   - seed: The seed of the resampling stream.
    /// - Complexity: O(*n* log *n* + `resamples` × *n*) for *n* samples in all.
    public static func bootstrapMedianInterval(
        groups: [[Double]], level: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5EED
    ) -> ConfidenceInterval {
        precondition(!groups.isEmpty && groups.allSatisfy { !$0.isEmpty }, "bootstrap of no samples")
        guard groups.count > 1 else { return bootstrapMedianInterval(groups[0], level: level, resamples: resamples, seed: seed) }
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        var resampler = GroupedMedianResampler(groups: groups)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            medians.append(resampler.resampledMedian(using: &generator))
        }
        return ConfidenceInterval(percentilesOf: medians, level: level, resamples: resamples, seed: seed)
            .drawingProcessesFirst()
    }

    /// A two-stage percentile-bootstrap interval of `median(numerator) / median(denominator)` for
    /// samples taken in several processes on each side.
    ///
    /// Each side is resampled as `bootstrapMedianInterval(groups:level:resamples:seed:)` does, both
    /// from one seeded stream. With one group on each side it is exactly
    /// `bootstrapMedianRatioInterval(_:_:level:resamples:seed:)`.
    ///
    /// - Parameters:
    ///   - numerator: Each process's samples of the new side; at least one group, none empty.
    ///   - denominator: The same of the old side; its resampled medians must not be zero.
    ///   - level: The confidence level, in `0<..<1`.
    ///   - resamples: How many bootstrap resamples to draw.
    ///   - seed: The seed of the resampling stream.
    public static func bootstrapMedianRatioInterval(
        groups numerator: [[Double]], _ denominator: [[Double]], level: Double = 0.95, resamples: Int = 2000,
        seed: UInt64 = 0x5EED
    ) -> ConfidenceInterval {
        precondition(!numerator.isEmpty && numerator.allSatisfy { !$0.isEmpty }, "bootstrap of no samples")
        precondition(!denominator.isEmpty && denominator.allSatisfy { !$0.isEmpty }, "bootstrap of no samples")
        if numerator.count == 1 && denominator.count == 1 {
            return bootstrapMedianRatioInterval(numerator[0], denominator[0], level: level, resamples: resamples, seed: seed)
        }
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        var top = GroupedMedianResampler(groups: numerator)
        var bottom = GroupedMedianResampler(groups: denominator)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            ratios.append(top.resampledMedian(using: &generator) / bottom.resampledMedian(using: &generator))
        }
        return ConfidenceInterval(percentilesOf: ratios, level: level, resamples: resamples, seed: seed)
            .drawingProcessesFirst()
    }

    /// A two-stage percentile-bootstrap interval of `median(numerator) / median(denominator)` for two
    /// measurements taken in the same processes: group `i` of each side came from process `i`.
    ///
    /// A process that ran slow (its layout, or the machine while it ran) ran slow for both sides, so
    /// drawing each side's processes apart counts that process's slowness as a difference between the
    /// two, and the interval grows by it. Each resample here draws the processes once, as many as there
    /// are, with replacement, and the same drawn processes on both sides; then each drawn process's
    /// samples on each side, as `bootstrapMedianInterval(groups:level:resamples:seed:)` does.
    ///
    /// - Parameters:
    ///   - numerator: Each process's samples of one measurement; at least one group, none empty.
    ///   - denominator: The same processes' samples of the other, in the same order; its resampled
    ///     medians must not be zero.
    ///   - level: The confidence level, in `0<..<1`.
    ///   - resamples: How many bootstrap resamples to draw.
    ///   - seed: The seed of the resampling stream.
    public static func bootstrapPairedMedianRatioInterval(
        groups numerator: [[Double]], _ denominator: [[Double]], level: Double = 0.95, resamples: Int = 2000,
        seed: UInt64 = 0x5EED
    ) -> ConfidenceInterval {
        precondition(numerator.count == denominator.count, "paired processes: as many groups on each side")
        precondition(!numerator.isEmpty && numerator.allSatisfy { !$0.isEmpty }, "bootstrap of no samples")
        precondition(denominator.allSatisfy { !$0.isEmpty }, "bootstrap of no samples")
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        var top = GroupedMedianResampler(groups: numerator)
        var bottom = GroupedMedianResampler(groups: denominator)
        var drawn = Array(repeating: 0, count: numerator.count)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for index in drawn.indices { drawn[index] = generator.next(below: numerator.count) }
            ratios.append(top.resampledMedian(of: drawn, using: &generator) / bottom.resampledMedian(of: drawn, using: &generator))
        }
        var interval = ConfidenceInterval(percentilesOf: ratios, level: level, resamples: resamples, seed: seed)
        interval.method = "paired two-stage percentile bootstrap (the same processes drawn for both, then each drawn "
            + "process's samples of each), SplitMix64, type-7 percentiles of resampled estimates"
        return interval
    }
}

extension ConfidenceInterval {
    fileprivate func drawingProcessesFirst() -> ConfidenceInterval {
        var interval = self
        interval.method = "two-stage percentile bootstrap (processes, then each drawn process's samples), SplitMix64, "
            + "type-7 percentiles of resampled estimates"
        return interval
    }
}

/// Finds a two-stage resample's median in O(*n*) by counting draws per sorted position.
///
/// All samples are sorted once, and each group remembers where its samples sit in that order; a
/// resample draws groups, then positions within each drawn group, and the median is found by walking
/// the counts, as `MedianResampler` does for one group.
struct GroupedMedianResampler {
    private let sorted: [Double]
    private let positions: [[Int]]
    private var draws: [Int]

    init(groups: [[Double]]) {
        let tagged = groups.enumerated().flatMap { group, values in values.map { (value: $0, group: group) } }
            .sorted { $0.value < $1.value }
        sorted = tagged.map(\.value)
        var positions = Array(repeating: [Int](), count: groups.count)
        for (position, sample) in tagged.enumerated() { positions[sample.group].append(position) }
        self.positions = positions
        draws = Array(repeating: 0, count: tagged.count)
    }

    mutating func resampledMedian(using generator: inout SplitMix64) -> Double {
        for index in draws.indices { draws[index] = 0 }
        var count = 0
        for _ in 0..<positions.count {
            let group = positions[generator.next(below: positions.count)]
            for _ in 0..<group.count { draws[group[generator.next(below: group.count)]] += 1 }
            count += group.count
        }
        return MedianResampler.median(of: draws, count: count, sorted: sorted)
    }

    /// The median of a resample whose groups were drawn already (`groups`, by index): each one's
    /// samples drawn with replacement, as many as it took.
    mutating func resampledMedian(of groups: [Int], using generator: inout SplitMix64) -> Double {
        for index in draws.indices { draws[index] = 0 }
        var count = 0
        for drawn in groups {
            let group = positions[drawn]
            for _ in 0..<group.count { draws[group[generator.next(below: group.count)]] += 1 }
            count += group.count
        }
        return MedianResampler.median(of: draws, count: count, sorted: sorted)
    }
}

// MARK: - Several measurements of one curve

extension Statistics {
    /// Two-stage bootstrap resamples of the medians of several measurements at once, each measured in
    /// several processes: the replicates a statistic of all of them (a line fitted through the medians
    /// of a curve's points, where it crosses a budget) takes its interval from.
    ///
    /// When every measurement has as many processes, process `i` of each is taken to be the same
    /// process (the bench measures a curve's points in each fork), so each resample draws the processes
    /// once and uses the same drawn processes for every measurement, as
    /// `bootstrapPairedMedianRatioInterval(groups:_:level:resamples:seed:)` does for two; otherwise each
    /// measurement's processes are drawn apart. Then each drawn process's samples are drawn, as many as
    /// it took, and the medians are taken.
    ///
    /// - Parameters:
    ///   - measurements: Each measurement's samples, by process; at least one measurement, none with no
    ///     process, no process with no sample.
    ///   - resamples: How many resamples to draw.
    ///   - seed: The seed of the resampling stream.
    /// - Returns: `resamples` rows, each one median per measurement in the order given.
    public static func bootstrapMedians(ofGroups measurements: [[[Double]]], resamples: Int = 2000, seed: UInt64 = 0x5EED) -> [[Double]] {
        precondition(!measurements.isEmpty, "bootstrap of no measurement")
        precondition(measurements.allSatisfy { !$0.isEmpty && $0.allSatisfy { !$0.isEmpty } }, "bootstrap of no samples")
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        var resamplers = measurements.map { GroupedMedianResampler(groups: $0) }
        let processes = measurements[0].count
        let paired = measurements.allSatisfy { $0.count == processes }
        var drawn = Array(repeating: 0, count: processes)
        var rows: [[Double]] = []
        rows.reserveCapacity(resamples)
        for _ in 0..<resamples {
            if paired {
                for index in drawn.indices { drawn[index] = generator.next(below: processes) }
                rows.append(resamplers.indices.map { resamplers[$0].resampledMedian(of: drawn, using: &generator) })
            } else {
                rows.append(resamplers.indices.map { resamplers[$0].resampledMedian(using: &generator) })
            }
        }
        return rows
    }
}
