"""The proof's table: one row per run, then each arm's summary, the later looks' forks against the first
ones, and the rules' verdict."""
import math
import os
import statistics
from dataclasses import dataclass

import resultslib

from . import results as read
from .arms import Arm
from .rules import TOO_NOISY, Judgement, judge, tally

SIGNALS = {"runQueueShare": "run queue", "involuntaryPerSecond": "invol/s", "cpuPressureShare": "cpu pressure",
           "stealShare": "steal"}


@dataclass
class Run:
    """One run of the proof, as its results file tells it."""
    round: int
    arm: Arm
    fraction: float | None
    results: dict

    @property
    def decision(self) -> str:
        return read.decision(self.results)

    def ratio(self, clock: str) -> float | None:
        return read.realized_ratio(self.results, clock)

    def spread(self, clock: str) -> float | None:
        return read.own_ratio_spread(self.results, clock)

    @property
    def signals(self) -> dict:
        return read.machine_signals(self.results)


def load_runs(out: str, runs: int, arms: list[Arm], calibration: dict | None) -> list[Run]:
    """Every run's results file in OUTDIR, round by round, arm by arm, as the proof made them."""
    injections = (calibration or {}).get("injections", {})
    found = []
    for round_ in range(1, runs + 1):
        for arm in arms:
            results = resultslib.load(os.path.join(out, f"{arm.stem}-{round_}.json"))
            found.append(Run(round_, arm, injections.get(arm.injection) if arm.target else None, results))
    return found


def label(decision: str) -> str:
    return "too noisy" if decision == TOO_NOISY else decision


def ratio_text(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}x"


def share_text(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


def signal_text(name: str, value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.0f}" if name == "involuntaryPerSecond" else share_text(value)


def table(rows: list[list[str]], headers: list[str]) -> str:
    widths = [max(len(row[i]) for row in rows + [headers]) for i in range(len(headers))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [headers] + rows)


def run_table(runs: list[Run]) -> str:
    cost_ids = []
    for run in runs:
        cost_ids += [limit["id"] for limit in read.cost_limits(run.results) if limit["id"] not in cost_ids]
    headers = (["run", "load", "target", "F", "decision", "forks", "land wall", "land cpu", "own wall", "own cpu"]
               + cost_ids + list(SIGNALS.values()))
    rows = []
    for run in runs:
        limits = {limit["id"]: limit for limit in read.cost_limits(run.results)}
        fraction = "—" if run.fraction is None else f"{run.fraction:.4f}"
        signals = run.signals
        rows.append([str(run.round), run.arm.load, run.arm.injection, fraction, label(run.decision), read.forks_taken(run.results),
                     ratio_text(run.ratio("wall")), ratio_text(run.ratio("threadCPU")),
                     share_text(run.spread("wall")), share_text(run.spread("threadCPU"))]
                    + [read.limit_cell(limits[i]) if i in limits else "—" for i in cost_ids]
                    + [signal_text(name, signals[name]) for name in SIGNALS])
    return table(rows, headers)


def span(values: list[float | None], text) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return "—"
    return text(min(known)) if min(known) == max(known) else f"{text(min(known))}-{text(max(known))}"


def arm_summaries(runs: list[Run], arms: list[Arm]) -> list[str]:
    lines = []
    for arm in arms:
        mine = [run for run in runs if run.arm == arm]
        ratios = ", ".join(f"{clock} {span([run.ratio(clock) for run in mine], ratio_text)}" for clock in ("wall", "threadCPU"))
        signals = ", ".join(f"{SIGNALS[name]} {span([run.signals[name] for run in mine], lambda v, n=name: signal_text(n, v))}"
                            for name in SIGNALS)
        lines.append(f"{arm.name}: decided {tally([label(run.decision) for run in mine])}; root's landing over stored's {ratios}; {signals}")
    return lines


def rank_sum_p(first: list[float], later: list[float]) -> float:
    """Two-sided p of the Mann-Whitney rank-sum test (normal approximation, ties averaged)."""
    pooled = sorted((v, i) for i, v in enumerate(first + later))
    ranks = [0.0] * len(pooled)
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[pooled[k][1]] = (i + j) / 2 + 1
        i = j + 1
    n1, n2 = len(first), len(later)
    u = sum(ranks[:n1]) - n1 * (n1 + 1) / 2
    mean, sd = n1 * n2 / 2, math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    z = (u - mean) / sd if sd else 0
    return math.erfc(abs(z) / math.sqrt(2))


def look_shifts(runs: list[Run], arms: list[Arm]) -> list[str]:
    """For runs that took a look: the later forks' median ratio over the first forks' (wall clock), per
    shape and arm, with how many of the rank-sum tests of the two groups give p < 0.05."""
    lines = []
    # The shapes in the order the runs' limits files rank them, as their results files record it.
    shapes = []
    for run in runs:
        for who in (run.results.get("shapes") or {}).get("preference") or []:
            if who not in shapes:
                shapes.append(who)
    for who in shapes:
        for arm in arms:
            found = []
            for run in (run for run in runs if run.arm == arm and run.results.get("looksTaken")):
                first = run.results["options"]["forks"]
                for metric in (read.LAND, read.CLEAR):
                    ratios = read.fork_ratios(run.results, metric, who) or []
                    if len(ratios) > first:
                        early, late = ratios[:first], ratios[first:]
                        found.append((statistics.median(late) / statistics.median(early) - 1, rank_sum_p(early, late)))
            if found:
                values = [s for s, _ in found]
                lines.append(f"  {who}/stored, {arm.name}: {len(found)} cases, shift {min(values) * 100:+.1f}% to {max(values) * 100:+.1f}% "
                             f"(mean {statistics.mean(values) * 100:+.1f}%), p < 0.05 in {sum(p < 0.05 for _, p in found)}")
    if lines:
        lines.insert(0, "later forks against the first ones, median of the later forks' ratios over the first ones', rank-sum p:")
    return lines


def report(runs: list[Run], arms: list[Arm], rounds: int) -> tuple[str, Judgement]:
    """The printed proof and the rules' judgement of it."""
    decisions = {arm: [run.decision for run in runs if run.arm == arm] for arm in arms}
    realized = {arm: [r for r in (run.ratio("threadCPU") for run in runs if run.arm == arm) if r is not None] for arm in arms}
    judgement = judge(decisions, rounds, realized)
    lines = [run_table(runs), ""] + arm_summaries(runs, arms) + look_shifts(runs, arms)
    lines += [f"note: {note}" for note in judgement.notes] + [f"flag: {flag}" for flag in judgement.flags]
    if judgement.problems:
        lines.append("decision-proof: FAIL: " + "; ".join(judgement.problems))
    else:
        lines.append("decision-proof: PASS")
    return "\n".join(lines), judgement
