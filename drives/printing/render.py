"""Every PDF the application prints: templates rendered to HTML, then WeasyPrint.

The templates live in ``templates/drives/pdf/`` with their CSS inlined from
``_print.css``, so a sheet needs no file and no network: the URL fetcher refuses
anything but local files and data: URLs, and the fonts come from the system
(DejaVu Sans has the suit symbols).

A drive's sheet is cut into chunks (``CHUNK_CARDS`` scorecards, ``CHUNK_TABLES`` table
cards), each a whole HTML document, so that ``pool`` can render them on every core and
report each chunk done; the results sheet is one chunk.
"""

import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from drives.evening import rounds
from drives.models import SheetKind, Side
from drives.money.accounts import drive_accounts
from drives.names import PublicNames
from drives.printing import card_grid, pool, result_sheets, sheets, table_grid
from drives.printing.result_sheets import LeagueSheet
from drives.printing.sheets import Layout, PrintedDrive
from drives.seats import SIDES
from drives.tableside import tokens

#: Scorecards per chunk: a chunk is worth a process's start-up, and progress moves often.
CHUNK_CARDS = 24
CHUNK_TABLES = 12


@dataclass(frozen=True)
class Chunk:
    html: str
    items: int  # the cards or tables it holds, for progress


#: The fonts a sheet cannot do without: DejaVu Sans has the suit symbols. Without it
#: WeasyPrint quietly sets the sheet in another font, with boxes for the suits.
REQUIRED_FONTS = ("DejaVu Sans",)


class FontMissing(Exception):
    """A required font is not installed on the machine that renders."""


