"""The history as pictures: PNG and SVG files, each written to a temporary file and renamed into place.

- `measurements-over-commits`: each measurement's median per run with its 95% CI, one series per
  strategy, the limit's threshold where one applies, and a last panel of verdicts and decisions;
- `phase-read-samples`: every raw sample of the phase read per strategy in the newest full run, on a
  log axis, against the threshold its results file was judged with;
- `scaling-fits`: the newest full run's fitted scaling curves, measured points and fitted lines.
"""

import math
import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter  # noqa: E402

from . import figures  # noqa: E402
from .runs import Estimate, Fit, Limit, Run, limit_ids, strategies  # noqa: E402

PHASE_READ = "phase.read.tracked(largest-strict)"
LOG_SPAN = 20.0
MAX_TICK_LABELS = 7
MAX_LABELLED_RUNS = 8
COLORS = {"derived": "#1f6fb4", "stored": "#e07b10", "root": "#8a4fb0", "incremental": "#17a2b8", "none": "#4a8c3a"}
OTHER_COLORS = ("#8c564b", "#7f7f7f", "#bcbd22")
LIMIT_COLOR = "#b0002a"
VERDICT_COLORS = {"pass": "#cfe8c8", "fail": "#f4c4c4", "inconclusive": "#f6e3b0", "ships": "#cfe8c8", "fallback": "#f4c4c4"}
COMPARISONS = {"lessThan": "<", "lessThanOrEqualTo": "≤", "equalTo": "=", "greaterThanOrEqualTo": "≥", "greaterThan": ">"}

plt.rcParams.update({
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "svg.fonttype": "none",
    "svg.hashsalt": "scripts/history",
})


def write_all(runs: list[Run], names: list[str], out: Path) -> list[Path]:
    """Draws every plot the runs have data for, and returns the files written."""
    written = save(over_commits(runs, names), out, "measurements-over-commits")
    samples_run = newest_full(runs, lambda run: any(name == PHASE_READ for name, _ in run.measurements))
    if samples_run is not None:
        written += save(phase_read_samples(samples_run), out, "phase-read-samples")
    fits_run = newest_full(runs, lambda run: bool(run.fits))
    if fits_run is not None:
        written += save(scaling_fits(fits_run), out, "scaling-fits")
    return written


def newest_full(runs: list[Run], has: Callable[[Run], bool]) -> Run | None:
    """The last full run in commit order that `has` the data, else the last quick one."""
    candidates = [run for run in runs if has(run)]
    full = [run for run in candidates if not run.quick]
    return (full or candidates or [None])[-1]


