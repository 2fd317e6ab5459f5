import Foundation
import Harness

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes results files so that no run's file is ever overwritten or left half written.
///
/// The bytes go to a temporary file in the destination's directory (`.NAME.HEX.tmp`, ignored by git),
/// are flushed to disk, and are then hard-linked to the final name: `link(2)` fails rather than
/// replace an existing file, and a reader never sees a partial file under the final name. The
/// temporary name is removed whatever happens. (`rename(2)` would be atomic too, but it replaces.)
struct ResultsWriter: Sendable {
    /// The directory new files are named in: by default `results` in the checkout the bench was built
    /// from (`BuildCheckout`), from any working directory.
    var directory: String

    /// Creates a writer for a directory, which is created when missing.
    init(directory: String = BuildCheckout.path("results")) {
        self.directory = directory
    }

    /// Writes `results` under a new name, gzip-compressed:
    /// `<UTC yyyyMMdd-HHmmss>-<short commit|nocommit>[-dirty]-<6 hex>.json.gz`.
    ///
    /// A name already taken (two runs in the same second of the same commit, drawing the same suffix)
    /// is never replaced: another suffix is drawn.
    ///
    /// - Parameters:
    ///   - results: The run's results.
    ///   - date: The time the name carries; now by default.
    ///   - randomSuffix: Draws the six hexadecimal digits; random by default.
    /// - Returns: The path written.
    /// - Throws: `BenchError` when the file cannot be encoded or written.
    func write(
        _ results: ResultsFile, date: Date = Date(), randomSuffix: () -> String = ResultsWriter.randomSuffix
    ) throws(BenchError) -> String {
        let data = try Self.encode(results, for: directory + "/run.json.gz")
        for _ in 0..<8 {
            let name = Self.fileName(date: date, environment: results.environment, suffix: randomSuffix())
            let path = (directory as NSString).appendingPathComponent(name)
            if try Self.writeNew(data, to: path) { return path }
        }
        throw .at(directory, "eight drawn file names were all taken; no results file written")
    }

    /// Writes `results` to exactly `path` (`--out FILE`), refusing to overwrite an existing file.
    ///
    /// The name says the form: gzip when it ends in `.gz`, plain JSON otherwise (a file a script
    /// reads back at once, or one to look at).
    ///
    /// - Throws: `BenchError` when `path` exists, or the file cannot be encoded or written.
    static func write(_ results: ResultsFile, toNewFile path: String) throws(BenchError) {
        let data = try encode(results, for: path)
        guard try writeNew(data, to: path) else { throw .at(path, "exists; refusing to overwrite it") }
    }

    /// Checks, before a run measures anything, that `write(_:toNewFile:)` could write `path`: it does not
    /// exist, and its directory exists and can be written.
    ///
    /// - Throws: `BenchError` saying which of those does not hold.
    static func checkNewFile(_ path: String) throws(BenchError) {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) { throw .at(path, "exists; refusing to overwrite it (--out names a new file)") }
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw .at(path, "its directory \(directory) does not exist; create it first")
        }
        guard isDirectory.boolValue else { throw .at(path, "\(directory) is a file, not a directory") }
        guard access(directory, W_OK | X_OK) == 0 else { throw .at(path, "cannot write in its directory \(directory): \(errorText())") }
    }

    /// Whether a file in a results directory is a results file by its name: `*.json` or `*.json.gz`,
    /// and not a hidden temporary one.
    static func isResultsFileName(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(".json") || name.hasSuffix(".json.gz"))
    }

    /// A results file's name for a run.
    ///
    /// - Parameters:
    ///   - date: Written in UTC as `yyyyMMdd-HHmmss`.
    ///   - environment: Its commit's first 7 characters, or `nocommit`; `-dirty` when the tree was dirty.
    ///   - suffix: Six hexadecimal digits.
    static func fileName(date: Date, environment: MachineEnvironment, suffix: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let isCommit = environment.commit.count >= 7 && environment.commit.allSatisfy(\.isHexDigit)
        let commit = isCommit ? String(environment.commit.prefix(7)) : "nocommit"
        let dirty = environment.dirtyTree == true ? "-dirty" : ""
        return "\(formatter.string(from: date))-\(commit)\(dirty)-\(suffix).json.gz"
    }

    /// Six random lowercase hexadecimal digits.
    static func randomSuffix() -> String {
        let value = UInt32.random(in: 0..<(1 << 24))
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    // MARK: - Writing

    /// The file's bytes: gzip when `path` ends in `.gz`.
    private static func encode(_ results: ResultsFile, for path: String) throws(BenchError) -> Data {
        do {
            let json = try results.encoded()
            return path.hasSuffix(".gz") ? Gzip.compress(json) : json
        } catch {
            throw .at(path, "cannot encode the results: \(error)")
        }
    }

    /// Writes `data` to `path` unless it exists: `false` when it does, and nothing is left behind.
    private static func writeNew(_ data: Data, to path: String) throws(BenchError) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .at(directory, "cannot create the directory: \(error.localizedDescription)")
            }
        }
        let temporary = ((directory.isEmpty ? "." : directory) as NSString)
            .appendingPathComponent(".\(name).\(randomSuffix()).tmp")
        Interruption.remove(onInterrupt: temporary)
        defer {
            unlink(temporary)
            Interruption.forget(temporary)
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .at(path, "cannot create a temporary file: \(errorText())") }
        let written = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        // fsync before the link, so the final name never points at bytes still only in the page cache.
        let synced = written && fsync(descriptor) == 0
        let failure = errorText()
        close(descriptor)
        guard synced else { throw .at(path, "cannot write the temporary file: \(failure)") }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw .at(path, "cannot link the results into place: \(errorText())")
        }
        return true
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// `write(2)`, named apart from `ResultsWriter.write`, which would shadow it inside the type.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}
