"""Simulation runs and their statistics (intervals, percentiles)."""
