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
import sys
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
    os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/bench_pdf.sqlite3")
    database = os.environ["DATABASE_URL"].removeprefix("sqlite:///")
    if os.environ["DATABASE_URL"].startswith("sqlite:") and os.path.exists(database):
        os.remove(database)

    import django

    django.setup()
    from django.core.management import call_command
    from weasyprint import HTML

    from drives.printing import render, sheets

    call_command("migrate", verbosity=0)
    HTML(string="<p>warm-up</p>").write_pdf()  # fonts and WeasyPrint's caches, once
    layout = sheets.Layout()

    print(f"scorecards of {args.deals} deals, A5 two to an A4 sheet; best of {args.runs}")
    print(f"{'cards':>6} {'floor':>9} {'project':>9} {'ratio':>6}")
    results = {}
    for players in sizes:
        drive = build(players, args.deals)
        printed = sheets.load(drive)
        html = floor_html(sheets.scorecards(printed))
        floor_s, _ = best_of(args.runs, lambda html=html: HTML(string=html).write_pdf())
        single_s, _ = best_of(
            args.runs,
            lambda drive=drive: render.drive_sheet("scorecards", sheets.load(drive), layout),
        )
        results[players] = (drive, floor_s, single_s)
        print(f"{players:>6} {floor_s:>8.1f}s {single_s:>8.1f}s {single_s / floor_s:>6.2f}")

    drive, floor_s, single_s = results[max(sizes)]
    tables = max(sizes) // 4
    table_s, _ = best_of(
        args.runs, lambda: render.drive_sheet("table-cards", sheets.load(drive), layout)
    )
    results_s, _ = best_of(
        args.runs, lambda: render.drive_sheet("results", sheets.load(drive), layout)
    )
    print(f"table cards, {tables} tables: {table_s:.1f}s; results sheet: {results_s:.1f}s")
    ratio = single_s / floor_s
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(f"{max(sizes)} scorecards / floor: {ratio:.2f}, {verdict} the target of {TARGET_RATIO}")


if __name__ == "__main__":
    main()
