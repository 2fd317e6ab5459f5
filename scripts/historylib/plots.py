"""The history as pictures, from `bench history --format json` (its shape: HistoryDocument.swift): the
measurements over commits with their verdicts and the commits where they stepped, the newest full run's
phase-read samples against its limit, and its scaling fits. Figures are written by the bench (FigureText),
and which commits stepped is the bench's finding (HistorySteps.swift); only axis ticks are here.
"""

import math
import os
import random
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402
from matplotlib.transforms import offset_copy  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter  # noqa: E402

SCHEMAS = (2, 3, 4, 5)  # 3 added the steps; a history of 2 has none to draw; 4 the shapes' colours; 5 the change points
LOG_SPAN = 20.0
MAX_TICK_LABELS = 7
MAX_LABELLED_RUNS = 8
# Each strategy's colour, in the history's column order: a history of schema 4 carries them ("colours",
# the bench's shape registry, which the HTML report draws in too); older ones get the palette this
# script had before. A name with no colour is drawn in UNKNOWN_COLOR.
COLORS = {}
FORMER_COLORS = {"derived": "#1f6fb4", "stored": "#e07b10", "root": "#8a4fb0", "incremental": "#17a2b8", "unshaped": "#4a8c3a"}
UNKNOWN_COLOR = "#6b7280"
LIMIT_COLOR = "#b0002a"
STEP_MARKERS = {"slower": "^", "faster": "v"}
BREAK_COLOR = "#777777"
VERDICT_COLORS = {"pass": "#cfe8c8", "fail": "#f4c4c4", "inconclusive": "#f6e3b0", "undecided": "#f6e3b0", "ships": "#cfe8c8", "fallback": "#f4c4c4"}
TIME_UNITS = (("ns", 1.0), ("µs", 1e3), ("ms", 1e6), ("s", 1e9))
LABELS = {"unshaped": "unshaped (one figure for every shape)"}

plt.rcParams.update({"font.size": 9, "axes.titlesize": 10, "axes.grid": True, "grid.alpha": 0.3,
                     "svg.fonttype": "none", "svg.hashsalt": "scripts/history"})


def colour_of(strategy: str) -> str:
    """The colour `strategy` is drawn in."""
    return COLORS.get(strategy, UNKNOWN_COLOR)


def column_of(strategy: str) -> int:
    """Where `strategy` stands in the history's column order; a name it lacks after the rest."""
    order = list(COLORS)
    return order.index(strategy) if strategy in order else len(order)


def write_all(history: dict, out: Path) -> list[Path]:
    """Draws every plot the runs have data for, and returns the files written."""
    if history.get("schema") not in SCHEMAS:
        raise ValueError(f"history JSON of schema {history.get('schema')}; this script reads schemas {SCHEMAS[0]} to {SCHEMAS[-1]}")
    colours = history.get("colours") or FORMER_COLORS
    COLORS.clear()
    COLORS.update({strategy: colours.get(strategy, UNKNOWN_COLOR) for strategy in history.get("strategies") or colours})
    runs, sampled = history["runs"], history["samplesMeasurement"]
    for run in runs:
        run["by"] = {(m["name"], m["strategy"]): m for m in run["measurements"]}
    written = save(over_commits(history, runs), out, "measurements-over-commits")
    if samples_run := newest_full([run for run in runs if any(name == sampled for name, _ in run["by"])]):
        written += save(phase_read_samples(samples_run, sampled), out, "phase-read-samples")
    if fits_run := newest_full([run for run in runs if run["fits"]]):
        written += save(scaling_fits(fits_run), out, "scaling-fits")
        if any(fit.get("headroom") for fit in fits_run["fits"]):
            written += save(headroom(fits_run), out, "headroom")
    return written


def newest_full(candidates: list[dict]) -> dict | None:
    """The last full run in commit order among `candidates`, else the last quick one."""
    return ([run for run in candidates if run["mode"] == "full"] or candidates or [None])[-1]


def save(figure, out: Path, stem: str) -> list[Path]:
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


def unit_of(nanoseconds: float) -> tuple[str, float]:
    """The largest time unit that keeps `nanoseconds` at or above 1."""
    return next((unit for unit in reversed(TIME_UNITS) if abs(nanoseconds) >= unit[1]), TIME_UNITS[0])


