import Runtime
import Workloads

/// The largest strict operation attached once for each of several values of one `Int` variable
/// (`$page` in the bundled spec): as many distinct roots as handles, each over its own copy of the
/// 1/4x fixture, so that what a commit costs per root can be told from what it costs per handle.
///
/// Under the stored chain both grow alike; a shape that keeps the verdict on a root shared by an
/// operation's handles pays once per root, which only this curve shows.
public struct DistinctRoots {
    /// The variable whose values make the roots distinct.
    public let variable: String
    /// The operation over the 1/4x fixture, as the fixture-size curve makes it.
    public let scaled: ScaledOperation

    /// Each value's normalized response, made once per process: every strategy commits the same
    /// ones, and normalizing a hundred of them again for each strategy was most of a fork's set-up.
    private let normalized = NormalizedResponses()

    /// The scale each root's data is at: small enough that a hundred roots fit a commit of seconds.
    public static let scale = 0.25

    /// Finds the variable and the 1/4x fixture of the largest strict operation, or says why not.
    public static func make(_ subjects: BenchSubjects) -> Result<DistinctRoots, ScalingUnavailable> {
        let operation = subjects.largestStrict.operation
        guard let variable = operation.variableDefinitions.first(where: { isInt($0.type) })?.name else {
            return .failure(ScalingUnavailable(reason: "\(subjects.largestStrict.name) declares no Int variable to make distinct roots with"))
        }
        return subjects.scaledLargestStrict(scale).map { DistinctRoots(variable: variable, scaled: $0) }
    }

    private static func isInt(_ type: TypeReference) -> Bool {
        switch type {
        case .named(let name): name == "Int"
        case .nonNull(let inner): isInt(inner)
        case .list: false
        }
    }

    /// An environment under `strategy` whose store holds the fixture under `count` values of the
    /// variable (1, 2, ...) and another screen's value (`User:me`), with one handle attached per value.
    ///
    /// - Throws: `SuiteError` when the fixture does not normalize under another value.
    public func environment(_ strategy: any PhaseStrategy, count: Int, spec: LoadedFixtureDirectory) throws -> (Environment, [Handle]) {
        let picked = scaled.picked
        let (environment, _) = try ScenarioWorld.makeEnvironment(spec: spec, picked: picked, strategy: strategy, handleCount: 0)
        var responses: [(variables: [String: InputValue], response: NormalizedResponse)] = []
        for value in 1...max(1, count) {
            var variables = picked.variables
            variables[variable] = .int(value)
            if let made = normalized.byValue[value] {
                responses.append((variables, made))
                continue
            }
            do {
                let response = try Normalizer.normalize(response: scaled.response, operation: picked.operation, variables: variables, schema: spec.schema)
                normalized.byValue[value] = response
                responses.append((variables, response))
            } catch {
                throw SuiteError("\(picked.name) with \(variable) = \(value): \(error)")
            }
        }
        // Every value's data in one commit, then the handles: the store and the handles end as they
        // would after a commit and an attach per value, without re-settling every handle attached so
        // far after each of a hundred commits (the stored chain's cost, squared, off the clock).
        environment.commit { transaction in
            for (_, response) in responses { response.write(into: &transaction) }
        }
        var handles: [Handle] = []
        for (variables, _) in responses {
            handles.append(try environment.attach(picked.operation, variables: variables, policy: .storeOrNetwork))
        }
        return (environment, handles)
    }
}

/// The normalized responses a `DistinctRoots` has made, by the variable's value; a class, so the
/// struct's copies in every strategy's measurements share one.
private final class NormalizedResponses {
    var byValue: [Int: NormalizedResponse] = [:]
}
