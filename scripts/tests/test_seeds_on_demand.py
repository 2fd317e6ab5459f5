"""bench compare counts under other hash seeds what a comparison needs: a count that moved at the fixed
seed, in files that counted that seed alone, is counted by the files' own build (this bench, for files
of its own clean commit), the counts are kept beside the build, and the next comparison takes them
from there; --as-recorded counts nothing and leaves such a count to wall time. Runs the bench that
scripts/test built (BENCH_EXECUTABLE, else .build/tests/release/bench); needs valgrind, as
--instructions does. From the root: python3 -m unittest discover -s scripts/tests"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from built_bench import BENCH, ROOT, require_bench

FILTER = "phase.read.tracked(largest-strict)"


class SeedsOnDemandTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_bench()
        cls.directory = tempfile.mkdtemp(prefix="seeds-on-demand.")
        cls.old = os.path.join(cls.directory, "old.json")
        made = subprocess.run([BENCH, "--quick", "--instructions", "--filter", FILTER, "--shape", "stored", "--out", cls.old, "--quiet"],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
        if made.returncode not in (0, 1):
            raise AssertionError(f"the counted run failed: {made.stderr}")
        with open(cls.old) as file:
            cls.results = json.load(file)
        # The same run, its count 3 % higher: a count that moved.
        moved = json.loads(json.dumps(cls.results))
        moved["measurements"][0]["instructionsPerOperation"] *= 1.03
        cls.new = os.path.join(cls.directory, "new.json")
        with open(cls.new, "w") as file:
            json.dump(moved, file)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.directory, ignore_errors=True)

    def compare(self, *options):
        return subprocess.run([BENCH, "compare", self.old, self.new, *options], cwd=ROOT, capture_output=True, text=True, timeout=600)

    def test_a_run_counts_the_fixed_seed_alone(self):
        self.assertTrue(all(m["instructionsPerOperation"] for m in self.results["measurements"]))
        self.assertTrue(all(m.get("instructionsUnderOtherHashSeeds") is None for m in self.results["measurements"]))
        self.assertTrue(any(clause.startswith("instructionsUnderOtherHashSeeds: not counted") for clause in self.results["method"]))

    def test_a_count_that_moved_is_counted_by_its_build_and_kept_for_the_next_comparison(self):
        if self.results["environment"]["dirtyTree"] is not False:
            self.skipTest("the checkout is dirty: no build is known to be the file's (CI's fresh clone is clean)")
        first = self.compare()
        self.assertEqual(first.returncode, 0, first.stderr)
        lines = [line for line in first.stdout.splitlines() if line.startswith("seeds: ")]
        self.assertEqual(len(lines), 2, first.stdout)
        commit = self.results["environment"]["commit"][:7]
        # Both files are of one build, so NEW takes what OLD's counting kept, or both take earlier counts.
        self.assertRegex(lines[0], rf"^seeds: OLD \({commit}\): 1 count that moved at the fixed hash seed; "
                                   r"(1 counted under other hash seeds by this bench in \d+ s|1 taken from the counts kept in \.build/bisect/seeds/)")
        self.assertRegex(lines[1], rf"^seeds: NEW \({commit}\): 1 count that moved at the fixed hash seed; 1 taken from the counts kept in ")
        again = self.compare()
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertNotIn("counted under other hash seeds by", again.stdout, "the second comparison counts nothing")
        self.assertNotIn("counting", again.stderr)
        table = again.stdout.split("instructions per operation\n", 1)[1]
        self.assertRegex(table, r"1\.03×\s+±[0-9.]+%", "the spread is shown beside the ratio")

    def test_as_recorded_counts_nothing_and_leaves_a_moved_count_to_wall_time(self):
        recorded = self.compare("--as-recorded")
        self.assertEqual(recorded.returncode, 0, recorded.stderr)
        self.assertNotIn("seeds: ", recorded.stdout)
        self.assertIn("(decides: moved, no spread under other seeds)", recorded.stdout)


if __name__ == "__main__":
    unittest.main()
