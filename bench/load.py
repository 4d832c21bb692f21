"""A busy evening against gunicorn with 4 workers, on SQLite and on PostgreSQL.

Run it from the repository root (PostgreSQL at 127.0.0.1:5432, user postgres)::

    python -m bench.load                       # both databases
    python -m bench.load --database sqlite --seconds 10
    LOAD_DATABASE_URL=postgres://postgres@127.0.0.1:5432/mine python -m bench.load

For each database it builds a fresh one (a club, 240 players, a progressive drive of 60
tables with round 1 seated), starts ``gunicorn -w 4 config.wsgi`` as production runs it
(DEBUG=0, collected static files) on 127.0.0.1, and then:

* **posts**: the organiser's round page receives 60 posts at once, one per table (four
  deals each); a post is an error unless it is answered with the redirect that follows a
  save, and a result is lost if the database lacks it afterwards;
* **readers**: 50 phones refresh the drive's standings for ``--seconds``, as a browser's
  reload does (sending the ETag they hold: a 304 when nothing changed), and then as many
  again asking for the whole page every time (no ETag), the cost of a first visit.

Each worker first serves a few pages (a server that has been up all evening has loaded
its templates and translations). It prints p50/p95 latency, requests per second, errors
and results lost beside the targets, and per request the CPU the gunicorn workers (and,
on PostgreSQL, the database's processes for their connections) spent, read from /proc:
that figure holds on a shared machine, where latencies are pessimistic. The client is
one thread per phone on one kept connection (http.client); its own CPU is printed too.
Nothing but 127.0.0.1 is contacted; every loop is bounded by a count or a clock.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serve import (
    ROOT,
    Client,
    all_at_once,
    create_postgres_database,
    gunicorn,
    manage,
    production_env,
)

TABLES = 60
DEALS_PER_ROUND = 4
READERS = 50
ORGANISER = ("organiser", "load-test-password-1")
SLOW = 300  # seconds before a request counts as failed
TARGET_POST_P95 = 1.0
TARGET_READ_P95 = 0.3
# The server CPU a request may take for those latencies on 2 cores: 60 posts done within 1 s
# allow 33 ms each (20 leaves the database its share), and 50 readers each answered within
# 300 ms allow 12 ms a read.
TARGET_POST_CPU = 20.0
TARGET_READ_CPU = 10.0
DATABASES = {
    "sqlite": "sqlite:///{tmp}/whist_load.sqlite3",
    "postgresql": os.getenv("LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/whist_load"),
}


def build() -> dict:
    """In a process configured for the bench database: the club, players and running drive."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from drives.evening.lifecycle import drive_start
    from drives.models import Club, Drive, Entry, Player, SeatRole

    user = get_user_model().objects.create_user(ORGANISER[0], password=ORGANISER[1])
    club = Club.objects.create(name="Load Club", slug="load")
    club.team.add(user)
    roles = (SeatRole.LADY, SeatRole.GENT)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n:03d}", role=roles[n % 2]) for n in range(TABLES * 4)
    )
    drive = Drive.objects.create(
        club=club,
        title="Load drive",
        date="2026-12-04",
        deals=24,
        deals_per_round=DEALS_PER_ROUND,
    )
    Entry.objects.bulk_create(
        Entry(drive=drive, player=player, card_number=number, role=player.role)
        for number, player in enumerate(players, start=1)
    )
    drive_start(drive=drive)
    return {"drive": drive.pk}


def count_results(drive: int) -> int:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from drives.models import TableResult

    return TableResult.objects.filter(drive_id=drive, round=1).count()


