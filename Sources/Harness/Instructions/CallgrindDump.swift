import Foundation

/// One dump file callgrind wrote: what triggered it and the totals of its events.
///
/// Callgrind writes one file per `CALLGRIND_DUMP_STATS_AT` request (`OUT.1`, `OUT.2`, ...) and one at
/// program termination (`OUT`). Only the header and the final totals are read: the cost lines between
/// them add up to the totals, and the bench needs nothing finer than a measurement.
public struct CallgrindDump: Sendable, Equatable {
    /// The `desc: Trigger:` line's text after `Client Request: `, or the whole trigger (such as
    /// `Program termination`) when no client request asked for the dump.
    public var trigger: String
    /// The names on the `events:` line, in order (`Ir` with `--cache-sim=no`).
    public var events: [String]
    /// The event totals, in the order of `events`.
    public var totals: [UInt64]

    /// A dump as `parse(_:)` reads one: `totals` holds one figure per event of `events`, in order (parsing
    /// fills in the zeros callgrind leaves off the end).
    public init(trigger: String, events: [String], totals: [UInt64]) {
        self.trigger = trigger
        self.events = events
        self.totals = totals
    }

    /// The total of one event, e.g. `Ir` (instructions executed); `nil` when the dump has no such event.
    public func total(_ event: String) -> UInt64? {
        events.firstIndex(of: event).flatMap { $0 < totals.count ? totals[$0] : nil }
    }

    /// The trigger's prefix when a client request asked for the dump.
    static let clientRequestPrefix = "Client Request: "

    /// Parses the text of a dump file.
    ///
    /// The totals come from the `totals:` line that ends the file. Callgrind 3.19 writes the header's
    /// `summary:` line as 0 in dumps that a client request triggers, so `summary:` is read only when a
    /// file has no `totals:` line.
    ///
    /// - Throws: `CallgrindDump.Malformed` when the text has no `events:` line, no totals, or totals
    ///   that are not as many numbers as there are events.
    public static func parse(_ text: String) throws(Malformed) -> CallgrindDump {
        var trigger = ""
        var events: [String] = []
        var totals: [UInt64]?
        var summary: [UInt64]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger: ") {
                let value = line.dropFirst("desc: Trigger: ".count)
                trigger = value.hasPrefix(clientRequestPrefix) ? String(value.dropFirst(clientRequestPrefix.count)) : String(value)
            } else if line.hasPrefix("events:") {
                events = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("totals:") {
                totals = try numbers(line.dropFirst("totals:".count), line: line)
            } else if line.hasPrefix("summary:") {
                summary = try numbers(line.dropFirst("summary:".count), line: line)
            }
        }
        guard !events.isEmpty else { throw Malformed(reason: "no 'events:' line") }
        guard let figures = totals ?? summary else { throw Malformed(reason: "no 'totals:' or 'summary:' line") }
        // Callgrind leaves trailing zero events off a cost line, so fewer numbers than events is valid.
        guard figures.count <= events.count else {
            throw Malformed(reason: "\(figures.count) totals for \(events.count) events")
        }
        return CallgrindDump(trigger: trigger, events: events, totals: figures + Array(repeating: 0, count: events.count - figures.count))
    }

    private static func numbers(_ text: Substring, line: Substring) throws(Malformed) -> [UInt64] {
        var result: [UInt64] = []
        for field in text.split(separator: " ") {
            guard let number = UInt64(field) else { throw Malformed(reason: "not a number in '\(line)'") }
            result.append(number)
        }
        return result
    }

    /// The dumps made on request in `directory`, in the order they were made: the files callgrind
    /// names `PREFIX.N` after `--callgrind-out-file=PREFIX`, N counting from 1.
    ///
    /// The file without a number is the dump at program termination; it is left out, because it is
    /// not complete until the program ends, and the bench collects nothing outside its own regions.
    public static func numberedFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            guard let dot = name.lastIndex(of: "."), let number = Int(name[name.index(after: dot)...]) else { return nil }
            return (number, (directory as NSString).appendingPathComponent(name))
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Reads and parses the dump file at `path`.
    ///
    /// - Throws: `Malformed` naming the file when it cannot be read or parsed.
    public static func read(path: String) throws(Malformed) -> CallgrindDump {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Malformed(reason: "\(path): cannot be read")
        }
        do {
            return try parse(text)
        } catch {
            throw Malformed(reason: "\(path): \(error.reason)")
        }
    }

    /// Reads every dump made on request in `directory` (see `numberedFiles(in:)`), in order.
    ///
    /// - Throws: `Malformed` naming the file that cannot be read or parsed.
    public static func readAll(in directory: String) throws(Malformed) -> [CallgrindDump] {
        var dumps: [CallgrindDump] = []
        for path in numberedFiles(in: directory) { dumps.append(try read(path: path)) }
        return dumps
    }

    /// A dump file the parser cannot read.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, and where.
        public var reason: String
        public var description: String { "callgrind output: \(reason)" }
    }
}
