import Testing

@testable import Harness

/// The least-squares line and the rank test, against values computed by hand.
struct ComparisonTests {
    @Test func linearFitOfAnExactLine() {
        let fit = Statistics.linearFit(x: [1, 2, 3, 4], y: [2, 4, 6, 8])
        #expect(fit.slope == 2)
        #expect(fit.intercept == 0)
        #expect(fit.rSquared == 1)
        #expect(fit.points == 4)
    }

    @Test func linearFitOfScatteredPoints() {
        // x̄ = ȳ = 2.5; Sxy = 4, Sxx = 5: slope 0.8, intercept 0.5.
        // Residuals -0.3 0.9 -0.9 0.3: SSres = 1.8; SStot = 5; R² = 0.64.
        let fit = Statistics.linearFit(x: [1, 2, 3, 4], y: [1, 3, 2, 4])
        #expect(abs(fit.slope - 0.8) < 1e-12)
        #expect(abs(fit.intercept - 0.5) < 1e-12)
        #expect(abs(fit.rSquared - 0.64) < 1e-12)
    }

    @Test func linearFitOfAFlatLineIsPerfect() {
        let fit = Statistics.linearFit(x: [1, 2, 3], y: [5, 5, 5])
        #expect(fit.slope == 0 && fit.intercept == 5 && fit.rSquared == 1)
    }

    @Test func mannWhitneyOfSmallUntiedGroupsIsExact() {
        // Three against three, wholly separated: U = 0, the most extreme of C(6, 3) = 20 equally likely
        // arrangements at either end, p = 2/20 (R: wilcox.test(1:3, 4:6), SciPy method="exact").
        let test = Statistics.mannWhitneyU([1, 2, 3], [4, 5, 6])
        #expect(test.u == 0 && test.method == .exact && test.z == nil)
        #expect(abs(test.pValue - 0.1) < 1e-12)
        let mirrored = Statistics.mannWhitneyU([4, 5, 6], [1, 2, 3])
        #expect(mirrored.u == 9 && mirrored.pValue == test.pValue, "two-sided: order of groups does not matter")
    }

    @Test(arguments: [
        // (first, second, U, SciPy's mannwhitneyu(first, second, method="exact").pvalue)
        ([1.0, 2, 3, 4, 5], [6.0, 7, 8, 9, 10], 0.0, 0.007_936_507_936_507_936),
        ([1.0, 3, 5, 7, 9], [2.0, 4, 6, 8, 10, 12], 10.0, 0.428_571_428_571_428_55),
        ([1.5, 2.5, 8, 9, 10], [3.0, 4, 5, 6, 7], 15.0, 0.690_476_190_476_190_5),
        (Array(stride(from: 1.0, through: 8, by: 1)), Array(stride(from: 9.0, through: 16, by: 1)), 0.0, 0.000_155_400_155_400_155_4),
    ])
    func mannWhitneyExactAgreesWithSciPy(first: [Double], second: [Double], u: Double, pValue: Double) {
        let test = Statistics.mannWhitneyU(first, second)
        #expect(test.method == .exact)
        #expect(test.u == u)
        #expect(abs(test.pValue - pValue) < 1e-12, "p \(test.pValue), SciPy \(pValue)")
    }

    @Test func mannWhitneyOfLargeGroupsUsesTheNormalApproximation() {
        // Thirty against thirty, wholly separated: U = 0; SciPy method="asymptotic" gives this p.
        let test = Statistics.mannWhitneyU((1...30).map(Double.init), (31...60).map(Double.init))
        #expect(test.method == .normalApproximation && test.u == 0)
        #expect(abs(test.pValue - 3.019_859_359_162_157e-11) / 3.019_859_359_162_157e-11 < 1e-6)
        #expect(test.z.map { $0 < 0 } == true, "negative: the first group ranks lower")
    }

    @Test func mannWhitneyWithTies() {
        // Pooled 1a 2a 2a 2b 3a 3b 4b 5b: ranks 1, 3 3 3, 5.5 5.5, 7, 8. R1 = 12.5, U = 2.5.
        // Ties 3 and 2: Σ(t³ - t) = 24 + 6 = 30. Variance 16/12 * (9 - 30/56) = 11.285714.
        // z = (5.5 - 0.5) / sqrt(11.285714) = 1.488351; p = 0.1366582.
        let test = Statistics.mannWhitneyU([1, 2, 2, 3], [2, 3, 4, 5])
        #expect(test.method == .normalApproximation, "ties: no exact distribution")
        #expect(test.u == 2.5)
        #expect(abs(test.z! + 1.488_351_394_468_968) < 1e-9)
        #expect(abs(test.pValue - 0.136_658_247_738_147_5) < 1e-9)
    }

    @Test func mannWhitneyOfIdenticalGroupsFindsNoDifference() {
        #expect(Statistics.mannWhitneyU([1, 2, 3], [1, 2, 3]).pValue == 1)
        #expect(Statistics.mannWhitneyU([2, 2], [2, 2]).pValue == 1, "all tied: zero variance")
    }
}
