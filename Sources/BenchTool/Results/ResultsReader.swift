import Foundation
import Harness
import JSON

/// Reads a results file, refusing anything that is not one in one line: `PATH: not a results file: WHAT`.
///
/// A file is read in either form the bench writes: gzip (`.json.gz`, what a run writes by default) or
/// plain JSON (`--out` a name that does not end in `.gz`, and the files of older benches). The form is
/// told by the bytes, not the name (`Gzip`).
///
/// The schema number is checked before the rest, so a file from a future layout is reported as that
/// and not as a list of keys it happens to lack; a file of an older layout is brought to the current
/// one (`ResultsSchema`) and then decoded as a file of it.
public enum ResultsReader {
    /// Reads and decodes the results file at `path`.
    ///
    /// - Throws: `BenchError` when the file cannot be read, is not JSON, has a schema number this
    ///   bench does not know, or lacks a key or holds a value of the wrong type (the line names the key's path).
    static func read(path: String) throws(BenchError) -> ResultsFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .at(path, FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        return try decode(data, path: path)
    }

    /// Decodes the bytes of a results file, gzip or plain.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - path: The name messages start with.
    public static func decode(_ bytes: Data, path: String) throws(BenchError) -> ResultsFile {
        let data: Data
        do {
            data = try Gzip.plain(bytes)
        } catch {
            throw .notAResultsFile(path, error.description)
        }
        let decoder = JSONDecoder()
        do {
            let probe = try decoder.decode(SchemaProbe.self, from: data)
            guard let schema = probe.schema else { throw BenchError.notAResultsFile(path, "no 'schema' key") }
            guard ResultsSchema.changes.contains(where: { $0.schema == schema }) else {
                throw BenchError.notAResultsFile(path, "schema \(schema) (this bench reads schemas 1 to \(ResultsSchema.current))")
            }
            var results: ResultsFile
            if schema < ResultsSchema.current {
                let upgraded = ResultsSchema.upgrade(try JSONValue.parse(data), from: schema)
                results = try decoder.decode(ResultsFile.self, from: Data(upgraded.serialized()))
            } else {
                results = try decoder.decode(ResultsFile.self, from: data)
            }
            // Samples a file left out, its batches give back (`SampleTerms`).
            results.measurements = results.measurements.map(\.withDerivedSamples)
            return results
        } catch let error as BenchError {
            throw error
        } catch is ParseError {
            throw syntaxError(data, path: path)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty { throw syntaxError(data, path: path) }
            throw .notAResultsFile(path, describe(error))
        } catch {
            throw .notAResultsFile(path, "\(error)")
        }
    }

    /// Where text that is not JSON goes wrong, from the package's JSON reader: Foundation's decoder
    /// only says that it does.
    ///
    /// Run only on a file already refused, so a good file is read once.
    private static func syntaxError(_ data: Data, path: String) -> BenchError {
        do {
            _ = try JSONValue.parse(data)
        } catch {
            return .notAResultsFile("\(path):\(error.line):\(error.column)", error.reason)
        }
        return .notAResultsFile(path, "corrupt JSON")
    }

    /// Just the schema number, read before anything else.
    private struct SchemaProbe: Decodable {
        var schema: Int?
    }

    /// A decoding error as a key path and what is wrong there.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key '\(keyPath(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return context.codingPath.isEmpty
                ? "the top level is not a JSON object"
                : "'\(keyPath(context.codingPath))' is not \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "'\(keyPath(context.codingPath))' is null, not \(typeName(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "corrupt JSON" }
            return "'\(keyPath(context.codingPath))': \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `measurements[0].summary.median`.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is UInt64.Type, is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        case is [Any].Type: "a list"
        default: "of the expected type (\(type))"
        }
    }
}

extension BenchError {
    /// A file that is not a results file: `PATH: not a results file: what`.
    static func notAResultsFile(_ path: String, _ what: String) -> BenchError {
        at(path, "not a results file: \(what)")
    }
}
