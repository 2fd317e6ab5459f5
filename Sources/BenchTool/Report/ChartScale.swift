import Foundation

/// Maps figures onto a chart's pixels along one axis: logarithmic when every figure is positive (costs
/// here span from nanoseconds to milliseconds, and a ratio's halving and doubling should look alike),
/// linear otherwise (a fork's median below the timer's overhead can be negative).
struct ChartScale: Equatable {
    /// How figures are spaced.
    enum Kind: Equatable {
        case linear
        case logarithmic
    }

    /// How figures are spaced.
    let kind: Kind
    /// The smallest and largest figure the axis shows, after padding.
    let domain: ClosedRange<Double>
    /// The pixels `domain` spans, from its lower end to its upper (reversed for a y axis).
    let pixels: (start: Double, end: Double)

    static func == (lhs: ChartScale, rhs: ChartScale) -> Bool {
        lhs.kind == rhs.kind && lhs.domain == rhs.domain && lhs.pixels == rhs.pixels
    }

    /// A scale that shows every one of `values`, padded by `padding` of the span at each end.
    ///
    /// - Parameters:
    ///   - values: The figures to show; non-finite ones are ignored. None gives the domain 0...1.
    ///   - pixels: Where the lower and the upper end of the domain land.
    ///   - padding: The share of the span added at each end, so no point sits on the edge.
    ///   - logarithmic: Whether to space figures by their logarithm when they are all positive.
    init(showing values: [Double], pixels: (start: Double, end: Double), padding: Double = 0.06, logarithmic: Bool = true) {
        let finite = values.filter(\.isFinite)
        self.pixels = pixels
        guard let low = finite.min(), let high = finite.max() else {
            kind = .linear
            domain = 0...1
            return
        }
        if logarithmic && low > 0 {
            kind = .logarithmic
            // One value, or values all alike, still get a span to sit in: a tenth either side.
            let (lower, upper) = low == high ? (log10(low) - 0.04, log10(high) + 0.04) : (log10(low), log10(high))
            let pad = (upper - lower) * padding
            domain = pow(10, lower - pad)...pow(10, upper + pad)
        } else {
            kind = .linear
            let (lower, upper) = low == high ? (low - max(abs(low) * 0.1, 1), high + max(abs(high) * 0.1, 1)) : (low, high)
            let pad = (upper - lower) * padding
            domain = (lower - pad)...(upper + pad)
        }
    }

    /// The pixel of `value`; figures outside the domain land outside the pixels, as a clip would want.
    func position(_ value: Double) -> Double {
        let fraction: Double
        switch kind {
        case .linear:
            fraction = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        case .logarithmic:
            let lower = log10(domain.lowerBound)
            fraction = value > 0 ? (log10(value) - lower) / (log10(domain.upperBound) - lower) : -1
        }
        return pixels.start + fraction * (pixels.end - pixels.start)
    }

    /// The pixel of `value`, held inside the pixels: for a mark that points off the chart.
    func clampedPosition(_ value: Double) -> Double {
        let (low, high) = (min(pixels.start, pixels.end), max(pixels.start, pixels.end))
        return min(max(position(value), low), high)
    }

    /// Round figures inside the domain to label the axis with, ascending: on a logarithmic scale the
    /// powers of ten, or 1, 2 and 5 times them where those are fewer than three; on a linear one, or a
    /// logarithmic one too narrow for those (figures within a few percent), even steps of 1, 2 or 5
    /// times a power of ten.
    ///
    /// - Parameter most: The most ticks wanted; every second (third, ...) is kept beyond it.
    func ticks(most: Int = 6) -> [Double] {
        let (low, high) = (domain.lowerBound, domain.upperBound)
        var chosen: [Double] = []
        if kind == .logarithmic {
            chosen = Self.logTicks(low, high, [1])
            for multiples in [[1, 2, 5], [1, 1.5, 2, 3, 5, 7]] where chosen.count < 3 {
                let finer = Self.logTicks(low, high, multiples)
                guard finer.count <= most else { break }
                chosen = finer
            }
        }
        if chosen.count < 2 { chosen = Self.linearTicks(low, high) }
        guard chosen.count > most else { return chosen }
        let stride = (chosen.count + most - 1) / most
        return chosen.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    /// Multiples of each power of ten inside `low...high`.
    private static func logTicks(_ low: Double, _ high: Double, _ multiples: [Double]) -> [Double] {
        let first = Int(log10(low).rounded(.down))
        let last = Int(log10(high).rounded(.up))
        guard first <= last, last - first < 40 else { return [] }
        var ticks: [Double] = []
        for exponent in first...last {
            for multiple in multiples {
                let tick = multiple * pow(10, Double(exponent))
                if tick >= low && tick <= high { ticks.append(tick) }
            }
        }
        return ticks.sorted()
    }

    /// The multiples of one step (1, 2 or 5 times a power of ten, about a quarter of the span) inside
    /// `low...high`.
    private static func linearTicks(_ low: Double, _ high: Double) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite else { return [] }
        let power = pow(10, log10(span / 4).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { span / $0 <= 5 } ?? power * 10
        var ticks: [Double] = []
        var index = (low / step).rounded(.up)
        while index * step <= high && ticks.count < 20 {
            ticks.append(index == 0 ? 0 : index * step)
            index += 1
        }
        return ticks
    }
}
