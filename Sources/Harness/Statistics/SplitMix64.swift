/// A seeded, deterministic random number generator: Steele, Lea and Flood's SplitMix64.
///
/// The bootstrap draws from it so that a result file's confidence intervals can be recomputed
/// bit for bit from its raw samples and the seed it records. The algorithm is fixed here, not taken
/// from the standard library, so a toolchain upgrade cannot change the stream.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose stream is fully determined by `seed`.
    ///
    /// - Parameter seed: Any value; equal seeds give equal streams.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 random bits of the stream.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Returns a uniformly distributed integer in `0..<bound`.
    ///
    /// Lemire's multiply-and-reject method, written out rather than delegated to
    /// `Int.random(in:using:)`, whose algorithm the standard library is free to change between releases.
    ///
    /// - Parameter bound: The exclusive upper bound; must be positive.
    /// - Returns: An integer `r` with `0 <= r < bound`, without modulo bias.
    public mutating func nextIndex(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            // Rejecting the low values that would over-represent some results keeps the draw uniform.
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }
}
