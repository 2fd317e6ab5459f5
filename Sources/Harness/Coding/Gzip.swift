import CZlib
import Foundation

/// gzip (RFC 1952) through zlib: results files and profiles are written compressed, and every reader
/// takes a file in either form.
///
/// What is compressed is told by its first two bytes (`1f 8b`), not by its name, so a renamed file
/// still reads. The output is deterministic: no file name and a modification time of zero in the
/// header, so the same bytes compress to the same file on every machine and git sees no change
/// where there is none.
public enum Gzip {
    /// The level files are written at: zlib's best, since a file is written once and kept.
    public static let level: Int32 = 9

    /// Why bytes that claim to be gzip cannot be read: one line, without the file's name.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, for example "corrupt gzip: invalid stored block lengths".
        public var description: String
    }

    /// Whether `bytes` start as a gzip member does.
    public static func isCompressed(_ bytes: Data) -> Bool {
        bytes.count >= 2 && bytes[bytes.startIndex] == 0x1f && bytes[bytes.startIndex + 1] == 0x8b
    }

    /// `bytes` as one gzip member.
    public static func compress(_ bytes: Data, level: Int32 = Gzip.level) -> Data {
        var stream = z_stream()
        // 15 bits of window, plus 16: a gzip header and trailer instead of zlib's.
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed (\(status)): zlib is broken")
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(bytes.count))))
        let written: Int = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                let result = deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate did not finish within deflateBound (\(result))")
                return Int(stream.total_out)
            }
        }
        output.count = written
        return output
    }

    /// The bytes a gzip file holds: every member, in order, as `gunzip` gives them.
    ///
    /// - Throws: `Failure` when the bytes are not gzip, or end early, or fail their checksum.
    public static func decompress(_ bytes: Data) throws(Failure) -> Data {
        guard isCompressed(bytes) else { throw Failure(description: "not gzip (it does not start with 1f 8b)") }
        var stream = z_stream()
        // 15 bits of window, plus 16: gzip only.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let problem: String? = bytes.withUnsafeBytes { input -> String? in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let result = inflate(&stream, Z_NO_FLUSH)
                    return (result, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                switch result {
                case Z_OK:
                    continue
                case Z_STREAM_END:
                    // Another member may follow, as `cat a.gz b.gz` makes; trailing zeros are padding.
                    let rest = UnsafeRawBufferPointer(start: stream.next_in, count: Int(stream.avail_in))
                    if rest.allSatisfy({ $0 == 0 }) { return nil }
                    guard rest.count >= 2, rest[0] == 0x1f, rest[1] == 0x8b else { return "trailing bytes after the gzip data" }
                    guard inflateReset(&stream) == Z_OK else { return "zlib cannot start the next member" }
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return "ends early: the file is cut short"
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(result)"
                    return message
                }
            }
        }
        if let problem { throw Failure(description: "corrupt gzip: \(problem)") }
        return output
    }

    /// `bytes` as they were before compression: decompressed when they are gzip, unchanged when not.
    ///
    /// - Throws: `Failure` when they are gzip and cannot be decompressed.
    public static func plain(_ bytes: Data) throws(Failure) -> Data {
        isCompressed(bytes) ? try decompress(bytes) : bytes
    }

    /// The bytes of the file at `path`, decompressed when they are gzip; nil when it cannot be read.
    ///
    /// - Throws: `Failure` when the file is gzip and cannot be decompressed.
    public static func contents(ofFile path: String) throws(Failure) -> Data? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try plain(data)
    }
}
