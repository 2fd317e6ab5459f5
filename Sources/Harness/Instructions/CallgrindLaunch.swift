import Foundation

/// Runs a program under callgrind so that two runs of one build count the same instructions, and
/// reads back the regions it counted.
///
/// The command line is
///
///     setarch $(uname -m) -R valgrind --tool=callgrind -q --instr-atstart=no --collect-atstart=no
///         --cache-sim=no --branch-sim=no --dump-instr=no --dump-line=no --I1=32768,8,64
///         --D1=32768,8,64 --LL=8388608,16,64 --callgrind-out-file=DIR/callgrind.%p.out PROGRAM ARGS
///
/// and what varies between runs is taken away: `setarch -R` turns address-space randomisation off, so
/// heap and stack addresses (which Swift hashes, e.g. for Observation's tables keyed by object
/// identity) repeat; the environment is replaced by a fixed one, so the stack starts at the same
/// place; `SWIFT_DETERMINISTIC_HASHING=1` fixes the seed Swift's `Hasher` otherwise draws per process.
/// Instrumentation and collection start off: the program turns them on around what it measures
/// (`InstructionCounter`). The cache geometry is pinned although the cache simulation is off, and
/// so changes no `Ir` count, so that a run with the simulation turned on is not tied to this CPU.
public struct CallgrindLaunch {
    /// The program to run, by absolute path.
    public var program: String
    /// Its arguments.
    public var arguments: [String]
    /// Variables added to the fixed environment.
    public var environment: [String: String]
    /// Where callgrind writes its dumps: a fresh directory the caller owns.
    public var outputDirectory: String

    /// Creates a launch.
    public init(program: String, arguments: [String], environment: [String: String], outputDirectory: String) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.outputDirectory = outputDirectory
    }

    /// Callgrind's options, as passed.
    public var valgrindOptions: [String] {
        [
            "--tool=callgrind", "-q", "--instr-atstart=no", "--collect-atstart=no", "--cache-sim=no", "--branch-sim=no",
            "--dump-instr=no", "--dump-line=no", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64",
            "--callgrind-out-file=\(outputDirectory)/callgrind.%p.out",
        ]
    }

    /// The environment the program runs in: nothing inherited, so every run's stack starts alike.
    public var pinnedEnvironment: [String: String] {
        var pinned = ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "SWIFT_DETERMINISTIC_HASHING": "1"]
        pinned.merge(environment) { _, added in added }
        return pinned
    }

    /// The whole command line: `setarch`, its options, `valgrind`, its options, the program and its
    /// arguments.
    ///
    /// - Throws: `Unavailable` when `valgrind` or `setarch` is not on `PATH`.
    public func commandLine() throws(Unavailable) -> [String] {
        guard let valgrind = Self.locate("valgrind") else {
            throw Unavailable(reason: "valgrind is not on PATH; install it (apt-get install valgrind, or scripts/setup)")
        }
        guard let setarch = Self.locate("setarch") else {
            throw Unavailable(reason: "setarch is not on PATH (util-linux); it turns address-space randomisation off")
        }
        return [setarch, Self.machine, "-R", valgrind] + valgrindOptions + [program] + arguments
    }

    /// Runs the program to its end, its standard error shown as it goes, and reads every region it
    /// named.
    ///
    /// - Returns: The `Ir` total of every region, by region.
    /// - Throws: `Unavailable` when a tool is missing or the program fails; `CallgrindDump.Malformed`
    ///   when a dump cannot be read.
    public func run() throws -> [CallgrindRegion: UInt64] {
        let command = try commandLine()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = pinnedEnvironment
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Unavailable(reason: "the program under callgrind ended with status \(process.terminationStatus): \(command.joined(separator: " "))")
        }
        return try Self.regions(in: outputDirectory)
    }

    /// The `Ir` total of every region the dumps in `directory` name; unnamed dumps are left out.
    ///
    /// - Throws: `CallgrindDump.Malformed` for an unreadable dump, one without `Ir`, or a region
    ///   dumped twice.
    public static func regions(in directory: String) throws(CallgrindDump.Malformed) -> [CallgrindRegion: UInt64] {
        var regions: [CallgrindRegion: UInt64] = [:]
        for dump in try CallgrindDump.readAll(in: directory) {
            guard let region = CallgrindRegion(label: dump.trigger) else { continue }
            guard let instructions = dump.total("Ir") else { throw CallgrindDump.Malformed(reason: "'\(dump.trigger)' counts no Ir") }
            guard regions.updateValue(instructions, forKey: region) == nil else {
                throw CallgrindDump.Malformed(reason: "'\(dump.trigger)' dumped twice")
            }
        }
        return regions
    }

    /// `valgrind --version`'s line, e.g. `valgrind-3.19.0`, or nil when valgrind is missing.
    public static func valgrindVersion() -> String? {
        guard let valgrind = locate("valgrind") else { return nil }
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--version"]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first executable `name` on `PATH`.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `uname -m`, which `setarch` takes as its architecture.
    static var machine: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Callgrind cannot be run, or the run failed.
    public struct Unavailable: Error, Sendable, Equatable, CustomStringConvertible {
        /// Why, in one line.
        public var reason: String
        /// One line.
        public var description: String { reason }
    }
}
