import Foundation
import Harness

extension SeedsOnDemand {
    /// A results file's own build, at hand to count its seeds: a bench, and the fixtures of its commit.
    struct Build {
        /// The bench's path.
        let bench: String
        /// The fixtures it counts with.
        let spec: String
        /// What the lines call it: `this bench`, `the build of abc1234 kept in .build/bisect/builds/...`.
        let description: String
        /// A directory made to hold the fixtures, removed by `cleanUp()`.
        let scratch: String?

        /// The build of `file`, or why there is none at hand.
        static func find(for file: ResultsFile, root: String) -> Result<Build, Reason> {
            let environment = file.environment
            guard environment.buildConfiguration == "release" else { return .failure(Reason("it is a \(environment.buildConfiguration) build's")) }
            guard environment.dirtyTree == false else { return .failure(Reason("its tree was dirty, and no build is known to be its")) }
            guard isBundledSpec(file.options.specDirectory) else {
                return .failure(Reason("it was run on other fixtures (\(file.options.specDirectory))"))
            }
            let here = MachineEnvironment.capture(sourceDirectory: URL(fileURLWithPath: root))
            guard here.toolchain == environment.toolchain else { return .failure(Reason("it was built by another toolchain (\(environment.toolchain))")) }
            if here.commit == environment.commit && here.dirtyTree == false, let own = try? OwnExecutable.path() {
                return .success(Build(bench: own, spec: BuildCheckout.path("spec"), description: "this bench", scratch: nil))
            }
            return kept(commit: environment.commit, root: root)
        }

        /// The build `bench build` (or a bisection) kept of `commit` for this toolchain, with the
        /// fixtures of `commit` taken from git; or why there is none that can count seeds.
        static func kept(commit full: String, root: String) -> Result<Build, Reason> {
            let commit = String(full.prefix(7))
            let repository = BisectRepository(root: root)
            let kept = (repository.keptBuilds(toolchain: BisectRepository.toolchain()) as NSString)
                .appendingPathComponent("\(full)/bench")
            guard FileManager.default.isExecutableFile(atPath: kept) else {
                return .failure(Reason("its build is not at hand (bench build \(commit) keeps one)"))
            }
            guard (try? BisectShell.run([kept, "--help"]))?.contains("bench count-seeds") == true else {
                return .failure(Reason("its kept build is older than bench count-seeds"))
            }
            let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent("bench-seeds-\(UUID().uuidString)")
            Interruption.remove(onInterrupt: scratch)
            do {
                try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
                // The fixtures of its commit, whatever the worktree holds now.
                try BisectShell.run(["sh", "-c", "git -C \"$0\" archive \"$1\" spec | tar -x -C \"$2\"", root, full, scratch])
            } catch {
                try? FileManager.default.removeItem(atPath: scratch)
                Interruption.forget(scratch)
                return .failure(Reason("git cannot give the fixtures of \(commit)"))
            }
            let relative = kept.hasPrefix(root + "/") ? String(kept.dropFirst(root.count + 1)) : kept
            return .success(
                Build(
                    bench: kept, spec: (scratch as NSString).appendingPathComponent("spec"),
                    description: "the build of \(commit) kept in \((relative as NSString).deletingLastPathComponent)", scratch: scratch))
        }

        /// Whether a run's `--spec` was a checkout's own `spec/`: `spec` from the checkout's root, or the
        /// whole path of one from elsewhere (a directory named spec beside a Package.swift).
        static func isBundledSpec(_ spec: String) -> Bool {
            guard spec != "spec" else { return true }
            let parent = (spec as NSString).deletingLastPathComponent
            return (spec as NSString).lastPathComponent == "spec" && spec.hasPrefix("/")
                && FileManager.default.fileExists(atPath: (parent as NSString).appendingPathComponent("Package.swift"))
        }

        /// Removes what `find` made.
        func cleanUp() {
            guard let scratch else { return }
            try? FileManager.default.removeItem(atPath: scratch)
            Interruption.forget(scratch)
        }

        /// Has the bench count `request`, with `environment`'s variables over this process's; its
        /// progress goes to standard error as it counts.
        ///
        /// - Throws: `BenchError` when it does not exit 0 or answers with no request.
        func count(_ request: SeedRequest, environment: [String: String]) throws -> SeedRequest {
            try Interruption.withTemporaryDirectory(prefix: "bench-seed-request") { directory in
                let requestPath = (directory as NSString).appendingPathComponent("request.json")
                let answerPath = (directory as NSString).appendingPathComponent("answer.json")
                try JSONEncoder().encode(request).write(to: URL(fileURLWithPath: requestPath))
                guard FileManager.default.createFile(atPath: answerPath, contents: nil), let answer = FileHandle(forWritingAtPath: answerPath)
                else { throw BenchError("cannot write \(answerPath)") }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: bench)
                process.arguments = ["count-seeds", requestPath, "--spec", spec]
                var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
                variables["BENCH_AB_ROOT_COMMIT_WORK"] = nil
                process.environment = variables
                process.standardOutput = answer
                process.standardInput = FileHandle.nullDevice
                try Interruption.run(process)
                try? answer.close()
                guard process.terminationStatus == 0 else { throw BenchError("bench count-seeds exited \(process.terminationStatus)") }
                guard let data = FileManager.default.contents(atPath: answerPath),
                    let answered = try? JSONDecoder().decode(SeedRequest.self, from: data)
                else { throw BenchError("bench count-seeds answered no counts") }
                return answered
            }
        }
    }

    /// Why a file's build is not at hand.
    struct Reason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
