/// Consumes a value so that the optimizer must compute it.
///
/// Timed work whose result nobody reads can be deleted by dead-code elimination, across modules too
/// once whole-module or cross-module optimization sees both sides. This function is opaque twice
/// over: `@inline(never)` keeps its body out of callers, and `@_optimize(none)` keeps the compiler
/// from proving the parameter unused and specializing the call away. What it costs, one direct call,
/// is part of every per-operation figure and is the same for every strategy measured.
///
/// - Parameter value: The result of the work being timed.
@inline(never)
@_optimize(none)
public func blackHole<Value>(_ value: Value) {}
