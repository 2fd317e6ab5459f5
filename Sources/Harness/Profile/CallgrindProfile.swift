/// A callgrind dump read whole: every function's self and inclusive instructions and its calls.
///
/// `CallgrindDump` reads only a dump's totals; a profile reads the cost lines between them, in
/// callgrind's own format (`fn=`, `cfn=`, `calls=`, cost lines, names compressed as `(id) name`), so
/// the numbers come from the dump itself and not from `callgrind_annotate`'s rendering of it.
/// See <https://valgrind.org/docs/manual/cl-format.html>.
public struct CallgrindProfile: Sendable, Equatable {
    /// What triggered the dump: a client request's text (the bench's region label) or, say,
    /// `Program termination`.
    public var trigger: String
    /// The dump's `Ir` total: every instruction collected, whether or not a function is known for it.
    public var totalInstructions: UInt64
    /// Every function with a cost or a call, by name.
    public var functions: [String: FunctionCost]

    /// A profile as `parse(_:)` reads one; `totalInstructions` is the dump's own `Ir` total, from its
    /// `totals:` line (else the functions' sum), so it may exceed what the functions account for.
    public init(trigger: String, totalInstructions: UInt64, functions: [String: FunctionCost]) {
        self.trigger = trigger
        self.totalInstructions = totalInstructions
        self.functions = functions
    }

    /// The instructions of functions callgrind had no symbol for (see `FunctionCost.isUnknown`).
    public var unknownInstructions: UInt64 {
        functions.values.filter(\.isUnknown).reduce(0) { $0 + $1.selfInstructions }
    }

    /// The instructions attributed to a named function: every function's self instructions, the
    /// unknown ones excepted.
    public var attributedInstructions: UInt64 {
        functions.values.filter { !$0.isUnknown }.reduce(0) { $0 + $1.selfInstructions }
    }

    /// The share of `totalInstructions` attributed to named functions, from 0 to 1; 0 for an empty
    /// dump. Less than 1 by the unknown frames' instructions, and by any instruction that no cost line
    /// gave to a function.
    public var attributedShare: Double {
        totalInstructions == 0 ? 0 : Double(attributedInstructions) / Double(totalInstructions)
    }
}
