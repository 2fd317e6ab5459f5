import Foundation

/// Runs a program under `perf record` with the `cpu-clock` software event and frame-pointer call
/// graphs, and reads its samples back with `perf script`.
///
/// This machine has no hardware counters (a virtual machine's CPU), so the event is the kernel's
/// software clock, which works anywhere. Stacks unwind by frame pointers (`-g`): Swift keeps them on
/// Linux, in the bench's code and in the Swift runtime and standard library alike, so a stack
/// reaches from the sampled instruction to `main` without DWARF unwinding's copies of the stack.
public struct PerfLaunch {
    /// The program, by absolute path.
    public var program: String
    /// Its arguments.
    public var arguments: [String]
    /// Its whole environment.
    public var environment: [String: String]
    /// Where `perf record` writes its data.
    public var dataPath: String
    /// Samples per second.
    public var frequency = 999

    /// A launch sampling at 999 Hz (set `frequency` after); `environment` is the program's whole environment,
    /// not added to a fixed one as `CallgrindLaunch`'s is.
    public init(program: String, arguments: [String], environment: [String: String], dataPath: String) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.dataPath = dataPath
    }

    /// Whether `perf` is on `PATH`.
    public static var isInstalled: Bool { SymbolDemangler.locate("perf") != nil }

    /// The line that says `perf` is missing and how to install it.
    public static let missingLine = "the sampled profile needs perf: apt-get install -y linux-perf (scripts/setup does it as root)"

    /// Records the program's run and returns its samples, each a call chain leaf first.
    ///
    /// - Throws: `CallgrindLaunch.Unavailable` when `perf` is missing, or it or the program fails.
    public func samples() throws -> [[String]] {
        guard let perf = SymbolDemangler.locate("perf") else { throw CallgrindLaunch.Unavailable(reason: Self.missingLine) }
        let record = ["record", "-e", "cpu-clock", "-g", "-F", String(frequency), "-q", "-o", dataPath, "--", program] + arguments
        let (status, _) = try Self.run(perf, record, environment: environment, keepOutput: false)
        guard status == 0 else {
            throw CallgrindLaunch.Unavailable(reason: "perf record ended with status \(status): perf \(record.joined(separator: " "))")
        }
        let (scriptStatus, text) = try Self.run(perf, ["script", "-i", dataPath, "-F", "ip,sym", "--no-demangle"], environment: nil, keepOutput: true)
        guard scriptStatus == 0 else { throw CallgrindLaunch.Unavailable(reason: "perf script -i \(dataPath) ended with status \(scriptStatus)") }
        return Self.parseScript(text)
    }

    /// The call chains of `perf script -F ip,sym`: one frame a line (`ADDRESS SYMBOL`), leaf first,
    /// a blank line after each sample. A frame without a symbol is `[unknown]`.
    public static func parseScript(_ text: String) -> [[String]] {
        var samples: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty else {
                if !current.isEmpty { samples.append(current) }
                current = []
                continue
            }
            guard let space = trimmed.firstIndex(of: " ") else {
                current.append(FoldedStacks.unknownFrame)
                continue
            }
            let symbol = trimmed[trimmed.index(after: space)...].trimmingCharacters(in: .whitespaces)
            current.append(symbol.isEmpty ? FoldedStacks.unknownFrame : symbol)
        }
        if !current.isEmpty { samples.append(current) }
        return samples
    }

    private static func run(_ executable: String, _ arguments: [String], environment: [String: String]?, keepOutput: Bool) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = keepOutput ? output : FileHandle.nullDevice
        try Interruption.start(process)
        let data = keepOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        Interruption.ended(process)
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
