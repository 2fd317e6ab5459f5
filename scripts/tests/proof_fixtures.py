"""Synthetic results files of the bench (schema 8) for scripts/decision-proof's tests: root's and stored's
landing commit in forks, on the wall and thread CPU clocks, the cost limits, the decision and what the
machine did in each fork."""
import json

from prooflib.results import CLEAR, LAND

# A fork's samples around 1, in an order that is not sorted (medians are what the proof reads).
JITTER = [1.00, 0.98, 1.03, 0.99, 1.01, 1.02, 0.97, 1.00, 1.04]


def measurement(name, shape, fork_medians, cpu_share=0.9, thread_cpu=True):
    samples = [m * j for m in fork_medians for j in JITTER]
    return {"name": name, "strategy": shape, "samples": samples,
            "threadCPUSamples": [s * cpu_share for s in samples] if thread_cpu else None,
            "forks": [{"samples": len(JITTER), "batchSize": 1, "stopReason": "timeBudget"} for _ in fork_medians]}


def limit(id_, shape, metric, value, verdict):
    return {"id": id_, "strategy": shape, "metric": metric, "statistic": "pairedRatioToStored", "threshold": 1.05,
            "value": value, "verdict": verdict, "headroom": {"fraction": (1.05 - value) / 1.05}, "clock": "threadCPU",
            "disturbance": None}


def results(shape="root", outcome=None, wall_ratios=(1.0,) * 8, cpu_ratios=None, thread_cpu=True, looks=(), fork_loads=True):
    """A results file whose root landing has the given fork ratios to stored's on each clock (cpu_ratios
    defaults to wall_ratios) and whose decision ships `shape` (None: `outcome`, such as tooNoisy)."""
    cpu_ratios = cpu_ratios or wall_ratios
    stored = [1000.0 + 10 * i for i in range(len(wall_ratios))]
    root = measurement(LAND, "root", [s * r for s, r in zip(stored, wall_ratios)], thread_cpu=thread_cpu)
    if thread_cpu:
        # The thread CPU samples of root: stored's thread CPU median times the cpu ratio, jittered alike.
        root["threadCPUSamples"] = [s * 0.9 * r * j for s, r in zip(stored, cpu_ratios) for j in JITTER]
    measurements = [root, measurement(LAND, "stored", stored, thread_cpu=thread_cpu),
                    measurement(CLEAR, "root", stored, thread_cpu=thread_cpu), measurement(CLEAR, "stored", stored, thread_cpu=thread_cpu)]
    ratio = sorted(cpu_ratios)[len(cpu_ratios) // 2]
    verdict = "pass" if ratio < 1.05 else "fail"
    decision = ({"outcome": "ships", "shape": shape, "ships": True, "text": f"{shape} ships"} if shape else
                {"outcome": outcome, "shape": None, "ships": False,
                 "text": "too noisy to decide" if outcome == "tooNoisy" else outcome})
    forks = len(wall_ratios)
    loads = [{"fork": i + 1, "seconds": 10.0, "runQueueShare": 0.01 * (i + 1), "onCPUShare": 0.95,
              "involuntarySwitches": 100 * (i + 1), "voluntarySwitches": 5, "cpuPressureShare": None if i == 0 else 0.02,
              "stealShare": 0.0, "loadAverageAtStart": 0.5, "loadAverageAtEnd": 0.6} for i in range(forks)]
    return {"schema": 8, "options": {"forks": 8, "filter": None}, "looksTaken": [{"forks": f} for f in looks] or None,
            "measurements": measurements, "forkLoads": loads if fork_loads else None, "decision": decision,
            "limits": [limit("root-cost-land", "root", LAND, ratio, verdict), limit("root-cost-clear", "root", CLEAR, 1.0, "pass"),
                       {"id": "phase-read", "statistic": "median", "verdict": "pass"}]}


def write(path, document):
    with open(path, "w") as file:
        json.dump(document, file)
    return path
