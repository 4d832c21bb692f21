"""The faults of ``bench/fleet.py``'s third phase, at set moments of the night, and what each
did: an app server killed, a sheet worker killed mid-render, Redis and PostgreSQL restarted."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from collections import Counter

from bench.fleet_load import CSRF, Record, Tally

#: Seconds after each fault in which its errors are counted.
WINDOW = 15.0


def errors_between(records: list[Record], start: float, end: float) -> tuple[int, Counter]:
    inside = [r for r in records if start <= r.began <= end]
    return len(inside), Counter(r.status for r in inside if not r.ok)


def schedule(fleet, built: dict):
    async def during(evening) -> dict:
        figures: dict = {}
        seconds = fleet.args.seconds
        began = time.monotonic()

        async def at(share: float) -> None:
            await asyncio.sleep(max(0.0, began + share * seconds - time.monotonic()))

        async def fault(share: float, name: str, work, *args) -> None:
            await at(share)
            figures[name] = await asyncio.to_thread(work, fleet, *args)

        # Each at its moment, whether or not the one before has finished telling its story
        # (the sheet cut short is followed until it is printed, however long that takes).
        await asyncio.gather(
            fault(0.15, "app", kill_app),
            fault(0.3, "worker", kill_worker_mid_render, built),
            fault(0.55, "redis", restart_redis),
            fault(0.75, "postgresql", restart_postgresql),
        )
        return figures

    return during


def kill_app(fleet) -> dict:
    app = fleet.apps[0]
    killed_at = time.monotonic()
    processes = app.host.kill()
    app.process = None
    while fleet.balancer.states().get(app.name) == "UP":
        time.sleep(0.05)
    return {"at": killed_at, "processes": processes, "down_after": time.monotonic() - killed_at}


def _sheet_row(fleet, drive: int):
    import psycopg

    # The PostgreSQL fault may restart the server while the row is read, not only before.
    try:
        with psycopg.connect(fleet.database_url, connect_timeout=2) as db:
            return db.execute(
                "SELECT s.status, s.done, s.total, s.attempts, s.failure, t.worker_ids->>-1 "
                "FROM drives_printedsheet s LEFT JOIN django_tasks_database_dbtaskresult t "
                "ON t.id::text = s.task_id WHERE s.drive_id = %s ORDER BY s.id DESC LIMIT 1",
                [drive],
            ).fetchone()
    except psycopg.OperationalError:
        return None  # PostgreSQL is being restarted: ask again


def _wait(check, timeout: float):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.1)
    return None


def kill_worker_mid_render(fleet, built: dict) -> dict:
    drive = built["big"]
    request = urllib.request.Request(
        f"http://{fleet.hosts['lb'].address}/drives/{drive['pk']}/scorecards.pdf",
        headers={
            "Cookie": f"csrftoken={CSRF}; sessionid={built['session']}",
            "X-Forwarded-For": drive["hall"],
        },
    )
    asked = time.monotonic()
    for _ in range(30):  # asked again, as a person would, while the site answers 5xx
        try:
            urllib.request.urlopen(request, timeout=60).read()
            break
        except OSError:
            time.sleep(1)
    row = _wait(
        lambda: (
            (r := _sheet_row(fleet, drive["pk"])) and r[0] == "running" and r[1] > 0 and r[5] and r
        ),
        120,
    )
    if row is None:
        return {"error": "no render under way to kill"}
    worker = next(w for w in fleet.workers if w.name == row[5])
    killed_at = time.monotonic()
    worker.host.kill()
    worker.process = None
    taken = _wait(lambda: (r := _sheet_row(fleet, drive["pk"])) and r[3] >= 2 and r, 120)
    taken_after = time.monotonic() - killed_at if taken else None
    ready = _wait(
        lambda: (r := _sheet_row(fleet, drive["pk"])) and r[0] in ("ready", "failed") and r, 300
    )
    return {
        "cards": row[2],
        "done_when_killed": row[1],
        "killed": worker.name,
        "started_after": killed_at - asked,
        "taken_up_after": taken_after,
        "taken_by": taken[5] if taken else None,
        "ready_after": time.monotonic() - killed_at if ready else None,
        "final": ready,
    }


def restart_redis(fleet) -> dict:
    """Redis stopped for two seconds and started empty, as a restart without persistence
    does: the rate limits' counts are gone, and the site starts counting again once its
    cache takes Redis back (drives.resilient_cache leaves it alone REDIS_OUTAGE_PAUSE s)."""
    before = fleet.redis.limit_counts()
    stopped_at = time.monotonic()
    fleet.redis.stop()
    time.sleep(2)
    fleet.redis.start()
    started_at = time.monotonic()
    just_after = fleet.redis.limit_counts()
    counting = _wait(lambda: fleet.redis.limit_counts()[0] or None, 30)
    counting_after = time.monotonic() - started_at if counting else None
    time.sleep(max(0.0, started_at + 10 - time.monotonic()))
    return {
        "at": stopped_at,
        "back": started_at,
        "limits": (before, just_after, fleet.redis.limit_counts()),
        "counting_after": counting_after,
    }


def restart_postgresql(fleet) -> dict:
    """PostgreSQL stopped (fast: the sessions in flight are cut) and started three seconds
    later; the app servers are left to find it again by themselves."""
    stopped_at = time.monotonic()
    fleet.pg.stop()
    time.sleep(3)
    fleet.pg.start()
    started_at = time.monotonic()
    alive = {app.name for app in fleet.apps if app.process is not None}
    all_up = _wait(
        lambda: all(fleet.balancer.states().get(name) == "UP" for name in alive) or None, 60
    )
    return {
        "at": stopped_at,
        "back": started_at,
        "all_up_after": time.monotonic() - started_at if all_up else None,
    }


def _answers(errors: Counter, failed: list[Record]) -> str:
    """Failures by status and by the page that answered them: ``503×6 (outage page×6)``."""
    pages = Counter(r.answer or "no answer" for r in failed)
    return ", ".join(f"{status or 'none'}×{n}" for status, n in errors.most_common()) + (
        f" ({', '.join(f'{page}×{n}' for page, n in pages.most_common())})" if failed else ""
    )


def _window_end(figures: dict, name: str, end: float) -> float:
    """``end``, or sooner where the next fault starts: each fault's figures are its own."""
    later = [
        figures[other]["at"]
        for other in ("app", "redis", "postgresql")
        if other != name
        and "at" in figures.get(other, {})
        and figures[other]["at"] > figures[name]["at"]
    ]
    return min([end, *later])


