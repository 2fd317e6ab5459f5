// MARK: - Usage text

extension CommandLineParser {
    /// The text `bench --help` prints: every command and option, with its default, and the shapes of
    /// the registry in force.
    static var helpText: String {
        [introduction, commands + "\n" + commandsOverCommits, options, exitStatus].joined(separator: "\n\n")
    }

    /// What the bench does, in one sentence.
    private static var introduction: String {
        """
        bench: measures the phase's shapes (\(ShapeRegistry.current.candidates.map(\.label.rawValue).joined(separator: ", "))) \
        and the \(ShapeRegistry.current.fallback.label.rawValue) fallback side by
        side, judges them against the limits declared in advance, and says which shape ships.
        """
    }

    /// USAGE: every command, with what it does; those over commits are `commandsOverCommits`.
    private static var commands: String {
        """
        USAGE
          bench [options]                 run every measurement and count, judge, write a results file
          bench --list [list options]     print the operations each limit is judged on and the names
                                          a run would measure and count, and exit
          bench report FILE [--format text|json|markdown|html | --benchmarks-md]
                                          render a results file again
          bench validate FILE             check a results file's schema and internal consistency
          bench compare OLD NEW [compare options]
                                          compare two results files, measurement by measurement
          bench export FILE --to bmf|github-action-benchmark
                                          write a results file as Bencher Metric Format or as
                                          github-action-benchmark's customSmallerIsBetter JSON
          bench merge FILE... --out FILE [--instructions-from FILE]
                                  merge runs of one build made one after another (alternating
                                  with another build's, see scripts/interleaved-runs) into one
                                  file of all their forks; --instructions-from takes the counts of
                                  another run of the same build
          bench profile \(ProfileOption.usage(ProfileOption.all))
                                  each selected measurement under callgrind, collected only over its
                                  counted calls: per measurement callgrind.out.gz, functions.tsv.gz
                                  and functions.txt (self and inclusive instructions and calls per
                                  operation, names demangled, the share attributed), and perf's
                                  samples of its timed loop (cpu-clock, frame-pointer stacks) as
                                  stacks.folded.gz, flamegraph.svg and speedscope.json.gz; prints the top
                                  \(ProfileTable.terminalRows) of each (default DIR: .build/profiles/<UTC yyyyMMdd-HHmmss>;
                                  an existing DIR is refused); --no-samples leaves perf out: the
                                  callgrind half alone, exact and quicker
          bench profile diff OLD_DIR NEW_DIR [--out DIR]
                                  per measurement, the functions whose self instructions per
                                  operation moved most between two profiles of the same measurements;
                                  with --out, a differential flame graph of each (red grew, blue shrank)
          bench profile markdown DIR...   profile directories as BENCHMARKS.md's section of profiles
                                  (scripts/benchmarks-md appends it)
        """
    }

    /// USAGE, continued: the commands that read many results files or build other commits.
    private static var commandsOverCommits: String {
        """
          bench history \(HistoryOption.usage(HistoryOption.all))
                                  every results file of DIR (default: results) in commit order: the
                                  key measurements' medians with 95% CIs (or those PATTERN picks, as
                                  --filter does), the limits' verdicts and the decision; json gives
                                  what scripts/history plots
          bench bisect GOOD BAD \(BisectOption.usage(BisectOption.all))
                                  the commits on the first-parent path from GOOD to BAD where the
                                  instructions per operation of the selected measurements moved
                                  beyond the threshold (default: compare's, 1%): each commit tested
                                  is built in one reusable worktree under .build/bisect and counted
                                  once (bench profile --no-samples, kept in a cache there); names
                                  each culprit, the counts before and after, the functions that
                                  moved most, and writes a differential flame graph of each into
                                  DIR (default: .build/bisect/<UTC yyyyMMdd-HHmmss>); each
                                  culprit's moves are counted under other hash seeds by the kept
                                  builds of it and of the commit before, and judged as compare
                                  judges a count that moved (--as-recorded: not); exit 0 when it
                                  named culprits, 1 when no count moved. --time bisects by wall
                                  time instead, for a change counts do not show: each probe times
                                  its commits' benches together, one process each in a new random
                                  order every round, N forks each (default 6), and compare's rule
                                  (beyond --threshold, default 5%) calls each pair slower or faster;
                                  a pair within ±threshold is still; a pair it cannot tell is timed
                                  again with twice the forks, up to M (default 48), and then
                                  reported as a range it could not split; each process's results
                                  file is kept under DIR; exit 0 when it named culprits, 1 when none
          bench build REVISION    the path of REVISION's bench, checked out and built as a bisection
                                  builds each commit, in .build/bisect/tree, and kept under
                                  .build/bisect/builds (the release gate's baseline comes from
                                  here); exit 1 when REVISION does not build; a bisection, a
                                  build and the release gate hold that worktree one at a time
                                  (exit 2 while another holds .build/bisect/lock)
          bench count-seeds REQUEST [--spec DIR]
                                  count the measurements REQUEST names (a JSON file, as bench
                                  compare writes it for another commit's kept build) under random
                                  hash seeds, two each and six where a count moved a little there,
                                  and print them as JSON; compare asks it where a count moved
          bench --help                    print this text
        """
    }