def save(figure: Figure, out: Path, stem: str) -> list[Path]:
    """Writes `figure` as `stem.png` and `stem.svg` under `out`, each whole or not at all."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in ("png", "svg"):
        descriptor, temporary = tempfile.mkstemp(prefix=f".{stem}.", suffix=f".{kind}.tmp", dir=out)
        try:
            with os.fdopen(descriptor, "wb") as handle:
                figure.savefig(handle, format=kind, dpi=110, metadata={"Date": None} if kind == "svg" else {})
            os.chmod(temporary, 0o644)
            os.replace(temporary, out / f"{stem}.{kind}")
        except BaseException:
            os.unlink(temporary)
            raise
        written.append(out / f"{stem}.{kind}")
    plt.close(figure)
    return written


# MARK: - Axes


def color(strategy: str) -> str:
    if strategy in COLORS:
        return COLORS[strategy]
    return OTHER_COLORS[sum(map(ord, strategy)) % len(OTHER_COLORS)]


def label(strategy: str) -> str:
    return "no strategy (one figure for both)" if strategy == "none" else strategy


def is_wide(values: list[float]) -> bool:
    """Whether positive values span enough orders of magnitude to need a log axis."""
    positive = [value for value in values if value > 0]
    return bool(positive) and max(positive) / min(positive) >= LOG_SPAN


def duration_axis(axes: Axes, values: list[float]) -> None:
    """A y axis of durations, log when the values need it, with ticks written as durations."""
    formatter = FuncFormatter(lambda value, _: figures.axis_duration(value))
    axis = axes.yaxis
    if is_wide(values):
        axes.set_yscale("log")
        positive = [value for value in values if value > 0]
        decades = math.log10(max(positive) / min(positive))
        axis.set_major_locator(LogLocator(base=10, subs=(1.0,) if decades >= 3 else (1.0, 2.0, 5.0)))
        axis.set_minor_formatter(NullFormatter())
    else:
        axis.set_major_locator(MaxNLocator(nbins=5))
    axis.set_major_formatter(formatter)


def padded_y(axes: Axes, values: list[float]) -> None:
    """Room above and below the data: a factor of 2.5 on a log axis; linear axes start at zero."""
    if is_wide(values):
        positive = [value for value in values if value > 0]
        axes.set_ylim(min(positive) / 2.5, max(positive) * 2.5)
    else:
        axes.set_ylim(0, max(values, default=1) * 1.2 or 1)


def limit_text(limit: Limit) -> str:
    threshold = figures.axis_duration(limit.threshold) if limit.unit == "ns" else figures.significant(limit.threshold)[0]
    return f"limit {limit.id}: {COMPARISONS.get(limit.comparison, limit.comparison)} {threshold}"


def timing_limit(run: Run, metric: str) -> Limit | None:
    """The limit on `metric` with a threshold in ns to draw; a bound taken from the run itself (None) or
    a ratio is no line on a duration axis."""
    return next((limit for limit in run.limits if limit.metric == metric and limit.unit == "ns" and limit.threshold is not None), None)


def run_label(run: Run, with_time: bool) -> str:
    return f"{run.short_commit}{'*' if run.dirty else ''}\n{run.date:%m-%d %H:%M}" if with_time else f"{run.short_commit}{'*' if run.dirty else ''}\n{run.date:%m-%d}"


def commit_ticks(axes: Axes, runs: list[Run]) -> None:
    step = max(1, math.ceil(len(runs) / MAX_TICK_LABELS))
    shown = list(range(len(runs)))[::-1][::step][::-1]
    with_time = len(runs) <= MAX_LABELLED_RUNS
    axes.set_xticks(shown, [run_label(runs[index], with_time) for index in shown], fontsize=8)
    # Room on the right for the newest value's label, whatever the number of runs.
    axes.set_xlim(-0.6, len(runs) - 1 + 0.6 + 0.13 * len(runs))
    axes.grid(False, axis="x")


# MARK: - Over commits


def over_commits(runs: list[Run], names: list[str]) -> Figure:
    panels = len(names) + 1
    columns = 2 if panels > 1 else 1
    rows = math.ceil(panels / columns)
    figure, grid = plt.subplots(rows, columns, figsize=(12, 3.3 * rows + 0.9), squeeze=False)
    cells = [axes for row in grid for axes in row]
    for axes, name in zip(cells, names):
        measurement_panel(axes, runs, name)
    verdict_panel(cells[len(names)], runs)
    for axes in cells[panels:]:
        axes.set_visible(False)
    first, last = runs[0], runs[-1]
    span = f"{first.short_commit} … {last.short_commit}" if len(runs) > 1 else first.short_commit
    runs_text = f"{len(runs)} run{'s' if len(runs) != 1 else ''}"
    figure.suptitle(f"Key measurements over commits: medians with 95% CI ({runs_text}, {span})", fontsize=12)
    handles = legend_handles(runs, any(timing_limit(runs[-1], name) for name in names))
    figure.legend(handles=handles, loc="lower center", ncol=min(len(handles), 6), frameon=False, fontsize=8.5)
    figure.tight_layout(rect=(0, 0.045, 1, 0.97))
    return figure


def measurement_panel(axes: Axes, runs: list[Run], name: str) -> None:
    shown = strategies(runs, name)
    values: list[float] = []
    for offset, strategy in zip(offsets(len(shown)), shown):
        values += strategy_series(axes, runs, name, strategy, offset)
    limit = timing_limit(runs[-1], name)
    if limit is not None:
        axes.axhline(limit.threshold, color=LIMIT_COLOR, linestyle="--", linewidth=1)
        axes.annotate(limit_text(limit), (0.01, limit.threshold), xycoords=("axes fraction", "data"),
                      xytext=(0, 3), textcoords="offset points", color=LIMIT_COLOR, fontsize=8)
        values.append(limit.threshold)
    axes.set_title(name, family="monospace", fontsize=9.5)
    axes.set_ylabel("median, 95% CI")
    duration_axis(axes, values)
    padded_y(axes, values)
    if not values:
        axes.text(0.5, 0.5, "not measured in these runs", transform=axes.transAxes, ha="center", color="gray")
    commit_ticks(axes, runs)


def offsets(count: int) -> list[float]:
    return [(index - (count - 1) / 2) * 0.12 for index in range(count)]


def strategy_series(axes: Axes, runs: list[Run], name: str, strategy: str, offset: float) -> list[float]:
    """Draws one strategy's medians with CI bars over the runs; returns the values drawn."""
    points = [(index, run, run.measurements.get((name, strategy))) for index, run in enumerate(runs)]
    points = [(index, run, estimate) for index, run, estimate in points if estimate is not None]
    if not points:
        return []
    xs = [index + offset for index, _, _ in points]
    medians = [estimate.median for _, _, estimate in points]
    axes.plot(xs, medians, color=color(strategy), linewidth=1, alpha=0.6)
    for x, run, estimate in zip(xs, (run for _, run, _ in points), (estimate for _, _, estimate in points)):
        axes.errorbar([x], [estimate.median], yerr=[[estimate.median - estimate.lower], [estimate.upper - estimate.median]],
                      fmt="o", color=color(strategy), markerfacecolor="white" if run.quick else color(strategy),
                      markersize=5, capsize=3, elinewidth=1.2)
    newest = points[-1][2]
    axes.annotate(figures.duration(newest.median), (xs[-1], newest.median), xytext=(7, 0), textcoords="offset points",
                  va="center", fontsize=8, color=color(strategy))
    return [value for _, _, estimate in points for value in (estimate.lower, estimate.median, estimate.upper)]


