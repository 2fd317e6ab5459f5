import Foundation
import Testing

@testable import Harness

/// gzip through zlib: what it writes `gunzip` reads, what `gzip` writes it reads, and what is broken
/// it refuses with a reason.
struct GzipTests {
    private let text = Data((0..<2000).map { "line \($0): \($0 * 7919 % 1000)\n" }.joined().utf8)

    @Test(arguments: [0, 1, 100, 100_000])
    func roundTrips(length: Int) throws {
        let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) })
        let packed = Gzip.compress(bytes)
        #expect(Gzip.isCompressed(packed))
        #expect(try Gzip.decompress(packed) == bytes)
    }

    @Test func theSameBytesCompressToTheSameFile() {
        #expect(Gzip.compress(text) == Gzip.compress(text), "no time in the header: git sees no change where there is none")
        #expect(Gzip.compress(text).count * 3 < text.count)
    }

    @Test func gunzipReadsWhatItWritesAndItReadsWhatGzipWrites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Gzip.compress(text).write(to: URL(fileURLWithPath: directory + "/ours.gz"))
        try text.write(to: URL(fileURLWithPath: directory + "/theirs"))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "cd '\(directory)' && gunzip -c ours.gz > ours && gzip -9 theirs"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(FileManager.default.contents(atPath: directory + "/ours") == text)
        #expect(try Gzip.contents(ofFile: directory + "/theirs.gz") == text)
    }

    @Test func membersOneAfterAnotherReadAsTheirBytesInOrder() throws {
        let first = Data("first\n".utf8)
        let second = Data("second\n".utf8)
        #expect(try Gzip.decompress(Gzip.compress(first) + Gzip.compress(second)) == first + second)
    }

    @Test func plainBytesPassThroughAndBrokenOnesAreRefused() throws {
        #expect(try Gzip.plain(text) == text)
        let packed = Gzip.compress(text)
        #expect(throws: Gzip.Failure(description: "corrupt gzip: ends early: the file is cut short")) {
            try Gzip.decompress(packed.prefix(packed.count - 20))
        }
        var flipped = packed
        flipped[flipped.count - 6] ^= 0xff  // the CRC-32 in the trailer
        #expect(throws: Gzip.Failure(description: "corrupt gzip: incorrect data check")) { try Gzip.decompress(flipped) }
        #expect(throws: Gzip.Failure(description: "corrupt gzip: trailing bytes after the gzip data")) {
            try Gzip.decompress(packed + Data("x".utf8))
        }
        #expect(throws: Gzip.Failure.self) { try Gzip.decompress(text) }
    }
}