    /// The options of a run, a listing, a report and a comparison, and how values are written.
    private static var options: String {
        """
        OPTIONS OF A RUN
        \(RunOption.helpSection(RunOption.all))

        LIST OPTIONS
          \(names(RunOption.forList)), as for a run.

        REPORT OPTIONS
        \(ReportOption.helpSection(ReportOption.all))

        COMPARE OPTIONS
          Time is judged on the thread's CPU clock where both files recorded it (load stretches wall
          time, not the thread's), else on the monotonic clock, each fork's median one vote. A
          measurement is slower (faster) only when the 95% interval of the ratio NEW/OLD of the forks'
          medians (Hodges-Lehmann, Moses's distribution-free interval) lies above (below) 1, the
          Mann-Whitney U test of the forks' medians gives p < 0.05 after Holm's adjustment, and the
          ratio is beyond the threshold; it is the same when the interval's upper end is within the
          threshold; otherwise it cannot tell (so too wherever a file took its samples in one process). Where both
          files counted instructions, counts that moved decide slower or faster against their own
          threshold; one that moved is believed only as far as its spread under other hash seeds
          allows, counted first by each file's build where it is at hand (this bench for a file of its
          own commit, else one kept by bench build) and kept beside that build, so a second comparison
          counts nothing again. A count that did not move (within 0.1% at the fixed hash seed) clears
          nothing: a time slower by its own tests is slower, 'instructions unmoved: memory, kernel or
          waiting'. Body re-run counts are compared exactly; allocations per operation too.
        \(CompareOption.helpSection(CompareOption.all))
          A file of an older schema is read as one of this bench's (results/README.md says what each
          changed); another CPU, toolchain, allocator, build or limits file is warned about on
          standard error, and compared anyway.

        Values go as '--option value' or '--option=value'; each option at most once; '--' ends options.
        """
    }

    /// EXIT STATUS: what each status means, for a run and for the other commands.
    private static var exitStatus: String {
        """
        EXIT STATUS
          0  every limit passed, or with limits of version 3 a shape ships (for report, validate and
             export: the file was read and is valid;
             for compare: compared, and with --fail-on-regression no regression, and every
             measurement a change or the same)
          1  a limit failed, was undecided or was not judged (for compare: a regression, with
             --fail-on-regression)
          2  a usage or input error, said in one line on standard error
          3  too noisy to decide: a limit the decision needed was still undecided at its last look on
             forks that waited for a CPU, or knew their own ratios, past the limits file's noise
             bounds (another process had the machine); nothing ships and nothing failed: run again
             on a quiet machine (for compare, with --fail-on-regression: no regression, and a
             measurement that cannot tell)
        """
    }

    /// The options' names as a sentence lists them: `--filter, --spec and --limits`.
    private static func names<Options>(_ options: [CommandOption<Options>]) -> String {
        let names = options.map(\.name)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
