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


def history(schema: int = 2) -> dict:
    return {"schema": schema, "samplesMeasurement": READ, "limits": ["phase-read", "root-commit"], "strategies": SHAPES,
            "measurements": [{"name": READ, "strategies": SHAPES, "shapesOverStored": ["derived", "root", "incremental"]}],
            "runs": [run("1", "2026-01-01T00:00:00Z", SHAPES[:2]), run("2", "2026-01-02T00:00:00Z", SHAPES, quick=True)]}


class PlotTests(unittest.TestCase):
    def plot(self, document: dict, *extra: str) -> tuple[subprocess.CompletedProcess[str], Path]:
        directory = Path(self.enterContext(tempfile.TemporaryDirectory()))
        (directory / "history.json").write_text(json.dumps(document), encoding="utf-8")
        command = [sys.executable, str(HISTORY), "--json", str(directory / "history.json"), "--out", str(directory / "plots"), *extra]
        return subprocess.run(command, capture_output=True, text=True, timeout=600), directory / "plots"

    def test_every_plot_is_written_whole_each_shape_in_its_colour_and_nothing_else_is_left(self) -> None:
        completed, out = self.plot(history())
        self.assertEqual((completed.returncode, completed.stdout), (0, ""), completed.stderr)
        expected = {f"{stem}.{kind}" for stem in ("measurements-over-commits", "phase-read-samples", "scaling-fits") for kind in ("png", "svg")}
        self.assertEqual({path.name for path in out.iterdir()}, expected, "no temporary file is left behind")
        self.assertEqual((out / "measurements-over-commits.png").read_bytes()[:8], b"\x89PNG\r\n\x1a\n")
        svg = (out / "measurements-over-commits.svg").read_text(encoding="utf-8")
        for colour in ("#1f6fb4", "#e07b10", "#8a4fb0", "#17a2b8"):
            self.assertIn(colour, svg)
        self.assertIn(">incremental<", svg, "the legend names the shape")
        self.assertIn("limit phase-read: &lt; 50.0 µs", svg, "the threshold as the bench writes it")
        self.assertIn("1.00 µs per retained handle − 5.00 ns", (out / "scaling-fits.svg").read_text(encoding="utf-8"))

    def test_bad_input_is_one_line_exit_2_and_no_plot(self) -> None:
        completed, out = self.plot(history(schema=3))
        self.assertEqual(completed.returncode, 2, completed.stderr)
        self.assertIn("history JSON of schema 3; this script reads schema 2", completed.stderr.splitlines()[-1])
        self.assertFalse(out.exists())


if __name__ == "__main__":
    unittest.main()
