import Synchronization

/// Counts the heap allocations and bytes an operation makes, from jemalloc's own exact counters.
///
/// A separate pass, never on the timing clock. Two counters, both exact:
/// - **bytes**: `thread.allocatedp`, the calling thread's cumulative count of bytes jemalloc handed
///   out (size-class bytes, so a 20-byte request counts as the 32 it occupies);
/// - **allocations**: `stats.arenas.<i>.small.nrequests + stats.arenas.<i>.large.nrequests` of an
///   arena created for the counter alone (`arenas.create`), to which the calling thread is bound
///   (`thread.arena`) for the pass, so no other thread's allocations can land in it. Thread caches keep
///   their counts locally, so the cache is flushed (`thread.tcache.flush`) and the statistics epoch
///   advanced (`epoch`) around the pass. (`small.nmalloc` would be wrong: it counts regions moved into
///   the thread cache in bulk, e.g. 100 for one 48-byte allocation.)
///
/// jemalloc must be the process allocator (`ProcessAllocator.current`), with statistics compiled in;
/// otherwise there is no counter and `process` says why.
public final class AllocationCounter: Sendable {
    /// Why allocations cannot be counted in this process.
    public struct Unavailable: Error, Sendable, Equatable {
        /// The reason, for a results file.
        public var reason: String
    }

    /// This process's counter, or why there is none; the private arena is created once, on first use.
    public static let process: Result<AllocationCounter, Unavailable> = make(allocator: .current, mallctl: .lookUp())

    /// The jemalloc version the counts come from.
    public let jemallocVersion: String
    private let mallctl: Mallctl
    private let arena: UInt32
    /// The arena's statistics names, built once: building them during a pass would allocate.
    private let smallRequestsName: String
    private let largeRequestsName: String
    /// One pass at a time: two threads bound to the private arena at once would mix their counts.
    private let exclusive = Mutex(())

    private init(jemallocVersion: String, mallctl: Mallctl, arena: UInt32) {
        self.jemallocVersion = jemallocVersion
        self.mallctl = mallctl
        self.arena = arena
        smallRequestsName = "stats.arenas.\(arena).small.nrequests"
        largeRequestsName = "stats.arenas.\(arena).large.nrequests"
    }

    static func make(allocator: ProcessAllocator, mallctl: Mallctl?) -> Result<AllocationCounter, Unavailable> {
        guard case .jemalloc(let version, _, let statisticsEnabled) = allocator, let mallctl else {
            return .failure(Unavailable(reason: "jemalloc is not the process allocator: \(allocator.description)"))
        }
        guard statisticsEnabled else {
            return .failure(Unavailable(reason: "jemalloc \(version) was built without --enable-stats"))
        }
        guard let arena = mallctl.read("arenas.create", as: UInt32.self) else {
            return .failure(Unavailable(reason: "mallctl(\"arenas.create\") failed"))
        }
        return .success(AllocationCounter(jemallocVersion: version, mallctl: mallctl, arena: arena))
    }

    /// Runs `body` `iterations` times on the calling thread and counts what it allocated.
    ///
    /// The operation's results are black-holed, as when timed. Runs `warmUp` uncounted calls first, so
    /// one-time allocations (lazy metadata, caches filled on first use) do not read as per-call ones.
    ///
    /// - Parameters:
    ///   - iterations: Counted calls; at least 1.
    ///   - warmUp: Uncounted calls made first.
    ///   - body: The operation, exactly as it is timed.
    /// - Returns: Allocation and byte totals and their per-call averages.
    public func measure<Result>(iterations: Int, warmUp: Int = 1, _ body: () -> Result) -> AllocationCount {
        precondition(iterations >= 1, "count at least one call")
        for _ in 0..<warmUp { blackHole(body()) }
        return exclusive.withLock { _ in
            guard let previousArena = mallctl.exchange("thread.arena", with: arena) else {
                preconditionFailure("mallctl(\"thread.arena\") refused arena \(arena)")
            }
            defer { _ = mallctl.exchange("thread.arena", with: previousArena) }
            guard let allocatedBytes = mallctl.read("thread.allocatedp", as: UnsafeMutablePointer<UInt64>.self) else {
                preconditionFailure("mallctl(\"thread.allocatedp\") failed")
            }
            // The first snapshot can itself allocate once (the runtime instantiating generic metadata
            // on first use); it lands in the thread cache and would be merged into the next one. Taking
            // the snapshot twice leaves only the second, allocation-free one as the baseline.
            _ = requestsOfArena()
            let requestsBefore = requestsOfArena()
            let bytesBefore = allocatedBytes.pointee
            for _ in 0..<iterations { blackHole(body()) }
            let bytesAfter = allocatedBytes.pointee
            let requestsAfter = requestsOfArena()
            return AllocationCount(
                iterations: iterations,
                allocations: Int(requestsAfter - requestsBefore),
                bytes: Int(bytesAfter - bytesBefore))
        }
    }

    /// The private arena's cumulative allocation requests, with the thread cache's share merged in.
    private func requestsOfArena() -> UInt64 {
        guard mallctl.perform("thread.tcache.flush"), mallctl.refreshStatistics(),
            let small = mallctl.read(smallRequestsName, as: UInt64.self),
            let large = mallctl.read(largeRequestsName, as: UInt64.self)
        else { preconditionFailure("jemalloc's statistics could not be read for arena \(arena)") }
        return small + large
    }
}

/// What a counted pass allocated.
public struct AllocationCount: Sendable, Equatable, Codable {
    /// How many calls were counted.
    public var iterations: Int
    /// Allocation requests jemalloc served during those calls.
    public var allocations: Int
    /// Bytes jemalloc handed out during those calls, in whole size classes.
    public var bytes: Int

    /// Allocations per call.
    public var allocationsPerOperation: Double { Double(allocations) / Double(iterations) }
    /// Bytes per call.
    public var bytesPerOperation: Double { Double(bytes) / Double(iterations) }
}
