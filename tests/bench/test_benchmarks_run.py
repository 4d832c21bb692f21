"""Each in-process benchmark still runs, at a toy size: a benchmark that has rotted (an
import moved, a model grew a field) fails here rather than on the day someone needs it.

The figures are not checked; only that the run finishes and prints its table.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TOY_RUNS = {
    "simulate": ["--deals", "200", "--runs", "1"],
    "movements": ["--size", "9", "--rounds", "4"],
    "standings": ["--players", "12", "--deals", "8", "--runs", "1"],
    "league": ["--players", "12", "--drives", "2", "--deals", "4", "--runs", "1"],
    "paper": ["--cards", "8", "--deals", "4"],
    "pdf": ["--sizes", "8", "--deals", "4", "--no-busy"],
}


@pytest.mark.parametrize("name", sorted(TOY_RUNS))
def test_the_benchmark_runs_at_a_toy_size(name, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {"DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'bench.sqlite3'}"}
    run = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", *TOY_RUNS[name]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip(), "the benchmark printed nothing"
