"""Tests of scripts/history over synthetic results files in a temporary directory.

Run from the repository's root: python3 -m unittest discover -s scripts/tests -v
"""

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(SCRIPTS))

from historylib import figures, runs, table  # noqa: E402

HISTORY = SCRIPTS / "history"


def measurement(name: str, strategy: str, median: float, lower: float, upper: float) -> dict[str, Any]:
    return {
        "name": name,
        "strategy": strategy,
        "unit": "ns",
        "samples": [lower, median, median, upper],
        "summary": {"median": median, "medianInterval": {"lower": lower, "upper": upper, "level": 0.95}},
    }


def results(commit: str, date: str, *, quick: bool = False, dirty: bool | None = False, scale: float = 1.0) -> dict[str, Any]:
    """A small results file of schema 1: the key measurements (one missing), a fit, both limits."""
    return {
        "schema": 1,
        "environment": {"commit": commit, "date": date, "dirtyTree": dirty, "buildConfiguration": "release"},
        "options": {"quick": quick},
        "measurements": [
            measurement("phase.read.tracked(largest-strict)", "derived", 999 * scale, 990 * scale, 1005 * scale),
            measurement("phase.read.tracked(largest-strict)", "stored", 999.7, 998.0, 1001.0),
            measurement("phase.read.untracked(largest-strict)", "derived", 2.5e6, 2.4e6, 2.6e6),
            measurement("phase.read.untracked(largest-strict)", "stored", 50.0, 49.0, 51.0),
            measurement("field.read.tracked(row-of-8)", "none", 712.0, 700.0, 730.0),
            measurement("field.read.untracked(row-of-8)", "none", 21.2, 20.5, 22.0),
        ],
        "fits": [{
            "name": "commit.cost(retained-handles)", "strategy": "stored", "slope": 1000.0, "intercept": 0.0,
            "rSquared": 1.0, "points": [{"x": 1, "y": 1000.0}, {"x": 10, "y": 10000.0}, {"x": 100, "y": 100000.0}],
            "xUnit": "retained handle", "yUnit": "ns",
        }],
        "limits": [
            {"id": "phase-read", "metric": "phase.read.tracked(largest-strict)", "strategy": "derived",
             "comparison": "lessThan", "threshold": 50000, "unit": "ns", "verdict": "pass"},
            {"id": "extra-bodies", "metric": "verdict-read-value-changes(spreads-only)", "strategy": None,
             "comparison": "equalTo", "threshold": 0, "unit": "count", "verdict": "fail"},
        ],
        "decision": {"outcome": "fallback", "ships": False, "text": "fallback"},
    }


def write(directory: Path, name: str, document: Any) -> Path:
    path = directory / name
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return path


def git(directory: Path, *arguments: str) -> str:
    command = ["git", "-C", str(directory), "-c", "user.name=test", "-c", "user.email=test@example.com", *arguments]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def history(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(HISTORY), *arguments], capture_output=True, text=True, timeout=600)


class TemporaryDirectoryTest(unittest.TestCase):
    def setUp(self) -> None:
        self.temporary = tempfile.TemporaryDirectory()
        self.directory = Path(self.temporary.name)

    def tearDown(self) -> None:
        self.temporary.cleanup()