def tick_duration(nanoseconds: float) -> str:
    """A compact duration for an axis tick: `0`, `500 ns`, `1 µs`, `2.5 ms`."""
    return "0" if nanoseconds == 0 else f"{nanoseconds / unit_of(nanoseconds)[1]:.3g} {unit_of(nanoseconds)[0]}"


def run_text(run: dict) -> str:  # full run of 1967400, 2026-11-30 21:37Z
    return f"{run['mode']} run of {run['environment']['commit'][:7]}, {run['environment']['date'][:16].replace('T', ' ')}Z"


def run_label(run: dict, with_time: bool) -> str:
    date = run["environment"]["date"][5:16 if with_time else 10].replace("T", " ")
    return f"{run['environment']['commit'][:7]}{'*' if run['tree'] == 'dirty' else ''}\n{date}"


def is_wide(values: list[float]) -> bool:
    """Whether positive values span enough orders of magnitude to need a log axis."""
    positive = [value for value in values if value > 0]
    return bool(positive) and max(positive) / min(positive) >= LOG_SPAN


def duration_axis(axes, values: list[float]) -> None:
    """A y axis of durations, log when the values need it (with room of 2.5× either side), else from 0."""
    positive = [value for value in values if value > 0]
    if is_wide(values):
        axes.set_yscale("log")
        decades = math.log10(max(positive) / min(positive))
        axes.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0,) if decades >= 3 else (1.0, 2.0, 5.0)))
        axes.yaxis.set_minor_formatter(NullFormatter())
        axes.set_ylim(min(positive) / 2.5, max(positive) * 2.5)
    else:
        axes.yaxis.set_major_locator(MaxNLocator(nbins=5))
        axes.set_ylim(0, max(values, default=1) * 1.2 or 1)
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: tick_duration(value)))


def timing_limit(run: dict, metric: str) -> dict | None:
    """The limit on `metric` with a threshold in ns to draw; a bound from the run itself or a ratio is
    no line on a duration axis."""
    return next((limit for limit in run["limits"]
                 if limit["metric"] == metric and limit["unit"] == "ns" and limit["threshold"] is not None), None)


def limit_text(limit: dict) -> str:
    return f"limit {limit['id']}: {limit['symbol']} {limit['thresholdText']}"


def commit_ticks(axes, runs: list[dict]) -> None:
    step = max(1, math.ceil(len(runs) / MAX_TICK_LABELS))
    shown = list(range(len(runs)))[::-1][::step][::-1]
    axes.set_xticks(shown, [run_label(runs[index], len(runs) <= MAX_LABELLED_RUNS) for index in shown], fontsize=8)
    # Room on the right for the newest value's label, whatever the number of runs.
    axes.set_xlim(-0.6, len(runs) - 1 + 0.6 + 0.13 * len(runs))
    axes.grid(False, axis="x")


# MARK: - Over commits


def over_commits(history: dict, runs: list[dict]):
    names = history["measurements"]
    panels = len(names) + 1
    rows = math.ceil(panels / 2)
    figure, grid = plt.subplots(rows, 2, figsize=(12, 3.3 * rows + 0.9), squeeze=False)
    cells = [axes for row in grid for axes in row]
    steps, breaks = history.get("steps", []), [gap for gap in history.get("breaks", []) if gap["basis"] == "wall time"]
    changes = history.get("changePoints") or []
    for axes, measurement in zip(cells, names):
        measurement_panel(axes, runs, measurement, steps, breaks, changes)
    verdict_panel(cells[len(names)], runs, history["limits"])
    for axes in cells[panels:]:
        axes.set_visible(False)
    first, last = runs[0]["environment"]["commit"][:7], runs[-1]["environment"]["commit"][:7]
    span = f"{first} … {last}" if len(runs) > 1 else first
    title = f"Key measurements over commits: medians with 95% CI ({len(runs)} run{'s' if len(runs) != 1 else ''}, {span})"
    if steps:
        title += f"\nsteps: {history['stepsRule']}"
    figure.suptitle(title, fontsize=12)
    handles = legend_handles(history, runs, any(timing_limit(runs[-1], m["name"]) for m in names), steps, breaks)
    if changes:
        handles.append(Line2D([], [], color="gray", marker="|", markersize=10, markeredgewidth=3, linestyle="",
                              label="change of level over the series"))
    figure.legend(handles=handles, loc="lower center", ncol=min(len(handles), 6), frameon=False, fontsize=8.5)
    figure.tight_layout(rect=(0, 0.045, 1, 0.945 if steps else 0.97))
    return figure


