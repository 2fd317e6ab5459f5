import Foundation
import Runtime
import Workloads

extension BenchSubjects {
    /// The subjects of the spec in `directory`, once they pass `BenchSubjects.problems()`.
    ///
    /// - Throws: `FixtureDirectoryError` for a spec that does not load, or `BenchError` with every problem.
    static func checked(_ directory: String) throws -> BenchSubjects {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: directory))
        let problems = subjects.problems()
        guard problems.isEmpty else { throw BenchError(lines: problems) }
        return subjects
    }

    /// What a run needs of a picked operation, beyond being picked: each one a scenario's or a
    /// measurement's set-up would otherwise throw on half-way through a run.
    ///
    /// This list is the spec of what the check knows. `SpecCheckTests` builds every scenario and
    /// every measurement for each spec that passes the check, so a scenario or measurement
    /// that needs something new fails there until its requirement is written down here.
    enum Requirement: String, CaseIterable, Sendable {
        /// Handles attach and the view tree builds under every strategy (every scenario and
        /// measurement), and the loaded response leaves the phase ready: the scenarios change data
        /// behind a ready phase, and the row reads need its lens (`field.read.*`).
        case readyWorld = "ready-world"
        /// The first list of objects the selection (or its fragments) reaches has a first item whose
        /// row reads a string: the value `verdict-read-value-changes(largest-strict)`,
        /// `unread-value-changes(spreads-only)` and `frame.verdict-read-value-changes` change.
        case firstListItem = "first-list-item"
        /// That first item is reached through the ready phase's lens of the operation's own selection,
        /// where `field.read.*` reads its row of eight.
        case readableRow = "readable-row"
        /// The root field (the operation's own, or its root fragment's) holds an object, which
        /// `verdict-read-value-changes(spreads-only)` and `(root-field-spreads)` re-point.
        case rootObject = "root-object"
        /// A field-errors response, recorded or made (`field-errors-land-then-clear`,
        /// `verdict.walk(largest-strict, field errors)`, `commit.field-errors.*`).
        case fieldErrors = "field-errors"
    }

    /// The requirements of each role: what the scenarios and measurements about that operation need.
    static func requirements(of role: Scenario.Subject) -> [Requirement] {
        switch role {
        case .largestStrict: return [.readyWorld, .firstListItem, .readableRow, .fieldErrors]
        case .spreadsOnly, .rootFieldSpreads: return [.readyWorld, .rootObject, .firstListItem]
        }
    }

    /// The picked operation of each role the spec has.
    var judged: [(role: Scenario.Subject, picked: PickedOperation)] {
        Scenario.Subject.allCases.compactMap { role in picked(role).map { (role, $0) } }
    }

    /// Every reason a run over these subjects would stop before its verdict, one line each naming the
    /// file and what is missing there; empty when the run can reach its verdict.
    ///
    /// `bench` and `bench --list` both ask before any scenario, fork or instruction pass, so a run
    /// never stops half-way on something it could have known at the start.
    func problems() -> [String] {
        judged.flatMap { role, picked in problems(of: picked, role: role) }
    }

    private func problems(of picked: PickedOperation, role: Scenario.Subject) -> [String] {
        let place = "\(spec.responsePath(picked.fixture.fixture, picked.fixture.fixture.loadedResponse)): "
            + "\(picked.name) (\(role.rawValue))"
        var problems: [String] = []
        var world: ScenarioWorld?
        for shape in ShapeRegistry.current.shapes {
            do {
                world = try ScenarioWorld(spec: spec, picked: picked, strategy: shape.behaviour)
            } catch {
                return ["\(place): cannot attach a handle and build its view tree under \(shape.label.rawValue): \(error)"]
            }
        }
        guard let world else { return problems }
        for requirement in Self.requirements(of: role) {
            if let problem = problem(requirement, world) { problems.append("\(place): \(problem)") }
        }
        return problems
    }

    /// What is wrong with `world` as `requirement` sees it, or nil.
    private func problem(_ requirement: Requirement, _ world: ScenarioWorld) -> String? {
        switch requirement {
        case .readyWorld:
            switch world.handle.phase {
            case .ready: return nil
            case .loading: return "the loaded response does not hold all the operation selects: its phase is loading, not ready"
            case .failed(let failure): return "the loaded response leaves its phase failed, not ready (\(failure)); the scenarios need a ready phase"
            }
        case .firstListItem:
            do {
                _ = try world.firstRowValue()
                return nil
            } catch {
                return "\(error): the scenarios and frames change a string the first row of a list of objects (in its selection or its fragments') reads"
            }
        case .readableRow:
            do {
                _ = try Suite.firstRow(self)
                return nil
            } catch {
                return "\(error); field.read.* reads a row of it"
            }
        case .rootObject:
            guard let (owner, key) = try? world.rootField(), (try? owner.object(key)) != nil else {
                return "its root field holds no object; verdict-read-value-changes re-points it"
            }
            return nil
        case .fieldErrors:
            if case .failure(let reason) = world.picked.fieldErrors() { return reason.description }
            return nil
        }
    }
}
