"""How long the printed sheets take, next to a plain WeasyPrint rendering of the same cards.

Run it from the repository root::

    python -m bench.pdf                      # 50, 100 and 200 scorecards of 24 deals
    python -m bench.pdf --sizes 50           # a quick run: 50 scorecards, 12 table cards
    nice -n 19 python -m bench.pdf --sizes 200 --runs 2

It builds a throwaway SQLite database (``DATABASE_URL``, by default
/tmp/bench_pdf.sqlite3, deleted first) with one finished drive per size, seated
at random each round and played by ``scoring.simulate``'s computer players.
For each size it times, side by side in the same run (other work on the
machine slows both alike, so the ratio is the figure to read):

* the floor: the same cards as one plain HTML table each (a row of cells per
  deal, nothing else), rendered by WeasyPrint in this process;
* the project's scorecards rendered in this process, then in chunks on every core;
* a second download of the stored sheet, through the view;
* the same drive's scorecards in the large-print edition (one card an upright page, 14 pt
  and over), in this process and in chunks, with the time per card of both editions;

then, for the largest drive, the table cards (a quarter as many tables as players)
and the results sheet the same way, and last the home and round pages while a niced
worker renders eight sheets. Every figure is wall time beside CPU time (this process
and the render processes it started): on a machine others share, the CPU time is the
one to compare. Each line is printed as soon as it is measured.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.local import setup_django

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: 200 scorecards ready within this fraction of the floor's time.
TARGET_RATIO = 0.25
#: The home and round pages answer within this, with eight renders queued.
PAGE_TARGET_MS = 300


def say(*parts: object) -> None:
    print(*parts, flush=True)


def cpu_seconds() -> float:
    """CPU used so far by this process and by the render processes it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    """The best of ``runs`` runs: (wall seconds, CPU seconds) of the fastest."""
    best = (float("inf"), float("inf"))
    for _ in range(runs):
        wall, cpu = time.perf_counter(), cpu_seconds()
        work()
        best = min(best, (time.perf_counter() - wall, cpu_seconds() - cpu))
    return best


def both(figures: tuple[float, float], unit: str = "s") -> str:
    """ "12.3s/11.9" (wall, CPU) or "25ms/20" for milliseconds."""
    wall, cpu = figures
    if unit == "ms":
        return f"{wall * 1000:.0f}ms/{cpu * 1000:.0f}"
    return f"{wall:.1f}s/{cpu:.1f}"


def per_card(figures: tuple[float, float], cards: int) -> str:
    """Milliseconds a card, wall / CPU."""
    return both((figures[0] / cards, figures[1] / cards), "ms")


FLOOR_CSS = """
@page { size: 297mm 210mm; margin: 0; }
html { font-family: "DejaVu Sans"; font-size: 8.5pt; }
.sheet { width: 297mm; height: 210mm; position: relative; break-after: page; }
.card { position: absolute; top: 0; width: 148.5mm; height: 210mm; padding: 8mm;
        box-sizing: border-box; }
.right { left: 148.5mm; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 0.4pt solid #888; padding: 0.5mm; height: 4.9mm; text-align: center; }
"""


def floor_html(cards) -> str:
    """The cards as plain tables, two to a landscape A4 sheet: what WeasyPrint does at least."""
    from django.utils.html import escape

    def card(scorecard, side: str) -> str:
        rows = "".join(
            "<tr>"
            + "".join(
                f"<td>{escape(value)}</td>"
                for value in (
                    line.deal.number,
                    line.deal.symbol,
                    line.round,
                    line.table or "",
                    line.seat,
                    line.partner or "",
                    " & ".join(map(str, line.opponents)),
                    line.won,
                    line.running,
                    "",
                )
            )
            + "</tr>"
            for line in scorecard.lines
        )
        head = "".join(
            f"<th>{name}</th>"
            for name in ("Deal", "Tr", "Rd", "Tbl", "Seat", "Ptnr", "Opps", "Odd", "Total", "In")
        )
        name = escape(scorecard.entry.player.name)
        return (
            f'<div class="card {side}"><h3>{name} Card {scorecard.entry.card_number}</h3>'
            f"<table><tr>{head}</tr>{rows}"
            f'<tr><td colspan="8">Final total</td><td>{scorecard.total}</td><td></td></tr>'
            "</table></div>"
        )

    sheets = "".join(
        '<div class="sheet">'
        + card(cards[i], "left")
        + (card(cards[i + 1], "right") if i + 1 < len(cards) else "")
        + "</div>"
        for i in range(0, len(cards), 2)
    )
    return f"<html><head><style>{FLOOR_CSS}</style></head><body>{sheets}</body></html>"


