"""The rules a proof's runs are held to, over each arm's decisions (a shape, or `tooNoisy`, `undecided`,
`fallback`) and realized ratios."""
import statistics
from dataclasses import dataclass, field

from .arms import MARGIN, Arm

TOO_NOISY = "tooNoisy"
# How far an injected arm's median realized ratio may sit from its target before it is flagged.
TARGET_TOLERANCE = 0.01


@dataclass
class Judgement:
    """What failed (the proof fails), what is flagged (printed, not failing), and notes."""
    problems: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def judge(decisions: dict[Arm, list[str]], runs: int, realized: dict[Arm, list[float]] | None = None) -> Judgement:
    """Holds each arm's decisions (one per run made) to the rules:

    - quiet runs with no injection ship root in every run;
    - root never ships at a target at or beyond the margin, under any load;
    - under load, every run gives the decision of the quiet arm with the same injection (any shape its
      quiet runs gave, noted when they disagree), or is too noisy to decide;
    - at a target within the margin, root ships in at least runs-1 of the quiet runs.

    `realized` (each arm's realized ratios on the thread CPU clock) flags an injected arm whose median
    is more than 1 % from its target.
    """
    found = Judgement()
    for arm, shapes in decisions.items():
        roots = shapes.count("root")
        if arm.load == "quiet" and arm.target is None and roots < len(shapes):
            found.problems.append(f"{arm.name}: root shipped in {roots} of {len(shapes)} runs, not in every one ({tally(shapes)})")
        if arm.target is not None and arm.target >= MARGIN and roots:
            found.problems.append(f"{arm.name}: root shipped in {roots} of {len(shapes)} runs at {arm.target:.2f}x, beyond the margin")
        if arm.load == "quiet" and arm.target is not None and arm.target < MARGIN and roots < runs - 1:
            found.problems.append(f"{arm.name}: root shipped in {roots} of {len(shapes)} runs, fewer than {runs - 1}")
        if arm.load == "quiet":
            continue
        quiet = decisions.get(Arm("quiet", arm.target))
        if not quiet:
            found.notes.append(f"{arm.name}: no quiet:{arm.injection} runs to hold its decisions to")
            continue
        expected = set(quiet)
        if len(expected) > 1:
            found.notes.append(f"quiet:{arm.injection}: its runs disagree ({tally(quiet)}); {arm.name} is held to any of them")
        strays = [shape for shape in shapes if shape not in expected and shape != TOO_NOISY]
        if strays:
            found.problems.append(f"{arm.name}: {len(strays)} of {len(shapes)} runs decided {tally(strays)}, "
                                  f"where quiet:{arm.injection} decided {tally(quiet)} (too noisy would do)")
    for arm, ratios in (realized or {}).items():
        if arm.target is None or not ratios:
            continue
        median = statistics.median(ratios)
        if abs(median / arm.target - 1) > TARGET_TOLERANCE:
            found.flags.append(f"{arm.name}: root's realized landing ratio (thread CPU) is {median:.3f}x, "
                               f"{(median / arm.target - 1) * 100:+.1f}% from its target {arm.target:.2f}x")
    return found


def tally(shapes: list[str]) -> str:
    """`root 4, incremental 1`, most frequent first."""
    counts = {shape: shapes.count(shape) for shape in shapes}
    return ", ".join(f"{shape} {count}" for shape, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])))