def verdict_panel(axes: Axes, runs: list[Run]) -> None:
    """A grid of each limit's verdict and the decision, one column per run."""
    rows = limit_ids(runs) + ["decision"]
    for column, run in enumerate(runs):
        verdicts = {limit.id: limit.verdict for limit in run.limits} | {"decision": run.decision}
        for row, key in enumerate(rows):
            verdict = verdicts.get(key, "—")
            axes.add_patch(Rectangle((column - 0.45, row - 0.4), 0.9, 0.8, color=VERDICT_COLORS.get(verdict, "#e4e4e4")))
            if len(runs) <= MAX_LABELLED_RUNS:
                axes.text(column, row, verdict, ha="center", va="center", fontsize=8)
    axes.set_yticks(range(len(rows)), rows, family="monospace", fontsize=8.5)
    axes.set_ylim(len(rows) - 0.5, -0.5)
    axes.set_title("limits' verdicts and the decision", fontsize=9.5)
    axes.grid(False)
    commit_ticks(axes, runs)


def legend_handles(runs: list[Run], with_limit: bool) -> list[Line2D | Rectangle]:
    shown = sorted({strategy for run in runs for _, strategy in run.measurements},
                   key=lambda strategy: (strategy not in COLORS, list(COLORS).index(strategy) if strategy in COLORS else 0, strategy))
    handles = [Line2D([], [], color=color(strategy), marker="o", label=label(strategy)) for strategy in shown]
    if with_limit:
        handles.append(Line2D([], [], color=LIMIT_COLOR, linestyle="--", label="limit threshold (from the results file)"))
    if any(run.quick for run in runs):
        handles.append(Line2D([], [], color="gray", marker="o", markerfacecolor="white", linestyle="", label="--quick run (indicative)"))
    if any(run.dirty for run in runs):
        handles.append(Line2D([], [], linestyle="", label="* dirty tree"))
    if len(runs) > MAX_LABELLED_RUNS:
        shown_verdicts = {limit.verdict for run in runs for limit in run.limits} | {run.decision for run in runs}
        handles += [Rectangle((0, 0), 1, 1, color=VERDICT_COLORS[verdict], label=verdict)
                    for verdict in VERDICT_COLORS if verdict in shown_verdicts]
    return handles


# MARK: - Phase read samples


