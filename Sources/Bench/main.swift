import BenchTool
import Foundation
import Harness

// Counting allocations needs jemalloc in this process; unless BENCH_ALLOCATOR=system, the bench
// re-executes itself with jemalloc preloaded before anything is measured (see AllocatorLaunch).
let arguments = Array(CommandLine.arguments.dropFirst())
// A child of the bench ends with it, however the bench ends (see Interruption.endWithParent).
if arguments.first == ChildCommand.commandWord { Interruption.endWithParent() }
if !arguments.contains("--help"), !arguments.contains("-h") {
    do {
        _ = try AllocatorLaunch.prepareProcess()
    } catch {
        FileHandle.standardError.write(Data((CommandOutput.said("\(error)") + "\n").utf8))
        exit(2)
    }
}
// From here a SIGTERM, SIGINT or SIGHUP ends the children and removes the temporary files the bench
// made before it exits (see Interruption). A child of the bench keeps the signals' defaults: it starts
// no process and its files are in its parent's directories, and a thread of its own would move the heap
// its instructions are counted on.
if arguments.first != ChildCommand.commandWord { Interruption.install(program: "bench") }
exit(BenchCommand.main(arguments))