class OrderingTests(TemporaryDirectoryTest):
    def test_runs_follow_the_commit_history_then_unknown_commits_by_date(self) -> None:
        git(self.directory, "init", "--quiet")
        commits = []
        for message in ("first", "second", "third"):
            git(self.directory, "commit", "--quiet", "--allow-empty", "-m", message)
            commits.append(git(self.directory, "rev-parse", "HEAD"))
        folder = self.directory / "results"
        folder.mkdir()
        # Names sort in the opposite of the expected order, so only commits and dates can order them.
        write(folder, "a.json", results("e" * 40, "2026-01-09T00:00:00Z"))
        write(folder, "b.json", results("f" * 40, "2026-01-01T00:00:00Z"))
        write(folder, "c.json", results(commits[2], "2026-01-01T00:00:00Z"))
        write(folder, "d.json", results(commits[1], "2026-01-05T00:00:00Z"))
        write(folder, "e.json", results(commits[1], "2026-01-02T00:00:00Z"))
        write(folder, "f.json", results(commits[0], "2026-01-08T00:00:00Z"))

        ordered = runs.in_commit_order(runs.load_runs(folder), runs.history_positions(folder))

        self.assertEqual([run.path.name for run in ordered], ["f.json", "e.json", "d.json", "c.json", "b.json", "a.json"],
                         "oldest commit first, one commit's runs by date, commits outside the history last by date")

    def test_outside_a_repository_every_run_is_ordered_by_date(self) -> None:
        write(self.directory, "x.json", results("1" * 40, "2026-01-03T00:00:00Z"))
        write(self.directory, "y.json", results("2" * 40, "2026-01-02T00:00:00Z"))
        ordered = runs.in_commit_order(runs.load_runs(self.directory), runs.history_positions(self.directory))
        self.assertEqual([run.path.name for run in ordered], ["y.json", "x.json"])


class TableTests(TemporaryDirectoryTest):
    def loaded(self) -> list[runs.Run]:
        write(self.directory, "old.json", results("0123456789" * 4, "2026-11-29T13:00:00Z"))
        write(self.directory, "new.json", results("abcdef0123" * 4, "2026-11-30T09:30:00Z", quick=True, dirty=True, scale=2))
        return runs.in_commit_order(runs.load_runs(self.directory), {})

    def test_the_text_table_shows_each_run_with_medians_intervals_ratios_verdicts(self) -> None:
        rendered = table.text(self.loaded(), list(runs.KEY_MEASUREMENTS))
        expected_sections = [
            "phase.read.tracked(largest-strict)\n"
            "commit   date                  tree   build    run    derived               stored                derived/stored\n"
            "0123456  2026-11-29T13:00:00Z  clean  release  full   999 ns [990, 1005]    1.00 µs [1.00, 1.00]  0.999×\n"
            "abcdef0  2026-11-30T09:30:00Z  dirty  release  quick  2.00 µs [1.98, 2.01]  1.00 µs [1.00, 1.00]  2.00×",
            "field.read.tracked(row-of-8)\n"
            "commit   date                  tree   build    run    no strategy\n"
            "0123456  2026-11-29T13:00:00Z  clean  release  full   712 ns [700, 730]\n"
            "abcdef0  2026-11-30T09:30:00Z  dirty  release  quick  712 ns [700, 730]",
            "commit.nulls-or-errors(largest-strict, 1000 handles)\n"
            "commit   date                  tree   build    run    derived  stored  derived/stored\n"
            "0123456  2026-11-29T13:00:00Z  clean  release  full   —        —       —\n"
            "abcdef0  2026-11-30T09:30:00Z  dirty  release  quick  —        —       —",
            "limits and decision\n"
            "commit   date                  tree   build    run    phase-read  extra-bodies  decision\n"
            "0123456  2026-11-29T13:00:00Z  clean  release  full   pass        fail          fallback\n"
            "abcdef0  2026-11-30T09:30:00Z  dirty  release  quick  pass        fail          fallback",
        ]
        for section in expected_sections:
            self.assertIn(section, rendered)
        self.assertEqual(rendered.count("\n\n"), len(runs.KEY_MEASUREMENTS), "one section per key measurement, then the verdicts")

    def test_markdown_has_a_table_per_measurement(self) -> None:
        rendered = table.markdown(self.loaded(), ["field.read.untracked(row-of-8)"])
        self.assertIn("### field.read.untracked(row-of-8)\n\n| commit | date | tree | build | run | no strategy |\n|---|---|---|---|---|---|\n"
                      "| 0123456 | 2026-11-29T13:00:00Z | clean | release | full | 21.2 ns [20.5, 22.0] |", rendered)
        self.assertIn("### limits and decision", rendered)

    def test_tsv_has_one_row_per_run_with_raw_nanoseconds(self) -> None:
        lines = table.tsv(self.loaded(), ["phase.read.tracked(largest-strict)"]).splitlines()
        self.assertEqual(len(lines), 3)
        heading, first = lines[0].split("\t"), lines[1].split("\t")
        self.assertEqual(len(first), len(heading))
        row = dict(zip(heading, first))
        self.assertEqual(row["commit"], "0123456789" * 4)
        self.assertEqual(row["phase.read.tracked(largest-strict) [derived] median ns"], "999.0")
        self.assertEqual(row["phase.read.tracked(largest-strict) [stored] upper ns"], "1001.0")
        self.assertEqual(row["limit phase-read"], "pass")
        self.assertEqual(row["file"], "old.json")

    def test_a_pattern_picks_measurements_by_glob_or_substring(self) -> None:
        loaded = self.loaded()
        self.assertEqual(runs.measurement_names(loaded, "field.read.*"), ["field.read.tracked(row-of-8)", "field.read.untracked(row-of-8)"])
        self.assertEqual(runs.measurement_names(loaded, "untracked(largest"), ["phase.read.untracked(largest-strict)"])
        with self.assertRaises(runs.HistoryError):
            runs.measurement_names(loaded, "no.such.*")


