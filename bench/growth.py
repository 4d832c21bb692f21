"""Cost as the data grows: the public pages on a site of a thousand clubs' five years, side by
side with the same pages on a site of three clubs with the same history each.

Run it from the repository root (PostgreSQL at 127.0.0.1:5432, user postgres)::

    python -m bench.growth                              # 1,000 clubs against 3
    python -m bench.growth --clubs 200 --small-clubs 3  # a quicker look

Each club has ``--members`` members and ``--years`` seasons of ``--drives`` finished drives
(one a week), a drive of ``--players`` players (16 regulars who play every drive and the
rest in turn) over 12 deals in 3 rounds of 4, every seating and result stored, and one drive
planned for next week. The rows are made inside PostgreSQL (``INSERT … SELECT`` over
``generate_series``, every column the models give a default taking it), so a billion values
never pass through Python; the counts and sizes are printed.

Then, in a process of its own on each database, the pages a visitor opens: the home page
(its first page, and a search), a club's page, its current season's league (50 drives) and
a regular player's page (250 drives), each through Django's test client: the queries it ran,
its time with the drives' summaries cached (the best of ``--runs``: the machine's other work
only ever adds to a time) and cold (the cache emptied first). Printed side by side, large
beside small, with the floor: the same number of
queries, and the large site within ``1.5 × small + 25 ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serve import ROOT, create_postgres_database

BASE = os.getenv("GROWTH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/whist_growth")
DEALS, ROUNDS, REGULARS = 12, 3, 16
SLOWER, SLACK_MS = 1.5, 25.0


def settings_env(url: str) -> dict[str, str]:
    return os.environ | {
        "DATABASE_URL": url,
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ALLOWED_HOSTS": "testserver",
        "LOG_LEVEL": "ERROR",
    }


# --- generating, in a process set up on the database --------------------------------------


def defaults(model) -> dict[str, str]:
    """Each column's SQL value when not given: the model's default, now() for timestamps
    Django fills itself, NULL where allowed."""
    from django.db import connection
    from psycopg import sql

    raw = connection.connection
    values = {}
    for field in model._meta.concrete_fields:
        if field.primary_key:
            continue
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            values[field.column] = "now()"
        elif field.null and not field.has_default():
            values[field.column] = "NULL"
        elif (default := field.get_default()) is not None:  # "" for text without a default
            value = field.get_db_prep_save(default, connection)
            values[field.column] = sql.Literal(value).as_string(raw)
    return values


def insert(model, source: str, **given: str) -> None:
    """``INSERT INTO model SELECT … FROM source``, with ``given`` SQL for named columns."""
    from django.db import connection

    columns = defaults(model) | {"id": given.pop("id")} | given
    names = ", ".join(f'"{name}"' for name in columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {model._meta.db_table} ({names}) "
            f"SELECT {', '.join(columns.values())} FROM {source}"
        )


def generate(shape: dict) -> dict:
    import django

    django.setup()
    from django.db import connection
    from django.utils import timezone

    from drives.models import Club, Drive, Entry, Player, Season, Seating, TableResult

    clubs, years, drives, members, players = (
        shape[key] for key in ("clubs", "years", "drives", "members", "players")
    )
    weeks = years * drives  # one drive a week, each club, the last a week ago
    last = timezone.localdate().toordinal() - 7
    tables = players // 4
    began = time.perf_counter()
    with connection.cursor() as cursor:
        # Rows made consistent by construction: no foreign-key trigger a row (Django's keys
        # are deferred, so each row would queue one until the commit), no wait on the disk.
        cursor.execute("SET session_replication_role = replica")
        cursor.execute("SET synchronous_commit = off")
    insert(
        Club,
        f"generate_series(1, {clubs}) c",
        id="c",
        name="'Club ' || lpad(c::text, 4, '0')",
        slug="'club-' || lpad(c::text, 4, '0')",
        town="'Town ' || (c % 97)",
    )
    insert(
        Player,
        f"generate_series(1, {clubs}) c, generate_series(0, {members - 1}) m",
        id=f"(c - 1) * {members} + m + 1",
        club_id="c",
        name="'Member ' || m || ' of club ' || c",
        role="CASE m % 2 WHEN 0 THEN 'lady' ELSE 'gent' END",
    )
    first_day = f"(DATE '0001-01-01' + ({last} - 1 - ({weeks} - 1 - y * {drives}) * 7))"
    insert(
        Season,
        f"generate_series(1, {clubs}) c, generate_series(0, {years - 1}) y",
        id=f"(c - 1) * {years} + y + 1",
        club_id="c",
        name="'Season ' || (y + 1)",
        start=first_day,
        end=f"{first_day} + ({drives} * 7 - 1) + CASE WHEN y = {years - 1} THEN 30 ELSE 0 END",
    )
    week = f"(y * {drives} + k)"
    insert(
        Drive,
        f"generate_series(1, {clubs}) c, generate_series(0, {years - 1}) y, "
        f"generate_series(0, {drives - 1}) k",
        id=f"((c - 1) * {years} + y) * {drives} + k + 1",
        club_id="c",
        season_id=f"(c - 1) * {years} + y + 1",
        date=f"(DATE '0001-01-01' + ({last} - 1 - ({weeks} - 1 - {week}) * 7))",
        title="'Drive ' || (k + 1)",
        status="'finished'",
        movement="'individual'",
        deals=str(DEALS),
        deals_per_round=str(DEALS // ROUNDS),
        current_round=str(ROUNDS),
    )
    finished = clubs * weeks
    insert(
        Drive,
        f"generate_series(1, {clubs}) c",
        id=f"{finished} + c",
        club_id="c",
        season_id=f"c * {years}",
        date=f"(DATE '0001-01-01' + ({last} - 1 + 14))",
        title="'Next drive'",
        deals=str(DEALS),
        deals_per_round=str(DEALS // ROUNDS),
    )
    # Drive d: club (d - 1) / weeks + 1, its week (d - 1) % weeks; card n's member.
    club_of, week_of = f"((d - 1) / {weeks} + 1)", f"((d - 1) % {weeks})"
    rotating = members - REGULARS
    member = (
        f"(CASE WHEN n <= {REGULARS} THEN n - 1 "
        f"ELSE {REGULARS} + ({week_of} * {players - REGULARS} + n - {REGULARS + 1}) "
        f"% {rotating} END)"
    )
    insert(
        Entry,
        f"generate_series(1, {finished}) d, generate_series(1, {players}) n",
        id=f"(d - 1) * {players} + n",
        drive_id="d",
        card_number="n",
        player_id=f"({club_of} - 1) * {members} + {member} + 1",
        role=f"CASE {member} % 2 WHEN 0 THEN 'lady' ELSE 'gent' END",
    )
    position = f"((n - 1 + 5 * (r - 1)) % {players})"
    insert(
        Seating,
        f"generate_series(1, {finished}) d, generate_series(1, {ROUNDS}) r, "
        f"generate_series(1, {players}) n",
        id=f"((d - 1) * {ROUNDS} + r - 1) * {players} + n",
        drive_id="d",
        round="r",
        table=f"{position} / 4 + 1",
        seat=f"(ARRAY['N', 'E', 'S', 'W'])[{position} % 4 + 1]",
        entry_id=f"(d - 1) * {players} + n",
    )
    insert(
        TableResult,
        f"generate_series(1, {finished}) d, generate_series(1, {tables}) t, "
        f"generate_series(1, {DEALS}) k",
        id=f"((d - 1) * {tables} + t - 1) * {DEALS} + k",
        drive_id="d",
        round=f"(k - 1) / {DEALS // ROUNDS} + 1",
        table="t",
        deal="k",
        ns_tricks="abs(hashtext(d || '.' || t || '.' || k)) % 14",
    )
    generated = time.perf_counter() - began
    models = (Club, Player, Season, Drive, Entry, Seating, TableResult)
    with connection.cursor() as cursor:
        for model in models:
            table = model._meta.db_table
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
        cursor.execute("ANALYZE")
        counts = {}
        for model in models:
            cursor.execute(f"SELECT count(*) FROM {model._meta.db_table}")
            counts[model.__name__] = cursor.fetchone()[0]
        cursor.execute("SELECT pg_database_size(current_database())")
        size = cursor.fetchone()[0]
    return {"counts": counts, "bytes": size, "seconds": generated}


# --- measuring, in a process set up on the database ----------------------------------------


def measure(runs: int) -> dict:
    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from drives.models import Club, Season

    club = Club.objects.order_by("-pk").first()  # the newest ids: the end of every index
    season = Season.objects.filter(club=club).order_by("-start").first()
    regular = club.players.order_by("pk").first()
    pages = {
        "home page": "/",
        "home page, a search": f"/?q={club.name.split()[-1]}",
        "club page": club.get_absolute_url(),
        "league, 50 drives": season.get_absolute_url(),
        "player, 250 drives": regular.get_absolute_url(),
    }
    client = Client()
    figures = {}
    for name, url in pages.items():
        cache.clear()
        began = time.perf_counter()
        with CaptureQueriesContext(connection) as cold_queries:
            status = client.get(url).status_code
        cold = time.perf_counter() - began
        assert status == 200, (url, status)
        timings = []
        backend = _backend_ticks(connection)
        cpu = time.process_time()
        for _ in range(runs):
            began = time.perf_counter()
            with CaptureQueriesContext(connection) as warm_queries:
                client.get(url)
            timings.append(time.perf_counter() - began)
        django_cpu = (time.process_time() - cpu) / runs
        database_cpu = (_backend_ticks(connection) - backend) / os.sysconf("SC_CLK_TCK") / runs
        figures[name] = {
            "queries": len(warm_queries.captured_queries),
            "cold_queries": len(cold_queries.captured_queries),
            "warm_ms": min(timings) * 1000,
            "cpu_ms": (django_cpu + database_cpu) * 1000,
            "cold_ms": cold * 1000,
        }
    return figures


def _backend_ticks(connection) -> int:
    """CPU ticks PostgreSQL's process for this connection has used: the database's share of
    a page, which the machine's other work does not inflate as it does the clock."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