def measurement_panel(axes, runs: list[dict], measurement: dict, steps: list[dict], breaks: list[dict], changes: list[dict]) -> None:
    name, shown = measurement["name"], measurement["strategies"]
    values: list[float] = []
    for index, strategy in enumerate(shown):
        offset = (index - (len(shown) - 1) / 2) * 0.12
        values += strategy_series(axes, runs, name, strategy, offset)
        step_markers(axes, runs, [step for step in steps if (step["name"], step["strategy"]) == (name, strategy)], offset)
        for change in (change for change in changes if (change["name"], change["strategy"]) == (name, strategy)):
            # A bar along the foot of the panel, in the shape's colour, between the two levels' runs.
            axes.axvline(change["run"] - 0.5 + offset, ymin=0, ymax=0.07, color=colour_of(strategy), linewidth=3, solid_capstyle="butt")
    for gap in breaks:
        axes.axvline(gap["run"] - 0.5, color=BREAK_COLOR, linestyle=":", linewidth=1)
    limit = timing_limit(runs[-1], name)
    if limit is not None:
        axes.axhline(limit["threshold"], color=LIMIT_COLOR, linestyle="--", linewidth=1)
        axes.annotate(limit_text(limit), (0.01, limit["threshold"]), xycoords=("axes fraction", "data"),
                      xytext=(0, 3), textcoords="offset points", color=LIMIT_COLOR, fontsize=8)
        values.append(limit["threshold"])
    axes.set_title(name, family="monospace", fontsize=9.5)
    axes.set_ylabel("median, 95% CI")
    duration_axis(axes, values)
    if not values:
        axes.text(0.5, 0.5, "not measured in these runs", transform=axes.transAxes, ha="center", color="gray")
    commit_ticks(axes, runs)


def strategy_series(axes, runs: list[dict], name: str, strategy: str, offset: float) -> list[float]:
    """Draws one strategy's medians with CI bars over the runs; returns the values drawn."""
    points = [(index + offset, run, run["by"][(name, strategy)]) for index, run in enumerate(runs) if (name, strategy) in run["by"]]
    if not points:
        return []
    color = colour_of(strategy)
    axes.plot([x for x, _, _ in points], [m["median"] for _, _, m in points], color=color, linewidth=1, alpha=0.6)
    for x, run, m in points:
        axes.errorbar([x], [m["median"]], yerr=[[m["median"] - m["lower"]], [m["upper"] - m["median"]]], fmt="o", color=color,
                      markerfacecolor="white" if run["mode"] == "quick" else color, markersize=5, capsize=3, elinewidth=1.2)
    x, _, newest = points[-1]
    axes.annotate(newest["medianText"], (x, newest["median"]), xytext=(7, 0), textcoords="offset points",
                  va="center", fontsize=8, color=color)
    return [value for _, _, m in points for value in (m["lower"], m["median"], m["upper"])]


def step_markers(axes, runs: list[dict], steps: list[dict], offset: float) -> None:
    """Each step of one strategy's series as a triangle just above the run it is at: up for slower, down
    for faster; filled where time stepped (on the CPU clock or the wall clock), hollow where instructions did."""
    # Instructions a little higher, so both show where a run stepped in both.
    above = {basis: offset_copy(axes.transData, fig=axes.figure, y=y, units="points")
             for basis, y in (("wall time", 9), ("CPU time", 9), ("instructions", 18))}
    for step in steps:
        measured = runs[step["run"]]["by"].get((step["name"], step["strategy"]))
        if measured is None:  # counted, but its wall time not in this history's runs: nothing to mark it on
            continue
        color = colour_of(step["strategy"])
        axes.plot([step["run"] + offset], [measured["upper"]], transform=above[step["basis"]], linestyle="", marker=STEP_MARKERS[step["verdict"]],
                  markersize=7, color=color, markerfacecolor="white" if step["basis"] == "instructions" else color, zorder=5,
                  clip_on=False)


def verdict_panel(axes, runs: list[dict], ids: list[str]) -> None:
    """A grid of each limit's verdict and the decision, one column per run."""
    rows = ids + ["decision"]
    for column, run in enumerate(runs):
        verdicts = {limit["id"]: limit["verdict"] for limit in run["limits"]} | {"decision": run["decision"]["outcome"]}
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


