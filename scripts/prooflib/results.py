"""What one results file of the bench (schema 8, and older files where they can) says about a run of the
proof: its decision, root's landing ratio to stored's on each clock, a fork's own ratio spread, the cost
limits' cells and what the machine did."""
import math
import statistics

LAND = "commit.field-errors.land(largest-strict, 1 handle)"
CLEAR = "commit.field-errors.clear(largest-strict, 1 handle)"
# The clocks a sample is timed on, and the measurement's list of samples on each.
CLOCKS = {"wall": "samples", "threadCPU": "threadCPUSamples"}


def fork_groups(measurement: dict, clock: str = "wall") -> list[list[float]] | None:
    """The measurement's samples on `clock`, one list per fork, in fork order; None when the file has no
    samples on that clock. A measurement without forks is one fork."""
    samples = measurement.get(CLOCKS[clock])
    if samples is None:
        return None
    forks = measurement.get("forks") or [{"samples": len(samples)}]
    groups, start = [], 0
    for fork in forks:
        groups.append(samples[start:start + fork["samples"]])
        start += fork["samples"]
    return groups


def measurement(results: dict, metric: str, shape: str) -> dict | None:
    return next((m for m in results["measurements"] if m["name"] == metric and m["strategy"] == shape), None)


def fork_ratios(results: dict, metric: str = LAND, shape: str = "root", clock: str = "wall") -> list[float] | None:
    """Each fork's median of `shape` over stored's median in the same fork, on `clock`; None when the
    file has not both measurements on that clock."""
    top, bottom = measurement(results, metric, shape), measurement(results, metric, "stored")
    if top is None or bottom is None:
        return None
    tops, bottoms = fork_groups(top, clock), fork_groups(bottom, clock)
    if tops is None or bottoms is None:
        return None
    return [statistics.median(a) / statistics.median(b) for a, b in zip(tops, bottoms) if a and b]


def realized_ratio(results: dict, clock: str) -> float | None:
    """Root's landing over stored's, the median over forks of the fork ratios, on `clock`."""
    ratios = fork_ratios(results, LAND, "root", clock)
    return statistics.median(ratios) if ratios else None


def median_interval_ranks(n: int) -> int:
    """The 0-based index j such that [x_j, x_(n-1-j)] of n sorted samples is the exact order-statistic
    interval of their median at 95 % or more (Binomial(n, 1/2)); 0 when n is too few for better."""
    j, below = 0, 1 / 2 ** n
    while j + 1 <= (n - 1) // 2 and 2 * (below + math.comb(n, j + 1) / 2 ** n) <= 0.05:
        j += 1
        below += math.comb(n, j) / 2 ** n
    return j


def relative_half_width(samples: list[float]) -> float | None:
    """Half the width of the 95 % order-statistic interval of the samples' median, over the median."""
    if len(samples) < 2:
        return None
    ordered = sorted(samples)
    j = median_interval_ranks(len(ordered))
    middle = statistics.median(ordered)
    return (ordered[-1 - j] - ordered[j]) / 2 / middle if middle else None


def own_ratio_spread(results: dict, clock: str) -> float | None:
    """A fork's own ratio spread of root's landing to stored's on `clock`: each fork's relative
    half-width of root's median and of stored's, added in quadrature, the median over forks."""
    top, bottom = measurement(results, LAND, "root"), measurement(results, LAND, "stored")
    if top is None or bottom is None:
        return None
    tops, bottoms = fork_groups(top, clock), fork_groups(bottom, clock)
    if tops is None or bottoms is None:
        return None
    spreads = []
    for a, b in zip(tops, bottoms):
        ha, hb = relative_half_width(a), relative_half_width(b)
        if ha is not None and hb is not None:
            spreads.append(math.hypot(ha, hb))
    return statistics.median(spreads) if spreads else None


def decision(results: dict) -> str:
    """The shape that ships, or the outcome when none does (`tooNoisy` for a run too noisy to decide)."""
    found = results["decision"]
    return found.get("shape") or found["outcome"]


def forks_taken(results: dict) -> str:
    """The forks the run began with, then each look's: `8→16→32`."""
    return str(results["options"]["forks"]) + "".join(f"→{look['forks']}" for look in results.get("looksTaken") or [])


def cost_limits(results: dict) -> list[dict]:
    """The limits that judge a shape's commit against stored's, in the file's order."""
    return [limit for limit in results["limits"] if limit.get("statistic") == "pairedRatioToStored"]


def limit_cell(limit: dict) -> str:
    """`pass 1.002x +2.9%`, and the clock when it was not the wall's: `pass 1.002x +2.9% cpu`."""
    room = limit.get("headroom") or {}
    headroom = f" {room['fraction'] * 100:+.1f}%" if room.get("fraction") is not None else " —"
    value = f" {limit['value']:.3f}x" if limit.get("value") else ""
    clock = " cpu" if limit.get("clock") == "threadCPU" else ""
    return f"{limit['verdict']}{value}{headroom}{clock}"


def _median(values: list) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def machine_signals(results: dict) -> dict:
    """What the machine did over the run's forks, each the median over forks (None when unknown):
    runQueueShare, involuntary switches per second, cpuPressureShare, stealShare."""
    loads = results.get("forkLoads") or []
    return {
        "runQueueShare": _median([f.get("runQueueShare") for f in loads]),
        "involuntaryPerSecond": _median([f["involuntarySwitches"] / f["seconds"] for f in loads
                                         if f.get("involuntarySwitches") is not None and f.get("seconds")]),
        "cpuPressureShare": _median([f.get("cpuPressureShare") for f in loads]),
        "stealShare": _median([f.get("stealShare") for f in loads]),
    }
