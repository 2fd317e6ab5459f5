"""Results files read strictly, and put in the order of the commits they ran on.

A results file of schema 1 becomes a `Run`: its environment, each measurement's median with its
interval and raw samples, the fitted scaling curves, the limits' verdicts and the decision. Anything
else (no file, a file that is not JSON, another schema, a missing key) is a `HistoryError` whose
message is one line naming the file.
"""

import fnmatch
import json
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

SCHEMA = 1
STRATEGY_ORDER = ("derived", "stored", "root", "incremental", "none")
KEY_MEASUREMENTS = (
    "phase.read.tracked(largest-strict)",
    "phase.read.untracked(largest-strict)",
    "field.read.tracked(row-of-8)",
    "field.read.untracked(row-of-8)",
    "commit.nulls-or-errors(largest-strict, 1000 handles)",
)


class HistoryError(Exception):
    """Bad input, said in one line."""


@dataclass(frozen=True)
class Estimate:
    """A measurement's median in nanoseconds, its confidence interval and the raw samples."""

    median: float
    lower: float
    upper: float
    samples: tuple[float, ...]


@dataclass(frozen=True)
class Limit:
    """One limit as a run judged it; `threshold` is in `unit` (`ns`, `count` or `ratio`), and None for a
    limit whose bound is a figure of the run itself (`medianAtMostStoredUpperBound`, limits version 3)."""

    id: str
    metric: str
    strategy: str | None
    comparison: str
    threshold: float | None
    unit: str
    verdict: str


@dataclass(frozen=True)
class Fit:
    """A fitted line y = slope * x + intercept over measured points, with R²."""

    name: str
    strategy: str
    slope: float
    intercept: float
    r_squared: float
    points: tuple[tuple[float, float], ...]
    x_unit: str
    y_unit: str


@dataclass(frozen=True)
class Run:
    """What one results file says about one run of the bench."""

    path: Path
    commit: str
    date: datetime
    dirty: bool | None
    build: str
    quick: bool
    measurements: dict[tuple[str, str], Estimate]
    fits: tuple[Fit, ...]
    limits: tuple[Limit, ...]
    decision: str

    @property
    def short_commit(self) -> str:
        return self.commit[:7]

    @property
    def mode(self) -> str:
        return "quick" if self.quick else "full"

    @property
    def tree(self) -> str:
        return {True: "dirty", False: "clean", None: "?"}[self.dirty]

    def limit_for(self, metric: str) -> Limit | None:
        """The limit judged on `metric`, if the run has one."""
        return next((limit for limit in self.limits if limit.metric == metric), None)


# MARK: - Reading


def load_runs(directory: Path) -> list[Run]:
    """Every `*.json` file under `directory`, read strictly."""
    if not directory.is_dir():
        raise HistoryError(f"{directory}: no such directory")
    paths = sorted(directory.glob("*.json"))
    if not paths:
        raise HistoryError(f"{directory}: no results files (*.json); run scripts/bench first")
    return [read_run(path) for path in paths]


