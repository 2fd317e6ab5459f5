import Foundation

#if os(Linux)
import Glibc

// MARK: - What Linux gives, read where it gives it
extension OperatingSystem {
    /// A path that executes this process's own running image again: a rebuild of the file it was
    /// started from does not put another build in the processes it starts.
    public static let ownImage = "/proc/self/exe"
    /// The variable through which the dynamic linker loads a library into a process before its own.
    public static let preloadVariable = "LD_PRELOAD"
    /// The library preloaded for jemalloc, by soname, as the dynamic linker's search path finds it.
    public static let jemallocLibrary = "libjemalloc.so.2"

    /// The path of the file this process was started from, as the kernel names it; nil when the link
    /// cannot be read.
    public static func ownExecutablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: ownImage)
    }

    /// The processor's model name: the first `model name` of `/proc/cpuinfo`.
    static func cpuModel() -> String? {
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)).flatMap(cpuModel(cpuinfo:))
    }

    /// How many processors this process's affinity allows (`Cpus_allowed_list` in `/proc/self/status`,
    /// what `taskset -c` sets).
    static func allowedCores() -> Int? {
        (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)).flatMap(allowedCores(status:))
    }

    /// The distribution's name: `PRETTY_NAME` of `/etc/os-release`.
    static func distribution() -> String? {
        (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)).flatMap(prettyName(osRelease:))
    }

    /// The schedstat figures of every thread of this process, summed; nil when none could be read.
    ///
    /// A thread that ends between listing the directory and opening its file is left out.
    static func threadSchedstats() -> (onCPU: UInt64, runQueue: UInt64)? {
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        var sum: (onCPU: UInt64, runQueue: UInt64)?
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true,
                let thread = procText("/proc/self/task/\(name)/schedstat").flatMap(parseSchedstat)
            else { continue }
            sum = ((sum?.onCPU ?? 0) &+ thread.onCPU, (sum?.runQueue ?? 0) &+ thread.runQueue)
        }
        return sum
    }

    /// Microseconds since boot in which some task waited for a CPU: `/proc/pressure/cpu`'s `some` total.
    static func cpuPressureSomeMicroseconds() -> UInt64? {
        procText("/proc/pressure/cpu").flatMap(parsePressure)
    }

    /// Steal ticks and all ticks of every CPU since boot, from `/proc/stat`'s `cpu` line.
    static func cpuTicks() -> (steal: UInt64, all: UInt64)? {
        procText("/proc/stat").flatMap(parseStat)
    }

    /// The 1-minute load average of `/proc/loadavg`.
    static func loadAverage() -> Double? {
        procText("/proc/loadavg").flatMap(parseLoadAverage)
    }

    /// The path of the file mapped at `address`, from `/proc/self/maps`.
    ///
    /// `dladdr` would answer the same, but glibc declares it only under `_GNU_SOURCE`, which the Glibc
    /// module does not define; the kernel's own map of the process is the primary source anyway.
    static func library(containing address: UnsafeMutableRawPointer) -> String? {
        let target = UInt(bitPattern: address)
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        // Each line: "start-end perms offset dev inode [path]", addresses in hexadecimal.
        while getline(&line, &capacity, maps) > 0, let line {
            let fields = String(cString: line).split(separator: " ", omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 6, range.count == 2,
                let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                start <= target, target < end
            else { continue }
            let path = fields[5...].joined(separator: " ")
            return path.hasSuffix("\n") ? String(path.dropLast()) : path
        }
        return nil
    }

    /// A small `/proc` file's text, read with `open` and `pread` (Foundation's readers cost more than
    /// the kernel's side), or nil when it cannot be opened.
    private static func procText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
#endif

// MARK: - Linux's texts, parsed: pure, so they are tested on fixed text on any system
extension OperatingSystem {
    /// The time on a CPU and the time waiting on a run queue, both nanoseconds, of a
    /// `/proc/PID/task/TID/schedstat` text (`on-CPU run-queue timeslices`), or nil when it does not
    /// read so.
    static func parseSchedstat(_ text: String) -> (onCPU: UInt64, runQueue: UInt64)? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let onCPU = UInt64(fields[0]), let runQueue = UInt64(fields[1]) else { return nil }
        return (onCPU, runQueue)
    }

    /// The `total=` of the `some` line of a `/proc/pressure/cpu` text, in microseconds, or nil without
    /// one.
    static func parsePressure(_ text: String) -> UInt64? {
        for line in text.split(separator: "\n") where line.hasPrefix("some ") {
            for field in line.split(separator: " ") where field.hasPrefix("total=") {
                return UInt64(field.dropFirst("total=".count))
            }
        }
        return nil
    }

    /// The steal ticks and all ticks (the first 8 numbers summed) of the `cpu` line of a `/proc/stat`
    /// text, or nil without a line of at least 8 numbers (kernels before 2.6.11 wrote no steal).
    static func parseStat(_ text: String) -> (steal: UInt64, all: UInt64)? {
        for line in text.split(separator: "\n") where line.hasPrefix("cpu ") {
            let numbers = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
            guard numbers.count == 8 else { return nil }
            return (numbers[7], numbers.reduce(0, &+))
        }
        return nil
    }

    /// The 1-minute load average, the first number of a `/proc/loadavg` text.
    static func parseLoadAverage(_ text: String) -> Double? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }

    /// The `PRETTY_NAME` value of an os-release file, unquoted.
    static func prettyName(osRelease: String) -> String? {
        for line in osRelease.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            let value = line.dropFirst("PRETTY_NAME=".count)
            return String(value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2
                ? value.dropFirst().dropLast() : value)
        }
        return nil
    }

    /// How many processors the `Cpus_allowed_list` line of a /proc/PID/status text names
    /// (`0-3,6,8-9` names 7), or nil without a line that reads so.
    static func allowedCores(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
        var count = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let ends = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard let first = ends.first ?? nil, let last = ends.last ?? nil, ends.count <= 2, first <= last else { return nil }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    /// The first `model name` of a /proc/cpuinfo text.
    static func cpuModel(cpuinfo: String) -> String? {
        for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
