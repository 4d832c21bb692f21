"""How long a season's league table takes, next to one hand-written SQL aggregate.

Run it from the repository root::

    python -m bench.league                 # 160 players, 40 drives of 24 deals
    python -m bench.league --drives 10 --deals 12

It builds a throwaway SQLite database (``DATABASE_URL``, by default
/tmp/bench_league.sqlite3, deleted first): a club, its players, a season and
its finished drives, seated at random each round and played by the computer
players of ``scoring.simulate``. It then times, best of a few runs:

* the floor: one SQL query summing each player's odd tricks over the season;
* the league computed (four queries, every drive's standings, the table);
* the season page rendered through the test client;
* the league PDF: the request that queues it, the worker's render, the stored file served.

The floor does less than the page (no sit-out credit, no places, no
tie-breaks, no HTML), so it is a bound to compare with, not a rival.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from bench.local import setup_django
from bench.timing import best_of

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_RATIO = 3.0

# CROSS JOIN fixes SQLite's join order: from each result to its four seats by the
# seating's unique (drive, round, table, seat) index. Left to itself the planner
# goes from seatings to results by drive alone and takes a hundred times longer.
FLOOR_SQL = """
SELECT e.player_id,
       SUM(CASE WHEN s.seat IN ('N', 'S') THEN MAX(r.ns_tricks - 6, 0)
                ELSE MAX(7 - r.ns_tricks, 0) END) AS points
FROM drives_drive d
CROSS JOIN drives_tableresult r
CROSS JOIN drives_seating s
CROSS JOIN drives_entry e
WHERE d.season_id = %s AND d.status = 'finished'
  AND r.drive_id = d.id
  AND s.drive_id = r.drive_id AND s.round = r.round AND s."table" = r."table"
  AND e.id = s.entry_id
GROUP BY e.player_id
"""


def play_drive(drive, players, *, seed: int = 0) -> None:
    """Enter ``players``, seat them at random each round, play every deal, finish the drive.

    Rows are bulk-created, bypassing the services and ``simulate_drive``: the
    league only reads what was played, and a season of drives then builds in
    seconds. Players beyond a multiple of four sit out, different ones each round.
    """
    # Imported here because the bench configures Django before any model loads.
    from drives.models import DriveStatus, Entry, Seating, TableResult
    from scoring.cards import trumps_for_deal
    from scoring.simulate import simulate_deal

    entries = Entry.objects.bulk_create(
        Entry(drive=drive, player=player, card_number=number, role=player.role)
        for number, player in enumerate(players, start=1)
    )
    rng = random.Random(seed)
    seatings, results = [], []
    for round_number in range(1, drive.rounds + 1):
        order = entries[:]
        rng.shuffle(order)
        for table in range(1, len(order) // 4 + 1):
            four = order[(table - 1) * 4 : table * 4]
            seatings += [
                Seating(drive=drive, round=round_number, table=table, seat=seat, entry=entry)
                for seat, entry in zip("NESW", four, strict=True)
            ]
            for deal in drive.deals_of_round(round_number):
                trumps = trumps_for_deal(deal, drive.rotation)
                tricks = simulate_deal(rng.getrandbits(32), trumps).ns_tricks
                results.append(
                    TableResult(
                        drive=drive, round=round_number, table=table, deal=deal, ns_tricks=tricks
                    )
                )
    Seating.objects.bulk_create(seatings, batch_size=2000)
    TableResult.objects.bulk_create(results, batch_size=2000)
    drive.status = DriveStatus.FINISHED
    drive.current_round = drive.rounds
    drive.save(update_fields=["status", "current_round"])


def build(players: int, drives: int, deals: int):
    """A club with ``players`` players and a season of ``drives`` finished drives."""
    import datetime as dt

    from drives.models import Club, Drive, LeagueRule, Player, Season, SeatRole

    club = Club.objects.create(name="Bench Whist Club", slug="bench")
    roles = (SeatRole.LADY, SeatRole.GENT)
    members = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n:03d}", role=roles[n % 2]) for n in range(players)
    )
    season = Season.objects.create(
        club=club,
        name="2026–27",
        start=dt.date(2026, 9, 1),
        end=dt.date(2027, 6, 30),
        league_rule=LeagueRule.BEST,
        best_n=8,
    )
    for number in range(drives):
        drive = Drive.objects.create(
            club=club,
            season=season,
            title=f"Drive {number + 1}",
            date=dt.date(2026, 9, 4) + dt.timedelta(days=7 * number),
            deals=deals,
        )
        play_drive(drive, members, seed=number)
    return season


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=160)
    parser.add_argument("--drives", type=int, default=40)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--runs", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args(argv)

    setup_django("/tmp/bench_league.sqlite3")
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from drives.league.records import SeasonData, season_league

    setup_test_environment()  # lets the test client in, and turns query logging off
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    season = build(args.players, args.drives, args.deals)
    built = time.perf_counter() - start

    def floor():
        with connection.cursor() as cursor:
            cursor.execute(FLOOR_SQL, [season.pk])
            return cursor.fetchall()

    client = Client()
    url = season.get_absolute_url()

    def cold(work):
        def run():
            cache.clear()  # every drive's standings computed afresh
            return work()

        return run

    def league():
        return season_league(SeasonData.load(season))

    def page():
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return response

    floor_s, totals = best_of(args.runs, floor)
    cold_league_s, _ = best_of(min(args.runs, 2), cold(league))
    cold_page_s, _ = best_of(min(args.runs, 2), cold(page))
    league_s, table = best_of(args.runs, league)
    page_s, response = best_of(args.runs, page)
    ratio = page_s / floor_s
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"

    rows = args.players * args.drives * args.deals
    size = len(response.content) / 1024
    print(
        f"league: {args.players} players, {args.drives} finished drives of {args.deals} deals"
        f" ({rows:,} player-deals), built in {built:.1f} s; best of {args.runs} runs"
    )
    print(f"  SQL floor, one aggregate ({len(totals)} players)   {floor_s * 1000:8.1f} ms")
    print(f"  league computed, cold cache               {cold_league_s * 1000:8.1f} ms")
    print(f"  season page, cold cache                   {cold_page_s * 1000:8.1f} ms")
    print(f"  league computed, drives cached ({len(table.lines)} rows) {league_s * 1000:8.1f} ms")
    print(f"  season page, drives cached ({size:.0f} KB)       {page_s * 1000:8.1f} ms")
    print(f"  page / floor: {ratio:.2f} warm, {cold_page_s / floor_s:.1f} cold;", end=" ")
    print(f"warm {verdict} the target of {TARGET_RATIO:g}")
    league_pdf(client, season)


def league_pdf(client, season) -> None:
    """The league PDF as a visitor meets it: the request only queues the render, which the
    worker does (rendered here, in this process, as the worker would) and stores."""
    from django.urls import reverse

    from drives.models import PrintedSheet
    from drives.printing import jobs

    url = reverse("drives:league_pdf", args=[season.pk])
    start = time.perf_counter()
    queued = client.get(url)
    answered = time.perf_counter() - start
    assert queued.status_code == 302, queued.status_code
    sheet = PrintedSheet.objects.get(season=season)
    start = time.perf_counter()
    jobs.run(sheet.pk)
    rendered = time.perf_counter() - start
    served_s, served = best_of(3, lambda: client.get(url))
    assert served.status_code == 200, served.status_code
    print(f"  league PDF: the request queues it          {answered * 1000:8.1f} ms")
    print(f"  league PDF: the worker renders it          {rendered * 1000:8.1f} ms")
    print(f"  league PDF: the stored file, served        {served_s * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