def legend_handles(history: dict, runs: list[dict], with_limit: bool, steps: list[dict], breaks: list[dict]) -> list:
    handles = [Line2D([], [], color=colour_of(strategy), marker="o", label=LABELS.get(strategy, strategy)) for strategy in history["strategies"]]
    if with_limit:
        handles.append(Line2D([], [], color=LIMIT_COLOR, linestyle="--", label="limit threshold (from the results file)"))
    # A step in time is drawn alike on either clock (the step's own text says which).
    for what, fill, bases in (("time", "gray", ("CPU time", "wall time")), ("instructions", "white", ("instructions",))):
        if any(step["basis"] in bases for step in steps):
            handles.append(Line2D([], [], color="gray", marker="^", markerfacecolor=fill, linestyle="",
                                  label=f"step in {what} (▲ slower, ▼ faster)"))
    if breaks:
        fields = ", ".join(dict.fromkeys(gap["text"].removeprefix("not compared: ") for gap in breaks))
        handles.append(Line2D([], [], color=BREAK_COLOR, linestyle=":", label=f"wall time not compared across: {fields}"))
    if any(run["mode"] == "quick" for run in runs):
        handles.append(Line2D([], [], color="gray", marker="o", markerfacecolor="white", linestyle="", label="--quick run (indicative)"))
    if any(run["tree"] == "dirty" for run in runs):
        handles.append(Line2D([], [], linestyle="", label="* dirty tree"))
    if len(runs) > MAX_LABELLED_RUNS:
        seen = {limit["verdict"] for run in runs for limit in run["limits"]} | {run["decision"]["outcome"] for run in runs}
        handles += [Rectangle((0, 0), 1, 1, color=color, label=verdict) for verdict, color in VERDICT_COLORS.items() if verdict in seen]
    return handles


# MARK: - Phase read samples


def phase_read_samples(run: dict, name: str):
    """Above: every sample of each strategy on one log axis with the limit; below: each strategy zoomed."""
    shown = sorted((m for key, m in run["by"].items() if key[0] == name), key=lambda m: column_of(m["strategy"]))
    figure = plt.figure(figsize=(11, 2.2 + 1.1 * len(shown) + 2.6))
    grid = figure.add_gridspec(2, len(shown), height_ratios=(0.6 + 1.1 * len(shown), 2.6))
    limit = timing_limit(run, name)
    samples_against_limit(figure.add_subplot(grid[0, :]), shown, limit)
    for column, measurement in enumerate(shown):
        zoomed_samples(figure.add_subplot(grid[1, column]), measurement)
    verdict = f"verdict: {limit['verdict']}" if limit is not None else "no limit on it in this file"
    figure.suptitle(f"{name}: every sample per strategy\n{run_text(run)}, {verdict}", fontsize=10.5)
    figure.tight_layout()
    return figure


def samples_against_limit(axes, shown: list[dict], limit: dict | None) -> None:
    jitter = random.Random(24301)
    values = [sample for m in shown for sample in m["samples"]]
    for row, measurement in enumerate(shown):
        strip(axes, measurement, row, jitter)
    if limit is not None:
        draw_threshold(axes, limit, values)
        values.append(limit["threshold"])
    low, high = min(values) / 3, max(values) * 3
    axes.set_xscale("log")
    axes.set_xlim(low, high)
    axes.xaxis.set_major_locator(LogLocator(base=10))
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: tick_duration(value)))
    axes.xaxis.set_minor_formatter(NullFormatter())
    for row, m in enumerate(shown):
        right_half = math.log(m["median"]) > (math.log(low) + math.log(high)) / 2
        anchor = min(m["samples"]) / 1.25 if right_half else max(m["samples"]) * 1.25
        axes.annotate(f"median {m['text']}\nn = {len(m['samples'])}", (anchor, row), ha="right" if right_half else "left",
                      va="center", fontsize=8.5)
    axes.set_yticks(range(len(shown)), [LABELS.get(m["strategy"], m["strategy"]) for m in shown])
    axes.set_ylim(len(shown) - 0.5, -0.5)
    axes.set_xlabel("time per read, log scale")
    axes.grid(False, axis="y")


