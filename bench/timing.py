"""Timing shared by the benchmarks."""

import time
from collections.abc import Callable


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, object]:
    """The fastest of ``runs`` runs, in seconds, and what the last run returned."""
    timings, value = [], None
    for _ in range(runs):
        start = time.perf_counter()
        value = work()
        timings.append(time.perf_counter() - start)
    return min(timings), value
