"""The plots of `scripts/history`, drawn from `bench history --format json`."""
