"""How long the printed sheets take, next to a plain WeasyPrint rendering of the same cards.

Run it from the repository root::

    python -m bench.pdf                      # 50, 100 and 200 scorecards of 24 deals
    python -m bench.pdf --sizes 200 --runs 1

It builds a throwaway SQLite database (``DATABASE_URL``, by default
/tmp/bench_pdf.sqlite3, deleted first) with one finished drive per size, seated
at random each round and played by ``scoring.simulate``'s computer players.
For each size it times, side by side in the same run (other work on the
machine slows both alike, so the ratio is the figure to read):

* the floor: the same cards as one plain HTML table each (a row of cells per
  deal, nothing else), rendered by WeasyPrint in this process;
* the project's scorecards rendered in this process;

and for the largest drive the table cards and the results sheet.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.timing import best_of

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: 200 scorecards ready within this fraction of the floor's time.
TARGET_RATIO = 0.25

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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200", help="players (scorecards) per drive")
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--runs", type=int, default=1, help="runs; the best is reported")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]

    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.setdefault("DEBUG", "1")  # a local run: no production settings needed
    os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/bench_pdf.sqlite3")
    database = os.environ["DATABASE_URL"].removeprefix("sqlite:///")
    if os.environ["DATABASE_URL"].startswith("sqlite:") and os.path.exists(database):
        os.remove(database)

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse
    from weasyprint import HTML

    from drives.printing import render, sheets

    setup_test_environment()  # lets the test client in
    call_command("migrate", verbosity=0)
    HTML(string="<p>warm-up</p>").write_pdf()  # fonts and WeasyPrint's caches, once
    layout = sheets.Layout()
    processes = os.cpu_count() or 1
    client = Client()

    def sheet(kind, drive, **options):
        return lambda: render.drive_sheet(kind, sheets.load(drive), layout, **options)

    def stored(url):
        def download():
            response = client.get(url)
            assert response.status_code == 200, response.status_code
            return b"".join(response.streaming_content)

        return download

    print(
        f"scorecards of {args.deals} deals, A5 two to an A4 sheet; best of {args.runs};"
        f" parallel on {processes} processes; load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'sheet':>22} {'floor':>8} {'single':>8} {'parallel':>9} {'ratio':>6} {'stored':>8}")
    ratios = {}
    for players in sizes:
        drive = build(players, args.deals)
        html = floor_html(sheets.scorecards(sheets.load(drive)))
        floor_s, _ = best_of(args.runs, lambda html=html: HTML(string=html).write_pdf())
        single_s, _ = best_of(args.runs, sheet("scorecards", drive))
        parallel_s, _ = best_of(args.runs, sheet("scorecards", drive, processes=processes))
        url = reverse("drives:scorecards_pdf", args=[drive.pk])
        _store(drive, "scorecards")
        stored_s, _ = best_of(5, stored(url))
        ratios[players] = parallel_s / floor_s
        print(
            f"{f'{players} scorecards':>22} {floor_s:>7.1f}s {single_s:>7.1f}s {parallel_s:>8.1f}s"
            f" {parallel_s / floor_s:>6.2f} {stored_s * 1000:>6.0f}ms"
        )
    tables = max(sizes) // 4
    for kind, label in (("table-cards", f"{tables} table cards"), ("results", "results sheet")):
        single_s, _ = best_of(args.runs, sheet(kind, drive))
        parallel_s, _ = best_of(args.runs, sheet(kind, drive, processes=processes))
        _store(drive, kind)
        stored_s, _ = best_of(
            5, stored(reverse(f"drives:{kind.replace('-', '_')}_pdf", args=[drive.pk]))
        )
        print(
            f"{label:>22} {'':>8} {single_s:>7.1f}s {parallel_s:>8.1f}s {'':>6}"
            f" {stored_s * 1000:>6.0f}ms"
        )
    ratio = ratios[max(sizes)]
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(f"{max(sizes)} scorecards in parallel / floor: {ratio:.2f},", end=" ")
    print(f"{verdict} the target of {TARGET_RATIO}")
    busy_site(drive, client)


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
    )
    try:
        time.sleep(3)  # the worker has taken the first sheet and its processes are busy
        pages = {
            "home page": reverse("drives:home"),
            "round page": reverse("drives:round", args=[drive.pk, drive.rounds]),
        }
        timings = {name: [] for name in pages}
        for _ in range(10):
            for name, url in pages.items():
                start = time.perf_counter()
                assert client.get(url).status_code == 200
                timings[name].append(time.perf_counter() - start)
            time.sleep(0.5)
        waiting = PrintedSheet.objects.exclude(status=SheetStatus.READY).count()
        print(f"while a niced worker renders 8 queued sheets ({waiting} not done yet):")
        for name, values in timings.items():
            values.sort()
            worst = values[-1] * 1000
            verdict = "within" if worst <= 300 else "OVER"
            print(
                f"  {name}: median {values[len(values) // 2] * 1000:.0f} ms,"
                f" worst {worst:.0f} ms, {verdict} 300 ms"
            )
    finally:
        worker.terminate()
        worker.wait()


if __name__ == "__main__":
    main()
