#!/usr/bin/env python3
"""A stand-in for the bench in scripts/decision-proof's tests: `fake_bench.py [--filter P] --out FILE`
writes a synthetic results file whose root landing is FAKE_BENCH_RATIO (0.99 by default) x (1 +
BENCH_AB_ROOT_COMMIT_WORK), ships root below 1.05x and incremental above, and exits as the bench would.
FAKE_BENCH_SLEEP makes it wait that many seconds first; FAKE_BENCH_LOG gets one line per run."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proof_fixtures import results, write  # noqa: E402

arguments = sys.argv[1:]
out = arguments[arguments.index("--out") + 1]
fraction = float(os.environ.get("BENCH_AB_ROOT_COMMIT_WORK") or 0)
if os.environ.get("FAKE_BENCH_LOG"):
    with open(os.environ["FAKE_BENCH_LOG"], "a") as log:
        log.write(" ".join(arguments[:-2]) + f" fraction={fraction}\n")
time.sleep(float(os.environ.get("FAKE_BENCH_SLEEP") or 0))
ratio = float(os.environ.get("FAKE_BENCH_RATIO") or 0.99) * (1 + fraction)
shape = "root" if ratio < 1.05 else "incremental"
write(out, results(shape=shape, wall_ratios=[ratio * (1 + 0.001 * (i - 4)) for i in range(8)]))
sys.exit(0)
