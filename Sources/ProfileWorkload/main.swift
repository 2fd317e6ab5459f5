import Foundation
import Harness

// A workload of known call structure, for the tests of `bench profile`: one operation, `outer`, calls
// `leafA` A times and `leafB` B times; each leaf runs its own loop of a given number of rounds.
// Under callgrind (the tests launch it with `CallgrindLaunch`), it is counted exactly as the bench
// counts a measurement (`InstructionCounter`), so the profile's calls per operation and shares can be
// checked against the structure the test chose: `profile-workload CALLS_A ROUNDS_A CALLS_B ROUNDS_B
// --dumps DIR`. Under perf, with `--sample-seconds S` instead, it runs the sampled loop, so the folded
// stacks can be checked for its paths. Told on its command line, as the bench's own children are.
// The swift-testing runner itself cannot run under valgrind 3.19, hence a program of its own.

/// One round of work: a multiply and an add, kept in a loop the optimizer cannot fold, since the
/// rounds come from the command line.
@inline(never)
func leafA(_ seed: UInt64, rounds: Int) -> UInt64 {
    var value = seed
    var round = 0
    while round < rounds {
        value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        round &+= 1
    }
    return value
}

@inline(never)
func leafB(_ seed: UInt64, rounds: Int) -> UInt64 {
    var value = seed
    var round = 0
    while round < rounds {
        value = value &* 2_862_933_555_777_941_757 &+ 3_037_000_493
        round &+= 1
    }
    return value
}

@inline(never)
func outer(_ structure: [Int]) -> UInt64 {
    var value: UInt64 = 1
    for _ in 0..<structure[0] { value = leafA(value, rounds: structure[1]) }
    for _ in 0..<structure[2] { value = leafB(value, rounds: structure[3]) }
    return value
}

let arguments = Array(CommandLine.arguments.dropFirst())
let structure = arguments.prefix(4).compactMap { Int($0) }
let mode = arguments.count == 6 && structure.count == 4 ? (option: arguments[4], value: arguments[5]) : nil
let synthetic = Measurement("synthetic", operation: { outer(structure) })
if let mode, mode.option == "--sample-seconds", let seconds = Double(mode.value) {
    SampledLoop.run(synthetic, seconds: seconds, oneCallPerSetUp: false)
    exit(0)
}
guard let mode, mode.option == "--dumps" else {
    FileHandle.standardError.write(
        Data("profile-workload: CALLS_A ROUNDS_A CALLS_B ROUNDS_B, then --dumps DIR (under callgrind) or --sample-seconds S (under perf)\n".utf8))
    exit(2)
}
do {
    // As a profile counts: the probe apart, so that one dump holds every counted call.
    var counter = InstructionCounter(outputDirectory: mode.value)
    counter.probeIsCounted = false
    try counter.count(synthetic, oneCallPerSetUp: false)
} catch {
    FileHandle.standardError.write(Data("profile-workload: \(error)\n".utf8))
    exit(1)
}
