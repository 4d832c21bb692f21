"""The table cards' pages: their grids (``text_grid``: text in fixed columns over lines
drawn once, as the scorecards are) of rounds (a name with, under it, the card number and
where the player goes next), of hands (the game's columns) and of a strip of trumps (the
deal above its suit), each cut to fit a page.

The page's sizes live here, in millimetres; the grids are drawn in CSS pixels
(``card_grid.PX`` to the mm).
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from django.utils.html import escape
from django.utils.translation import gettext as _

from drives.games.base import DriveGame
from drives.games.deals import DealInfo
from drives.names import PublicNames
from drives.printing.card_grid import PX
from drives.printing.sheets import TableCard
from drives.printing.text_grid import (
    HEADING_PT,
    Column,
    Grid,
    Layer,
    fitted,
    mm,
    suits_coloured,
    text_width,
)

#: The page below its margins (``_print.css``), in mm, and what is kept above the grids.
SIDE_MARGINS = 24.0
UPRIGHT_MARGINS = 26.0
HEADER = 24.0
SIDE_LINKS = 35.0  # the organisers' copy: each side's QR code and address, under the header
#: A round's row holds two lines (a name, then the card number and where the player goes);
#: a hand's row one, ``HAND_ROW`` as tall.
MAX_PITCH = 11.0
MIN_PITCH = 6.0
HAND_ROW = 0.6
HEADING = 7.0  # a grid's row of headings
HEADING_TWO_LINES = 12.0  # three lines, for the longer headings of a hand
TITLE = 9.0  # "Bids", "Trumps" above a grid
STRIP_ROW = 11.0  # a strip of twelve deals' trumps
STRIP_DEALS = 12
RULE = 28.0  # the moving rule and where the losers go, under a progressive card's grids
NOTE = 8.0
#: The large-print edition: the page on its side, so that a seat's column holds a name and
#: "(12) → table 3 E" at ``LARGE_PT``; rows of one height, going on over the page as needed.
LARGE_PT = 14.0
LARGE_PITCH = 13.0
LARGE_STRIP_DEALS = 8
LARGE_HEADING_PT = 12.0
LARGE_SIDE_LINKS = 52.0


# The page ---------------------------------------------------------------------------------


def page_size(paper: tuple[float, float]) -> tuple[float, float]:
    """The room on an upright page of ``paper`` (mm) inside its margins, in mm."""
    width, height = paper
    return width - SIDE_MARGINS, height - UPRIGHT_MARGINS


def pitch_for(
    room: float,
    rounds: int,
    hands: int,
    *,
    max_pitch: float = MAX_PITCH,
    min_pitch: float = MIN_PITCH,
) -> tuple[float, int]:
    """A round's row height (mm) so that ``rounds`` rows and ``hands`` hand rows fill
    ``room`` mm; and how many rows a grid may hold before it goes on over the page."""
    rows = rounds + HAND_ROW * hands
    pitch = min(max_pitch, room / rows) if rows else max_pitch
    if pitch >= min_pitch:
        return pitch, max(rounds, hands, 1)
    return min_pitch, int((room - HEADING) // min_pitch)


def pieces(count: int, size: int) -> list[range]:
    return [range(start, min(count, start + size)) for start in range(0, count, size)] or [range(0)]


@dataclass(frozen=True)
class TablePage:
    """A table card as printed: the card's data and its grids, each no taller than a page."""

    card: TableCard
    rounds: list[Grid]
    hands: list[Grid]
    strip: Grid | None


def table_pages(
    cards: Sequence[TableCard],
    *,
    game: DriveGame,
    names: PublicNames,
    paper: tuple[float, float],
    deals: Sequence[DealInfo],
    large: bool = False,
) -> list[TablePage]:
    """The cards' pages on ``paper`` (mm, upright); ``large``: in large print, on its side."""
    width, height = page_size(paper[::-1] if large else paper)
    at_table = game.trumps_at_table
    strip = (
        None
        if game.drive.is_static or at_table
        else trumps_strip(deals, width, large=large, four_colour=game.drive.club.four_colour_suits)
    )
    return [
        _page(card, game=game, names=names, width=width, height=height, strip=strip, large=large)
        for card in cards
    ]


def _page(card, *, game: DriveGame, names, width, height, strip, large: bool) -> TablePage:
    drive = game.drive
    hands = [(r, hand) for r in card.rounds for hand in r.hands]
    # What else the page holds, and a margin under each grid.
    links = (LARGE_SIDE_LINKS if large else SIDE_LINKS) if card.links else 0
    room = height - HEADER - links - HEADING - 8
    if game.trumps_at_table and hands:
        room -= TITLE + HEADING_TWO_LINES + (NOTE if game.table_card_note else 0)
    if not drive.is_static:
        room -= RULE + (TITLE + strip.height / PX if strip else 0)
    fixed = {"max_pitch": LARGE_PITCH, "min_pitch": LARGE_PITCH} if large else {}
    pitch, most = pitch_for(room, len(card.rounds), len(hands), **fixed)
    rounds = [
        rounds_grid([card.rounds[i] for i in part], game, names, width, pitch, large=large)
        for part in pieces(len(card.rounds), most)
    ]
    hand_grids = []
    if game.trumps_at_table and hands:
        hand_grids = [
            hands_grid([hands[i] for i in part], game, width, pitch * HAND_ROW, large=large)
            for part in pieces(len(hands), int(most / HAND_ROW))
        ]
    return TablePage(card, [grid for grid in rounds if grid.rows], hand_grids, strip)


