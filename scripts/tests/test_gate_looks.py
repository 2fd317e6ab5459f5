"""scripts/gate-looks: a measurement decided at one look keeps its verdict; what cannot tell is looked at
again, by name; a slower measurement or a changed count fails. From the root:
python3 -m unittest discover -s scripts/tests"""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "gate-looks")


def measurement(name, verdict, shape="derived"):
    return {"key": {"name": name, "strategy": shape}, "verdict": verdict, "ratio": 1.01,
            "ratioInterval": {"lower": 0.97, "upper": 1.07}, "reason": "r", "clock": "threadCPU"}


class GateLooksTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="gate-looks.")
        self.state = os.path.join(self.directory, "looks.json")

    def tearDown(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def look(self, number, measurements, regressions=()):
        path = os.path.join(self.directory, f"compare-{number}.json")
        with open(path, "w") as file:
            json.dump({"measurements": measurements, "regressions": list(regressions)}, file)
        result = subprocess.run([SCRIPT, self.state, path, str(number)], capture_output=True, text=True, check=True)
        return result.stdout.split(" ", 2)

    def test_what_a_look_decided_stays_decided(self):
        self.assertEqual(self.look(1, [measurement("a(x)", "same"), measurement("b(y)", "cannot tell")]), ["more", "1", "b(y)\n"])
        # The wider intervals of look 2 make a(x) cannot tell; it was the same at look 1, and stays so.
        self.assertEqual(self.look(2, [measurement("a(x)", "cannot tell"), measurement("b(y)", "same")]), ["pass", "0", "-\n"])
        with open(self.state, encoding="utf-8") as file:
            state = json.load(file)
        self.assertEqual({name: v["look"] for name, v in state["verdicts"].items()}, {"a(x) [derived]": 1, "b(y) [derived]": 2})

    def test_names_that_cannot_tell_become_one_filter(self):
        outcome = self.look(1, [measurement("a(x)", "cannot tell"), measurement("a(x)", "cannot tell", "root"),
                                measurement("c(z)", "cannot tell")])
        self.assertEqual(outcome, ["more", "3", "a(x)|c(z)\n"])

    def test_slower_or_a_changed_count_fails(self):
        self.assertEqual(self.look(1, [measurement("a(x)", "slower")], ["a(x) [derived]: slower by CPU time"])[0], "fail")
        os.remove(self.state)
        self.assertEqual(self.look(1, [measurement("a(x)", "same")], ["s(t) [derived] body: re-runs 1 -> 2"])[0], "fail")


if __name__ == "__main__":
    unittest.main()
