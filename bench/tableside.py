"""Sixty tables posting their round from phones at once, then their opponents confirming;
then their phones polling every five seconds while they post.

Run it from the repository root::

    python -m bench.tableside                    # SQLite, then PostgreSQL
    python -m bench.tableside --db sqlite --tables 30

For each database it builds a fresh one (SQLite: /tmp/bench_tableside.sqlite3;
PostgreSQL: the database ``whist_tableside_bench`` on 127.0.0.1, dropped first), a
running drive of ``--tables`` tables and their links, and serves it with gunicorn
(4 workers, DEBUG off, as in production). Then, over HTTP:

* every table's N–S phone opens its page, and all post their figures at one instant;
* every E–W phone opens the page, and all confirm at one instant;
* the organiser's dashboard polls 200 times with the ETag it holds (nothing changed);
* a phone's table page polls 200 times with the ETag it holds (nothing changed);
* on a third drive, every table's two phones poll their page every ``--poll`` seconds
  (5, as in the hall) for ``--seconds``, N–S posting at a moment of the first half and
  E–W confirming, from what its poll brought, in the second: polls answered 304 and 200,
  their p50 and p95, the posts', and the share of the server's cores the whole took.

It prints p50 and p95 of the posts, posts per second, errors (any answer but 200),
results lost (tables without a stored result afterwards: must be 0), and the CPU the
gunicorn workers spent per post and per unchanged poll, read from /proc: that figure
holds whatever else the machine runs. Inside the process, on a second drive, it also
times one post and one unchanged poll through Django's test client, beside the targets.
Each phone is a thread on one connection of its own (http.client), so the load
generator costs little CPU beside the server's.
"""

from __future__ import annotations

import argparse
import http.client
import logging
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serve import Client, gunicorn

ROOT = Path(__file__).resolve().parents[1]
SQLITE = "/tmp/bench_tableside.sqlite3"
POSTGRES = "postgres://postgres@127.0.0.1:5432/whist_tableside_bench"
TARGETS = {"p95": 1.0, "post_ms": 20.0, "poll_ms": 10.0, "poll_p95": 0.5}
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CONFIRM_ENTRY = re.compile(r'name="entry" value="(\d+)"')


def environment(database_url: str) -> dict[str, str]:
    return os.environ | {
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": "bench-" + uuid.uuid4().hex * 2,
        "ALLOWED_HOSTS": "127.0.0.1,testserver",
        "SECURE_SSL_REDIRECT": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "LOG_LEVEL": "ERROR",
        # Every phone of the bench is 127.0.0.1: a hall's phones each have their own address.
        "TABLESIDE_RATE_REQUESTS": "100000",
    }


def fresh_database(kind: str) -> str:
    if kind == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(SQLITE + suffix).unlink(missing_ok=True)
        return f"sqlite:///{SQLITE}"
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as db:
        db.execute("DROP DATABASE IF EXISTS whist_tableside_bench")
        db.execute("CREATE DATABASE whist_tableside_bench")
    return POSTGRES


# --- the evening, built inside this process -----------------------------------------------


def build(tables: int):
    """Three running drives of ``tables`` tables with their links, and an organiser."""
    from django.contrib.auth import get_user_model

    from drives.evening.lifecycle import drive_start
    from drives.models import Club, Drive, Entry, Player
    from drives.tableside import tokens

    organiser = get_user_model().objects.create_user("bench", password="bench-password")
    club = Club.objects.create(name="Bench Club", slug="bench")
    club.team.add(organiser)
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n:03d}", role="lady" if n % 2 else "gent")
        for n in range(1, tables * 4 + 1)
    )
    drives = []
    for title in ("Served", "Timed", "Polled"):
        drive = Drive.objects.create(club=club, title=title, date="2026-12-04", deals=24)
        Entry.objects.bulk_create(
            Entry(drive=drive, player=p, card_number=n, role=p.role)
            for n, p in enumerate(players, start=1)
        )
        drive_start(drive=drive)
        drive.refresh_from_db()
        drives.append((drive, tokens.links_issue(drive=drive)))
    return organiser, drives


