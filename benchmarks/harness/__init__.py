"""What the benchmark scripts share: timing, positions to measure at, servers to measure, result files.

A script in ``benchmarks/<purpose>/`` puts ``benchmarks/`` on its path first::

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness
    from harness.timing import cpu_loop

- :mod:`harness.timing`: CPU-time loops, alternating rounds with medians, pinning to one core, the load;
- :mod:`harness.positions`: a random player's step and playout, the first decision and a mid-game position;
- :mod:`harness.server`: a free loopback port, a child process's memory and CPU time;
- :mod:`harness.results`: games played in chunks and kept one JSON line each, so a stopped run resumes.
"""
