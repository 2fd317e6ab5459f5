#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// jemalloc's control interface, `mallctl`, found at run time rather than linked.
///
/// The harness links no allocator (see `AllocatorLaunch`), so it cannot call `mallctl` by name: it asks
/// the dynamic linker for whichever `mallctl` the process's global scope holds, if any. Only the
/// signature is needed, which is stable across jemalloc 3-5:
/// `int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen)`.
struct Mallctl: @unchecked Sendable {
    typealias Function = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
    ) -> Int32

    /// The resolved function; `@unchecked Sendable` because a C function pointer is immutable code.
    let function: Function
    /// The path of the shared object that provides it.
    let library: String

    /// Looks `mallctl` up in the process's global symbol scope (`dlsym(RTLD_DEFAULT, ...)`).
    ///
    /// - Returns: `nil` when no loaded object exports `mallctl`: jemalloc is not in the process.
    static func lookUp() -> Mallctl? {
        guard let symbol = ProcessAllocator.globalSymbol("mallctl") else { return nil }
        return Mallctl(
            function: unsafeBitCast(symbol, to: Function.self),
            library: OperatingSystem.library(containing: symbol) ?? "unknown")
    }

    // The accessors below run between the counter's snapshots, so they must not allocate themselves:
    // values live in stack buffers, and callers pass names built before counting starts.

    /// Reads a value of type `Value` (an integer, a Bool or a pointer, as the name's type says).
    func read<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer -> Value? in
            var length = MemoryLayout<Value>.size
            let status = name.withCString { function($0, buffer.baseAddress, &length, nil, 0) }
            guard status == 0, length == MemoryLayout<Value>.size else { return nil }
            return buffer.baseAddress!.pointee
        }
    }

    /// Writes `value` to a writable name (e.g. `thread.arena`), returning the value it replaced.
    func exchange<Value>(_ name: String, with value: Value) -> Value? {
        var new = value
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { old -> Value? in
            var length = MemoryLayout<Value>.size
            let status = name.withCString { cName in
                withUnsafeMutableBytes(of: &new) { function(cName, old.baseAddress, &length, $0.baseAddress, $0.count) }
            }
            return status == 0 ? old.baseAddress!.pointee : nil
        }
    }

    /// Runs a name that takes no value, such as `thread.tcache.flush`.
    func perform(_ name: String) -> Bool {
        name.withCString { function($0, nil, nil, nil, 0) } == 0
    }

    /// Advances jemalloc's statistics epoch: `stats.*` values are snapshots refreshed only by this.
    func refreshStatistics() -> Bool {
        exchange("epoch", with: UInt64(1)) != nil
    }
}
