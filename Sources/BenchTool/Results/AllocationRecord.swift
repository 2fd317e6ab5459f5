import Harness

/// Heap allocations per operation, or why there are none: never a silent zero.
///
/// Encoded with every key present; a figure that was not counted is `null` beside a reason
/// (`jemalloc is not the process allocator: system malloc (...)`), so a reader cannot mistake a
/// missing count for an operation that does not allocate.
struct AllocationRecord: Sendable, Equatable, Codable {
    /// The counted pass, when there was one.
    @ExplicitNull var count: AllocationCount?
    /// Allocations per operation, from `count`.
    @ExplicitNull var allocationsPerOperation: Double?
    /// Bytes per operation (whole size classes), from `count`.
    @ExplicitNull var bytesPerOperation: Double?
    /// Why nothing was counted; `nil` when `count` is present.
    @ExplicitNull var unavailableReason: String?

    /// A counted pass.
    static func counted(_ count: AllocationCount) -> AllocationRecord {
        AllocationRecord(
            count: count, allocationsPerOperation: count.allocationsPerOperation,
            bytesPerOperation: count.bytesPerOperation, unavailableReason: nil)
    }

    /// No pass, and why.
    static func unavailable(_ reason: String) -> AllocationRecord {
        AllocationRecord(count: nil, allocationsPerOperation: nil, bytesPerOperation: nil, unavailableReason: reason)
    }

    /// The harness counter's outcome, as a record.
    init(_ outcome: Result<AllocationCount, AllocationCounter.Unavailable>) {
        switch outcome {
        case .success(let count): self = .counted(count)
        case .failure(let unavailable): self = .unavailable(unavailable.reason)
        }
    }

    private init(
        count: AllocationCount?, allocationsPerOperation: Double?, bytesPerOperation: Double?,
        unavailableReason: String?
    ) {
        self.count = count
        self.allocationsPerOperation = allocationsPerOperation
        self.bytesPerOperation = bytesPerOperation
        self.unavailableReason = unavailableReason
    }
}
