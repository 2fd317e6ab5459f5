/// A seeded SplitMix64 pseudo-random generator whose every draw is defined here.
///
/// Fixtures, fuzz inputs, bootstrap resamples and shuffled round orders must come out the same on every
/// run, machine and toolchain. The standard library's `random(in:using:)` does not promise a fixed
/// algorithm across releases, so this type does not conform to `RandomNumberGenerator`: bounded
/// integers, probabilities and choices are all derived below, from `next()` alone.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (Steele, Lea and Flood's SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform integer in `0..<bound`, without modulo bias (Lemire's multiply-and-reject).
    ///
    /// - Precondition: `bound > 0`.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.next(below:) needs a positive bound")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniform double in `0..<1`, from the top 53 bits of one draw.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool {
        nextUnit() < probability
    }

    /// A uniform element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[next(below: elements.count)]
    }

    /// An element of a non-empty list of `(element, weight)` pairs, with probability proportional to
    /// its weight.
    public mutating func pick<Element>(weighted choices: [(Element, Int)]) -> Element {
        let total = choices.reduce(0) { $0 + $1.1 }
        var draw = next(below: total)
        for (element, weight) in choices {
            if draw < weight { return element }
            draw -= weight
        }
        return choices[choices.count - 1].0
    }

    /// `count` distinct integers from `0..<bound`, in ascending order.
    ///
    /// - Precondition: `count <= bound`.
    public mutating func distinct(_ count: Int, below bound: Int) -> [Int] {
        precondition(count <= bound, "cannot draw \(count) distinct values below \(bound)")
        // Floyd's algorithm: `count` draws, whatever the bound.
        var chosen: Set<Int> = []
        for upper in (bound - count)..<bound {
            let draw = next(in: 0...upper)
            chosen.insert(chosen.contains(draw) ? upper : draw)
        }
        return chosen.sorted()
    }
}
