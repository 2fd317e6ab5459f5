"""scripts/interleaved-runs: a side told --counts-once counts its body re-runs in its first run and takes
them in the others from that run's file; every run says which of all it is and the time left. Runs the
bench that scripts/test built (BENCH_EXECUTABLE, else .build/tests/release/bench). From the root:
python3 -m unittest discover -s scripts/tests"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from built_bench import BENCH, ROOT, require_bench

SCRIPT = os.path.join(ROOT, "scripts", "interleaved-runs")


class InterleavedRunsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_bench()

    def setUp(self):
        self.out = tempfile.mkdtemp(prefix="interleaved-runs.")

    def tearDown(self):
        shutil.rmtree(self.out, ignore_errors=True)

    def results(self, name):
        with open(os.path.join(self.out, name)) as file:
            return json.load(file)

    def runs(self, *arguments):
        side = f"{BENCH} --quick --filter verdict-read-value-changes"
        return subprocess.run([SCRIPT, "--out", self.out, "--rounds", "2", "--forks", "1", "--merger", BENCH, *arguments,
                               f"a={side}", f"b={side}"], cwd=ROOT, capture_output=True, text=True, timeout=600)

    def test_a_side_told_counts_once_takes_its_counts_from_its_first_run(self):
        done = self.runs("--counts-once", "a")
        self.assertEqual(done.returncode, 0, done.stderr)
        first, second = (self.results(f"a-{n}.json") for n in (1, 2))
        self.assertTrue(first["counts"], "the selection has counts to take")
        self.assertEqual(first["counts"], second["counts"])
        self.assertNotIn("body re-run counts taken from", "; ".join(first["method"]))
        self.assertIn(f"body re-run counts taken from {os.path.join(self.out, 'a-1.json')}, an earlier run of this build", second["method"])
        self.assertNotIn("counting", [phase["phase"] for phase in second["phases"]], "the second run counted nothing")
        other = self.results("b-2.json")
        self.assertNotIn("body re-run counts taken from", "; ".join(other["method"]), "b was not told to")
        self.assertIn("counting", [phase["phase"] for phase in other["phases"]])

    def test_every_run_says_which_of_all_it_is_and_the_time_left(self):
        done = self.runs()
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = [line for line in done.stderr.splitlines() if re.match(r"interleaved-runs: run \d+ of 4 ", line)]
        self.assertEqual([int(line.split()[2]) for line in lines], [1, 2, 3, 4], done.stderr)
        self.assertIn("time left known after the first run", lines[0])
        self.assertRegex(lines[1], r"about \d+ s left")

    def test_what_every_run_says_of_its_spec_is_said_once(self):
        done = self.runs()
        self.assertEqual(done.returncode, 0, done.stderr)
        spec = [line for line in done.stderr.splitlines() if "names a root field the data does not hold" in line]
        self.assertEqual(len(spec), 1, f"four runs of one checkout, one line: {spec}")
        self.assertRegex(done.stderr, r"interleaved-runs: \d+ lines the runs said again \(of their spec and limits\) said once above")
        merged = [line for line in done.stderr.splitlines() if line.startswith("bench: results written to")]
        self.assertEqual(len(merged), 4, "every run still says where it wrote")

    def test_a_pool_of_later_rounds_is_made_and_not_merged(self):
        side = f"{BENCH} --quick"
        done = subprocess.run([SCRIPT, "--out", self.out, "--rounds", "1", "--forks", "1", "--merger", BENCH, "--first-round", "3",
                               "--filter", "tracking-scope.empty", "--no-merge", f"a={side}", f"b={side}"],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(sorted(os.listdir(self.out)), ["a-3.json", "b-3.json"])
        self.assertEqual({m["name"] for m in self.results("a-3.json")["measurements"]}, {"tracking-scope.empty"})

    def test_fix_batches_times_every_later_run_in_the_first_runs_sizes(self):
        done = self.runs("--fix-batches", "a")
        self.assertEqual(done.returncode, 0, done.stderr)
        first = self.results("a-1.json")
        sizes = {(m["name"], m.get("strategy")): m["batches"]["size"] for m in first["measurements"]}
        clause = f"batch sizes not calibrated: each measurement took the size most of the forks of {os.path.join(self.out, 'a-1.json')} took"
        for name in ("a-1.json", "b-1.json"):
            self.assertNotIn("batch sizes not calibrated", "; ".join(self.results(name)["method"]), f"{name}: the first round calibrates")
        for name in ("a-2.json", "b-2.json"):
            run = self.results(name)
            self.assertTrue(any(each.startswith(clause) for each in run["method"]), f"{name}: {run['method']}")
            taken = {(m["name"], m.get("strategy")): m["batches"]["size"] for m in run["measurements"]}
            self.assertEqual(taken, sizes, f"{name} batched as a-1 did")

    def test_batch_sizes_a_file_that_is_not_there_is_refused_before_any_run(self):
        done = self.runs("--batch-sizes", os.path.join(self.out, "no-run.json"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("--batch-sizes: no file", done.stderr)
        self.assertEqual(os.listdir(self.out), [], "nothing was run")
        both = self.runs("--fix-batches", "a", "--batch-sizes", SCRIPT)
        self.assertEqual(both.returncode, 2)
        self.assertIn("give one", both.stderr)
        unknown = self.runs("--fix-batches", "c")
        self.assertEqual(unknown.returncode, 2)
        self.assertIn("no side is named 'c'", unknown.stderr)

    def test_counts_once_for_a_side_that_does_not_exist_is_refused(self):
        done = self.runs("--counts-once", "c")
        self.assertEqual(done.returncode, 2)
        self.assertIn("no side is named 'c'", done.stderr)
        self.assertEqual(os.listdir(self.out), [], "nothing was run")

    def test_a_merger_that_is_not_there_is_refused_before_any_run(self):
        done = self.runs("--merger", os.path.join(self.out, "no-bench"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("no bench to merge the runs at", done.stderr)
        self.assertEqual(os.listdir(self.out), [], "nothing was run")


if __name__ == "__main__":
    unittest.main()
