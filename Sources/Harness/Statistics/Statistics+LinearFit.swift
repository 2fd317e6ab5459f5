// MARK: - Least-squares line

extension Statistics {
    /// The ordinary least-squares line through `(x, y)` points.
    ///
    /// Used on (batch size, batch time) pairs: the slope is then the time per operation and the
    /// intercept the fixed cost of timing a batch, with no overhead estimate subtracted by hand.
    ///
    /// - Parameters:
    ///   - x: The abscissae; at least two, not all equal.
    ///   - y: The ordinates, one per abscissa.
    /// - Returns: Slope, intercept and the coefficient of determination R².
    public static func linearFit(x: [Double], y: [Double]) -> LinearFit {
        precondition(x.count == y.count, "linear fit needs one y per x")
        precondition(x.count >= 2, "linear fit needs at least two points")
        let meanX = mean(x)
        let meanY = mean(y)
        var sumXY = 0.0
        var sumXX = 0.0
        var sumYY = 0.0
        for (xi, yi) in zip(x, y) {
            sumXY += (xi - meanX) * (yi - meanY)
            sumXX += (xi - meanX) * (xi - meanX)
            sumYY += (yi - meanY) * (yi - meanY)
        }
        precondition(sumXX > 0, "linear fit needs at least two distinct x values")
        let slope = sumXY / sumXX
        let intercept = meanY - slope * meanX
        var residualSquares = 0.0
        for (xi, yi) in zip(x, y) {
            let residual = yi - (intercept + slope * xi)
            residualSquares += residual * residual
        }
        // A flat y is fitted perfectly by the flat line; R² would otherwise be 0 / 0.
        let rSquared = sumYY == 0 ? 1 : 1 - residualSquares / sumYY
        return LinearFit(slope: slope, intercept: intercept, rSquared: rSquared, points: x.count)
    }
}

/// A least-squares line `y = intercept + slope * x` and how well it fits.
public struct LinearFit: Sendable, Equatable, Codable {
    /// The change in `y` per unit of `x`.
    public var slope: Double
    /// The value of `y` at `x = 0`.
    public var intercept: Double
    /// The coefficient of determination: the share of `y`'s variance the line explains.
    public var rSquared: Double
    /// How many points were fitted.
    public var points: Int
}
