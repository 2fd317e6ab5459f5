"""scripts/decision-proof's reading of its runs: the arms, the calibration at this machine's margin, each
run's decision, ratios and machine signals from the bench's results files, and the rules the proof
holds the runs to. Run as `python3 -m prooflib` with scripts/ on the path (see __main__.py)."""
