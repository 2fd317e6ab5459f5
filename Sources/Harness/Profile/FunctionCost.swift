/// One function's instructions and calls in a callgrind dump.
///
/// Callgrind keys a function by its object, file and name; the bench's executable is stripped of
/// debug information, so every file is `???` and the name with its object is the key that is left.
public struct FunctionCost: Sendable, Equatable {
    /// The name as callgrind wrote it: a mangled symbol, a C name, or `0x...` for code no symbol
    /// covers. Recursion deeper than callgrind's `--separate-recs` is named `NAME'2`.
    public var name: String
    /// The object (executable or shared library) the function lies in, as named on its `ob=` line.
    public var object: String
    /// Instructions executed in the function's own code.
    public var selfInstructions: UInt64
    /// Instructions executed in the function and everything it called (calls to itself excepted, so
    /// that recursion is not counted twice).
    public var inclusiveInstructions: UInt64
    /// How many times it was called while callgrind collected, from every caller.
    public var calls: UInt64

    /// Costs as `CallgrindProfile.parse(_:)` adds them up, from zeros where a function or callee is first
    /// named; tests give whole ones.
    public init(name: String, object: String, selfInstructions: UInt64, inclusiveInstructions: UInt64, calls: UInt64) {
        self.name = name
        self.object = object
        self.selfInstructions = selfInstructions
        self.inclusiveInstructions = inclusiveInstructions
        self.calls = calls
    }

    /// Whether callgrind knew no symbol for this code: its name is an address, or `???`.
    ///
    /// Such a frame's instructions are counted in the profile's totals but attributed to no function,
    /// and the profile says how many they are.
    public var isUnknown: Bool {
        name == "???" || (name.hasPrefix("0x") && name.dropFirst(2).allSatisfy(\.isHexDigit))
    }
}
