/// A cost-is-today's limit's ratio in instructions, beside its ratio in wall time: the shape's
/// instructions per operation over stored's, counted by callgrind (`bench --instructions`).
///
/// Instruction counts do not care what else the machine is doing, so a ratio of them sees a cost the
/// day's noise hides from wall time. The fixed hash seed's count is the figure; the counts under other
/// seeds (each counting process counts both measurements, so seed `i` of one pairs with seed `i` of the
/// other) say how far hashing moves it, and the worst of them is kept.
struct InstructionRatio: Sendable, Equatable, Codable {
    /// The shape's count over stored's, both at the fixed seed.
    var fixedSeed: Double
    /// The largest of the ratios at the fixed seed and under each other seed both were counted under.
    var worst: Double
    /// How many other seeds the worst was taken over.
    var otherSeeds: Int

    /// A ratio as recorded; `init?(_:over:)` works one out. `worst` is at least `fixedSeed`, and equals it
    /// when `otherSeeds` is 0.
    init(fixedSeed: Double, worst: Double, otherSeeds: Int) {
        self.fixedSeed = fixedSeed
        self.worst = worst
        self.otherSeeds = otherSeeds
    }

    /// The ratio of `numerator`'s counts over `denominator`'s; nil unless both were counted.
    init?(_ numerator: MeasurementRecord, over denominator: MeasurementRecord) {
        guard let top = numerator.instructionsPerOperation, let bottom = denominator.instructionsPerOperation, bottom > 0 else {
            return nil
        }
        let others = zip(numerator.instructionsUnderOtherHashSeeds ?? [], denominator.instructionsUnderOtherHashSeeds ?? [])
            .filter { $0.1 > 0 }.map { $0.0 / $0.1 }
        self.init(fixedSeed: top / bottom, worst: ([top / bottom] + others).max()!, otherSeeds: others.count)
    }

    /// `instructions 1.01× at the fixed seed, at most 1.02× under 2 other seeds`.
    var text: String {
        "instructions \(FigureText.ratio(fixedSeed)) at the fixed seed"
            + (otherSeeds > 0 ? ", at most \(FigureText.ratio(worst)) under \(otherSeeds) other seed\(otherSeeds == 1 ? "" : "s")" : "")
    }
}