def zoomed_samples(axes, measurement: dict) -> None:
    """One strategy's samples on a linear axis of their own, so their spread and outliers show; ticks in
    the median's unit with as many decimals as the step needs, so no two read alike."""
    strip(axes, measurement, 0, random.Random(24301))
    color = colour_of(measurement["strategy"])
    axes.axvspan(measurement["lower"], measurement["upper"], color=color, alpha=0.15, linewidth=0)
    low, high = min(measurement["samples"]), max(measurement["samples"])
    margin = (high - low) * 0.08 or abs(high) * 0.01 or 1
    axes.set_xlim(low - margin, high + margin)
    locator = MaxNLocator(nbins=5)
    axes.xaxis.set_major_locator(locator)
    ticks = locator.tick_values(low - margin, high + margin)
    symbol, scale = unit_of(measurement["median"])
    step = (ticks[1] - ticks[0]) / scale if len(ticks) > 1 else 1
    decimals = max(0, -math.floor(math.log10(step))) if step > 0 else 0
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value / scale:.{decimals}f} {symbol}"))
    axes.set_yticks([])
    axes.set_ylim(0.5, -0.5)
    axes.set_title(f"{LABELS.get(measurement['strategy'], measurement['strategy'])}: zoomed, linear; shaded: the median's 95% CI", fontsize=9)


def strip(axes, measurement: dict, row: int, jitter: random.Random) -> None:
    """The samples as jittered dots over a box of their quartiles and whiskers."""
    samples, color = measurement["samples"], colour_of(measurement["strategy"])
    axes.boxplot([samples], positions=[row], vert=False, widths=0.55, showfliers=False,
                 medianprops={"color": "black", "linewidth": 1.5}, boxprops={"color": color},
                 whiskerprops={"color": color}, capprops={"color": color})
    axes.scatter(samples, [row + jitter.uniform(-0.2, 0.2) for _ in samples], s=16, color=color, alpha=0.6, linewidths=0, zorder=3)


def draw_threshold(axes, limit: dict, values: list[float]) -> None:
    """The threshold as a line, and the side of it that meets the limit shaded."""
    threshold, below = limit["threshold"], limit["comparison"].startswith("less")
    axes.axvline(threshold, color=LIMIT_COLOR, linestyle="--", linewidth=1.2)
    edge = min(values + [threshold]) / 10 if below else max(values + [threshold]) * 10
    axes.axvspan(min(edge, threshold), max(edge, threshold), color="#4a8c3a", alpha=0.07, linewidth=0)
    axes.annotate(f"{limit_text(limit)}\n(shaded: meets it)", (threshold, 0.02), xycoords=("data", "axes fraction"),
                  xytext=(-4 if below else 4, 0), textcoords="offset points", ha="right" if below else "left",
                  va="bottom", color=LIMIT_COLOR, fontsize=8)


# MARK: - Scaling fits


def scaling_fits(run: dict):
    names = list(dict.fromkeys(fit["name"] for fit in run["fits"]))
    figure, grid = plt.subplots(1, len(names), figsize=(6 * len(names), 4.6), squeeze=False)
    for axes, name in zip(grid[0], names):
        fit_panel(axes, [fit for fit in run["fits"] if fit["name"] == name])
    figure.suptitle(f"How cost grows: measured medians and fitted lines — {run_text(run)}", fontsize=11)
    figure.tight_layout(rect=(0, 0, 1, 0.95))
    return figure


def x_label(fit: dict) -> str:
    """What a fit's N counts, in the plural as the bench writes it (FitRecord.xUnitPlural); a history
    written before it carried the plural gets the singular."""
    return fit.get("xUnitPlural", fit["xUnit"])


def fit_panel(axes, fits: list[dict]) -> None:
    xs = [point["x"] for fit in fits for point in fit["points"]]
    ys = [point["y"] for fit in fits for point in fit["points"]]
    log_x, log_y = is_wide(xs), is_wide(ys)
    for fit in fits:
        color = colour_of(fit["strategy"])
        axes.plot([p["x"] for p in fit["points"]], [p["y"] for p in fit["points"]], "o", color=color, markersize=6)
        low, high = min(xs), max(xs)
        line_x = [low * (high / low) ** (i / 199) if log_x and low > 0 else high * i / 199 for i in range(200)]
        line = [(x, y) for x in line_x if (y := fit["slope"] * x + fit["intercept"]) > 0 or not log_y]
        sign = "−" if fit["intercept"] < 0 else "+"
        axes.plot([x for x, _ in line], [y for _, y in line], "-", color=color, linewidth=1.3,
                  label=f"{LABELS.get(fit['strategy'], fit['strategy'])}: {fit['slopeText']} per {fit['xUnit']} {sign} {fit['interceptText'].lstrip('-')}, "
                        f"R² = {fit['rSquared']:.4f}")
    if log_x:
        axes.set_xscale("log")
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:.12g}"))
    axes.xaxis.set_minor_formatter(NullFormatter())
    duration_axis(axes, ys)
    if not log_x:
        axes.set_xlim(0, max(xs) * 1.05)
    axes.set_title(fits[0]["name"], family="monospace", fontsize=9.5)
    axes.set_xlabel(x_label(fits[0]) + (", log scale" if log_x else ""))
    axes.set_ylabel("median time" + (", log scale" if log_y else ""))
    axes.legend(fontsize=8, loc="upper left")


