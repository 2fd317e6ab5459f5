"""scripts/history's plots from a small JSON of `bench history --format json`'s shape (HistoryDocument.swift);
its tables are bench history's, tested in Swift. From the root: python3 -m unittest discover -s scripts/tests"""

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HISTORY = Path(__file__).resolve().parent.parent / "history"
READ = "phase.read.tracked(largest-strict)"
SHAPES = ["derived", "stored", "root", "incremental"]


def run(commit: str, date: str, strategies: list[str], quick: bool = False) -> dict:
    limit = {"id": "phase-read", "metric": READ, "strategy": "derived", "comparison": "lessThan", "symbol": "<",
             "threshold": 50000, "unit": "ns", "thresholdText": "50.0 µs", "verdict": "pass"}
    fit = {"name": "commit.cost(retained-handles)", "strategy": "stored", "slope": 1000.0, "intercept": -5.0, "rSquared": 1.0,
           "points": [{"x": 1, "y": 1000.0}, {"x": 1000, "y": 1e6}], "xUnit": "retained handle", "yUnit": "ns",
           "slopeText": "1.00 µs", "interceptText": "-5.00 ns"}
    measurements = [{"name": READ, "strategy": strategy, "median": m, "lower": m * 0.99, "upper": m * 1.01, "samples": [m * 0.98, m, m * 1.02],
                     "medianText": f"{m:g} ns", "text": f"{m:g} ns [..]"} for strategy, m in zip(strategies, (1e3, 2e3, 3e3, 4e3))]
    return {"file": f"{commit}.json", "environment": {"commit": commit * 40, "date": date}, "mode": "quick" if quick else "full",
            "tree": "dirty" if quick else "clean", "measurements": measurements, "fits": [fit],
            "limits": [limit, {**limit, "id": "root-commit", "threshold": None, "thresholdText": None, "verdict": "fail"}],
            "decision": {"outcome": "fallback", "ships": False, "text": "fallback"}}


def step(run: int, strategy: str, basis: str, verdict: str) -> dict:
    return {"name": READ, "strategy": strategy, "basis": basis, "verdict": verdict, "run": run, "since": run - 1,
            "file": f"{run}.json", "commit": str(run) * 40, "sinceFile": f"{run - 1}.json", "sinceCommit": str(run - 1) * 40,
            "before": 1e3, "after": 1.2e3, "ratio": 1.2, "lower": None, "upper": None, "beforeText": "1.00 µs",
            "afterText": "1.20 µs", "text": "1.20× slower"}


def history(schema: int = 3, steps: bool = True) -> dict:
    document = {"schema": schema, "samplesMeasurement": READ, "limits": ["phase-read", "root-commit"], "strategies": SHAPES,
                "measurements": [{"name": READ, "strategies": SHAPES, "shapesOverStored": ["derived", "root", "incremental"]}],
                "runs": [run("1", "2026-01-01T00:00:00Z", SHAPES[:2]), run("2", "2026-01-02T00:00:00Z", SHAPES, quick=True),
                         run("3", "2026-01-03T00:00:00Z", SHAPES)]}
    if schema >= 3:
        document["stepsRule"] = "instructions beyond ±1% on one toolchain; time (CPU clock where both runs have it) beyond ±5% by compare's rule on one machine"
        document["steps"] = [step(2, "stored", "instructions", "faster"), step(2, "derived", "wall time", "slower"),
                             step(2, "root", "CPU time", "slower")] if steps else []
        document["breaks"] = [{"run": 2, "since": 1, "file": "3.json", "commit": "3" * 40, "basis": "wall time", "field": "cpuModel",
                               "text": "not compared: another machine"}] if steps else []
    return document


