"""A run in forks records both clocks and what the machine did: every measurement's samples on the thread's
CPU clock beside the monotonic ones, one forkLoads entry per fork, and the limits of version 6 with their
clock and disturbance; `bench validate` holds a file to it. Runs the bench that scripts/test built
(BENCH_EXECUTABLE, else .build/tests/release/bench). From the root:
python3 -m unittest discover -s scripts/tests"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from built_bench import BENCH, ROOT, require_bench

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import resultslib  # noqa: E402

FILTER = "commit.field-errors.land"
LOAD_KEYS = {"fork", "seconds", "runQueueShare", "onCPUShare", "involuntarySwitches", "voluntarySwitches",
             "cpuPressureShare", "stealShare", "loadAverageAtStart", "loadAverageAtEnd"}


class TwoClocksTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        require_bench()
        cls.directory = tempfile.mkdtemp(prefix="two-clocks.")
        cls.path = os.path.join(cls.directory, "run.json")
        cls.made = subprocess.run([BENCH, "--quick", "--forks", "2", "--filter", FILTER, "--out", cls.path, "--quiet"],
                                 cwd=ROOT, capture_output=True, text=True, timeout=600)
        with open(cls.path) as file:
            cls.written = json.load(file)
        cls.results = resultslib.load(cls.path)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.directory, ignore_errors=True)

    def validate(self, results):
        path = os.path.join(self.directory, "changed.json")
        with open(path, "w") as file:
            json.dump(results, file)
        return subprocess.run([BENCH, "validate", path], cwd=ROOT, capture_output=True, text=True, timeout=120)

    def test_every_sample_is_timed_on_both_clocks(self):
        self.assertIn(self.made.returncode, (0, 1), self.made.stderr)
        self.assertGreaterEqual(self.results["schema"], 8)
        self.assertGreater(self.results["timer"]["threadCPUOverheadNanoseconds"], 0)
        measured = [m for m in self.results["measurements"] if FILTER in m["name"]]
        self.assertTrue(measured, "the filter selects the landing commits")
        for measurement in measured:
            cpu, wall = measurement["threadCPUSamples"], measurement["samples"]
            self.assertEqual(len(cpu), len(wall), measurement["name"])
            self.assertEqual(len(measurement["batches"]["threadCPUNanoseconds"]), len(wall), measurement["name"])
            self.assertTrue(all(sample > 0 for sample in cpu), f"{measurement['name']}: a commit takes CPU time")

    def test_the_samples_a_file_leaves_out_are_those_its_batches_give(self):
        omitted = [m for m in self.written["measurements"] if m["samples"] == [] and m["threadCPUSamples"] is None]
        self.assertEqual(len(omitted), len(self.written["measurements"]), "every sample of the run is given by its batches")
        for measurement in self.written["measurements"]:
            self.assertEqual(len(measurement["sampleTerms"]["overheadNanoseconds"]), 2, "each fork's own overhead")
        # The samples resultslib computes, written out in full with no terms to compute them from, are the
        # bench's: validate finds each summary's median, least and most in them exactly.
        explicit = json.loads(json.dumps(self.results))
        for measurement in explicit["measurements"]:
            measurement["sampleTerms"] = None
        checked = self.validate(explicit)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
        changed = json.loads(json.dumps(explicit))
        samples = changed["measurements"][0]["samples"]
        samples[samples.index(min(samples))] -= 1e-6
        self.assertNotEqual(self.validate(changed).returncode, 0, "the least sample off by a millionth of a nanosecond is caught")

    def test_every_fork_says_what_the_machine_did(self):
        loads = self.results["forkLoads"]
        self.assertEqual([load["fork"] for load in loads], [1, 2])
        for load in loads:
            self.assertEqual(set(load), LOAD_KEYS)
            self.assertGreater(load["seconds"], 0)
            # On Linux the kernel keeps schedstat: the share is read, and it is a share.
            self.assertIsNotNone(load["runQueueShare"])
            self.assertTrue(0 <= load["runQueueShare"] <= 1, load)
            self.assertGreaterEqual(load["involuntarySwitches"], 0)

    def test_the_ratios_name_their_clock_and_their_disturbance(self):
        limits = {limit["id"]: limit for limit in self.results["limits"]}
        self.assertEqual(limits["root-cost-land"]["clock"], "threadCPU")
        self.assertEqual(limits["phase-read"]["clock"], "wall")
        disturbance = limits["root-cost-land"]["disturbance"]
        self.assertEqual(set(disturbance) - {"ownRatioSpread"}, {"runQueueShare", "disturbed"})
        self.assertEqual(self.results["noise"]["runQueueShare"], 0.05)

    def test_validate_accepts_the_file_and_refuses_a_clock_cut_short(self):
        accepted = self.validate(self.results)
        self.assertEqual(accepted.returncode, 0, accepted.stdout + accepted.stderr)
        changed = json.loads(json.dumps(self.results))
        measurement = next(m for m in changed["measurements"] if FILTER in m["name"])
        measurement["threadCPUSamples"] = measurement["threadCPUSamples"][:-1]
        refused = self.validate(changed)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("on the thread's CPU clock", refused.stdout + refused.stderr)

    def test_validate_refuses_a_disturbance_the_forks_do_not_give(self):
        changed = json.loads(json.dumps(self.results))
        for load in changed["forkLoads"]:
            load["runQueueShare"] = 0.5
        refused = self.validate(changed)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("the disturbance recorded is not what the file's own forks give", refused.stdout + refused.stderr)


if __name__ == "__main__":
    unittest.main()
