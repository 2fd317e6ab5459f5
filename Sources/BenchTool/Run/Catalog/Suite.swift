import Foundation
import Harness
import Runtime
import Workloads

/// The suite: every measurement of the bench, over one spec's picked operations.
struct Suite {
    /// The subjects measured.
    let subjects: BenchSubjects
    /// Every measurement, in report order.
    let measurements: [SuiteMeasurement]
    /// Why the fixture-size curve is not measured, when it is not.
    let scalingUnavailable: String?
    /// Where the fixture-size curve's points come from, or why there are none, for the results file.
    let scaling: ScalingRecord
    /// Why the commit over distinct roots is not measured, when it is not.
    let distinctRootsUnavailable: String?

    /// Builds the catalog over `subjects`.
    init(subjects: BenchSubjects) {
        self.subjects = subjects
        var all = Self.reads(subjects) + Self.verdicts(subjects)
        // Each shape in the registry's order (`ShapeRegistry.current`), the order reports show them.
        for shape in ShapeRegistry.current.shapes {
            all += Self.phaseReads(subjects, shape.label, shape.behaviour)
        }
        let roots = DistinctRoots.make(subjects)
        for shape in ShapeRegistry.current.shapes {
            all += Self.commits(subjects, shape.label, shape.behaviour) + Self.verdictReadCommits(subjects, shape.label, shape.behaviour)
        }
        // Beside the commits, so each commit's figure sits next to the frame a user waits for.
        for shape in ShapeRegistry.current.shapes {
            all += Self.frames(subjects, shape.label, shape.behaviour)
        }
        var unavailable: String?
        switch subjects.scaledLargestStrict(1) {
        case .success(let scaled):
            all += Self.scaling(subjects, from: scaled.scaling.source)
            scaling = scaled.scaling
        case .failure(let reason):
            unavailable = reason.description
            scaling = ScalingRecord(source: .notMeasured, detail: reason.description)
        }
        // Last, the commit over distinct roots beside the frames over them: the three share one world
        // per strategy and count (`DistinctRoots.world`), the largest a run builds, which then stays
        // for the rest of the process, so nothing measured after them runs beside it.
        if case .success(let roots) = roots {
            for shape in ShapeRegistry.current.shapes {
                all += Self.distinctRoots(roots, shape.label, shape.behaviour) + Self.distinctRootFrames(roots, subjects, shape.label, shape.behaviour)
            }
        }
        measurements = Self.interleavedOrder(all)
        scalingUnavailable = unavailable
        if case .failure(let reason) = roots { distinctRootsUnavailable = reason.description } else { distinctRootsUnavailable = nil }
    }

    /// `scaling` for a results file of the measurements named `measured`: nil when a filter left out
    /// every fixture-size point, so a file never names a source for points it does not hold; "not
    /// measured" is always said.
    func scaling(measured: [String]) -> ScalingRecord? {
        guard scaling.source != .notMeasured else { return scaling }
        let points = Set(measurements.filter { $0.curve?.name == Self.fixtureSizeCurve }.map(\.name))
        return measured.contains { points.contains($0) } ? scaling : nil
    }

    /// Every strategy's measurement of one name next to the others, so they can be sampled in alternation.
    private static func interleavedOrder(_ measurements: [SuiteMeasurement]) -> [SuiteMeasurement] {
        var names: [String] = []
        for measurement in measurements where !names.contains(measurement.name) { names.append(measurement.name) }
        return names.flatMap { name in measurements.filter { $0.name == name } }
    }
}
