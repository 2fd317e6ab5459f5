import Testing

@testable import Harness

/// Descriptive statistics against values computed by hand.
///
/// The fixture, sorted, is 2 4 4 4 5 5 7 9 (n = 8), given out of order so every function must sort.
struct StatisticsTests {
    let samples: [Double] = [9, 2, 5, 4, 7, 4, 5, 4]

    @Test func meanMinimumMaximum() {
        #expect(Statistics.mean(samples) == 5, "40 / 8")
        #expect(Statistics.minimum(samples) == 2)
        #expect(Statistics.maximum(samples) == 9)
    }

    @Test func medianAveragesTheMiddlePairOfAnEvenCount() {
        #expect(Statistics.median(samples) == 4.5, "(4 + 5) / 2")
        #expect(Statistics.median([3, 1, 2]) == 2, "the middle of an odd count")
        #expect(Statistics.median([7]) == 7, "a single sample is its own median")
    }

    @Test func percentilesInterpolateLinearlyBetweenClosestRanks() {
        // Type 7: h = (n - 1) p = 7p; x[⌊h⌋] + frac(h) (x[⌊h⌋+1] - x[⌊h⌋]) on 0-based sorted ranks.
        #expect(abs(Statistics.percentile(0.9, of: samples) - 7.6) < 1e-12, "h = 6.3: 7 + 0.3 * (9 - 7)")
        #expect(abs(Statistics.percentile(0.99, of: samples) - 8.86) < 1e-12, "h = 6.93: 7 + 0.93 * 2")
        #expect(Statistics.percentile(0.25, of: samples) == 4, "h = 1.75 between two 4s")
        #expect(Statistics.percentile(0.75, of: samples) == 5.5, "h = 5.25: 5 + 0.25 * (7 - 5)")
        #expect(Statistics.percentile(0, of: samples) == 2, "p0 is the minimum")
        #expect(Statistics.percentile(1, of: samples) == 9, "p100 is the maximum")
    }

    @Test func standardDeviationUsesBesselsCorrection() {
        // Squared deviations from 5: 9 1 1 1 0 0 4 16 = 32; 32 / 7.
        let expected = (32.0 / 7).squareRoot()
        #expect(abs(Statistics.standardDeviation(samples) - expected) < 1e-12, "sqrt(32 / 7), not sqrt(32 / 8)")
        #expect(Statistics.standardDeviation([3, 3, 3]) == 0, "no spread")
    }

    @Test func outliersAreCountedOutsideTukeysFences() {
        // Q1 = 4, Q3 = 5.5, IQR = 1.5: fences 4 - 2.25 = 1.75 and 5.5 + 2.25 = 7.75. Only 9 is beyond.
        let outliers = Statistics.outliers(samples)
        #expect(outliers.lowFence == 1.75)
        #expect(outliers.highFence == 7.75)
        #expect(outliers.high == 1, "9 is above 7.75; 7 is not")
        #expect(outliers.low == 0, "2 is above 1.75")
    }

    @Test func outliersOnBothSidesAndOnTheFence() {
        // Sorted 0 10 10 10 10 10 20 (n = 7): Q1 = Q3 = 10, IQR 0, so both fences are 10.
        let outliers = Statistics.outliers([10, 0, 10, 20, 10, 10, 10])
        #expect(outliers.low == 1, "0 is below the fence")
        #expect(outliers.high == 1, "20 is above the fence")
        #expect(Statistics.outliers([10, 10, 10]).low == 0, "samples on the fence are not outliers")
    }

    @Test func summaryAgreesWithTheSingleFunctions() {
        let summary = Summary(samples: samples, resamples: 500, seed: 7)
        #expect(summary.count == 8)
        #expect(summary.median == 4.5)
        #expect(summary.mean == 5)
        #expect(summary.minimum == 2 && summary.maximum == 9)
        #expect(abs(summary.p90 - 7.6) < 1e-12)
        #expect(summary.outliers == Statistics.outliers(samples))
        #expect(summary.medianInterval == Statistics.bootstrapMedianInterval(samples, resamples: 500, seed: 7),
                "the summary's interval is the bootstrap with the same recipe")
        #expect(Summary(samples: [4]).standardDeviation == 0, "one sample reports no spread instead of trapping")
    }
}
