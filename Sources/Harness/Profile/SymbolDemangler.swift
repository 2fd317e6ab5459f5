import Foundation

/// Turns mangled symbols into readable names with `swift demangle`, which ships with the toolchain,
/// and `c++filt`.
///
/// All names go through one `swift demangle --simplified` process, one a line: it rewrites every
/// mangled symbol it finds in a line and leaves the rest as it is, so C names, addresses and
/// callgrind's recursion suffixes (`'2`) come through whole.
public enum SymbolDemangler {
    /// The readable form of each name, by name: Swift's symbols through `swift demangle`, then the
    /// C++ ones (the Swift runtime's, `_Z...`) through binutils' `c++filt`. A name maps to itself when
    /// its tool is not on `PATH` or fails, so a profile is still written, with mangled names.
    public static func demangle(_ names: [String]) -> [String: String] {
        let swift = filter(names, tool: "swift", arguments: ["demangle", "--simplified"])
        let cxx = filter(names.map { swift[$0] ?? $0 }.filter { $0.hasPrefix("_Z") }, tool: "c++filt", arguments: [])
        return swift.mapValues { cxx[$0] ?? $0 }
    }

    /// Each name through `tool`, a filter of one name a line.
    private static func filter(_ names: [String], tool: String, arguments: [String]) -> [String: String] {
        var identity: [String: String] = [:]
        for name in names { identity[name] = name }
        guard !names.isEmpty, let executable = locate(tool) else { return identity }
        let input = names.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
        // The names go in from a file, not a pipe: a long output cannot then fill its pipe while
        // this process is still writing the input.
        let inputPath = NSTemporaryDirectory() + "bench-demangle-\(ProcessInfo.processInfo.processIdentifier).txt"
        Interruption.remove(onInterrupt: inputPath)
        defer {
            try? FileManager.default.removeItem(atPath: inputPath)
            Interruption.forget(inputPath)
        }
        guard FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)),
            let stdin = FileHandle(forReadingAtPath: inputPath)
        else { return identity }
        let process = Process()
        let stdout = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        guard (try? Interruption.start(process)) != nil else { return identity }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        Interruption.ended(process)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard process.terminationStatus == 0, lines.count >= names.count else { return identity }
        var readable: [String: String] = [:]
        for (name, line) in zip(names, lines) { readable[name] = line }
        return readable
    }

    /// The first executable `name` on `PATH`.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