# --- the run ----------------------------------------------------------------------------------


def in_process(url: str, *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "bench.growth", *args],
        cwd=ROOT,
        env=settings_env(url),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"bench.growth {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def build(url: str, shape: dict) -> dict:
    create_postgres_database(url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v0"],
        cwd=ROOT,
        env=settings_env(url),
        check=True,
    )
    return in_process(url, "--generate", json.dumps(shape))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=1000)
    parser.add_argument("--small-clubs", type=int, default=3)
    parser.add_argument("--years", type=int, default=5)
    parser.add_argument("--drives", type=int, default=50, help="a club's drives a year")
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--players", type=int, default=24, help="at each drive")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--reuse", action="store_true", help="measure the databases already made")
    parser.add_argument("--generate", help=argparse.SUPPRESS)
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.generate:
        print(json.dumps(generate(json.loads(args.generate))))
        return 0
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return 0

    shape = {key: getattr(args, key) for key in ("years", "drives", "members", "players")}
    results = {}
    for label, clubs in (("small", args.small_clubs), ("large", args.clubs)):
        url = f"{BASE}_{label}"
        if not args.reuse:
            built = build(url, shape | {"clubs": clubs})
            counts = ", ".join(f"{model} {count:,}" for model, count in built["counts"].items())
            print(
                f"{label}: {clubs} clubs × {args.years} years × {args.drives} drives, "
                f"{args.players} players a drive: {counts}; "
                f"{built['bytes'] / 2**30:.2f} GiB, made in {built['seconds']:.0f} s"
            )
        results[label] = in_process(url, "--measure", str(args.runs))
    return report(results["small"], results["large"])