def _seconds(figure: float | None) -> str:
    """A wait, or that it was not seen: a fault's watcher gives up after its own limit."""
    return "(not seen)" if figure is None else f"{figure:.1f} s"


def report(tally: Tally, figures: dict) -> None:
    records = tally.records
    print()
    app = figures.get("app", {})
    if app:
        end = _window_end(figures, "app", app["at"] + WINDOW)
        total, errors = errors_between(records, app["at"], end)
        print(
            f"app server killed (kill -9 of its {app['processes']} processes): the balancer "
            f"took it out after {app['down_after']:.1f} s; {sum(errors.values())} of {total} "
            f"requests in the next {end - app['at']:.0f} s failed {dict(errors)}; phones "
            f"resent {tally.resends} times, "
            f"{tally.resends_recognised} recognised as already stored; acknowledged results lost: "
            f"{figures['lost']['results_lost']} of {figures['lost']['acknowledged']}"
        )
    worker = figures.get("worker", {})
    if worker.get("final"):
        status, done, total, attempts, failure, _by = worker["final"]
        print(
            f"sheet worker killed mid-render ({worker['done_when_killed']} of {worker['cards']} "
            f"cards done, {worker['killed']}): taken up by {worker['taken_by']} after "
            f"{_seconds(worker['taken_up_after'])}, {status} "
            f"{_seconds(worker['ready_after'])} after the kill ({done} of {total} cards, attempt "
            f"{attempts}{', ' + failure if failure else ''})"
        )
    elif worker:
        print(f"sheet worker killed mid-render: {worker}")
    redis = figures.get("redis", {})
    if redis:
        end = _window_end(figures, "redis", redis["back"] + WINDOW)
        away, away_errors = errors_between(records, redis["at"], redis["back"])
        total, errors = errors_between(records, redis["at"], end)
        failed = [r for r in records if redis["at"] <= r.began <= end and not r.ok]
        (keys, counts), (keys_after, _), (keys_later, counts_later) = redis["limits"]
        counting = redis["counting_after"]
        print(
            f"Redis restarted ({redis['back'] - redis['at']:.1f} s away, started empty): "
            f"{sum(away_errors.values())} of {away} requests failed while it was away, "
            f"{sum(errors.values())} of {total} from the stop until {end - redis['back']:.0f} s "
            f"after it was back {_answers(errors, failed)}; rate limits: {counts} counts in "
            f"{keys} windows before, {keys_after} just after (reset), counting again "
            + (f"{counting:.1f} s after it was back" if counting is not None else "not within 30 s")
            + f", {counts_later} counts in {keys_later} windows 10 s after"
        )
    pg = figures.get("postgresql", {})
    if pg:
        end = _window_end(figures, "postgresql", pg["back"] + WINDOW)
        total, errors = errors_between(records, pg["at"], end)
        failed = [r for r in records if pg["at"] <= r.began <= end and not r.ok]
        # In flight: sent before the stop, answered after it.
        cut = [r for r in records if r.began < pg["at"] < r.began + r.seconds]
        cut_failed = Counter(r.status for r in cut if not r.ok)
        slow = max((r.seconds for r in records if pg["at"] <= r.began <= pg["back"]), default=0)
        after = [r for r in records if r.began >= pg["back"] and r.ok]
        first = min((r.began + r.seconds for r in after), default=pg["back"]) - pg["back"]
        up = pg["all_up_after"]
        print(
            f"PostgreSQL restarted ({pg['back'] - pg['at']:.1f} s away): {len(cut)} requests "
            f"in flight at the stop, {sum(cut_failed.values())} of them failed "
            f"{dict(cut_failed)}; {sum(errors.values())} of {total} requests from the stop "
            f"until {end - pg['back']:.0f} s after it was back failed, answered "
            f"{_answers(errors, failed)} (slowest {slow:.1f} s); the first success "
            f"{first:.1f} s after it was back, every app server healthy again after "
            + (f"{up:.1f} s" if up is not None else "more than 60 s")
            + f"; acknowledged results lost: {figures['lost']['results_lost']} of "
            f"{figures['lost']['acknowledged']}, N–S figures lost: "
            f"{figures['lost']['sent_lost']} of {figures['lost']['sent']} (the database "
            "read afterwards)"
        )