# MARK: - Headroom to the frame


def headroom(run: dict):
    """One log-log panel per curve: each shape's measured medians (with their intervals), the fitted cost
    and its 95 % band out to the horizon, and the two frame budgets drawn across."""
    fits = [fit for fit in run["fits"] if fit.get("headroom")]
    names = list(dict.fromkeys(fit["name"] for fit in fits))
    columns = min(2, len(names))
    rows = math.ceil(len(names) / columns)
    figure, grid = plt.subplots(rows, columns, figsize=(7.5 * columns, 5.2 * rows), squeeze=False)
    for axes in grid.flat[len(names):]:
        axes.set_visible(False)
    for axes, name in zip(grid.flat, names):
        headroom_panel(axes, [fit for fit in fits if fit["name"] == name])
    figure.suptitle(f"Headroom to the frame: fitted cost against N, log-log, 95 % bands — {run_text(run)}", fontsize=11)
    figure.tight_layout(rect=(0, 0, 1, 0.96))
    return figure


def headroom_panel(axes, fits: list[dict]) -> None:
    budgets = fits[0]["headroom"]["crossings"]
    measured = [point["y"] for fit in fits for point in fit["headroom"]["points"] if point["y"] > 0]
    floor = min(measured) / 3
    ceiling = max(max(measured), max(budget["budget"] for budget in budgets)) * 4
    for fit in fits:
        color, room = colour_of(fit["strategy"]), fit["headroom"]
        band = [point for point in room["band"] if point["upper"] > 0]
        axes.fill_between([p["x"] for p in band], [max(p["lower"], floor) for p in band], [min(p["upper"], ceiling) for p in band],
                          color=color, alpha=0.15, linewidth=0)
        line = [(p["x"], p["fitted"]) for p in room["band"] if p["fitted"] > 0]
        crossing = room["crossings"][0]["text"]
        axes.plot([x for x, _ in line], [y for _, y in line], "-", color=color, linewidth=1.3,
                  label=f"{LABELS.get(fit['strategy'], fit['strategy'])}, 120 Hz frame: {crossing}")
        points = room["points"]
        errors = [[max(p["y"] - (p["lower"] if p["lower"] is not None else p["y"]), 0) for p in points],
                  [max((p["upper"] if p["upper"] is not None else p["y"]) - p["y"], 0) for p in points]]
        axes.errorbar([p["x"] for p in points], [p["y"] for p in points], yerr=errors, fmt="o", color=color,
                      markersize=5, markeredgecolor="black", markeredgewidth=0.6, capsize=2.5, linewidth=0.9, zorder=4)
    for budget, style in zip(budgets, ("--", ":")):
        axes.axhline(budget["budget"], color=LIMIT_COLOR, linestyle=style, linewidth=1.1)
        axes.annotate(f"{budget['hertz']} Hz frame, {budget['budgetText']}", (0.01, budget["budget"]),
                      xycoords=("axes fraction", "data"), xytext=(0, 3), textcoords="offset points", color=LIMIT_COLOR, fontsize=8)
    largest = max(point["x"] for fit in fits for point in fit["headroom"]["points"])
    axes.axvspan(largest, fits[0]["headroom"]["horizon"], color="#999999", alpha=0.06, linewidth=0)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(min(point["x"] for fit in fits for point in fit["headroom"]["points"]) / 1.5, fits[0]["headroom"]["horizon"] * 1.2)
    axes.set_ylim(floor, ceiling)
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:.12g}"))
    axes.xaxis.set_minor_formatter(NullFormatter())
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: tick_duration(value)))
    axes.yaxis.set_minor_formatter(NullFormatter())
    axes.set_title(fits[0]["name"], family="monospace", fontsize=9.5)
    axes.set_xlabel(x_label(fits[0]) + ", log scale (shaded: past the largest measured, the line extrapolated)")
    axes.set_ylabel("median time, log scale")
    axes.legend(fontsize=8, loc="lower right")
