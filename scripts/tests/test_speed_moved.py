"""resultslib.speed_moved: the first and last quarter of a measurement's forks, each fork by its own
median, in the order they ran; what the release gate prints beside a measurement that could not tell
when both sides moved alike. From the root: python3 -m unittest discover -s scripts/tests"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
import resultslib  # noqa: E402


def results(fork_medians, name="tracking-scope.empty", strategy=None, samples_a_fork=3):
    """A file of one measurement whose forks sit at the given medians, on both clocks."""
    samples = []
    for median in fork_medians:
        samples += [median - 1, median, median + 1][:samples_a_fork]
    measurement = {"name": name, "samples": [s * 1.1 for s in samples], "threadCPUSamples": samples,
                   "forks": [{"samples": samples_a_fork, "batchSize": 1} for _ in fork_medians]}
    if strategy:
        measurement["strategy"] = strategy
    return {"measurements": [measurement]}


class SpeedMovedTest(unittest.TestCase):
    def test_the_quarters_medians_of_the_forks_medians_in_the_order_they_ran(self):
        slowing = results([100, 102, 98, 101, 130, 128, 131, 129])
        self.assertEqual(resultslib.speed_moved(slowing, "tracking-scope.empty", "threadCPU"), (101, 130))

    def test_the_wall_clock_reads_the_wall_samples(self):
        first, last = resultslib.speed_moved(results([100] * 8), "tracking-scope.empty", "wall")
        self.assertAlmostEqual(first, 110)
        self.assertAlmostEqual(last, 110)

    def test_the_shape_in_brackets_picks_the_measurement(self):
        shaped = results([100] * 4 + [200] * 4, name="phase.read.untracked(largest-strict)", strategy="stored")
        label = "phase.read.untracked(largest-strict)"
        self.assertEqual(resultslib.speed_moved(shaped, label + " [stored]", "threadCPU"), (100, 200))
        self.assertIsNone(resultslib.speed_moved(shaped, label + " [root]", "threadCPU"))
        self.assertIsNone(resultslib.speed_moved(shaped, label, "threadCPU"), "an unshaped name is another measurement")

    def test_fewer_than_eight_forks_say_nothing(self):
        self.assertIsNone(resultslib.speed_moved(results([100] * 7), "tracking-scope.empty", "threadCPU"))
        self.assertIsNotNone(resultslib.speed_moved(results([100] * 8), "tracking-scope.empty", "threadCPU"))


if __name__ == "__main__":
    unittest.main()