class PlotTests(unittest.TestCase):
    def plot(self, document: dict, *extra: str) -> tuple[subprocess.CompletedProcess[str], Path]:
        directory = Path(self.enterContext(tempfile.TemporaryDirectory()))
        (directory / "history.json").write_text(json.dumps(document), encoding="utf-8")
        command = [sys.executable, str(HISTORY), "--json", str(directory / "history.json"), "--out", str(directory / "plots"), *extra]
        return subprocess.run(command, capture_output=True, text=True, timeout=600), directory / "plots"

    def test_each_shape_is_drawn_in_the_colour_the_history_gives_it_a_fifth_too(self) -> None:
        document = history(schema=4)
        shapes = SHAPES + ["root-copy"]
        colours = {"derived": "#2563eb", "stored": "#d97706", "root": "#7c3aed", "incremental": "#0891b2", "root-copy": "#16a34a"}
        document["strategies"], document["colours"] = shapes, colours
        document["measurements"][0]["strategies"] = shapes
        document["runs"][2]["measurements"].append({**document["runs"][2]["measurements"][-1], "strategy": "root-copy",
                                                       "median": 5e3, "lower": 4.95e3, "upper": 5.05e3, "samples": [4.9e3, 5e3, 5.1e3]})
        completed, out = self.plot(document)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        svg = (out / "measurements-over-commits.svg").read_text(encoding="utf-8")
        for shape, colour in colours.items():
            self.assertIn(colour, svg, f"{shape} in its colour")
        self.assertIn(">root-copy<", svg, "the legend names the fifth shape")
        self.assertNotIn("#1f6fb4", svg, "not the former palette")
        self.assertIn("#16a34a", (out / "phase-read-samples.svg").read_text(encoding="utf-8"))

    def test_a_change_of_level_over_the_series_is_marked_and_said(self) -> None:
        document = history(schema=5)
        document["changePoints"] = [{"name": READ, "strategy": "stored", "run": 2, "since": 1, "before": 2e3, "after": 2.4e3,
                                     "ratio": 1.2, "pValue": 0.001, "steppedPairwise": False, "text": "1.20× slower"}]
        completed, out = self.plot(document)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        self.assertIn("change of level over the series", (out / "measurements-over-commits.svg").read_text(encoding="utf-8"))
        completed, out = self.plot(history(schema=5))
        self.assertNotIn("change of level", (out / "measurements-over-commits.svg").read_text(encoding="utf-8"), "none, none said")

    def test_every_plot_is_written_whole_each_shape_in_its_colour_and_nothing_else_is_left(self) -> None:
        completed, out = self.plot(history())
        self.assertEqual((completed.returncode, completed.stdout), (0, ""), completed.stderr)
        expected = {f"{stem}.{kind}" for stem in ("measurements-over-commits", "phase-read-samples", "scaling-fits") for kind in ("png", "svg")}
        self.assertEqual({path.name for path in out.iterdir()}, expected, "no temporary file is left behind")
        self.assertEqual((out / "measurements-over-commits.png").read_bytes()[:8], b"\x89PNG\r\n\x1a\n")
        svg = (out / "measurements-over-commits.svg").read_text(encoding="utf-8")
        for colour in ("#1f6fb4", "#e07b10", "#8a4fb0", "#17a2b8"):
            self.assertIn(colour, svg, "a history of schema 3 carries no colours: the palette it was drawn in")
        self.assertIn(">incremental<", svg, "the legend names the shape")
        self.assertIn("limit phase-read: &lt; 50.0 µs", svg, "the threshold as the bench writes it")
        self.assertIn("1.00 µs per retained handle − 5.00 ns", (out / "scaling-fits.svg").read_text(encoding="utf-8"))

    def test_steps_are_marked_on_their_shape_and_said_in_the_legend_and_title(self) -> None:
        completed, out = self.plot(history())
        self.assertEqual(completed.returncode, 0, completed.stderr)
        svg = (out / "measurements-over-commits.svg").read_text(encoding="utf-8")
        self.assertIn("step in time (▲ slower, ▼ faster)", svg, "one entry for steps on either clock")
        self.assertNotIn("step in wall time", svg)
        self.assertIn("step in instructions (▲ slower, ▼ faster)", svg)
        self.assertIn("wall time not compared across: another machine", svg)
        self.assertIn("steps: instructions beyond ±1% on one toolchain", svg, "the rule, as the bench wrote it")
        marked = self.plot(history())[1] / "measurements-over-commits.svg"
        unmarked = self.plot(history(steps=False))[1] / "measurements-over-commits.svg"
        # One <use> per marker drawn: three steps add three triangles over what the runs alone draw.
        count = lambda path: path.read_text(encoding="utf-8").count("<use ")
        legend_markers = 2  # the two step entries of the legend
        self.assertEqual(count(marked) - count(unmarked), 3 + legend_markers)

    def test_a_history_without_steps_draws_none(self) -> None:
        for document in (history(steps=False), history(schema=2)):
            completed, out = self.plot(document)
            self.assertEqual(completed.returncode, 0, completed.stderr)
            svg = (out / "measurements-over-commits.svg").read_text(encoding="utf-8")
            self.assertNotIn("step in", svg)
            self.assertNotIn("not compared", svg)

    def test_bad_input_is_one_line_exit_2_and_no_plot(self) -> None:
        completed, out = self.plot(history(schema=6))
        self.assertEqual(completed.returncode, 2, completed.stderr)
        self.assertIn("history JSON of schema 6; this script reads schemas 2 to 5", completed.stderr.splitlines()[-1])
        self.assertFalse(out.exists())


if __name__ == "__main__":
    unittest.main()
