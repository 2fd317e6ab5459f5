"""scripts/curve-spreads: a later point of a curve whose spread is in a wider band than its first
point's is named, by the bands bench compare uses. From the root:
python3 -m unittest discover -s scripts/tests"""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "curve-spreads")


def measurement(name, fixed, others, shape="root"):
    return {"name": name, "strategy": shape, "instructionsPerOperation": fixed, "instructionsUnderOtherHashSeeds": others}


class CurveSpreadsTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="curve-spreads.")

    def tearDown(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def file(self, name, measurements):
        path = os.path.join(self.directory, name)
        with open(path, "w") as file:
            json.dump({"measurements": measurements}, file)
        return path

    def spreads(self, *paths):
        return subprocess.run([SCRIPT, *paths], capture_output=True, text=True, timeout=60)

    def test_a_later_point_that_wanders_where_its_first_is_still_is_named(self):
        path = self.file("a.json", [
            measurement("commit.x(largest-strict, 1 handle)", 1000.0, [1000.0, 1000.0]),
            measurement("commit.x(largest-strict, 10 handles)", 1000.0, [1020.0, 1000.0]),  # 2 %: wanders
            measurement("commit.x(largest-strict, 100 handles)", 1000.0, [1000.0, 1000.05]),  # 0.005 %: still
            measurement("commit.x(largest-strict, 1 handle)", 1000.0, [1005.0], shape="stored"),  # 0.5 %: moved
            measurement("commit.x(largest-strict, 10 handles)", 1000.0, [1001.0], shape="stored"),  # 0.1 %: moved
            measurement("verdict.walk(largest-strict)", 1000.0, [1500.0]),  # no curve
        ])
        done = self.spreads(path)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "3 later points in 1 files")
        self.assertEqual(lines[1], "spread wider than the curve's first point's: 2 (67%)")
        self.assertEqual(lines[2], "in a wider band than the first point's: 1 (33%)")
        self.assertIn("of which wander (over 1 %) where the first point does not: 1, in 1 of 1 files, up to 2.0%", lines[3])
        self.assertEqual(len(lines), 5, done.stdout)
        self.assertIn("commit.x(largest-strict, 10 handles) [root]: wanders 2.000%, where commit.x(largest-strict, 1 handle) is still 0.000%", lines[4])

    def test_the_fixture_multiples_are_a_curve_from_the_smallest(self):
        path = self.file("b.json", [
            measurement("phase.read.tracked(largest-strict, 2x fixture)", 100.0, [100.5]),
            measurement("phase.read.tracked(largest-strict, 1/4x fixture)", 100.0, [100.0]),
            measurement("phase.read.tracked(largest-strict, 1x fixture)", 100.0, [100.0]),
        ])
        done = self.spreads(path)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("2 later points in 1 files", done.stdout)
        self.assertIn("2x fixture) [root]: moved 0.500%, where phase.read.tracked(largest-strict, 1/4x fixture) is still", done.stdout)

    def test_files_with_no_curve_counted_under_other_seeds_are_refused(self):
        path = self.file("c.json", [measurement("commit.x(largest-strict, 10 handles)", 1000.0, None)])
        done = self.spreads(path)
        self.assertEqual(done.returncode, 2)
        self.assertIn("no file named has a curve counted under other seeds", done.stderr)

    def test_a_file_that_is_not_there_is_named(self):
        done = self.spreads(os.path.join(self.directory, "missing.json"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("missing.json", done.stderr)


if __name__ == "__main__":
    unittest.main()