# --- HTTP, as the phones do it ------------------------------------------------------------


class Phone:
    """One phone: a connection of its own and the CSRF cookie its page set."""

    def __init__(self, port: int):
        self.port = port
        self.cookie = ""

    def request(self, method: str, path: str, body: dict | None = None, etag: str = ""):
        """(status, text), and the answer's ETag in ``self.etag``."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Cookie": self.cookie, "Host": "127.0.0.1"}
        if etag:
            headers["If-None-Match"] = etag
        data = None
        if body is not None:
            data = urlencode(body)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": f"http://127.0.0.1:{self.port}{path}",
                "X-Requested-With": "fetch",
            }
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        self.etag = response.getheader("ETag") or ""
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("csrftoken="):
                self.cookie = value.split(";", 1)[0]
        connection.close()
        return response.status, text


def all_at_once(jobs, server):
    """Run each job's ``prepare`` in its thread, then its ``post`` when all are ready.

    Returns the seconds each post took (None for an error), the wall seconds of the
    posts, what went wrong (an HTTP status or an exception's name) per error, and the
    CPU seconds the server's workers spent on the posts.
    """
    ready = threading.Barrier(len(jobs) + 1)
    # Phones open their pages over the round, not all at one instant: only the posts are.
    opening = threading.Semaphore(4)
    timings: list[float | None] = [None] * len(jobs)
    problems: list[str] = []

    def run(index, prepare, post):
        try:
            with opening:
                state = prepare()
        except Exception as error:  # a failed page load counts as an error
            state, problem = None, type(error).__name__
        else:
            problem = "page did not open"
        ready.wait()
        if state is None:
            problems.append(problem)
            return
        start = time.perf_counter()
        try:
            status = post(state)
        except Exception as error:  # a dropped connection counts as an error
            problems.append(type(error).__name__)
            return
        if status == 200:
            timings[index] = time.perf_counter() - start
        else:
            problems.append(f"HTTP {status}")

    threads = [threading.Thread(target=run, args=(i, *job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    ready.wait()
    start, cpu, database = time.perf_counter(), server.cpu_seconds(), server.database_cpu_seconds()
    for thread in threads:
        thread.join()
    cpu = server.cpu_seconds() - cpu
    database = server.database_cpu_seconds() - database
    return timings, time.perf_counter() - start, problems, cpu, database


def enter_jobs(port, links, deals):
    """N–S sends from its own link at each table."""

    def job(link):
        phone = Phone(port)
        path = f"/t/{link.ns.token}/"

        def prepare():
            status, text = phone.request("GET", path)
            return CSRF_FIELD.search(text).group(1) if status == 200 else None

        def post(csrf):
            form = {
                "csrfmiddlewaretoken": csrf,
                "round": 1,
                "side": "NS",
                "submission": uuid.uuid4(),
            } | {f"d{deal}": 7 for deal in deals}
            return phone.request("POST", path + "enter/", form)[0]

        return prepare, post

    return [job(link) for link in links]


def confirm_jobs(port, links):
    """E–W confirms from its own link at each table."""

    def job(link):
        phone = Phone(port)
        path = f"/t/{link.ew.token}/"

        def prepare():
            status, text = phone.request("GET", path)
            entry = CONFIRM_ENTRY.search(text)
            if status != 200 or entry is None:
                return None
            return CSRF_FIELD.search(text).group(1), entry.group(1)

        def post(state):
            csrf, entry = state
            form = {"csrfmiddlewaretoken": csrf, "entry": entry, "submission": uuid.uuid4()}
            return phone.request("POST", path + "confirm/", form)[0]

        return prepare, post

    return [job(link) for link in links]


def report(name: str, timings, wall: float, problems, cpu: float, database: float) -> int:
    done = sorted(t for t in timings if t is not None)
    errors = len(timings) - len(done)
    if done:
        p50 = statistics.median(done)
        p95 = done[max(0, round(0.95 * len(done)) - 1)]
        print(
            f"  {name:<22} {len(done):>3} posts  p50 {p50 * 1000:7.1f} ms  "
            f"p95 {p95 * 1000:7.1f} ms (target ≤ {TARGETS['p95'] * 1000:.0f})  "
            f"{len(done) / wall:6.1f} posts/s  errors {errors}  "
            f"server CPU {cpu * 1000 / len(timings):5.1f} ms a post "
            f"(target ≤ {TARGETS['post_ms']:.0f})"
            + (f" + database {database * 1000 / len(timings):4.1f} ms" if database else "")
        )
    else:
        print(f"  {name:<22} no post succeeded; errors {errors}")
    if problems:
        print("    " + ", ".join(f"{what} ×{n}" for what, n in Counter(problems).most_common()))
    return errors


def one_at_a_time(server, jobs) -> tuple[float, float, float]:
    """Each job's post alone, nothing else in flight: median milliseconds, and the workers'
    and the database's CPU milliseconds a post (its page opened first, not counted)."""
    times, cpu, database = [], 0.0, 0.0
    for prepare, post in jobs:
        state = prepare()
        workers, db = server.cpu_seconds(), server.database_cpu_seconds()
        start = time.perf_counter()
        status = post(state)
        times.append(time.perf_counter() - start)
        cpu += server.cpu_seconds() - workers
        database += server.database_cpu_seconds() - db
        assert status == 200, status
    count = len(times) or 1
    return statistics.median(times) * 1000, cpu * 1000 / count, database * 1000 / count


def polls_over_http(server, drive, count: int = 200) -> tuple[float, float, float]:
    """The organiser's dashboard asking ``count`` times with the ETag it holds, nothing
    having changed: median milliseconds a poll, and the workers' and the database's CPU
    milliseconds a poll."""
    organiser = Client(server.port)
    if organiser.log_in("bench", "bench-password").status != 302:
        raise SystemExit("the organiser could not log in")
    path = f"/drives/{drive.pk}/tables/live/"
    etag = organiser.get(path).headers["ETag"]
    times = []
    cpu, database = server.cpu_seconds(), server.database_cpu_seconds()
    for _ in range(count):
        start = time.perf_counter()
        status = organiser.get(path, headers={"If-None-Match": etag}).status
        times.append(time.perf_counter() - start)
        assert status == 304, status
    cpu = server.cpu_seconds() - cpu
    database = server.database_cpu_seconds() - database
    return statistics.median(times) * 1000, cpu * 1000 / count, database * 1000 / count


def phone_polls_over_http(server, link, count: int = 200) -> tuple[float, float, float]:
    """A phone's table page asking ``count`` times with the ETag it holds, nothing having
    changed: median milliseconds a poll, the workers' and the database's CPU ms a poll."""
    phone = Phone(server.port)
    path = f"/t/{link.token}/"
    phone.request("GET", path)  # the page sets the CSRF cookie its polls carry
    phone.request("GET", path + "live/")
    etag, times = phone.etag, []
    cpu, database = server.cpu_seconds(), server.database_cpu_seconds()
    for _ in range(count):
        start = time.perf_counter()
        status, _text = phone.request("GET", path + "live/", etag=etag)
        times.append(time.perf_counter() - start)
        assert status == 304, status
    cpu = server.cpu_seconds() - cpu
    database = server.database_cpu_seconds() - database
    return statistics.median(times) * 1000, cpu * 1000 / count, database * 1000 / count


class PollingPhone(threading.Thread):
    """One side's phone over the evening: opens its page, polls it every ``every`` seconds
    (from a moment of its own, as phones opened one by one do), and sends its figures
    (N–S) or confirms the other side's (E–W, once a poll has brought them) at ``post_at``."""

    def __init__(self, port, link, side, deals, every, phase, post_at, until):
        super().__init__()
        self.phase = phase
        self.phone, self.path, self.side, self.deals = Phone(port), f"/t/{link.token}/", side, deals
        self.every, self.post_at, self.until = every, post_at, until
        self.polls: list[tuple[int, float]] = []  # (status, seconds)
        self.posts: list[tuple[int, float]] = []
        self.problems: list[str] = []

    def run(self):
        try:
            status, page = self.phone.request("GET", self.path)
            if status != 200:
                raise RuntimeError(f"page HTTP {status}")
            csrf = CSRF_FIELD.search(page).group(1)
            etag, sent = "", False
            next_poll = time.monotonic() + self.phase
            while time.monotonic() < self.until:
                if not sent and time.monotonic() >= self.post_at:
                    form = self.form(csrf, page)
                    if form is not None:
                        start = time.perf_counter()
                        status, page = self.phone.request("POST", self.path + self.action, form)
                        self.posts.append((status, time.perf_counter() - start))
                        etag, sent = "", True
                        continue
                if time.monotonic() >= next_poll:
                    start = time.perf_counter()
                    status, text = self.phone.request("GET", self.path + "live/", etag=etag)
                    self.polls.append((status, time.perf_counter() - start))
                    if status == 200:
                        etag, page = self.phone.etag, text
                    next_poll += self.every
                # Until the next poll, or the moment to post if it comes first and this side
                # can post (E–W waits for a poll to bring N–S's figures).
                wake = next_poll
                if not sent and self.post_at < wake and self.form(csrf, page) is not None:
                    wake = self.post_at
                time.sleep(max(0.0, min(wake, self.until) - time.monotonic()))
        except Exception as error:  # a dropped connection counts as a problem
            self.problems.append(type(error).__name__)

    @property
    def action(self) -> str:
        return "enter/" if self.side == "NS" else "confirm/"

    def form(self, csrf, page) -> dict | None:
        """What this side posts; None while E–W's polls have not yet brought N–S's figures."""
        fields = {"csrfmiddlewaretoken": csrf, "submission": uuid.uuid4()}
        if self.side == "NS":
            return fields | {"round": 1, "side": "NS"} | {f"d{d}": 7 for d in self.deals}
        entry = CONFIRM_ENTRY.search(page)
        return None if entry is None else fields | {"entry": entry.group(1)}


def polling_evening(server, links, deals, every: float, seconds: float) -> int:
    """Every table's two phones polling while they post, for ``seconds``; prints the figures
    and returns the number of errors."""
    import random

    chance = random.Random(28)
    start = time.monotonic() + 5  # the pages open first, a few at a time
    until = start + seconds
    phones = []
    for link in links:
        ns_at = start + chance.uniform(0, seconds / 2)
        ew_at = start + chance.uniform(seconds / 2, seconds * 0.9)
        for side, at in (("NS", ns_at), ("EW", ew_at)):
            phase = chance.uniform(0, every)
            phones.append(PollingPhone(server.port, link, side, deals, every, phase, at, until))
    cpu, database = server.cpu_seconds(), server.database_cpu_seconds()
    began = time.perf_counter()
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    wall = time.perf_counter() - began
    cpu, database = server.cpu_seconds() - cpu, server.database_cpu_seconds() - database
    polls = [poll for phone in phones for poll in phone.polls]
    posts = [post for phone in phones for post in phone.posts]
    problems = [problem for phone in phones for problem in phone.problems]
    problems += [f"poll HTTP {s}" for s, _t in polls if s not in (200, 304)]
    problems += [f"post HTTP {s}" for s, _t in posts if s != 200]
    statuses = Counter(status for status, _t in polls)

    def p(figures, share):
        done = sorted(t for _s, t in figures)
        return done[max(0, round(share * len(done)) - 1)] * 1000 if done else float("nan")

    print(
        f"  phones polling every {every:g} s for {seconds:g} s ({len(phones)} phones): "
        f"{len(polls)} polls, 304 ×{statuses[304]}, 200 ×{statuses[200]}; "
        f"p50 {p(polls, 0.5):5.1f} ms, p95 {p(polls, 0.95):5.1f} ms "
        f"(target ≤ {TARGETS['poll_p95'] * 1000:.0f})"
    )
    print(
        f"  {'':22} {len(posts)} posts beside them: p50 {p(posts, 0.5):6.1f} ms, "
        f"p95 {p(posts, 0.95):6.1f} ms (target ≤ {TARGETS['p95'] * 1000:.0f}); server CPU "
        f"{cpu / wall * 100:4.1f} % of one core over the {wall:.0f} s"
        + (f" + database {database / wall * 100:4.1f} %" if database else "")
    )
    if problems:
        print("    " + ", ".join(f"{what} ×{n}" for what, n in Counter(problems).most_common()))
    misses = p(polls, 0.95) > TARGETS["poll_p95"] * 1000 or p(posts, 0.95) > TARGETS["p95"] * 1000
    return len(problems) + int(misses) + (len(posts) != len(phones))


# --- server time, measured inside the process ---------------------------------------------


def server_times(organiser, drive, links) -> dict[str, float]:
    """Median ms of one table post (test client, no network) and of an unchanged poll,
    as wall time and as this process's CPU time, which a crowded machine inflates less."""
    from django.test import Client
    from django.urls import reverse

    def timed(work):
        wall, cpu = time.perf_counter(), time.process_time()
        status = work()
        return status, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000

    phone = Client()
    deals = list(drive.deals_of_round(1))
    posts = []
    for link in links[:20]:
        path = reverse("drives:table_enter", args=[link.ns.token])
        form = {"round": 1, "side": "NS", "submission": uuid.uuid4()} | {
            f"d{deal}": 7 for deal in deals
        }
        status, *times = timed(lambda path=path, form=form: phone.post(path, form).status_code)
        assert status == 200, status
        posts.append(times)
    dashboard = Client()
    dashboard.force_login(organiser)
    tiles = reverse("drives:tableside_tiles", args=[drive.pk])
    etag = dashboard.get(tiles)["ETag"]
    polls = []
    for _ in range(50):
        status, *times = timed(
            lambda: dashboard.get(tiles, headers={"if-none-match": etag}).status_code
        )
        assert status == 304, status
        polls.append(times)
    phone_poll = reverse("drives:table_live", args=[links[0].token])
    phone.get(reverse("drives:table_page", args=[links[0].token]))  # its CSRF cookie
    etag = phone.get(phone_poll)["ETag"]
    phone_polls = []
    for _ in range(50):
        status, *times = timed(
            lambda: phone.get(phone_poll, headers={"if-none-match": etag}).status_code
        )
        assert status == 304, status
        phone_polls.append(times)
    return {
        "phone_poll": statistics.median(t[0] for t in phone_polls),
        "phone_poll_cpu": statistics.median(t[1] for t in phone_polls),
        "post": statistics.median(t[0] for t in posts),
        "post_cpu": statistics.median(t[1] for t in posts),
        "poll": statistics.median(t[0] for t in polls),
        "poll_cpu": statistics.median(t[1] for t in polls),
    }


def run_one(kind: str, tables: int, every: float = 5, seconds: float = 60) -> int:
    """Build, serve and hammer one database; returns the number of failures."""
    database_url = fresh_database(kind)
    env = environment(database_url)
    os.environ.update(env)
    import django
    from django.core.management import call_command

    django.setup()
    # The requests timed inside this process would print a log line each among the figures.
    logging.getLogger("drives.requests").setLevel(logging.WARNING)
    call_command("migrate", verbosity=0)
    # DEBUG off serves hashed static names, as production does after collectstatic.
    call_command("collectstatic", interactive=False, verbosity=0)
    from drives.models import TableResult

    organiser, drives = build(tables)
    (served, served_links), (timed, timed_links), (polled, polled_links) = drives
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"{kind}: {tables} tables, gunicorn with 4 workers (load average {load})")
    with gunicorn(env, workers=4, worker_timeout=120) as server:
        deals = list(served.deals_of_round(1))
        entered, *posts = all_at_once(enter_jobs(server.port, served_links, deals), server)
        errors = report("N–S enter", entered, *posts)
        confirmed, *posts = all_at_once(confirm_jobs(server.port, served_links), server)
        errors += report("E–W confirm", confirmed, *posts)
        alone = one_at_a_time(server, enter_jobs(server.port, timed_links[20:40], deals))
        print(
            f"  one post alone, HTTP   p50 {alone[0]:5.1f} ms, server CPU {alone[1]:5.1f} ms "
            f"a post (target ≤ {TARGETS['post_ms']:.0f})"
            + (f" + database {alone[2]:4.1f} ms" if alone[2] else "")
        )
        poll_ms, poll_cpu_ms, poll_database_ms = polls_over_http(server, served)
        print(
            f"  unchanged poll, HTTP   p50 {poll_ms:5.1f} ms, server CPU {poll_cpu_ms:5.1f} ms "
            f"a poll (target ≤ {TARGETS['poll_ms']:.0f})"
            + (f" + database {poll_database_ms:4.1f} ms" if poll_database_ms else "")
        )
        phone_ms, phone_cpu_ms, phone_database_ms = phone_polls_over_http(server, served_links[0])
        print(
            f"  phone's poll (304), HTTP p50 {phone_ms:5.1f} ms, server CPU {phone_cpu_ms:5.1f} "
            f"ms a poll (target ≤ {TARGETS['poll_ms']:.0f})"
            + (f" + database {phone_database_ms:4.1f} ms" if phone_database_ms else "")
        )
        errors += polling_evening(server, polled_links, deals, every, seconds)
        both = [t for t in entered + confirmed if t is not None]
        overall_p95 = sorted(both)[max(0, round(0.95 * len(both)) - 1)] if both else float("inf")
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"  (load average at the end {load})")
    stored = set(TableResult.objects.filter(drive=served).values_list("table", flat=True))
    lost = len({link.table for link in served_links} - stored)
    stored = set(TableResult.objects.filter(drive=polled).values_list("table", flat=True))
    lost += len({link.table for link in polled_links} - stored)
    print(f"  results lost           {lost} (must be 0)")
    ms = server_times(organiser, timed, timed_links)
    print(
        f"  in-process, one post   {ms['post']:6.1f} ms, CPU {ms['post_cpu']:5.1f} ms "
        f"(target ≤ {TARGETS['post_ms']:.0f} ms)"
    )
    print(
        f"  in-process, poll (304) {ms['poll']:6.1f} ms, CPU {ms['poll_cpu']:5.1f} ms "
        f"(target ≤ {TARGETS['poll_ms']:.0f} ms)"
    )
    print(
        f"  in-process, phone 304  {ms['phone_poll']:6.1f} ms, CPU {ms['phone_poll_cpu']:5.1f} ms "
        f"(target ≤ {TARGETS['poll_ms']:.0f} ms)"
    )
    misses = [
        overall_p95 > TARGETS["p95"],
        alone[0] > TARGETS["post_ms"],
        ms["post"] > TARGETS["post_ms"],
        ms["poll"] > TARGETS["poll_ms"],
        phone_cpu_ms > TARGETS["poll_ms"],
        ms["phone_poll_cpu"] > TARGETS["poll_ms"],
    ]
    return errors + lost + sum(misses)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--poll", type=float, default=5, help="seconds between a phone's polls")
    parser.add_argument("--seconds", type=float, default=60, help="how long the phones poll")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return 1 if run_one(args.db, args.tables, args.poll, args.seconds) else 0
    # Each database in a process of its own: Django's settings are read once per process.
    kinds = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    failed = 0
    for kind in kinds:
        command = [sys.executable, "-m", "bench.tableside", "--one", "--db", kind]
        sizes = [
            "--tables",
            str(args.tables),
            "--poll",
            str(args.poll),
            "--seconds",
            str(args.seconds),
        ]
        failed += subprocess.run([*command, *sizes], cwd=ROOT).returncode
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
