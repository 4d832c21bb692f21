"""Pages and phones while Redis is away: gunicorn (4 workers, production settings) with
REDIS_URL pointing at a private redis-server, which is stopped, frozen and brought back.

Run it from the repository root::

    python -m bench.redis_outage                  # 8 visitors, 8 seconds a phase
    python -m bench.redis_outage --seconds 20 --visitors 16

It builds a SQLite database with the demo club (a running drive added, so a table's phone
page too), then for each phase eight visitors loop over the home, club, season,
standings and table pages, and it prints every phase's answers by status, the p50, p95 and
slowest answer, beside the targets: no error in any phase, and while Redis is away no answer
more than a second slower than the slowest with Redis up (a worker waits out REDIS_TIMEOUT
once, then leaves Redis alone for REDIS_OUTAGE_PAUSE). The pages do more work meanwhile:
what Redis kept (finished drives' summaries, rendered fragments) is computed afresh. After
Redis comes back, it prints how long until the site's pages fill it again. Before
drives.resilient_cache, the same pages answered 500 with Redis stopped, and 500 after 5 s
each with it frozen.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.redis_server import RedisServer
from bench.serve import ROOT, Client, gunicorn, manage, production_env

SETUP = """

from drives.evening.entries import drive_check_in
from drives.evening.lifecycle import drive_start
from drives.models import Club, Drive, Season
from drives.tableside import tokens
club = Club.objects.get(slug="little-bramley")
drive = Drive.objects.get(club=club, title="Christmas Drive")
finished = Drive.objects.filter(club=club, status="finished").first()
drive_check_in(drive=drive, roles={p: p.role for p in club.players.all()[:16]})
drive_start(drive=drive)
print("page", "/")
print("page", f"/clubs/{club.slug}/")
print("page", f"/seasons/{Season.objects.get(club=club).pk}/")
print("page", f"/drives/{finished.pk}/standings/")
print("page", f"/t/{tokens.side_links(drive=drive)[0].token}/")
"""
#: Seconds an answer may take beyond the slowest one with Redis up.
EXTRA_TARGET = 1.0


def visit(port: int, pages: list[str], seconds: float, visitors: int):
    """Statuses and answer times of ``visitors`` looping over ``pages`` for ``seconds``."""
    statuses: Counter[int] = Counter()
    times: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def visitor(number: int):
        client = Client(port, timeout=30)
        mine, took = Counter(), []
        while time.monotonic() < stop:
            for page in pages:
                began = time.perf_counter()
                # Each visitor at its own address, as the phones of a hall behind a proxy.
                headers = {"X-Forwarded-For": f"198.51.100.{number}"}
                try:
                    mine[client.get(page, headers=headers).status] += 1
                except OSError:
                    mine[0] += 1  # no answer at all
                    client.close()
                took.append(time.perf_counter() - began)
        with lock:
            statuses.update(mine)
            times.extend(took)

    threads = [threading.Thread(target=visitor, args=(n,)) for n in range(1, visitors + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses, times


def report(phase: str, statuses: Counter[int], times: list[float], *, up: float) -> bool:
    """Print a phase's figures; whether it met the targets (``up``: the slowest answer with
    Redis up)."""
    times = sorted(times)
    p50 = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    errors = sum(n for status, n in statuses.items() if status >= 500 or status == 0)
    ok = errors == 0 and times[-1] <= up + EXTRA_TARGET
    print(
        f"{phase:<22} {sum(statuses.values()):>5} answers {dict(sorted(statuses.items()))}"
        f"  p50 {p50 * 1000:5.0f} ms  p95 {p95 * 1000:5.0f} ms  slowest {times[-1]:.2f} s"
        f"  (target: no error, slowest ≤ {up + EXTRA_TARGET:.2f} s) {'ok' if ok else 'MISSED'}"
    )
    return ok


def refilled(redis: RedisServer, port: int, pages: list[str], limit: float = 30) -> float:
    """Seconds until the pages' visits store something in an emptied Redis again."""
    import redis as redis_library

    connection = redis_library.Redis.from_url(redis.url, socket_timeout=1)
    connection.flushdb()
    began = time.monotonic()
    client = Client(port)
    while connection.dbsize() == 0 and time.monotonic() - began < limit:
        for page in pages:
            client.get(page, headers={"X-Forwarded-For": "198.51.100.200"})
        time.sleep(0.1)
    return time.monotonic() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--visitors", type=int, default=8)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="whist-redis-bench-")
    redis = RedisServer()
    try:
        env = production_env(f"sqlite:///{folder}/db.sqlite3", f"{folder}/static")
        env.update(REDIS_URL=redis.url, TRUSTED_PROXIES="1", MEDIA_ROOT=folder)
        manage(env, "migrate", "--no-input", "-v0")
        manage(env, "collectstatic", "--no-input", "-v0")
        manage(env, "loaddemo")
        made = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", SETUP],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True,
        )  # fmt: skip
        pages = [line.split()[1] for line in made.stdout.splitlines() if line.startswith("page ")]
        redis.start()

        def phase(port):
            return visit(port, pages, args.seconds, args.visitors)

        with gunicorn(env, workers=4) as server:
            visit(server.port, pages, 2, args.visitors)  # warm the workers and the cache
            statuses, times = visit(server.port, pages, args.seconds, args.visitors)
            up = max(times)
            results = [report("Redis up", statuses, times, up=up)]
            redis.freeze()
            results.append(report("Redis frozen (SIGSTOP)", *phase(server.port), up=up))
            redis.thaw()
            back = refilled(redis, server.port, pages)
            print(f"{'thawed':<22} Redis filled again after {back:.1f} s")
            redis.stop()
            results.append(report("Redis stopped", *phase(server.port), up=up))
            redis.start()
            back = refilled(redis, server.port, pages)
            print(f"{'restarted':<22} Redis filled again after {back:.1f} s")
            results.append(report("Redis back", *phase(server.port), up=up))
        print("redis_outage: every target met" if all(results) else "redis_outage: MISSED a target")
    finally:
        redis.stop()
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(redis.folder, ignore_errors=True)


if __name__ == "__main__":
    main()
