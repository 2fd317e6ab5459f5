import Foundation

/// Runs a program under callgrind so that two runs of one build count the same instructions, and
/// reads back the regions it counted.
///
/// The command line is
///
///     setarch $(uname -m) -R valgrind --tool=callgrind -q --instr-atstart=no --collect-atstart=no
///         --cache-sim=no --branch-sim=no --dump-instr=no --callgrind-out-file=DIR/callgrind.out
///         PROGRAM ARGS
///
/// and what varies between runs is taken away: `setarch -R` turns address-space randomisation off, so
/// heap and stack addresses (which Swift hashes, e.g. for Observation's tables keyed by object
/// identity) repeat; the environment is replaced by a fixed one, so the stack starts at the same
/// place; `SWIFT_DETERMINISTIC_HASHING=1` fixes the seed Swift's `Hasher` otherwise draws per process.
/// Instrumentation and collection start off: the program turns them on around what it measures
/// (`InstructionCounter`). The cache and branch simulations are off: `Ir` counts instructions
/// executed, which no cache geometry changes, so there is no geometry of this CPU's to pin. (Giving
/// one with `--I1`/`--D1`/`--LL` would change nothing and only make valgrind warn about the host's.)
public struct CallgrindLaunch {
    /// The program to run, by absolute path.
    public var program: String
    /// Its arguments.
    public var arguments: [String]
    /// Variables added to the fixed environment.
    public var environment: [String: String]
    /// Where callgrind writes its dumps: a fresh directory the caller owns.
    public var outputDirectory: String

    /// A launch of `program`, usually the debug-stripped copy (`copyWithoutDebugInformation(_:into:)`);
    /// `environment` is added to the fixed one (`pinnedEnvironment`), and `outputDirectory` comes fresh from
    /// `makeOutputDirectory(prefix:)`.
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
            "--dump-instr=no", "--callgrind-out-file=\(outputDirectory)/callgrind.out",
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
    /// - Parameter group: The children it runs beside, which end together when one fails; nil when
    ///   it runs alone.
    /// - Returns: The `Ir` total of every region, by region.
    /// - Throws: `Unavailable` when a tool is missing or the program fails; `CallgrindDump.Malformed`
    ///   when a dump cannot be read; `ChildGroup.Ended` when `group` had ended before it started.
    public func run(in group: ChildGroup? = nil) throws -> [CallgrindRegion: UInt64] {
        let command = try commandLine()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = pinnedEnvironment
        try (group ?? ChildGroup()).run(process)
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

    /// Creates a fresh directory for callgrind's output: the first of `/tmp/bench-callgrind.000000`,
    /// `.000001`, ... that does not exist yet.
    ///
    /// The name is the same in every run made after another has finished, not merely as long: the
    /// child holds it in its arguments, its environment and the paths it reads, and their contents
    /// land in hashed tables and heap blocks before anything is counted, so a random name moves the
    /// counts (docs/instruction-counting.md). Children counting at the same time (the side-by-side
    /// passes of a run, or another run's) take the next free names, as long as the first.
    ///
    /// - Parameter prefix: The names' common part; tests give their own.
    /// - Throws: `Unavailable` when the directory cannot be made.
    public static func makeOutputDirectory(prefix: String = "/tmp/bench-callgrind") throws(Unavailable) -> String {
        try makeOutputDirectory(prefix: prefix, registering: { _ in })
    }

    /// Makes an output directory as `makeOutputDirectory(prefix:)` does, runs `body` with it, and
    /// removes it afterwards, or when the bench is interrupted (`Interruption`).
    ///
    /// - Throws: `Unavailable` when the directory cannot be made; what `body` throws.
    public static func withOutputDirectory<Result>(prefix: String = "/tmp/bench-callgrind", _ body: (String) throws -> Result) throws -> Result {
        let directory = try makeOwnedOutputDirectory(prefix: prefix)
        defer { removeOwnedOutputDirectory(directory) }
        return try body(directory)
    }

    /// Makes an output directory as `makeOutputDirectory(prefix:)` does, removed when the bench is
    /// interrupted (`Interruption`) until `removeOwnedOutputDirectory(_:)` removes it: for a caller that
    /// makes several in an order of its own before it runs anything.
    ///
    /// - Throws: `Unavailable` when the directory cannot be made.
    public static func makeOwnedOutputDirectory(prefix: String = "/tmp/bench-callgrind") throws(Unavailable) -> String {
        try makeOutputDirectory(prefix: prefix, registering: Interruption.remove(onInterrupt:))
    }

    /// Removes a directory `makeOwnedOutputDirectory(prefix:)` made, with everything in it.
    public static func removeOwnedOutputDirectory(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
        Interruption.forget(directory)
    }

    private static func makeOutputDirectory(prefix: String, registering: (String) -> Void) throws(Unavailable) -> String {
        for index in 0..<1_000_000 {
            let directory = prefix + String(format: ".%06d", index)
            // Registered before it exists: an interruption between the two would otherwise leave it.
            registering(directory)
            if mkdir(directory, 0o700) == 0 { return directory }
            Interruption.forget(directory)
            guard errno == EEXIST else { break }
        }
        throw Unavailable(reason: "cannot create a directory for callgrind's output at \(prefix).NNNNNN")
    }

    /// Copies the executable at `path` into `directory` without its debug information, for valgrind
    /// to run.
    ///
    /// Valgrind 3.19 cannot read the DWARF 5 that Swift 6's toolchain emits and gives up on the whole
    /// process. `objcopy --strip-debug` removes only the `.debug_*` sections: the code, its addresses
    /// and the symbol table (the function names in callgrind's dumps) stay as built, so the copy
    /// executes exactly the instructions the build does.
    ///
    /// - Returns: The copy's path, `DIRECTORY/NAME`.
    /// - Throws: `Unavailable` when neither `objcopy` nor `llvm-objcopy` is on `PATH`, or it fails.
    public static func copyWithoutDebugInformation(_ path: String, into directory: String) throws(Unavailable) -> String {
        guard let objcopy = locate("objcopy") ?? locate("llvm-objcopy") else {
            throw Unavailable(reason: "objcopy is not on PATH (binutils); it strips the DWARF 5 valgrind 3.19 cannot read")
        }
        let copy = (directory as NSString).appendingPathComponent((path as NSString).lastPathComponent)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", path, copy]
        guard (try? Interruption.run(process)) != nil else { throw Unavailable(reason: "\(objcopy) cannot be run") }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Unavailable(reason: "\(objcopy) --strip-debug \(path) \(copy) failed")
        }
        return copy
    }

    /// `valgrind --version`'s line, e.g. `valgrind-3.19.0`, or nil when valgrind is missing.
    public static func valgrindVersion() -> String? {
        guard let valgrind = locate("valgrind") else { return nil }
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--version"]
        process.standardOutput = pipe
        guard (try? Interruption.start(process)) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        Interruption.ended(process)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether this machine has what a launch needs: `valgrind`, `setarch` and an `objcopy` on `PATH`.
    public static var toolsAreInstalled: Bool {
        locate("valgrind") != nil && locate("setarch") != nil && (locate("objcopy") ?? locate("llvm-objcopy")) != nil
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
        public var description: String { reason }
    }
}