def build(players: int, deals: int):
    """A club with ``players`` players and one finished drive of ``deals`` deals."""
    import datetime as dt

    from bench.league import play_drive
    from drives.models import Club, Drive, Player, SeatRole

    club = Club.objects.create(name=f"Bench Club {players}", slug=f"bench-{players}")
    roles = (SeatRole.LADY, SeatRole.GENT)
    members = Player.objects.bulk_create(
        Player(club=club, name=f"Player {n:03d}", role=roles[n % 2]) for n in range(players)
    )
    drive = Drive.objects.create(
        club=club, title=f"Drive of {players}", date=dt.date(2026, 12, 4), deals=deals
    )
    play_drive(drive, members)
    return drive


def main(argv: list[str] | None = None) -> None:
    args = _arguments(argv)
    sizes = [int(size) for size in args.sizes.split(",")]

    setup_django("/tmp/bench_pdf.sqlite3")
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from weasyprint import HTML

    setup_test_environment()  # lets the test client in
    call_command("migrate", verbosity=0)
    HTML(string="<p>warm-up</p>").write_pdf()  # fonts and WeasyPrint's caches, once
    client = Client()
    if args.pages_only:
        busy_site(build(max(sizes), args.deals), client)
        return
    drive = time_sheets(args, sizes, client)
    if not args.no_busy:
        busy_site(drive, client)
    say(f"load at the end {os.getloadavg()[0]:.1f}")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200", help="players (scorecards) per drive")
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--runs", type=int, default=1, help="runs; the best is reported")
    parser.add_argument("--no-busy", action="store_true", help="skip the pages beside a worker")
    parser.add_argument(
        "--pages-only",
        action="store_true",
        help="only the pages beside a worker, on a drive of the largest size",
    )
    return parser.parse_args(argv)


def time_sheets(args: argparse.Namespace, sizes: list[int], client):
    """Time each size's scorecards against the floor, then the largest drive's other sheets.

    Returns the largest drive, for the pages beside a worker.
    """
    from django.urls import reverse
    from weasyprint import HTML

    from drives.printing import render, sheets

    layout = sheets.Layout()
    processes = os.cpu_count() or 1

    def sheet(kind, drive, large_print=False, **options):
        def work():
            printed = sheets.load(drive)
            printed.drive.large_print = large_print
            return render.drive_sheet(kind, printed, layout, **options)

        return work

    def stored(url):
        def download():
            response = client.get(url)
            assert response.status_code == 200, response.status_code
            return b"".join(response.streaming_content)

        return download

    say(
        f"scorecards of {args.deals} deals, A5 two to an A4 sheet; best of {args.runs};"
        f" parallel on {processes} processes; load {os.getloadavg()[0]:.1f}"
    )
    say("each figure: wall time / CPU time (this process and its render processes)")
    say(f"{'sheet':>20} {'floor':>12} {'single':>12} {'parallel':>12} {'ratio':>11} {'stored':>10}")
    ratios = {}
    for players in sizes:
        drive = build(players, args.deals)
        html = floor_html(sheets.scorecards(sheets.load(drive)))
        floor = timed(args.runs, lambda html=html: HTML(string=html).write_pdf())
        single = timed(args.runs, sheet("scorecards", drive))
        parallel = timed(args.runs, sheet("scorecards", drive, processes=processes))
        _store(drive, "scorecards")
        again = timed(5, stored(reverse("drives:scorecards_pdf", args=[drive.pk])))
        ratios[players] = (parallel[0] / floor[0], parallel[1] / floor[1])
        wall_ratio, cpu_ratio = ratios[players]
        say(
            f"{f'{players} scorecards':>20} {both(floor):>12} {both(single):>12}"
            f" {both(parallel):>12} {wall_ratio:>5.2f}/{cpu_ratio:.2f} {both(again, 'ms'):>10}"
        )
        large = timed(args.runs, sheet("scorecards", drive, large_print=True))
        large_parallel = timed(
            args.runs, sheet("scorecards", drive, large_print=True, processes=processes)
        )
        say(f"{f'{players} large print':>20} {'':>12} {both(large):>12} {both(large_parallel):>12}")
        say(
            f"{'per card':>20} {'':>12} {per_card(single, players):>12}"
            f" {per_card(parallel, players):>12} (usual)\n{'':>33} {per_card(large, players):>12}"
            f" {per_card(large_parallel, players):>12} (large print)"
        )
    tables = max(sizes) // 4
    for kind, label in (("table-cards", f"{tables} table cards"), ("results", "results sheet")):
        single = timed(args.runs, sheet(kind, drive))
        parallel = timed(args.runs, sheet(kind, drive, processes=processes))
        _store(drive, kind)
        again = timed(5, stored(reverse(f"drives:{kind.replace('-', '_')}_pdf", args=[drive.pk])))
        say(
            f"{label:>20} {'':>12} {both(single):>12} {both(parallel):>12}"
            f" {'':>11} {both(again, 'ms'):>10}"
        )
    wall_ratio, cpu_ratio = ratios[max(sizes)]
    verdict = "meets" if wall_ratio <= TARGET_RATIO else "MISSES"
    say(
        f"{max(sizes)} scorecards in parallel / floor: {wall_ratio:.2f} wall, {cpu_ratio:.2f} CPU;"
        f" {verdict} the target of {TARGET_RATIO} (wall)"
    )
    return drive


