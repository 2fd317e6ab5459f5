#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts the bench on the allocator `BENCH_ALLOCATOR` asks for, by re-executing it if need be.
///
/// Linking jemalloc would replace `malloc` at link time, for good: `BENCH_ALLOCATOR=system` could not
/// be honoured, and nothing would show it. So no target links jemalloc. At start-up the bench calls
/// `prepareProcess()`; when jemalloc is wanted (the default) and does not serve `malloc` yet, the bench
/// re-executes itself (`OperatingSystem.ownImage`, same arguments) with jemalloc preloaded (on Linux
/// `libjemalloc.so.2` in `LD_PRELOAD`, `OperatingSystem`). With
/// `BENCH_ALLOCATOR=system` it runs on glibc's malloc, re-executing without jemalloc if it was
/// preloaded from outside. A marker variable stops a second re-execution: if the first did not give
/// the wanted allocator, the bench refuses to run rather than report figures from the wrong one.
public enum AllocatorLaunch {
    /// The allocator a run asks for.
    public enum Choice: String, Sendable, Equatable, Codable {
        /// jemalloc, preloaded; allocation counts are available.
        case jemalloc
        /// The C library's malloc; allocation counts are reported unavailable.
        case system
    }

    /// What start-up must do to run on the chosen allocator.
    public enum Decision: Sendable, Equatable {
        /// The process already runs on the chosen allocator.
        case proceed
        /// Re-execute the same binary with this environment.
        case reexecute(environment: [String: String])
        /// The chosen allocator cannot be had; the reason says why.
        case refuse(reason: String)
    }

    /// The variable that selects the allocator: `jemalloc` (default) or `system`.
    public static let choiceVariable = "BENCH_ALLOCATOR"
    /// Set in a re-executed process, so a failed re-execution is not repeated forever.
    public static let markerVariable = "BENCH_ALLOCATOR_REEXECUTED"

    /// Reads the choice from an environment.
    ///
    /// - Throws: `AllocatorLaunch.InvalidChoice` for a value other than `jemalloc` or `system`.
    public static func choice(in environment: [String: String]) throws(InvalidChoice) -> Choice {
        guard let value = environment[choiceVariable], !value.isEmpty else { return .jemalloc }
        guard let choice = Choice(rawValue: value) else { throw InvalidChoice(value: value) }
        return choice
    }

    /// Decides what start-up must do; a pure function of its inputs, so every case is testable.
    ///
    /// - Parameters:
    ///   - choice: The allocator wanted.
    ///   - allocator: The allocator serving `malloc` now.
    ///   - environment: The process's environment.
    public static func decide(
        choice: Choice, allocator: ProcessAllocator, environment: [String: String]
    ) -> Decision {
        let preloads = (environment[OperatingSystem.preloadVariable] ?? "").split(whereSeparator: { $0 == " " || $0 == ":" })
        let alreadyReexecuted = environment[markerVariable] != nil
        var next = environment
        next[markerVariable] = "1"
        switch (choice, allocator.isJemalloc) {
        case (.jemalloc, true), (.system, false):
            return .proceed
        case (.jemalloc, false):
            if alreadyReexecuted {
                return .refuse(reason: "preloading \(OperatingSystem.jemallocLibrary) did not make jemalloc the allocator "
                    + "(\(allocator.description)); install libjemalloc2, or run with \(choiceVariable)=system")
            }
            next[OperatingSystem.preloadVariable] = ([OperatingSystem.jemallocLibrary] + preloads.map(String.init)).joined(separator: " ")
            return .reexecute(environment: next)
        case (.system, true):
            let others = preloads.filter { !$0.contains("jemalloc") }
            if alreadyReexecuted || others.count == preloads.count {
                return .refuse(reason: "jemalloc serves malloc but is not preloaded (is it linked in?): "
                    + "\(choiceVariable)=system cannot be honoured")
            }
            next[OperatingSystem.preloadVariable] = others.isEmpty ? nil : others.joined(separator: " ")
            return .reexecute(environment: next)
        }
    }

    /// Makes this process run on the allocator `BENCH_ALLOCATOR` asks for, re-executing it if needed.
    ///
    /// Call first thing in `main`, before any work whose allocations matter.
    ///
    /// - Returns: The choice, once the process runs on it.
    /// - Throws: `InvalidChoice` for an unknown value, `Refused` when the allocator cannot be had or the
    ///   re-execution failed.
    public static func prepareProcess() throws -> Choice {
        let environment = currentEnvironment()
        let choice = try choice(in: environment)
        switch decide(choice: choice, allocator: .current, environment: environment) {
        case .proceed:
            return choice
        case .refuse(let reason):
            throw Refused(reason: reason)
        case .reexecute(let next):
            try reexecute(environment: next)
        }
    }

    // MARK: - Process

    private static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    private static func reexecute(environment: [String: String]) throws -> Never {
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(OperatingSystem.ownImage, arguments, variables)
        throw Refused(reason: "re-executing with \(environment[OperatingSystem.preloadVariable] ?? "no preload") failed: "
            + String(cString: strerror(errno)))
    }

    /// An unknown `BENCH_ALLOCATOR` value.
    public struct InvalidChoice: Error, Sendable, Equatable, CustomStringConvertible {
        /// The value given.
        public var value: String
        /// The message to print.
        public var description: String { "\(choiceVariable)=\(value): expected jemalloc or system" }
    }

    /// The wanted allocator cannot be had.
    public struct Refused: Error, Sendable, Equatable, CustomStringConvertible {
        /// Why the allocator cannot be had, in one line.
        public var reason: String
        /// The message to print.
        public var description: String { reason }
    }
}