def phase_read_samples(run: Run) -> Figure:
    """Above: every sample of each strategy on one log axis with the limit; below: each strategy zoomed."""
    shown = [strategy for strategy in strategies([run], PHASE_READ) if (PHASE_READ, strategy) in run.measurements]
    figure = plt.figure(figsize=(11, 2.2 + 1.1 * len(shown) + 2.6))
    grid = figure.add_gridspec(2, len(shown), height_ratios=(0.6 + 1.1 * len(shown), 2.6))
    limit = timing_limit(run, PHASE_READ)
    samples_against_limit(figure.add_subplot(grid[0, :]), run, shown, limit)
    for column, strategy in enumerate(shown):
        zoomed_samples(figure.add_subplot(grid[1, column]), run.measurements[(PHASE_READ, strategy)], strategy)
    verdict = f"verdict: {limit.verdict}" if limit is not None else "no limit on it in this file"
    figure.suptitle(f"{PHASE_READ}: every sample per strategy\n{run.mode} run of {run.short_commit}, "
                    f"{run.date:%Y-%m-%d %H:%M}Z, {verdict}", fontsize=10.5)
    figure.tight_layout()
    return figure


def samples_against_limit(axes: Axes, run: Run, shown: list[str], limit: Limit | None) -> None:
    jitter = random.Random(24301)
    values: list[float] = []
    for row, strategy in enumerate(shown):
        estimate = run.measurements[(PHASE_READ, strategy)]
        strip(axes, estimate.samples, row, strategy, jitter)
        values += estimate.samples
    if limit is not None:
        draw_threshold(axes, limit, values)
        values.append(limit.threshold)
    low, high = min(values), max(values)
    axes.set_xscale("log")
    axes.set_xlim(low / 3, high * 3)
    axes.xaxis.set_major_locator(LogLocator(base=10))
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: figures.axis_duration(value)))
    axes.xaxis.set_minor_formatter(NullFormatter())
    for row, strategy in enumerate(shown):
        estimate = run.measurements[(PHASE_READ, strategy)]
        right_half = math.log(estimate.median) > (math.log(low / 3) + math.log(high * 3)) / 2
        anchor = min(estimate.samples) / 1.25 if right_half else max(estimate.samples) * 1.25
        axes.annotate(f"median {figures.duration_with_interval(estimate.median, estimate.lower, estimate.upper)}\n"
                      f"n = {len(estimate.samples)}", (anchor, row), ha="right" if right_half else "left",
                      va="center", fontsize=8.5)
    axes.set_yticks(range(len(shown)), [label(strategy) for strategy in shown])
    axes.set_ylim(len(shown) - 0.5, -0.5)
    axes.set_xlabel("time per read, log scale")
    axes.grid(False, axis="y")


def zoomed_samples(axes: Axes, estimate: Estimate, strategy: str) -> None:
    """One strategy's samples on a linear axis of their own, so their spread and outliers show."""
    strip(axes, estimate.samples, 0, strategy, random.Random(24301))
    axes.axvspan(estimate.lower, estimate.upper, color=color(strategy), alpha=0.15, linewidth=0)
    low, high = min(estimate.samples), max(estimate.samples)
    margin = (high - low) * 0.08 or abs(high) * 0.01 or 1
    axes.set_xlim(low - margin, high + margin)
    locator = MaxNLocator(nbins=5)
    axes.xaxis.set_major_locator(locator)
    axes.xaxis.set_major_formatter(fine_duration_formatter(estimate.median, locator.tick_values(low - margin, high + margin)))
    axes.set_yticks([])
    axes.set_ylim(0.5, -0.5)
    axes.set_title(f"{label(strategy)}: zoomed, linear; shaded: the median's 95% CI", fontsize=9)


def fine_duration_formatter(typical: float, ticks: list[float]) -> FuncFormatter:
    """Ticks in `typical`'s unit with as many decimals as the tick step needs, so no two read alike."""
    _, unit, _ = figures.scaled(typical)
    scale = dict(figures.TIME_UNITS)[unit]
    step = (ticks[1] - ticks[0]) / scale if len(ticks) > 1 else 1
    decimals = max(0, -math.floor(math.log10(step))) if step > 0 else 0
    return FuncFormatter(lambda value, _: f"{value / scale:.{decimals}f} {unit}")


def strip(axes: Axes, samples: tuple[float, ...], row: int, strategy: str, jitter: random.Random) -> None:
    """The samples as jittered dots over a box of their quartiles and whiskers."""
    ys = [row + jitter.uniform(-0.2, 0.2) for _ in samples]
    axes.boxplot([samples], positions=[row], vert=False, widths=0.55, showfliers=False,
                 medianprops={"color": "black", "linewidth": 1.5}, boxprops={"color": color(strategy)},
                 whiskerprops={"color": color(strategy)}, capprops={"color": color(strategy)})
    axes.scatter(samples, ys, s=16, color=color(strategy), alpha=0.6, linewidths=0, zorder=3)


