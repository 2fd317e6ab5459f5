"""scripts/decision-proof's reading of its runs (scripts/prooflib) over synthetic results files, and the
whole proof with a fake bench (no bench is built or run). From the root:
python3 -m unittest discover -s scripts/tests"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from prooflib.arms import DEFAULT, Arm, parse_arms  # noqa: E402
from prooflib.calibration import calibrate, injection, with_injections  # noqa: E402
from prooflib.report import Run, report  # noqa: E402
from prooflib.results import (LAND, fork_groups, fork_ratios, machine_signals, measurement,  # noqa: E402
                              own_ratio_spread, realized_ratio, relative_half_width)
from prooflib.rules import judge  # noqa: E402
from proof_fixtures import JITTER, results, write  # noqa: E402
from test_machine_load import loops_of, wait_for  # noqa: E402

SCRIPT = os.path.join(ROOT, "scripts", "decision-proof")
FAKE_BENCH = os.path.join(ROOT, "scripts", "tests", "fake_bench.py")


class ArmsTest(unittest.TestCase):
    def test_the_default_arms_are_quiet_steady_and_pulsed_each_without_and_at_the_margin(self):
        arms = parse_arms(DEFAULT)
        self.assertEqual([arm.name for arm in arms], ["quiet:none", "quiet:1.05", "steady:none", "steady:1.05", "pulsed:none", "pulsed:1.05"])
        self.assertEqual(arms[3], Arm("steady", 1.05))
        self.assertEqual(arms[3].stem, "steady-1.05")

    def test_a_bare_none_is_quiet_and_the_old_raw_fractions_are_refused(self):
        self.assertEqual(parse_arms("none,quiet:1.1"), [Arm("quiet", None), Arm("quiet", 1.10)])
        with self.assertRaisesRegex(ValueError, "raw fraction.*quiet:1.05"):
            parse_arms("0.05")
        for bad in ("busy:none", "quiet:0.95", "quiet", "quiet:none,quiet:none"):
            with self.assertRaises(ValueError, msg=bad):
                parse_arms(bad)


class ResultsTest(unittest.TestCase):
    def test_forks_split_the_samples_on_each_clock_alike(self):
        document = results(wall_ratios=[1.0, 1.1, 1.2])
        root = measurement(document, LAND, "root")
        for clock in ("wall", "threadCPU"):
            groups = fork_groups(root, clock)
            self.assertEqual([len(g) for g in groups], [len(JITTER)] * 3, clock)
        self.assertEqual(fork_groups(root, "wall")[1], root["samples"][len(JITTER):2 * len(JITTER)])
        self.assertIsNone(fork_groups(measurement(results(thread_cpu=False), LAND, "root"), "threadCPU"))

    def test_a_measurement_without_forks_is_one_fork(self):
        root = {"samples": [1.0, 2.0, 3.0], "forks": None}
        self.assertEqual(fork_groups(root), [[1.0, 2.0, 3.0]])

    def test_the_realized_ratio_is_the_median_of_fork_ratios_on_each_clock(self):
        document = results(wall_ratios=[1.00, 1.10, 1.02, 1.30, 1.01], cpu_ratios=[1.05, 1.04, 1.06, 1.05, 2.0])
        self.assertAlmostEqual(realized_ratio(document, "wall"), 1.02)
        self.assertAlmostEqual(realized_ratio(document, "threadCPU"), 1.05)
        self.assertEqual(len(fork_ratios(document, clock="threadCPU")), 5)
        self.assertIsNone(realized_ratio(results(thread_cpu=False), "threadCPU"))

    def test_a_forks_own_spread_adds_both_sides_in_quadrature(self):
        # Nine samples: the 95 % interval of the median is from the second least to the second most (96.1 %).
        self.assertAlmostEqual(relative_half_width(JITTER), (1.03 - 0.98) / 2 / 1.00)
        self.assertAlmostEqual(relative_half_width([1.0, 2.0, 4.0]), (4.0 - 1.0) / 2 / 2.0, msg="too few: least to most")
        self.assertAlmostEqual(own_ratio_spread(results(), "wall"), 2 ** 0.5 * 0.025)

    def test_machine_signals_are_medians_over_forks_skipping_the_unknown(self):
        signals = machine_signals(results(wall_ratios=[1.0] * 4))
        self.assertAlmostEqual(signals["runQueueShare"], 0.025)
        self.assertAlmostEqual(signals["involuntaryPerSecond"], 25.0)
        self.assertAlmostEqual(signals["cpuPressureShare"], 0.02)
        self.assertEqual(signals["stealShare"], 0.0)
        self.assertEqual(set(machine_signals(results(fork_loads=False)).values()), {None})


class CalibrationTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="decision-proof.")

    def tearDown(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def test_the_ratio_is_the_median_over_all_forks_on_the_thread_cpu_clock(self):
        first = write(os.path.join(self.directory, "a.json"), results(wall_ratios=[1.2, 1.2, 1.2], cpu_ratios=[0.98, 0.99, 0.97]))
        second = write(os.path.join(self.directory, "b.json"), results(wall_ratios=[1.2, 1.2], cpu_ratios=[0.99, 1.00]))
        calibration = calibrate([first, second])
        self.assertEqual(calibration["clock"], "threadCPU")
        self.assertAlmostEqual(calibration["ratio"], 0.99)
        self.assertEqual(len(calibration["forkRatios"]), 5)
        self.assertEqual(calibration["notes"], [])

    def test_without_thread_cpu_samples_it_falls_back_to_the_wall_clock_and_says_so(self):
        path = write(os.path.join(self.directory, "a.json"), results(wall_ratios=[1.01] * 3, thread_cpu=False))
        calibration = calibrate([path])
        self.assertEqual(calibration["clock"], "wall")
        self.assertAlmostEqual(calibration["ratio"], 1.01)
        self.assertIn("wall clock", calibration["notes"][0])

    def test_the_injection_aims_at_the_target_from_this_machines_ratio(self):
        self.assertAlmostEqual(injection(0.99, 1.05), 1.05 / 0.99 - 1)
        self.assertAlmostEqual(injection(1.0, 1.10), 0.10)
        self.assertIsNone(injection(1.06, 1.05), "a build beyond the target runs with no injection")
        self.assertIsNone(injection(1.05, 1.05))
        filled = with_injections({"ratio": 0.99, "injections": {}}, [1.02, 1.05])
        self.assertEqual(sorted(filled["injections"]), ["1.02", "1.05"])


QUIET, QUIET_5, STEADY, STEADY_5, PULSED_5 = (Arm("quiet", None), Arm("quiet", 1.05), Arm("steady", None),
                                              Arm("steady", 1.05), Arm("pulsed", 1.05))


class RulesTest(unittest.TestCase):
    def test_proof_that_holds(self):
        found = judge({QUIET: ["root"] * 3, QUIET_5: ["incremental"] * 3, STEADY: ["root", "tooNoisy", "root"],
                       STEADY_5: ["incremental", "tooNoisy", "tooNoisy"]}, 3)
        self.assertEqual(found.problems, [])

    def test_root_shipping_at_the_margin_fails_under_any_load(self):
        for arm in (QUIET_5, STEADY_5, PULSED_5):
            found = judge({QUIET_5: ["incremental"] * 3, arm: ["incremental", "root", "incremental"]}, 3)
            self.assertTrue(any("root shipped in 1 of 3" in p and arm.name in p for p in found.problems), (arm, found.problems))

    def test_a_quiet_run_without_injection_that_does_not_ship_root_fails(self):
        for other in ("incremental", "tooNoisy", "undecided"):
            found = judge({QUIET: ["root", other, "root"]}, 3)
            self.assertEqual(len(found.problems), 1, other)
            self.assertIn("quiet:none: root shipped in 2 of 3", found.problems[0])

    def test_under_load_a_run_with_another_decision_than_quiets_fails(self):
        found = judge({QUIET: ["root"] * 3, STEADY: ["root", "incremental", "tooNoisy"]}, 3)
        self.assertEqual(len(found.problems), 1)
        self.assertIn("steady:none: 1 of 3 runs decided incremental 1", found.problems[0])

    def test_quiet_runs_that_disagree_are_noted_and_loaded_runs_may_give_either(self):
        found = judge({QUIET_5: ["incremental", "derived"], STEADY_5: ["derived", "incremental"]}, 2)
        self.assertEqual(found.problems, [])
        self.assertIn("disagree", found.notes[0])

    def test_within_the_margin_root_ships_in_all_quiet_runs_but_one(self):
        within = Arm("quiet", 1.02)
        self.assertEqual(judge({within: ["root", "root", "incremental"]}, 3).problems, [])
        self.assertEqual(len(judge({within: ["root", "incremental", "incremental"]}, 3).problems), 1)

    def test_an_arm_far_from_its_target_is_flagged_not_failed(self):
        found = judge({QUIET_5: ["incremental"]}, 1, {QUIET_5: [1.03, 1.04, 1.035]})
        self.assertEqual(found.problems, [])
        self.assertIn("1.035x", found.flags[0])
        self.assertEqual(judge({QUIET_5: ["incremental"]}, 1, {QUIET_5: [1.045, 1.055, 1.052]}).flags, [])

    def test_the_report_says_too_noisy_and_passes(self):
        runs = [Run(1, QUIET, None, results()), Run(1, STEADY, None, results(shape=None, outcome="tooNoisy"))]
        text, found = report(runs, [QUIET, STEADY], 1)
        self.assertEqual(found.problems, [])
        self.assertIn("too noisy", text)
        self.assertTrue(text.endswith("decision-proof: PASS"))


class DecisionProofScriptTest(unittest.TestCase):
    """The whole script, with a fake bench (scripts/tests/fake_bench.py) in place of the real one."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="decision-proof.")

    def tearDown(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def proof(self, *arguments, **environment):
        return subprocess.run([SCRIPT, "--bench", FAKE_BENCH, *arguments, self.directory], cwd=ROOT, capture_output=True,
                              text=True, timeout=120, env={**os.environ, **environment})

    def test_a_machine_below_stored_is_calibrated_and_every_arm_holds(self):
        done = self.proof("--runs", "2", "--arms", "quiet:none,quiet:1.05,steady:1.05", FAKE_BENCH_RATIO="0.98")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        with open(os.path.join(self.directory, "calibration.json")) as file:
            calibration = json.load(file)
        self.assertAlmostEqual(calibration["ratio"], 0.98, places=3)
        self.assertAlmostEqual(calibration["injections"]["1.05"], 1.05 / calibration["ratio"] - 1)
        self.assertIn("calibration-run.json", calibration["files"])
        self.assertIn("decision-proof: PASS", done.stdout)
        self.assertIn("steady-1.05-2.json", os.listdir(self.directory))

    def test_a_resumed_proof_reuses_its_calibration_and_its_runs(self):
        log = os.path.join(self.directory, "bench.log")
        self.assertEqual(self.proof("--runs", "1", "--arms", "quiet:1.05", FAKE_BENCH_LOG=log).returncode, 0)
        done = self.proof("--runs", "2", "--arms", "quiet:1.05", FAKE_BENCH_LOG=log)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("reusing", done.stderr)
        with open(log) as file:
            lines = file.read().splitlines()
        self.assertEqual(len(lines), 3, "calibration, then one run each time")
        self.assertIn("--filter", lines[0])
        self.assertEqual(lines[1], lines[2], "the same injection from the same calibration")

    def test_root_shipping_at_the_margin_fails_the_proof(self):
        # A calibration that believes the build slower than it is injects too little.
        write(os.path.join(self.directory, "calibration.json"), {"metric": LAND, "clock": "threadCPU", "ratio": 1.04,
                                                                 "forkRatios": [1.04], "files": [], "notes": [], "injections": {}})
        done = self.proof("--runs", "1", "--arms", "quiet:1.05")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("root shipped in 1 of 1", done.stdout)
        self.assertIn("flag: quiet:1.05", done.stdout)

    def test_old_arms_are_refused_before_any_run(self):
        done = self.proof("--arms", "none,0.05")
        self.assertEqual(done.returncode, 2)
        self.assertIn("quiet:1.05", done.stderr)
        self.assertEqual(os.listdir(self.directory), [])

    def test_a_proof_ended_by_sigterm_during_a_loaded_run_leaves_no_loop_and_no_part_file(self):
        proof = subprocess.Popen([SCRIPT, "--bench", FAKE_BENCH, "--runs", "1", "--arms", "steady:none", self.directory], cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "FAKE_BENCH_SLEEP": "60"})
        try:
            helper = wait_for(lambda: machine_load_under(proof.pid), 20, "the load helper started")
            wait_for(lambda: len(loops_of(helper)) == os.cpu_count(), 20, "a busy loop per core")
            proof.send_signal(signal.SIGTERM)
            self.assertEqual(proof.wait(timeout=20), 128 + signal.SIGTERM)
        finally:
            if proof.poll() is None:
                proof.kill()
                proof.wait()
            proof.stderr.close()
        self.assertEqual(loops_of(helper), [])
        self.assertFalse([name for name in os.listdir(self.directory) if name.endswith(".part")])


def machine_load_under(pid):
    """The pid of the scripts/machine-load that the process `pid` started, or None."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                words = cmdline.read().split(b"\0")
        except OSError:
            continue
        if parent == pid and any(word.endswith(b"machine-load") for word in words):
            return int(entry)
    return None


if __name__ == "__main__":
    unittest.main()