class FigureTextTests(unittest.TestCase):
    def test_durations_follow_the_bench_rules(self) -> None:
        self.assertEqual(figures.duration(999), "999 ns")
        self.assertEqual(figures.duration(999.7), "1.00 µs")
        self.assertEqual(figures.duration(12_345), "12.3 µs")
        self.assertEqual(figures.duration_with_interval(3_719_849.6, 3_706_485.1, 3_738_092.1), "3.72 ms [3.71, 3.74]")
        self.assertEqual(figures.ratio(2798.1), "2798×")
        self.assertEqual(figures.ratio(0.0000149), "0.0000149×")
        self.assertEqual(figures.axis_duration(50_000), "50 µs")


class BadInputTests(TemporaryDirectoryTest):
    def assertFailsWithOneLine(self, expected: str) -> None:
        completed = history("--results", str(self.directory), "--no-plots")
        self.assertEqual(completed.returncode, 2, completed.stderr)
        self.assertEqual(completed.stdout, "", "nothing is printed before the input is known good")
        self.assertEqual(len(completed.stderr.splitlines()), 1, completed.stderr)
        self.assertIn(expected, completed.stderr)

    def test_no_results_files(self) -> None:
        self.assertFailsWithOneLine("no results files")

    def test_a_file_that_is_not_json_is_named(self) -> None:
        write(self.directory, "good.json", results("1" * 40, "2026-01-01T00:00:00Z"))
        path = write(self.directory, "broken.json", '{"schema": 1, "environment": ')
        self.assertFailsWithOneLine(f"{path}: not JSON")

    def test_a_file_of_another_schema_is_named(self) -> None:
        path = write(self.directory, "future.json", {**results("1" * 40, "2026-01-01T00:00:00Z"), "schema": 2})
        self.assertFailsWithOneLine(f"{path}: not a results file: schema 2 (this script reads schema 1)")

    def test_a_file_without_a_key_is_named_with_the_key(self) -> None:
        document = results("1" * 40, "2026-01-01T00:00:00Z")
        del document["environment"]["commit"]
        path = write(self.directory, "partial.json", document)
        self.assertFailsWithOneLine(f"{path}: not a results file: no 'commit' key")

    def test_a_good_file_prints_its_table(self) -> None:
        write(self.directory, "good.json", results("1" * 40, "2026-01-01T00:00:00Z"))
        completed = history("--results", str(self.directory), "--no-plots", "--format", "tsv")
        self.assertEqual(completed.returncode, 0, completed.stderr)
        self.assertEqual(len(completed.stdout.splitlines()), 2)