def _store(drive, kind) -> None:
    """Render the sheet as the worker would, so that the next request finds it stored."""
    from django.conf import settings

    from drives.printing import jobs, sheets

    request = jobs.SheetRequest(drive, kind, sheets.Layout(), settings.LANGUAGE_CODE)
    sheet, data = jobs.find(request)
    if sheet is None:
        jobs.sheet_start(request=request, data=data, inline=True)
    elif sheet.status != "ready":  # queued ahead when the drive was played
        jobs.run(sheet.pk)


def busy_site(drive, client) -> None:
    """The home and round pages while a niced worker renders eight sheets queued for it."""
    from django.urls import reverse

    from drives.models import PrintedSheet, SheetStatus
    from drives.printing import jobs, sheets

    variants = [
        sheets.Layout(card=card, paper=paper, cut_marks=marks)
        for card in ("a5", "a6")
        for paper in ("a4", "letter")
        for marks in (False, True)
    ]
    for layout in variants:
        request = jobs.SheetRequest(drive, "scorecards", layout, "fr")
        sheet, data = jobs.find(request)
        if sheet is None:
            jobs.sheet_start(request=request, data=data)
    worker = subprocess.Popen(
        ["nice", "-n", "10", sys.executable, "manage.py", "db_worker", "--no-startup-delay"],
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "DEBUG": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its render processes go with it at the end
    )
    try:
        time.sleep(3)  # the worker has taken the first sheet and its processes are busy
        pages = {
            "home page": reverse("drives:home"),
            "round page": reverse("drives:round", args=[drive.pk, drive.rounds]),
        }
        for url in pages.values():  # a served worker has its templates compiled already
            assert client.get(url).status_code == 200
        # This process still holds every drive and PDF it built, which a web worker does not:
        # out of the collector's way, so that a full collection is not timed as the page.
        gc.collect()
        gc.freeze()
        timings: dict[str, list[tuple[float, float]]] = {name: [] for name in pages}
        for _ in range(10):
            for name, url in pages.items():
                wall, cpu = time.perf_counter(), time.process_time()
                assert client.get(url).status_code == 200
                timings[name].append((time.perf_counter() - wall, time.process_time() - cpu))
            time.sleep(0.5)
        waiting = PrintedSheet.objects.exclude(status=SheetStatus.READY).count()
        say(
            f"while a niced worker renders 8 queued sheets ({waiting} not done yet),"
            f" load {os.getloadavg()[0]:.1f}:"
        )
        for name, values in timings.items():
            walls = sorted(wall for wall, _ in values)
            cpus = sorted(cpu for _, cpu in values)
            worst = walls[-1] * 1000
            verdict = "within" if worst <= PAGE_TARGET_MS else "OVER"
            say(
                f"  {name}: median {walls[len(walls) // 2] * 1000:.0f} ms"
                f" ({cpus[len(cpus) // 2] * 1000:.0f} ms CPU), worst {worst:.0f} ms"
                f" ({cpus[-1] * 1000:.0f} ms CPU), {verdict} {PAGE_TARGET_MS} ms"
            )
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait()


if __name__ == "__main__":
    main()
