"""The parts of `scripts/history`: results files in commit order, the table, the plots."""
