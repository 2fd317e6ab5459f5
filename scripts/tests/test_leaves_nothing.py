"""A run leaves nothing behind: an interrupted run ends its forks and removes its temporary files, and
no command leaves anything in the temporary directory. Runs the bench that scripts/test built
(BENCH_EXECUTABLE, else .build/tests/release/bench). From the root:
python3 -m unittest discover -s scripts/tests"""
import glob
import os
import shutil
import signal
import subprocess
import tempfile
import unittest

from built_bench import BENCH, ROOT, require_bench
from waiting import wait_for


def processes():
    """Every live process's (pid, parent pid, command line, environment), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                words = cmdline.read().split(b"\0")
            with open(f"/proc/{entry}/environ", "rb") as environ:
                variables = environ.read().split(b"\0")
        except OSError:
            continue
        if fields[0] == "Z":
            continue
        found.append((int(entry), int(fields[1]), b" ".join(words).decode(errors="replace"),
                      [v.decode(errors="replace") for v in variables]))
    return found


def children_of(pid):
    """The live processes the bench of `pid` started: its children, and those told it is their parent
    (a callgrind child's environment names it, as /proc still shows after the child took it out)."""
    tag = f"BENCH_PARENT_PID={pid:010d}"
    return [p for p in processes() if p[1] == pid or tag in p[3]]


class LeavesNothingTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_bench()

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="leaves-nothing.")
        self.tmpdir = os.path.join(self.scratch, "tmp")
        os.mkdir(self.tmpdir)
        self.out = os.path.join(self.scratch, "out")
        os.mkdir(self.out)
        self.environment = dict(os.environ, TMPDIR=self.tmpdir)

    def tearDown(self):
        shutil.rmtree(self.scratch, ignore_errors=True)

    def start(self, arguments, program=None):
        return subprocess.Popen(program or [BENCH, *arguments], env=self.environment, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def first_fork(self, bench):
        """Waits until the bench of `bench` runs its first fork, and returns the fork's pid."""
        def fork():
            return next((p[0] for p in children_of(bench.pid) if "child fork --fork=1/" in p[2]), None)
        return wait_for(fork, 120, "the first fork started")

    def assert_left_nothing(self, pid):
        wait_for(lambda: not children_of(pid), 15, f"every process of the run of {pid} ended")
        self.assertEqual(os.listdir(self.tmpdir), [], "the run's temporary directory is empty")

    def test_sigterm_during_the_first_fork_ends_it_and_removes_every_temporary_file(self):
        results = os.path.join(self.out, "run.json")
        bench = self.start(["--forks", "3", "--out", results])
        self.first_fork(bench)
        self.assertTrue(glob.glob(os.path.join(self.tmpdir, "bench-forks.*")), "the forks' directory exists while they run")
        bench.send_signal(signal.SIGTERM)
        _, error = bench.communicate(timeout=60)
        self.assertEqual(bench.returncode, 128 + signal.SIGTERM, error)
        last = error.strip().splitlines()[-1]
        self.assertIn("interrupted by SIGTERM while measuring, fork 1 of 3", last)
        self.assertIn("ended 1 child process", last)
        self.assertFalse(os.path.exists(results), "no results file written")
        self.assert_left_nothing(bench.pid)

    def test_sigterm_while_counting_ends_the_callgrind_children_and_removes_their_directories(self):
        bench = self.start(["--quick", "--instructions", "--filter", "phase.read.tracked*"])

        def counting():
            return next((p for p in children_of(bench.pid) if "child count-instructions" in p[2]), None)

        child = wait_for(counting, 120, "a counting child started under callgrind")
        dumps = next(word.split("=", 1)[1] for word in child[2].split() if word.startswith("--dumps="))
        self.assertTrue(os.path.isdir(dumps))
        bench.send_signal(signal.SIGTERM)
        _, error = bench.communicate(timeout=60)
        self.assertEqual(bench.returncode, 128 + signal.SIGTERM, error)
        self.assertIn("interrupted by SIGTERM while counting instructions under callgrind", error)
        self.assert_left_nothing(bench.pid)
        self.assertFalse(os.path.exists(dumps), f"{dumps} removed")

    def test_sigint_and_sighup_end_the_run_as_sigterm_does(self):
        for number in (signal.SIGINT, signal.SIGHUP):
            with self.subTest(signal=number.name):
                bench = self.start(["--forks", "2", "--filter", "phase.read.*"])
                self.first_fork(bench)
                bench.send_signal(number)
                _, error = bench.communicate(timeout=60)
                self.assertEqual(bench.returncode, 128 + number, error)
                self.assertIn(f"interrupted by {number.name}", error)
                self.assert_left_nothing(bench.pid)

    def test_a_fork_ends_itself_when_the_bench_is_killed(self):
        bench = self.start(["--forks", "2", "--filter", "phase.read.*"])
        fork = self.first_fork(bench)
        bench.kill()
        bench.communicate(timeout=30)
        wait_for(lambda: all(p[0] != fork for p in processes()), 10, f"fork {fork} ended with its parent")

    def test_a_child_whose_parent_is_already_gone_exits_at_once(self):
        # The parent it names is not its parent: as if it had died before the child could ask to end with it.
        records = os.path.join(self.out, "fork.json")
        child = subprocess.run([BENCH, "child", "fork", "--fork=1/1", f"--records={records}", "--order-seed=1", "--quick", "--filter=phase.read.*"],
                               env=dict(self.environment, BENCH_PARENT_PID="0000000001"), capture_output=True, timeout=60)
        self.assertEqual(child.returncode, 128 + signal.SIGTERM)
        self.assertFalse(os.path.exists(records), "it measured nothing")

    def test_interleaved_runs_ends_the_run_it_is_making(self):
        script = os.path.join(ROOT, "scripts", "interleaved-runs")
        runs = os.path.join(self.out, "runs")
        program = [script, "--out", runs, "--rounds", "1", "--forks", "2", "--merger", BENCH, f"a={BENCH} --filter phase.read.*"]
        runner = self.start([], program=program)

        def bench():
            if runner.poll() is not None:
                raise AssertionError(f"the script ended ({runner.returncode}) before its run: {runner.stderr.read()}")
            return next((p[0] for p in processes() if p[1] == runner.pid and p[2].startswith(BENCH)), None)

        pid = wait_for(bench, 60, "the script started a run")
        wait_for(lambda: any("child fork" in p[2] for p in children_of(pid)), 120, "the run's first fork started")
        runner.send_signal(signal.SIGTERM)
        _, error = runner.communicate(timeout=60)
        self.assertEqual(runner.returncode, 128 + signal.SIGTERM, error)
        self.assertIn("interleaved-runs: interrupted by SIGTERM", error)
        wait_for(lambda: all(p[0] != pid for p in processes()), 15, "the bench it ran ended")
        self.assert_left_nothing(pid)
        self.assertEqual(os.listdir(runs), [], "no run's file written")

    def test_no_command_leaves_anything_in_the_temporary_directory(self):
        run = os.path.join(self.out, "run.json")
        merged = os.path.join(self.out, "merged.json")
        quick = ["--quick", "--forks", "2", "--filter", "phase.read.*"]
        commands = [
            ["--help"],
            ["--list"],
            [*quick, "--out", run],
            ["report", run, "--format", "html"],
            ["validate", run],
            ["compare", run, run],
            ["export", run, "--to", "bmf"],
            ["merge", run, run, "--out", merged],
            ["history", "--results", self.out],
            ["--quick", "--instructions", "--filter", "phase.read.tracked*", "--shape", "stored", "--out", os.path.join(self.out, "counted.json")],
            ["profile", "--filter", "phase.read.tracked*", "--shape", "stored", "--out", os.path.join(self.out, "profile")],
            ["profile", "diff", os.path.join(self.out, "profile"), os.path.join(self.out, "profile"), "--out", os.path.join(self.out, "diff")],
            ["profile", "markdown", os.path.join(self.out, "profile")],
            ["no-such-command"],
        ]
        for arguments in commands:
            with self.subTest(command=" ".join(arguments)):
                result = subprocess.run([BENCH, *arguments], env=self.environment, cwd=ROOT, capture_output=True, text=True, timeout=900)
                self.assertIn(result.returncode, (0, 1, 2), result.stderr)
                if arguments != ["no-such-command"]:
                    self.assertIn(result.returncode, (0, 1), result.stderr)
                self.assertEqual(os.listdir(self.tmpdir), [], f"bench {' '.join(arguments)} left {os.listdir(self.tmpdir)}")
        self.assertEqual(sorted(os.listdir(self.out)), ["counted.json", "diff", "merged.json", "profile", "run.json"],
                         "nothing beside what was asked for")


if __name__ == "__main__":
    unittest.main()
