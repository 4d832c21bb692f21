"""bench/fleet.py still runs, at a toy size (two app hosts, one drive, short phases, every
fault): the benchmark itself is not part of the suite, this run is, so that it cannot rot.
It needs root, network namespaces, HAProxy, PostgreSQL's server programs and redis-server
(CI installs them); it skips, saying which is missing, where any is not there, and on the
SQLite leg."""

import glob
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.netns import unavailable

ROOT = Path(__file__).resolve().parents[2]


def missing() -> str | None:
    from django.conf import settings

    # The fleet starts PostgreSQL servers of its own whatever the suite's database, so one run
    # is enough: CI's PostgreSQL leg (six minutes on a crowded machine) rather than both legs.
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return "it runs with the suite on PostgreSQL (DATABASE_URL), as CI's second leg does"
    if why := unavailable():
        return why
    if not shutil.which("haproxy"):
        return "haproxy is not installed (apt-get install haproxy)"
    if not shutil.which("redis-server"):
        return "redis-server is not installed (apt-get install redis-server)"
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        return "PostgreSQL's server programs are not installed"
    return None


@pytest.mark.slow
def test_the_fleet_benchmark_runs_at_a_toy_size_and_loses_nothing():
    if why := missing():
        pytest.skip(f"the fleet benchmark cannot run here: {why}")
    toy = ["--apps", "2", "--drives", "1", "--seconds", "25", "--round-seconds", "6"]
    toy += ["--sheets", "1", "--app-workers", "2", "--big-tables", "30"]
    run = subprocess.run(
        [sys.executable, "-m", "bench.fleet", *toy],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    for printed in (
        "fleet: 2 app servers",
        "one app server",
        "results acknowledged",
        "app server killed",
        "sheet worker killed mid-render",
        "Redis restarted",
        "PostgreSQL restarted",
        "acknowledged figures lost, all phases: 0",
    ):
        assert printed in run.stdout, run.stdout[-3000:]
    # Requests cut by the database's restart end on the site's 503 page, never a 500.
    (restart,) = [line for line in run.stdout.splitlines() if line.startswith("PostgreSQL")]
    assert "500×" not in restart and "error page" not in restart, restart