def draw_threshold(axes: Axes, limit: Limit, values: list[float]) -> None:
    """The threshold as a line, and the side of it that meets the limit shaded."""
    axes.axvline(limit.threshold, color=LIMIT_COLOR, linestyle="--", linewidth=1.2)
    edge = min(values + [limit.threshold]) / 10 if limit.comparison.startswith("less") else max(values + [limit.threshold]) * 10
    axes.axvspan(min(edge, limit.threshold), max(edge, limit.threshold), color="#4a8c3a", alpha=0.07, linewidth=0)
    axes.annotate(f"{limit_text(limit)}\n(shaded: meets it)", (limit.threshold, 0.02), xycoords=("data", "axes fraction"),
                  xytext=(-4 if limit.comparison.startswith("less") else 4, 0), textcoords="offset points",
                  ha="right" if limit.comparison.startswith("less") else "left", va="bottom", color=LIMIT_COLOR, fontsize=8)


# MARK: - Scaling fits


def scaling_fits(run: Run) -> Figure:
    names = list(dict.fromkeys(fit.name for fit in run.fits))
    figure, grid = plt.subplots(1, len(names), figsize=(6 * len(names), 4.6), squeeze=False)
    for axes, name in zip(grid[0], names):
        fit_panel(axes, [fit for fit in run.fits if fit.name == name])
    figure.suptitle(f"How cost grows: measured medians and fitted lines — {run.mode} run of {run.short_commit}, "
                    f"{run.date:%Y-%m-%d %H:%M}Z", fontsize=11)
    figure.tight_layout(rect=(0, 0, 1, 0.95))
    return figure


def fit_panel(axes: Axes, fits: list[Fit]) -> None:
    xs = [x for fit in fits for x, _ in fit.points]
    ys = [y for fit in fits for _, y in fit.points]
    log_x, log_y = is_wide(xs), is_wide(ys)
    for fit in fits:
        axes.plot([x for x, _ in fit.points], [y for _, y in fit.points], "o", color=color(fit.strategy), markersize=6)
        line_x = spread(min(xs), max(xs), log_x)
        line = [(x, fit.slope * x + fit.intercept) for x in line_x]
        line = [(x, y) for x, y in line if y > 0 or not log_y]
        axes.plot([x for x, _ in line], [y for _, y in line], "-", color=color(fit.strategy), linewidth=1.3,
                  label=fit_label(fit))
    if log_x:
        axes.set_xscale("log")
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: figures.axis_number(value)))
    axes.xaxis.set_minor_formatter(NullFormatter())
    duration_axis(axes, ys)
    padded_y(axes, ys)
    if not log_x:
        axes.set_xlim(0, max(xs) * 1.05)
    axes.set_title(fits[0].name, family="monospace", fontsize=9.5)
    axes.set_xlabel(plural(fits[0].x_unit) + (", log scale" if log_x else ""))
    axes.set_ylabel("median time" + (", log scale" if log_y else ""))
    axes.legend(fontsize=8, loc="upper left")


def plural(unit: str) -> str:
    """`retained handle` -> `retained handles`, `slot walked` -> `slots walked`."""
    words = unit.split()
    noun = 0 if len(words) > 1 and words[-1].endswith("ed") else len(words) - 1
    words[noun] += "s"
    return " ".join(words)


def spread(low: float, high: float, log: bool, count: int = 200) -> list[float]:
    if log and low > 0:
        return [low * (high / low) ** (index / (count - 1)) for index in range(count)]
    start = 0.0 if not log else low
    return [start + (high - start) * index / (count - 1) for index in range(count)]


def fit_label(fit: Fit) -> str:
    intercept = figures.duration(abs(fit.intercept)) if fit.y_unit == "ns" else figures.significant(abs(fit.intercept))[0]
    slope = figures.duration(fit.slope) if fit.y_unit == "ns" else figures.significant(fit.slope)[0]
    sign = "−" if fit.intercept < 0 else "+"
    return f"{label(fit.strategy)}: {slope} per {fit.x_unit} {sign} {intercept}, R² = {fit.r_squared:.4f}"
