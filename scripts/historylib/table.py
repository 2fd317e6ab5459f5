"""The history as a table: one section per measurement, one row per results file, in commit order.

Every format has fixed columns, so adding a run adds rows and changes nothing else:
`text` aligns columns with two spaces (as `bench report` does), `markdown` writes GitHub tables, and
`tsv` writes one row per run with raw nanoseconds, for a spreadsheet or a script.
"""

from collections.abc import Callable

from . import figures
from .runs import Run, limit_ids, strategies

MISSING = "—"
RUN_COLUMNS = ("commit", "date", "tree", "build", "run")

Rows = list[list[str]]


def run_cells(run: Run) -> list[str]:
    return [run.short_commit, run.date.strftime("%Y-%m-%dT%H:%M:%SZ"), run.tree, run.build, run.mode]


def strategy_heading(strategy: str) -> str:
    return "no strategy" if strategy == "none" else strategy


def measurement_section(runs: list[Run], name: str) -> tuple[list[str], Rows]:
    """The heading row and one row per run for `name`: each strategy's median [CI], then each shape's
    ratio to stored."""
    shown = strategies(runs, name)
    shapes = [strategy for strategy in shown if strategy not in ("stored", "none")] if "stored" in shown else []
    heading = [*RUN_COLUMNS, *map(strategy_heading, shown)] + [f"{shape}/stored" for shape in shapes]
    rows = []
    for run in runs:
        cells = [cell(run, name, strategy) for strategy in shown]
        rows.append(run_cells(run) + cells + [ratio_cell(run, name, shape) for shape in shapes])
    return heading, rows


def cell(run: Run, name: str, strategy: str) -> str:
    estimate = run.measurements.get((name, strategy))
    return MISSING if estimate is None else figures.duration_with_interval(estimate.median, estimate.lower, estimate.upper)


def ratio_cell(run: Run, name: str, shape: str) -> str:
    measured, stored = run.measurements.get((name, shape)), run.measurements.get((name, "stored"))
    if measured is None or stored is None or stored.median == 0:
        return MISSING
    return figures.ratio(measured.median / stored.median)


def verdict_section(runs: list[Run]) -> tuple[list[str], Rows]:
    """Each limit's verdict and the decision, per run."""
    ids = limit_ids(runs)
    rows = []
    for run in runs:
        verdicts = {limit.id: limit.verdict for limit in run.limits}
        rows.append(run_cells(run) + [verdicts.get(id, MISSING) for id in ids] + [run.decision])
    return [*RUN_COLUMNS, *ids, "decision"], rows


# MARK: - Formats


def aligned(heading: list[str], rows: Rows) -> str:
    widths = [max(len(row[index]) for row in [heading, *rows]) for index in range(len(heading))]
    lines = ["  ".join(text.ljust(width) for text, width in zip(row, widths)).rstrip() for row in [heading, *rows]]
    return "\n".join(lines)


def markdown_table(heading: list[str], rows: Rows) -> str:
    lines = ["| " + " | ".join(heading) + " |", "|" + "---|" * len(heading)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def sections(runs: list[Run], names: list[str]) -> list[tuple[str, list[str], Rows]]:
    titled = [(name, *measurement_section(runs, name)) for name in names]
    return titled + [("limits and decision", *verdict_section(runs))]


def text(runs: list[Run], names: list[str]) -> str:
    return "\n\n".join(f"{title}\n{aligned(heading, rows)}" for title, heading, rows in sections(runs, names)) + "\n"


def markdown(runs: list[Run], names: list[str]) -> str:
    parts = [f"### {title}\n\n{markdown_table(heading, rows)}" for title, heading, rows in sections(runs, names)]
    return "\n\n".join(parts) + "\n"


def tsv(runs: list[Run], names: list[str]) -> str:
    """One row per run: the full commit, then each measurement and strategy's median, lower, upper in ns."""
    columns = [(name, strategy) for name in names for strategy in strategies(runs, name)]
    ids = limit_ids(runs)
    heading = ["commit", "date", "tree", "build", "run", "file"]
    heading += [f"{name} [{strategy}] {part} ns" for name, strategy in columns for part in ("median", "lower", "upper")]
    heading += [f"limit {id}" for id in ids] + ["decision"]
    lines = ["\t".join(heading)]
    for run in runs:
        row = [run.commit, *run_cells(run)[1:], run.path.name]
        for key in columns:
            estimate = run.measurements.get(key)
            row += [""] * 3 if estimate is None else [repr(estimate.median), repr(estimate.lower), repr(estimate.upper)]
        verdicts = {limit.id: limit.verdict for limit in run.limits}
        row += [verdicts.get(id, "") for id in ids] + [run.decision]
        lines.append("\t".join(row))
    return "\n".join(lines) + "\n"


FORMATS: dict[str, Callable[[list[Run], list[str]], str]] = {"text": text, "markdown": markdown, "tsv": tsv}
