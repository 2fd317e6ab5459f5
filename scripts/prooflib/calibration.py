"""Root's landing ratio to stored's on this machine with no injection, and the injection that aims at a
target ratio from it.

`BENCH_AB_ROOT_COMMIT_WORK=F` adds F of root's own commit, so the ratio realized is about r0 x (1+F),
where r0 is root's ratio without injection: 1.05 only where r0 is 1. Aiming at a target T takes
F = T / r0 - 1.
"""
import os
import statistics

import resultslib

from .results import LAND, fork_ratios


def calibrate(files: list[str]) -> dict:
    """The calibration from results files of runs with no injection on a quiet machine: r0 is the median
    over all their forks of root's fork median over stored's, on the thread CPU clock, or on the wall
    clock (and a note saying so) when a file has no thread CPU samples.

    - Throws: ValueError when the files have no fork of root's and stored's landing.
    """
    runs = [resultslib.load(path) for path in files]
    clock = "threadCPU"
    per_file = [fork_ratios(results, LAND, "root", "threadCPU") for results in runs]
    notes = []
    if any(ratios is None for ratios in per_file):
        clock = "wall"
        per_file = [fork_ratios(results, LAND, "root", "wall") for results in runs]
        notes.append("no thread CPU samples in the calibration's results: the ratio is on the wall clock")
    forks = [ratio for ratios in per_file for ratio in ratios or []]
    if not forks:
        raise ValueError(f"no fork of root's and stored's {LAND} in {', '.join(files)}")
    return {"metric": LAND, "clock": clock, "ratio": statistics.median(forks), "forkRatios": forks,
            "files": [os.path.basename(path) for path in files], "notes": notes, "injections": {}}


def injection(ratio: float, target: float) -> float | None:
    """The fraction F of root's commit that brings root's ratio from `ratio` to `target`: T / r0 - 1;
    None when the build is already at or beyond the target (F <= 0): such an arm runs with no injection."""
    fraction = target / ratio - 1
    return fraction if fraction > 0 else None


def with_injections(calibration: dict, targets: list[float]) -> dict:
    """The calibration with the injection of every target written in (a target already there is kept)."""
    injections = dict(calibration.get("injections") or {})
    for target in targets:
        key = f"{target:.2f}"
        if key not in injections:
            injections[key] = injection(calibration["ratio"], target)
    return {**calibration, "injections": injections}


def describe(calibration: dict) -> str:
    """The calibration in a few lines, for the terminal."""
    lines = [f"calibration: root's landing over stored's with no injection, {calibration['clock']} clock: "
             f"{calibration['ratio']:.4f}x, the median of {len(calibration['forkRatios'])} forks "
             f"({min(calibration['forkRatios']):.4f}-{max(calibration['forkRatios']):.4f}) of {', '.join(calibration['files'])}"]
    lines += [f"calibration: {note}" for note in calibration.get("notes") or []]
    for key, fraction in sorted(calibration.get("injections", {}).items()):
        if fraction is None:
            lines.append(f"calibration: target {key}x: the build is already at or beyond it, runs with no injection")
        else:
            lines.append(f"calibration: target {key}x: BENCH_AB_ROOT_COMMIT_WORK={fraction:.4f}")
    return "\n".join(lines)