def in_bench_process(env: dict[str, str], *args: str):
    done = subprocess.run(
        [sys.executable, "-m", "bench.load", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"bench.load {' '.join(args)} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0
    seconds: float = 0.0
    server_cpu: float = 0.0
    database_cpu: float = 0.0
    client_cpu: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, latency: float, status: int | None, ok: bool) -> None:
        with self.lock:
            self.latencies.append(latency)
            self.statuses[status or 0] = self.statuses.get(status or 0, 0) + 1
            self.errors += not ok

    def line(self, name: str, target: float) -> str:
        if not self.latencies:
            return f"{name:<34} no requests"
        ordered = sorted(self.latencies)
        p50 = statistics.median(ordered)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        rate = len(ordered) / self.seconds if self.seconds else 0.0
        statuses = " ".join(f"{code}×{n}" for code, n in sorted(self.statuses.items()))
        verdict = "ok" if p95 <= target and not self.errors else "MISSED"
        return (
            f"{name:<34} p50 {p50 * 1000:7.0f} ms  p95 {p95 * 1000:7.0f} ms  "
            f"(target ≤ {target * 1000:.0f})  {rate:6.1f} req/s  errors {self.errors}  "
            f"[{statuses}]  {verdict}"
        )

    def cpu_line(self, name: str, target_ms: float) -> str:
        count = len(self.latencies) or 1
        per_request = self.server_cpu * 1000 / count
        verdict = "ok" if per_request <= target_ms else "MISSED"
        target = f"(target ≤ {target_ms:.0f})" if target_ms != float("inf") else "(no target)"
        database = (
            f" + database {self.database_cpu * 1000 / count:4.1f} ms" if self.database_cpu else ""
        )
        return (
            f"  {name:<32} {per_request:6.1f} ms  {target}  {verdict}"
            f"{database}   "
            f"client: {self.client_cpu * 1000 / count:.1f} ms CPU a request, "
            f"{100 * self.client_cpu / (self.seconds or 1):.0f}% of a core"
        )


def post_all_tables(port: int, cookies: dict[str, str], drive: int) -> Tally:
    """Every table's round-1 result posted at once, each from its own connection."""
    tally = Tally()
    start = threading.Barrier(TABLES)
    rng = random.Random(1)
    forms = []
    for table in range(1, TABLES + 1):
        form = {f"t{table}_v": "0"}
        form.update({f"t{table}_d{deal}": str(rng.randint(0, 13)) for deal in range(1, 5)})
        forms.append(form)
    path = f"/drives/{drive}/rounds/1/"

    def post(form):
        client = Client(port, timeout=SLOW)
        client.cookies = dict(cookies)
        start.wait()
        began = time.perf_counter()
        try:
            status = client.post(path, form).status
        except OSError:
            status = None
        tally.add(time.perf_counter() - began, status, status == 302)
        client.close()

    tally.seconds = all_at_once([functools.partial(post, form) for form in forms])
    return tally


def open_round_page(port: int, cookies: dict[str, str], drive: int, times: int = 10) -> Tally:
    """The page a post redirects to, opened ``times`` times one after the other."""
    tally = Tally()
    client = Client(port, timeout=SLOW)
    client.cookies = dict(cookies)
    began = time.perf_counter()
    for _ in range(times):
        start = time.perf_counter()
        status = client.get(f"/drives/{drive}/rounds/1/").status
        tally.add(time.perf_counter() - start, status, status == 200)
    tally.seconds = time.perf_counter() - began
    client.close()
    return tally


def warm_up(port: int, cookies: dict[str, str], drive: int) -> None:
    """A few pages on every worker first, as on a server that has been up all evening:
    each worker loads its templates and translations on its first requests."""

    def visit():
        client = Client(port, timeout=SLOW)
        client.cookies = dict(cookies)
        for path in (f"/drives/{drive}/rounds/1/", f"/drives/{drive}/standings/"):
            client.get(path)
            client.close()  # the next request may go to another worker

    all_at_once([visit] * 12)


def read_standings(port: int, drive: int, seconds: float, *, conditional: bool) -> Tally:
    """READERS phones reloading the standings until the clock runs out."""
    tally = Tally()
    path = f"/drives/{drive}/standings/"
    stop = time.monotonic() + seconds

    def reader():
        client = Client(port, timeout=SLOW)
        etag = None
        while time.monotonic() < stop:
            headers = {"If-None-Match": etag} if conditional and etag else {}
            began = time.perf_counter()
            try:
                response = client.get(path, headers=headers)
                status = response.status
                etag = response.headers.get("ETag") or etag
            except OSError:
                status = None
                client.close()
            tally.add(time.perf_counter() - began, status, status in (200, 304))
        client.close()

    tally.seconds = all_at_once([reader] * READERS)
    return tally


def run(database: str, url: str, static_root: str, seconds: float) -> bool:
    if url.startswith("sqlite:"):
        path = Path(url.removeprefix("sqlite:///"))
        for leftover in path.parent.glob(path.name + "*"):
            leftover.unlink()
    else:
        create_postgres_database(url)
    env = production_env(url, static_root)
    manage(env, "migrate", "--no-input", "-v0")
    drive = in_bench_process(env, "--build")["drive"]
    # On a starved machine a request may wait minutes: slow is measured, not cut off.
    with gunicorn(env, workers=4, worker_timeout=SLOW) as server:
        organiser = Client(server.port)
        if organiser.log_in(*ORGANISER).status != 302:
            raise RuntimeError("the organiser could not log in")
        warm_up(server.port, organiser.cookies, drive)
        posts = measured(server, lambda: post_all_tables(server.port, organiser.cookies, drive))
        # What the organiser's browser asks for after each post: the whole round page again
        # (its first openings with every result in, on each worker, not counted).
        open_round_page(server.port, organiser.cookies, drive)
        pages = measured(server, lambda: open_round_page(server.port, organiser.cookies, drive))
        stored = in_bench_process(env, "--count", str(drive))
        lost = TABLES * DEALS_PER_ROUND - stored
        refresh = measured(
            server, lambda: read_standings(server.port, drive, seconds, conditional=True)
        )
        full = measured(
            server, lambda: read_standings(server.port, drive, seconds, conditional=False)
        )
    load = ", ".join(f"{figure:.2f}" for figure in os.getloadavg())
    print(
        f"\n{database}: gunicorn -w 4, {TABLES} tables, {READERS} readers for {seconds:.0f} s "
        f"(load average {load})"
    )
    print(posts.line(f"{TABLES} posts at once", TARGET_POST_P95))
    print(f"{'results lost':<34} {lost} of {TABLES * DEALS_PER_ROUND}  (target 0)")
    print(refresh.line("standings, reload (ETag)", TARGET_READ_P95))
    print(full.line("standings, whole page each time", TARGET_READ_P95))
    print("server CPU per request (the workers' own time, whatever else runs; PostgreSQL's own")
    print("processes for the workers' connections beside it):")
    print(posts.cpu_line("organiser post", TARGET_POST_CPU))
    print(pages.cpu_line(f"round page after a post, {TABLES} tables", float("inf")))
    print(refresh.cpu_line("standings reload", TARGET_READ_CPU))
    print(full.cpu_line("standings whole page", TARGET_READ_CPU))
    return not posts.errors and not lost and not refresh.errors and not full.errors


def measured(server, phase) -> Tally:
    """Run ``phase``; note the workers' CPU and this (client) process's CPU it took."""
    workers, client = server.cpu_seconds(), time.process_time()
    database = server.database_cpu_seconds()
    tally = phase()
    tally.server_cpu = server.cpu_seconds() - workers
    tally.database_cpu = server.database_cpu_seconds() - database
    tally.client_cpu = time.process_time() - client
    return tally


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=[*DATABASES, "both"], default="both")
    parser.add_argument("--seconds", type=float, default=20.0, help="each readers' phase")
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.build:
        print(json.dumps(build()))
        return
    if args.count is not None:
        print(json.dumps(count_results(args.count)))
        return

    workdir = tempfile.mkdtemp(prefix="whist-load-")
    try:
        static_root = os.path.join(workdir, "static")
        env = production_env(DATABASES["sqlite"].format(tmp=workdir), static_root)
        manage(env, "collectstatic", "--no-input", "-v0")
        names = list(DATABASES) if args.database == "both" else [args.database]
        clean = [
            run(name, DATABASES[name].format(tmp=workdir), static_root, args.seconds)
            for name in names
        ]
        print("\nThe machine's load from other work counts in these figures.")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    sys.exit(0 if all(clean) else 1)


if __name__ == "__main__":
    main()