def check_fonts() -> None:
    """Raise ``FontMissing`` unless fontconfig finds each required font itself (its
    ``fc-match`` names the font it would use instead). Without fontconfig's tools there is
    nothing to ask, and the render goes ahead."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return
    for family in REQUIRED_FONTS:
        found = subprocess.run(
            [fc_match, "--format=%{family}", family], capture_output=True, text=True, check=False
        ).stdout
        if family not in found.split(","):
            raise FontMissing(f"{family} (fontconfig offers {found or 'nothing'} instead)")


def base_url() -> str:
    return settings.BASE_DIR.as_uri() + "/"


def _drive_context(printed: PrintedDrive, layout: Layout, **extra: Any) -> dict[str, Any]:
    drive = printed.drive
    # One PDF serves every reader, organisers too: players as the public sees them.
    extra["names"] = extra.get("names") or PublicNames.for_drive(drive)
    return {
        "drive": drive,
        "game": printed.game,
        "club": drive.club,
        "layout": layout,
        "provisional": printed.provisional,
        "moving_rule": rounds.moving_rule(drive),
        "short_rule": rounds.moving_rule(drive, short=True),
        "half_round": sheets.half_time_round(drive),
        "suits": card_grid.suit_colours(drive.club.four_colour_suits),
        **extra,
    }


@dataclass(frozen=True)
class GridCard:
    """A scorecard and the class of the grid drawn with its lines (``card_grid``)."""

    card: sheets.Scorecard
    grid: str


def _grid_cards(printed: PrintedDrive, layout: Layout, cards: list) -> tuple[list, dict]:
    """The cards with their grid's class, and the grid's geometry and one pair of images
    per shape of card, for the CSS."""
    drive = printed.drive
    rows = len(sheets.all_deals(drive)) + (sheets.half_time_round(drive) is not None) + 1
    grid = card_grid.for_layout(
        layout, rows, units=printed.game.scorecard_units, four_colour=drive.club.four_colour_suits
    )
    shapes: dict[tuple, str] = {}
    items = []
    for card in cards:
        shape = card_grid.card_rows(card, rounds_marked=drive.deals_per_round > 1)
        items.append(GridCard(card, shapes.setdefault(shape, f"grid-{len(shapes)}")))
    images = [
        (name, card_grid.data_url(grid.shading(shape)), card_grid.data_url(grid.lines(shape)))
        for shape, name in shapes.items()
    ]
    return items, {"grid": grid, "grid_images": images}


def _pieces(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def scorecard_chunks(
    printed: PrintedDrive,
    layout: Layout,
    *,
    blank: bool = False,
    names: PublicNames | None = None,
) -> list[Chunk]:
    """Every player's scorecard, ``layout.per_sheet`` to a sheet, filled as far as scored
    (``blank``: every score column left empty); then the large-print cards, one a page,
    of the players who asked for them (every card, for a drive printed in large print)."""
    cards = sheets.scorecards(printed, blank=blank)
    large = layout.in_large_print()
    if printed.drive.large_print:
        layout = large
    if layout.large_print:
        return _scorecard_chunks(printed, layout, cards, names=names)
    wanted = [card for card in cards if card.entry.player.large_print]
    usual = [card for card in cards if not card.entry.player.large_print]
    chunks = _scorecard_chunks(printed, layout, usual, names=names) if usual or not wanted else []
    return chunks + (_scorecard_chunks(printed, large, wanted, names=names) if wanted else [])


def _scorecard_chunks(
    printed: PrintedDrive, layout: Layout, cards: list, *, names: PublicNames | None
) -> list[Chunk]:
    items, grid = _grid_cards(printed, layout, cards)
    sheets_per_chunk = max(1, CHUNK_CARDS // layout.per_sheet)
    return [
        Chunk(
            render_to_string(
                "drives/pdf/scorecards.html",
                _drive_context(printed, layout, sheets=part, names=names, **grid),
            ),
            sum(len(sheet) for sheet in part),
        )
        for part in _pieces(layout.sheets(items), sheets_per_chunk)
    ]


def table_card_chunks(
    printed: PrintedDrive,
    layout: Layout,
    *,
    names: PublicNames | None = None,
    links: dict[int, list[tuple[str, str]]] | None = None,
) -> list[Chunk]:
    """One large-type card per table: the seats by round, the trumps, where players go;
    with ``links`` (table → each side's (side, address)) the table's links and their QR
    codes. A drive printed in large print has them in its large-print edition."""
    drive = printed.drive
    if drive.large_print:
        layout = layout.in_large_print()
    cards = sheets.table_cards(printed)
    names = names or PublicNames.for_drive(drive)
    if links:
        cards = [
            replace(card, links=_side_links(printed, names, card.number, links[card.number]))
            if card.number in links
            else card
            for card in cards
        ]
    names = names or PublicNames.for_drive(drive)
    pages = table_grid.table_pages(
        cards,
        game=printed.game,
        names=names,
        paper=sheets.PAPER[layout.paper],
        deals=sheets.all_deals(drive),
        large=layout.large_print,
    )
    return [
        Chunk(
            render_to_string(
                "drives/pdf/table_cards.html",
                _drive_context(printed, layout, tables=part, names=names),
            ),
            len(part),
        )
        for part in _pieces(pages, CHUNK_TABLES)
    ]


def table_card_qr_chunks(printed: PrintedDrive, layout: Layout, *, site: str) -> list[Chunk]:
    """The table cards with each side's secret link under ``site`` ("https://host"), for
    the organisers to put on the tables: the links as they stand."""
    links: dict[int, list[tuple[str, str]]] = {}
    for link in sheets.live_links(printed.drive):
        address = site + reverse("drives:table_page", args=[link.token])
        links.setdefault(link.table, []).append((link.side, address))
    return table_card_chunks(printed, layout, links=links)


def _side_links(
    printed: PrintedDrive, names: PublicNames, table: int, links: list[tuple[str, str]]
) -> tuple[sheets.SideLink, ...]:
    seats: dict[str, str] = {Side.NS: _("North and South"), Side.EW: _("East and West")}
    return tuple(
        sheets.SideLink(
            side=str(SIDES[side]),
            seats=str(seats[side]),
            names=[
                names.entry(entry)
                for entry in tokens.kept_players(printed.seats, table, side, printed.drive.rounds)
            ],
            address=address,
            qr=qr_code(address),
        )
        for side, address in links
    )


def qr_code(address: str) -> str:
    """The address's QR code as a vector SVG data: URL, black modules on white."""
    return segno.make(address, error="m").svg_data_uri(border=0)


def results_chunks(printed: PrintedDrive, layout: Layout) -> list[Chunk]:
    """Standings, prizes, half-time leaders and the trick grid on as few pages as they need."""
    names = PublicNames.for_drive(printed.drive)
    context = _drive_context(
        printed,
        layout,
        report=printed.report,
        sheet=result_sheets.results_sheet(printed.report, printed.hands, names),
        names=names,
    )
    return [Chunk(render_to_string("drives/pdf/results.html", context), 1)]


def cash_chunks(printed: PrintedDrive, layout: Layout) -> list[Chunk]:
    """The evening's money on one page: takings, costs, prizes paid and the balance."""
    context = _drive_context(
        printed, layout, accounts=drive_accounts(printed.drive), names=PublicNames()
    )
    return [Chunk(render_to_string("drives/pdf/cash.html", context), 1)]


def blank_pack_chunks(printed: PrintedDrive, layout: Layout) -> list[Chunk]:
    """Scorecards with empty score columns, then the table cards, for a drive run on paper."""
    full = PublicNames()  # the organisers' own material: full names
    return scorecard_chunks(printed, layout, blank=True, names=full) + table_card_chunks(
        printed, layout, names=full
    )


CHUNKS: dict[str, Callable[..., list[Chunk]]] = {
    SheetKind.SCORECARDS: scorecard_chunks,
    SheetKind.TABLE_CARDS: table_card_chunks,
    SheetKind.TABLE_CARDS_QR: table_card_qr_chunks,
    SheetKind.RESULTS: results_chunks,
    SheetKind.BLANK_PACK: blank_pack_chunks,
    SheetKind.CASH: cash_chunks,
}


def render_chunks(
    chunks: list[Chunk],
    *,
    processes: int = 1,
    on_progress: Callable[[int], None] = lambda done: None,
) -> bytes:
    """The chunks as one PDF, on up to ``processes`` processes; ``on_progress(done)`` hears
    how many cards (or tables) are rendered as each chunk finishes."""
    done = 0

    def finished(index: int) -> None:
        nonlocal done
        done += chunks[index].items
        on_progress(done)

    return pool.render_chunks(
        [chunk.html for chunk in chunks],
        base_url=base_url(),
        processes=processes,
        language=get_language() or settings.LANGUAGE_CODE,
        on_chunk=finished,
    )


def drive_sheet(kind: str, printed: PrintedDrive, layout: Layout, **options: Any) -> bytes:
    """A drive's sheet of ``kind`` (a ``SheetKind``) as PDF bytes."""
    return render_chunks(CHUNKS[kind](printed, layout), **options)


def league_chunks(sheet: LeagueSheet, layout: Layout) -> list[Chunk]:
    """The season's league table(s), landscape, a column per drive: one chunk."""
    context = {"season": sheet.season, "club": sheet.season.club, "layout": layout, "sheet": sheet}
    return [Chunk(render_to_string("drives/pdf/league.html", context), 1)]