def report(small: dict, large: dict) -> int:
    """Side by side; the floor holds on CPU (the site's process and PostgreSQL's), which the
    machine's other work does not inflate, and the times are printed beside it."""
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    floor = f"floor: same queries, CPU ≤ {SLOWER} × small + {SLACK_MS:.0f} ms"
    print(f"\n{'page':<20} {'queries':>10} {'CPU ms (site + database)':>26} "
          f"{'warm ms, best':>16} {'cold ms':>15}   {floor}")  # fmt: skip
    misses = 0
    for page, figures in small.items():
        big = large[page]
        ok = (
            big["queries"] == figures["queries"]
            and big["cold_queries"] == figures["cold_queries"]
            and big["cpu_ms"] <= SLOWER * figures["cpu_ms"] + SLACK_MS
        )
        misses += not ok
        print(
            f"{page:<20} {figures['queries']:>4} → {big['queries']:<4}"
            f"{figures['cpu_ms']:>11.0f} → {big['cpu_ms']:<11.0f}"
            f"{figures['warm_ms']:>8.0f} → {big['warm_ms']:<6.0f}"
            f"{figures['cold_ms']:>7.0f} → {big['cold_ms']:<7.0f}  {'ok' if ok else 'MISSED'}"
        )
    print(
        f"(small → large; cold: the drives' summaries computed afresh, "
        f"{small['player, 250 drives']['cold_queries']} queries for a regular's page, as many on "
        f"both; load average {load}: the machine's other work counts in the times)"
    )
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