def four_strategies(commit: str, date: str) -> dict[str, Any]:
    """`results` of a run of every strategy judged against limits version 3: a bound from the run itself
    (no threshold) and a ratio beside the timings and counts."""
    document = results(commit, date)
    document["measurements"] += [
        measurement("phase.read.tracked(largest-strict)", "root", 1200.0, 1190.0, 1210.0),
        measurement("phase.read.tracked(largest-strict)", "incremental", 1500.0, 1490.0, 1510.0),
        measurement("commit.field-errors.land(largest-strict, 1 handle)", "stored", 9000.0, 8900.0, 9100.0),
        measurement("commit.field-errors.land(largest-strict, 1 handle)", "root", 8000.0, 7900.0, 8100.0),
    ]
    document["limits"] += [
        {"id": "root-commit", "metric": "commit.field-errors.land(largest-strict, 1 handle)", "strategy": "root",
         "comparison": "lessThanOrEqualTo", "threshold": None, "unit": "ns", "verdict": "pass"},
        {"id": "incremental-commit", "metric": "commit.field-errors.land(largest-strict, 1 handle)", "strategy": "incremental",
         "comparison": "lessThanOrEqualTo", "threshold": 1.5, "unit": "ratio", "verdict": "inconclusive"},
    ]
    document["decision"] = {"outcome": "ships", "ships": True, "text": "root ships", "shape": "root"}
    return document


class FourStrategiesTests(TemporaryDirectoryTest):
    def test_every_strategy_has_a_column_and_every_shape_a_ratio_to_stored(self) -> None:
        write(self.directory, "four.json", four_strategies("3" * 40, "2026-12-01T00:00:00Z"))
        rendered = table.text(runs.load_runs(self.directory), ["phase.read.tracked(largest-strict)"])
        self.assertIn(
            "commit   date                  tree   build    run   derived             stored                root                  "
            "incremental           derived/stored  root/stored  incremental/stored\n"
            "3333333  2026-12-01T00:00:00Z  clean  release  full  999 ns [990, 1005]  1.00 µs [1.00, 1.00]  1.20 µs [1.19, 1.21]  "
            "1.50 µs [1.49, 1.51]  0.999×          1.20×        1.50×", rendered)
        self.assertIn("root-commit  incremental-commit  decision\n", rendered)

    def test_a_four_strategy_file_plots_beside_an_old_one_and_each_shape_has_its_own_colour(self) -> None:
        write(self.directory, "one.json", results("1" * 40, "2026-01-01T00:00:00Z"))
        write(self.directory, "two.json", four_strategies("2" * 40, "2026-01-02T00:00:00Z"))
        out = self.directory / "plots"
        completed = history("--results", str(self.directory), "--out", str(out), "--plots",
                            "--measurements", "phase.read.tracked")
        self.assertEqual(completed.returncode, 0, completed.stderr)
        svg = (out / "measurements-over-commits.svg").read_text(encoding="utf-8")
        # plots.COLORS: derived, stored, root, incremental; each shape's own line is drawn in its colour.
        for colour in ("#1f6fb4", "#e07b10", "#8a4fb0", "#17a2b8"):
            self.assertIn(colour, svg)
        self.assertIn(">incremental<", svg, "the legend names the shape")


class PlotTests(TemporaryDirectoryTest):
    def test_every_plot_is_written_whole_and_nothing_else_is_left(self) -> None:
        write(self.directory, "one.json", results("1" * 40, "2026-01-01T00:00:00Z"))
        write(self.directory, "two.json", results("2" * 40, "2026-01-02T00:00:00Z", quick=True, dirty=True, scale=3))
        out = self.directory / "plots"
        completed = history("--results", str(self.directory), "--out", str(out), "--plots")
        self.assertEqual(completed.returncode, 0, completed.stderr)
        expected = {f"{stem}.{kind}" for stem in ("measurements-over-commits", "phase-read-samples", "scaling-fits")
                    for kind in ("png", "svg")}
        self.assertEqual({path.name for path in out.iterdir()}, expected, "no temporary file is left behind")
        for path in out.iterdir():
            self.assertGreater(path.stat().st_size, 1000, path.name)
        self.assertEqual((out / "measurements-over-commits.png").read_bytes()[:8], b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
