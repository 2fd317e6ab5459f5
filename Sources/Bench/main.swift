import BenchKit
import BenchSuite
import Foundation
import Harness

// Counting allocations needs jemalloc in this process; unless BENCH_ALLOCATOR=system, the bench
// re-executes itself with jemalloc preloaded before anything is measured (see AllocatorLaunch).
let arguments = Array(CommandLine.arguments.dropFirst())
if !arguments.contains("--help"), !arguments.contains("-h") {
    do {
        _ = try AllocatorLaunch.prepareProcess()
    } catch {
        FileHandle.standardError.write(Data((CommandOutput.said("\(error)") + "\n").utf8))
        exit(2)
    }
}
exit(BenchCommand.main(arguments))
