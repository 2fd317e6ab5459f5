import Foundation
import Synchronization
import Testing

@testable import Harness

/// Allocation counting, checked on operations whose allocations are known exactly.
///
/// `swift test` runs on glibc's malloc (nothing links jemalloc), so the counting test re-runs itself in
/// a child test process with jemalloc preloaded, the way the bench re-executes itself, and checks the
/// counts the child writes back. Run under jemalloc already, it measures in process.
struct AllocationCounterTests {
    /// One heap object per construction: 16 bytes of Swift object header and 8 of payload.
    final class Box {
        let value: Int
        init(value: Int) { self.value = value }
    }

    /// The counts the probe takes, written by a child process as JSON.
    struct Probe: Codable {
        var allocator: String
        var none: AllocationCount
        var oneObject: AllocationCount
        var threeObjects: AllocationCount
        var intArray: AllocationCount
        var largeByteArray: AllocationCount
        var noneWhileAnotherThreadAllocates: AllocationCount
    }

    static let probeOutputVariable = "HARNESS_ALLOCATION_PROBE_OUTPUT"

    @Test func countsKnownAllocationsUnderJemalloc() throws {
        let probe: Probe
        switch AllocationCounter.process {
        case .success(let counter):
            probe = Self.takeProbe(with: counter)
            if let path = ProcessInfo.processInfo.environment[Self.probeOutputVariable] {
                try JSONEncoder().encode(probe).write(to: URL(fileURLWithPath: path))
            }
        case .failure:
            probe = try Self.probeInPreloadedChild()
        }
        #expect(probe.allocator.hasPrefix("jemalloc 5"), "counted under \(probe.allocator)")
        #expect(probe.none.allocations == 0 && probe.none.bytes == 0, "a call that allocates nothing: \(probe.none)")
        #expect(probe.oneObject.allocationsPerOperation == 1, "one Box per call: \(probe.oneObject)")
        #expect(probe.oneObject.bytesPerOperation == 32, "24 bytes round up to jemalloc's 32-byte class")
        #expect(probe.threeObjects.allocationsPerOperation == 3, "three Boxes per call: \(probe.threeObjects)")
        #expect(probe.threeObjects.bytesPerOperation == 96)
        #expect(probe.intArray.allocationsPerOperation == 1, "one buffer per [Int] of 1000: \(probe.intArray)")
        #expect(probe.intArray.bytesPerOperation == 8192, "32-byte header + 8000 round up to the 8 KiB class")
        #expect(probe.largeByteArray.allocationsPerOperation == 1, "a large allocation counts too")
        #expect(probe.largeByteArray.bytesPerOperation == 114_688, "100 032 bytes round up to the 112 KiB class")
        #expect(probe.noneWhileAnotherThreadAllocates.allocations == 0
                && probe.noneWhileAnotherThreadAllocates.bytes == 0,
                "another thread's allocations must not be counted: \(probe.noneWhileAnotherThreadAllocates)")
    }

    @Test func unavailableExactlyWhenJemallocDoesNotServeMalloc() {
        let allocator = ProcessAllocator.current
        switch AllocationCounter.process {
        case .success(let counter):
            #expect(allocator.isJemalloc, "a counter exists, so jemalloc must serve malloc")
            #expect(allocator.description.contains(counter.jemallocVersion))
        case .failure(let unavailable):
            #expect(!allocator.isJemalloc, "no counter although jemalloc serves malloc: \(unavailable.reason)")
            #expect(unavailable.reason.contains("not the process allocator"), "reason: \(unavailable.reason)")
        }
    }

    @Test func theProcessAllocatorFollowsThePreload() {
        let preloaded = (ProcessInfo.processInfo.environment["LD_PRELOAD"] ?? "").contains("jemalloc")
        let allocator = ProcessAllocator.current
        #expect(allocator.isJemalloc == preloaded, "LD_PRELOAD \(preloaded ? "has" : "lacks") jemalloc, allocator: \(allocator)")
        if case .other(let library) = allocator {
            #expect(library.contains("libc.so"), "glibc serves malloc when nothing is preloaded: \(library)")
        }
    }

    // MARK: - Probe

    static func takeProbe(with counter: AllocationCounter) -> Probe {
        let iterations = 1000
        var sum = 0
        let stop = Atomic<Bool>(false)
        let noisyThread = Thread {
            while !stop.load(ordering: .relaxed) { blackHole(Box(value: 1)) }
        }
        noisyThread.start()
        let quiet = counter.measure(iterations: iterations) { sum &+= 1 }
        stop.store(true, ordering: .relaxed)
        return Probe(
            allocator: ProcessAllocator.current.description,
            none: counter.measure(iterations: iterations) { sum &+= 1 },
            oneObject: counter.measure(iterations: iterations) { Box(value: 1) },
            threeObjects: counter.measure(iterations: iterations) { (Box(value: 1), Box(value: 2), Box(value: 3)) },
            intArray: counter.measure(iterations: iterations) { [Int](repeating: 7, count: 1000) },
            largeByteArray: counter.measure(iterations: 100) { [UInt8](repeating: 7, count: 100_000) },
            noneWhileAnotherThreadAllocates: quiet
        )
    }

    /// Runs this test again in a child test process with jemalloc preloaded, and reads its counts.
    static func probeInPreloadedChild() throws -> Probe {
        let environment = ProcessInfo.processInfo.environment
        guard case .reexecute(var childEnvironment) =
            AllocatorLaunch.decide(choice: .jemalloc, allocator: .current, environment: environment)
        else {
            Issue.record("the launcher should re-execute with jemalloc preloaded")
            throw CocoaError(.featureUnsupported)
        }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("harness-allocation-probe-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: output) }
        childEnvironment[probeOutputVariable] = output.path

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "countsKnownAllocationsUnderJemalloc"]
        child.environment = childEnvironment
        let log = Pipe()
        child.standardOutput = log
        child.standardError = log
        try child.run()
        let transcript = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "the preloaded child's test failed:\n\(transcript)")
        // The file exists only if the child really counted under jemalloc.
        return try JSONDecoder().decode(Probe.self, from: Data(contentsOf: output))
    }
}
