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

    @Test func mannWhitneyOfSeparatedGroups() {
        // U = 6 - 6 = 0; mean 4.5; variance 9/12 * 7 = 5.25; z = (4.5 - 0.5) / sqrt(5.25) = 1.74574;
        // p = erfc(z / sqrt 2) = 0.0808556 (R: wilcox.test(1:3, 4:6, exact = FALSE)).
        let test = Statistics.mannWhitneyU([1, 2, 3], [4, 5, 6])
        #expect(test.u == 0)
        #expect(abs(test.z + 1.745_743_121_887_939) < 1e-9, "negative: the first group ranks lower")
        #expect(abs(test.pValue - 0.080_855_598_370_052_3) < 1e-9)
        let mirrored = Statistics.mannWhitneyU([4, 5, 6], [1, 2, 3])
        #expect(mirrored.u == 9 && mirrored.pValue == test.pValue, "two-sided: order of groups does not matter")
    }

    @Test func mannWhitneyWithTies() {
        // Pooled 1a 2a 2a 2b 3a 3b 4b 5b: ranks 1, 3 3 3, 5.5 5.5, 7, 8. R1 = 12.5, U = 2.5.
        // Ties 3 and 2: Σ(t³ - t) = 24 + 6 = 30. Variance 16/12 * (9 - 30/56) = 11.285714.
        // z = (5.5 - 0.5) / sqrt(11.285714) = 1.488351; p = 0.1366582.
        let test = Statistics.mannWhitneyU([1, 2, 2, 3], [2, 3, 4, 5])
        #expect(test.u == 2.5)
        #expect(abs(test.z + 1.488_351_394_468_968) < 1e-9)
        #expect(abs(test.pValue - 0.136_658_247_738_147_5) < 1e-9)
    }

    @Test func mannWhitneyOfIdenticalGroupsFindsNoDifference() {
        #expect(Statistics.mannWhitneyU([1, 2, 3], [1, 2, 3]).pValue == 1)
        #expect(Statistics.mannWhitneyU([2, 2], [2, 2]).pValue == 1, "all tied: zero variance")
    }
}