def read_run(path: Path) -> Run:
    """One results file of schema 1, or a `HistoryError` naming it."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise HistoryError(f"{path}: not JSON: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise HistoryError(f"{path}: cannot read: {error}") from None
    if not isinstance(document, dict) or "schema" not in document:
        raise HistoryError(f"{path}: not a results file: no 'schema' key")
    if document["schema"] != SCHEMA:
        raise HistoryError(f"{path}: not a results file: schema {document['schema']} (this script reads schema {SCHEMA})")
    try:
        return parse_run(path, document)
    except (TypeError, ValueError) as error:
        raise HistoryError(f"{path}: not a results file: {error}") from None


def parse_run(path: Path, document: dict[str, Any]) -> Run:
    environment = need(document, "environment", dict)
    return Run(
        path=path,
        commit=need(environment, "commit", str),
        date=parse_date(need(environment, "date", str)),
        dirty=environment.get("dirtyTree"),
        build=need(environment, "buildConfiguration", str),
        quick=need(need(document, "options", dict), "quick", bool),
        measurements=dict(parse_measurement(item) for item in need(document, "measurements", list)),
        fits=tuple(parse_fit(item) for item in need(document, "fits", list)),
        limits=tuple(parse_limit(item) for item in need(document, "limits", list)),
        decision=need(need(document, "decision", dict), "outcome", str),
    )


def parse_measurement(item: dict[str, Any]) -> tuple[tuple[str, str], Estimate]:
    summary = need(item, "summary", dict)
    interval = need(summary, "medianInterval", dict)
    estimate = Estimate(
        median=number(need(summary, "median", object)),
        lower=number(need(interval, "lower", object)),
        upper=number(need(interval, "upper", object)),
        samples=tuple(number(sample) for sample in need(item, "samples", list)),
    )
    return (need(item, "name", str), need(item, "strategy", str)), estimate


def parse_fit(item: dict[str, Any]) -> Fit:
    return Fit(
        name=need(item, "name", str),
        strategy=need(item, "strategy", str),
        slope=number(need(item, "slope", object)),
        intercept=number(need(item, "intercept", object)),
        r_squared=number(need(item, "rSquared", object)),
        points=tuple((number(need(point, "x", object)), number(need(point, "y", object))) for point in need(item, "points", list)),
        x_unit=need(item, "xUnit", str),
        y_unit=need(item, "yUnit", str),
    )


def parse_limit(item: dict[str, Any]) -> Limit:
    return Limit(
        id=need(item, "id", str),
        metric=need(item, "metric", str),
        strategy=item.get("strategy"),
        comparison=need(item, "comparison", str),
        threshold=None if item.get("threshold", 0) is None else number(need(item, "threshold", object)),
        unit=need(item, "unit", str),
        verdict=need(item, "verdict", str),
    )


def need(container: dict[str, Any], key: str, kind: type) -> Any:
    """`container[key]`, which must be a `kind`."""
    if not isinstance(container, dict) or key not in container:
        raise ValueError(f"no '{key}' key")
    value = container[key]
    if not isinstance(value, kind):
        raise TypeError(f"'{key}' is not a {kind.__name__}")
    return value


def number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{value!r} is not a number")
    return float(value)


def parse_date(text: str) -> datetime:
    """An ISO 8601 date in UTC; the bench writes UTC, so a date without an offset is taken as UTC."""
    try:
        date = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"date {text!r} is not ISO 8601") from None
    return date.replace(tzinfo=timezone.utc) if date.tzinfo is None else date.astimezone(timezone.utc)


# MARK: - Ordering


def history_positions(directory: Path) -> dict[str, int]:
    """Each commit of `git rev-list --topo-order HEAD` seen from `directory`, oldest at 0."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(directory), "rev-list", "--topo-order", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return {}
    return {commit: len(listed) - 1 - index for index, commit in enumerate(listed)}


def in_commit_order(runs: list[Run], positions: dict[str, int]) -> list[Run]:
    """Oldest commit first; runs of one commit by date; commits not in the history last, by date."""

    def key(run: Run) -> tuple[int, int, datetime, str]:
        position = positions.get(run.commit)
        return (0, position, run.date, run.path.name) if position is not None else (1, 0, run.date, run.path.name)

    return sorted(runs, key=key)


# MARK: - Selecting


def measurement_names(runs: list[Run], pattern: str | None) -> list[str]:
    """The key measurements, or every name any run has that matches `pattern` (glob or substring)."""
    if pattern is None:
        return list(KEY_MEASUREMENTS)
    is_glob = any(character in pattern for character in "*?[")
    names: list[str] = []
    for run in runs:
        for name, _ in run.measurements:
            matches = fnmatch.fnmatchcase(name, pattern) if is_glob else pattern in name
            if matches and name not in names:
                names.append(name)
    if not names:
        raise HistoryError(f"no measurement matches {pattern!r}")
    return names


def strategies(runs: list[Run], name: str) -> list[str]:
    """The strategies `name` was measured under in any run: derived, stored, root, incremental, none,
    then any other."""
    seen = {strategy for run in runs for measured, strategy in run.measurements if measured == name}
    known = [strategy for strategy in STRATEGY_ORDER if strategy in seen]
    return known + sorted(seen - set(known)) if seen else ["derived", "stored"]


def limit_ids(runs: list[Run]) -> list[str]:
    """Every limit any run was judged against, in the order first seen."""
    ids: list[str] = []
    for run in runs:
        ids += [limit.id for limit in run.limits if limit.id not in ids]
    return ids