def rounds_grid(
    rounds, game: DriveGame, names: PublicNames, width: float, pitch: float, *, large: bool = False
) -> Grid:
    """A row per round: its number, its deals' trumps (or dealers), then who sits at each
    seat with, under the name, the card number and where the player goes next."""
    name_pt = LARGE_PT if large else round(min(11.0, pitch * 1.2), 2)
    move_pt = LARGE_PT if large else round(name_pt * 0.72, 2)
    inset = 2 * 1.6 * PX
    marked: Callable[[str], str]
    if game.trumps_at_table:
        deals = [
            " ".join(f"{deal.number} {deal.dealer_letter}" for deal in r.deals) for r in rounds
        ]
        marked = escape
    else:
        deals = [" ".join(f"{deal.number} {deal.symbol}" for deal in r.deals) for r in rounds]
        marked = partial(suits_coloured, four_colour=game.drive.club.four_colour_suits)
    widest = max((text_width(text, name_pt) for text in deals), default=0.0)
    total = mm(width)
    heading_pt = LARGE_HEADING_PT if large else HEADING_PT
    # Wide enough for its heading ("Forduló"), which is the widest of its one-line words.
    first = max(mm(14), text_width(str(_("Round")), heading_pt, bold=True) + mm(2 * 0.8) + 4)
    second = min(max(mm(20), widest + inset + 4), total * 0.3)
    seat = (total - first - second) / 4
    columns = [
        Column(
            _("Round"),
            first,
            [Layer([str(r.number) for r in rounds], round(name_pt * 1.2, 2), css=" bold")],
        ),
        Column(
            _("Dealer") if game.trumps_at_table else _("Trumps"),
            second,
            [
                Layer(
                    [
                        fitted(text, name_pt, second - inset, mm(pitch), marked=marked)
                        for text in deals
                    ],
                    name_pt,
                )
            ],
        ),
    ]
    for index, heading in enumerate((_("North"), _("East"), _("South"), _("West"))):
        shown, below = [], []
        for r in rounds:
            line = r.seats[index]
            if line.entry is None:
                shown.append("")
                below.append("")
                continue
            shown.append(fitted(names.entry(line.entry), name_pt, seat - inset, mm(pitch)))
            under = f"({line.entry.card_number})"
            if line.goes_to:
                under += f" → {line.goes_to}"
            below.append(fitted(under, move_pt, seat - inset, mm(pitch)))
        columns.append(
            Column(
                heading,
                seat,
                [Layer(shown, name_pt, -0.18), Layer(below, move_pt, 0.23, " muted")],
                centred=False,
            )
        )
    return Grid(columns, len(rounds), mm(pitch), mm(HEADING), heading_font=heading_pt)


def hands_grid(hands, game: DriveGame, width: float, pitch: float, *, large: bool = False) -> Grid:
    """A row per hand, where each table records its trumps (and bids): a heavier line
    above each round's first hand, whose row alone carries the round's number; the game
    names the columns after the deal's dealer."""
    points = LARGE_PT if large else round(min(10.0, pitch * 1.7), 2)
    rows: list[list[str]] = []
    heavy = set()
    previous = None
    for index, (r, hand) in enumerate(hands):
        starts = r.number != previous
        if starts and index and game.drive.deals_per_round > 1:
            heavy.add(index)
        previous = r.number
        row = [str(r.number) if starts else "", str(hand.deal.number), hand.deal.dealer_letter]
        rows.append([str(text) for text in (*row, *hand.cells)])
    headings = [_("Round"), _("Deal"), _("Dealer"), *map(str, game.table_card_headings)]
    suits = game.table_card_suit_column
    four_colour = game.drive.club.four_colour_suits
    trumps = None if suits is None else 3 + suits
    each = mm(width) / len(headings)
    columns = [
        Column(
            heading,
            each,
            [
                Layer(
                    [
                        suits_coloured(row[index], four_colour=four_colour)
                        if index == trumps
                        else escape(row[index])
                        for row in rows
                    ],
                    points,
                    css=" bold" if index == 0 else "",
                )
            ],
        )
        for index, heading in enumerate(headings)
    ]
    heading_pt = LARGE_HEADING_PT if large else HEADING_PT
    return Grid(columns, len(rows), mm(pitch), mm(HEADING_TWO_LINES), frozenset(heavy), heading_pt)


def trumps_strip(
    deals: Sequence[DealInfo], width: float, *, large: bool = False, four_colour: bool = False
) -> Grid:
    """Every deal's trumps, at most twelve to a row (eight in large print), for progressive
    cards: the deal above its suit. The rows share the deals evenly, so a short drive prints
    no empty boxes (8 deals: one row of 8; 14: two of 7)."""
    most = LARGE_STRIP_DEALS if large else STRIP_DEALS
    across = math.ceil(len(deals) / math.ceil(len(deals) / most)) if deals else most
    label_pt, symbol_pt, row = (
        (LARGE_PT, 18.0, 1.5 * STRIP_ROW) if large else (7.5, 15.0, STRIP_ROW)
    )
    rows = [deals[i : i + across] for i in range(0, len(deals), across)]
    columns = []
    for index in range(across):
        cells = [row[index] if index < len(row) else None for row in rows]
        labels = [
            escape(_("deal %(number)s") % {"number": deal.number}) if deal else "" for deal in cells
        ]
        symbols = [
            suits_coloured(deal.symbol, four_colour=four_colour) if deal else "" for deal in cells
        ]
        columns.append(
            Column(
                "",
                mm(width) / across,
                [Layer(labels, label_pt, -0.25, " muted"), Layer(symbols, symbol_pt, 0.15)],
            )
        )
    return Grid(columns, len(rows), mm(row), 0.0)
