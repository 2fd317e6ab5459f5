import Runtime
import Testing
@testable import Runtime

/// Four environments side by side, one per shape, driven by the same script; after each step, the
/// checks the differential test makes.
final class DifferentialRun {
    let world: DifferentialWorld
    let environments: [Environment]
    /// Each environment's handles, attached alike, so index `i` is the same operation everywhere.
    let handles: [[Handle]]
    static let strategies: [any PhaseStrategy] = [DerivedPhaseStrategy(), StoredPhaseStrategy(), RootPhaseStrategy(), IncrementalPhaseStrategy()]

    init(_ world: DifferentialWorld) throws {
        self.world = world
        var environments: [Environment] = []
        var handles: [[Handle]] = []
        for strategy in Self.strategies {
            let environment = Environment(strategy: strategy, store: Store(possibleTypes: world.possibleTypes))
            environment.commit { world.responses[0].write(into: &$0) }
            handles.append(try world.attachments.map { try environment.attach($0.operation, variables: $0.variables, policy: .storeOrNetwork) })
            environments.append(environment)
        }
        self.environments = environments
        self.handles = handles
    }

    /// The store the script draws its changes over: derived's (all four hold the same).
    var store: Store { environments[0].store }

    /// What the last step's equal rewrite changed, which must be nothing.
    private var rewriteProblems: [String] = []
    /// Steps after which root's table settled and walked some of its live roots but not all: the others
    /// kept their verdicts, as their read sets said they could.
    private(set) var rootStepsKeepingSome = 0
    /// Steps after which root's table settled and walked none of its live roots.
    private(set) var rootStepsKeepingAll = 0

    /// Applies one step to every environment.
    func apply(_ change: DifferentialChange) throws {
        rewriteProblems = []
        let rootTable = environments[2].roots
        let (walksBefore, settlesBefore) = (rootTable?.walks ?? 0, rootTable?.settlingCommits ?? 0)
        for (strategy, (environment, handles)) in zip(Self.strategies, zip(environments, handles)) {
            let commit: Commit
            switch change {
            case .response(let index), .again(let index):
                commit = environment.commit { world.responses[index].write(into: &$0) }
            case .fetch(let index, let response):
                let handle = handles[index]
                handle.refetch()
                guard let id = handle.requestID else { continue }
                try environment.transport.complete(id, with: response.map { .response(world.responses[$0]) } ?? .failure(Failure(.timeout)))
                continue
            default:
                commit = environment.commit { change.write(into: &$0, store: environment.store) }
            }
            if change.isEqualRewrite, !commit.isEmpty || !commit.retypedRecords.isEmpty {
                rewriteProblems.append("\(strategy.name): an equal rewrite changed \(commit.changedSlots.count) slot(s) and \(commit.createdRecords.count) record(s)")
            }
        }
        if let rootTable, rootTable.settlingCommits == settlesBefore + 1 {
            let walked = rootTable.walks - walksBefore
            if walked == 0 { rootStepsKeepingAll += 1 } else if walked < rootTable.liveRootCount { rootStepsKeepingSome += 1 }
        }
    }

    /// What is wrong after the last step, one line each: a root's stored verdict that a fresh walk
    /// contradicts, or a phase that is not derived's.
    func problems() -> [String] {
        var problems = rewriteProblems
        for (strategy, handles) in zip(Self.strategies, handles).dropFirst(2) {
            for handle in handles where handle.operation.hasVerdictWalk {
                guard let source = handle.source as? RootPhase else { return ["\(strategy.name): not a root source"] }
                let root = source.root(of: handle)
                let fresh = handle.operation.verdict()
                if root.verdictUntracked != fresh {
                    problems.append("\(strategy.name) \(Self.name(handle)): root verdict \(root.verdictUntracked), a fresh walk says \(fresh)")
                }
            }
        }
        for index in handles[0].indices {
            let expected = Self.shown(handles[0][index].phase)
            for (strategy, handles) in zip(Self.strategies, handles).dropFirst() {
                let phase = Self.shown(handles[index].phase)
                if phase != expected {
                    problems.append("\(strategy.name) \(Self.name(handles[index])) #\(index): phase \(phase), derived's \(expected)")
                }
            }
        }
        return problems
    }

    private static func name(_ handle: Handle) -> String {
        "\(handle.operation.operation.name ?? "(anonymous)")\(handle.operation.variables.isEmpty ? "" : "\(handle.operation.variables)")"
    }

    /// A phase as a value to compare across environments: ready's lens belongs to its environment.
    private static func shown(_ phase: Phase) -> String {
        phase.failure.map { "failed(\($0))" } ?? phase.name
    }
}
