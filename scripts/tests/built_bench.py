"""The bench the scripts' tests run, and the checkout it was built from: the bench scripts/test built
(BENCH_EXECUTABLE, else .build/tests/release/bench)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.environ.get("BENCH_EXECUTABLE") or os.path.join(ROOT, ".build", "tests", "release", "bench")


def require_bench():
    """Fails a test class at once, saying what to do, when there is no bench to run."""
    if not os.access(BENCH, os.X_OK):
        raise AssertionError(f"no bench at {BENCH}: build it first (scripts/test does)")
