import Foundation

// MARK: - Student's t

extension Statistics {
    /// The quantile of Student's t distribution with `degreesOfFreedom` at probability `p`: the `t`
    /// with `P(T ≤ t) = p`.
    ///
    /// Found by bisection on the distribution function, which is the regularized incomplete beta
    /// function `I_x(ν/2, 1/2)` at `x = ν / (ν + t²)`, evaluated by its continued fraction (modified
    /// Lentz). Sixty halvings of a bracket that holds the quantile leave it known to about 1e-12 of
    /// its size, far below the precision any interval here is printed with.
    ///
    /// - Parameters:
    ///   - p: In `0<..<1`.
    ///   - degreesOfFreedom: At least 1.
    public static func studentTQuantile(_ p: Double, degreesOfFreedom: Int) -> Double {
        precondition(p > 0 && p < 1, "a quantile's probability lies within 0<..<1")
        precondition(degreesOfFreedom >= 1, "Student's t needs at least one degree of freedom")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -studentTQuantile(1 - p, degreesOfFreedom: degreesOfFreedom) }
        var low = 0.0
        var high = 1.0
        while studentTDistribution(high, degreesOfFreedom: degreesOfFreedom) < p { high *= 2 }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if studentTDistribution(middle, degreesOfFreedom: degreesOfFreedom) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// `P(T ≤ t)` for Student's t with `degreesOfFreedom`.
    static func studentTDistribution(_ t: Double, degreesOfFreedom: Int) -> Double {
        let nu = Double(degreesOfFreedom)
        let tail = regularizedIncompleteBeta(nu / (nu + t * t), a: nu / 2, b: 0.5) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// `I_x(a, b)`, by the continued fraction on whichever side of the mean it converges fast.
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let front = exp(logPowers - logBeta)
        if x < (a + 1) / (a + b + 2) { return front * betaContinuedFraction(x, a: a, b: b) / a }
        return 1 - front * betaContinuedFraction(1 - x, a: b, b: a) / b
    }

    private static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var fraction = d
        for m in 1...300 {
            let m = Double(m)
            for numerator in [m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                              -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))] {
                d = 1 + numerator * d
                d = 1 / (abs(d) < tiny ? tiny : d)
                c = 1 + numerator / c
                if abs(c) < tiny { c = tiny }
                fraction *= d * c
            }
            if abs(d * c - 1) < 1e-15 { break }
        }
        return fraction
    }
}
