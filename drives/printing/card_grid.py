"""The scorecard's grid: where its columns and rows fall, and its lines drawn once as an SVG.

WeasyPrint spends nearly all of a scorecard's time laying out boxes (a table cell, even
a coloured span, costs more than a whole line of text), so a card is not a table: its
deals are one block of text, a line per deal, whose figures sit at tab stops one column
apart (CSS ``tab-size``). Two images hold the rest: under the text the grey of the
headings and totals, over it the grid's lines and each deal's trumps in its colour.
Every card whose rows have the same shape (no sit-outs, or the same ones) shares the
pair, so they cost next to nothing per card. The sizes live here, in one place, because
the text and the images must agree to a fraction of a millimetre.
"""

from base64 import b64encode
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from drives.seats import trumps_symbol
from scoring.cards import Suit


@dataclass(frozen=True)
class Columns:
    """A card's columns and their widths in tab units.

    A sit-out merges the columns from table to opponents into one box, and a
    subtotal's label spans every column up to "won", "won" included: both
    found by name, so a layout that adds columns cannot shift them.
    """

    units: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(units for _, units in self.units)

    @property
    def merged(self) -> tuple[int, int]:
        """The sit-out's box: indexes of its first column and one past its last."""
        return self._index("table"), self._index("opponents") + 1

    @property
    def label(self) -> int:
        """How many columns a subtotal's label spans."""
        return self._index("won") + 1

    def _index(self, name: str) -> int:
        return [column for column, _ in self.units].index(name)


#: Card margins in mm (top, sides, bottom) and the room kept above and below the grid for
#: the name and the notes.
#: A large-print card is an upright page: its rows stay tall enough for 14 pt figures
#: (``font``) up to 29 deals on A4 and 26 on Letter, with the half-time and the total.
PADDING = {"a5": (8.0, 8.0, 6.0), "a6": (7.0, 7.0, 5.0), "large": (12.0, 10.0, 10.0)}
ABOVE = {"a5": 14.0, "a6": 9.5, "large": 22.0}
BELOW = {"a5": 15.0, "a6": 10.0, "large": 16.0}
HEADER = {"a5": 8.5, "a6": 7.0, "large": 13.0}  # the column headings' row: three lines
MAX_PITCH = {"a5": 5.9, "a6": 4.1, "large": 9.0}  # a 24-deal card, as tall as the old table rows
MAX_FONT = {"a5": 8.5, "a6": 6.5, "large": 14.0}  # points
HEADING_FONT = {"a5": 6.5, "a6": 5.5, "large": 10.0}  # points, bold

LINE = 0.53  # px: 0.4 pt
ROUND_LINE = 1.2  # px: 0.9 pt, above the first deal of a round of several
GREY = "#888"
DARK = "#333"
HEAD_FILL = "#eee"
TOTAL_FILL = "#f2f2f2"


#: Each deal's trumps as drawn over the card: size and font (the symbol: ``drawn_symbol``).
TRUMPS = {
    "H": (1.0, "DejaVuSans.ttf"),
    "D": (1.0, "DejaVuSans.ttf"),
    "S": (1.0, "DejaVuSans.ttf"),
    "C": (1.0, "DejaVuSans.ttf"),
    "NT": (0.8, "DejaVuSans-Bold.ttf"),
}
#: The suits' colours on every sheet: two red and two black, or, for a club that chooses
#: four-colour suits (``Club.four_colour_suits``), the colours its pages use (site.css).
SUIT_COLOURS = {"H": "#c0142b", "D": "#c0142b", "S": "#111", "C": "#111", "NT": "#111"}
FOUR_COLOURS = {**SUIT_COLOURS, "D": "#0b4fb3", "C": "#11722f"}


def suit_colours(four_colour: bool) -> dict[str, str]:
    return FOUR_COLOURS if four_colour else SUIT_COLOURS


#: Debian's fonts-dejavu-core, which ``make`` installs and the sheets' CSS asks for.
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@dataclass(frozen=True)
class Row:
    """One row of the grid under the headings: a deal, a subtotal or the total."""

    kind: str  # "deal", "subtotal" or "total"
    trumps: str | None = None  # a deal's: "H", "D", "S", "C" or "NT"
    round_start: bool = False
    merged: bool = False  # a sit-out or absent deal: one box from table to opponents


#: CSS pixels per millimetre.
PX = 96 / 25.4
#: WeasyPrint 70 lays a tab out to the stop, but draws its advance from Pango units read as
#: thousandths of an em: 1024/1000 of the laid-out width. So the tab stops are set 1000/1024
#: of a column apart, and a figure lands within 0.024 of the text before it (a pixel or
#: two) of its column's line. ``tab-size`` is also rounded down to whole pixels.
TAB_DRAWN = 1.024


@dataclass(frozen=True)
class CardGrid:
    """The geometry of one layout's scorecard: the card in mm, the grid in CSS pixels."""

    card: str  # "a5" or "a6"
    width: float  # the card, edge to edge
    height: float
    rows: int  # the deals, the half-time subtotal and the total
    columns: Columns  # the drive's game's (``DriveGame.scorecard_units``)
    four_colour: bool = False  # the club's choice of suit colours

    @property
    def padding(self) -> tuple[float, float, float]:
        return PADDING[self.card]

    @property
    def tab(self) -> int:
        """The ``tab-size`` in whole pixels, as WeasyPrint lays it out."""
        return int((self.width - 2 * self.padding[1]) * PX / self.columns.total / TAB_DRAWN)

    @property
    def unit(self) -> float:
        """The width of a narrow column: one tab as drawn."""
        return round(self.tab * TAB_DRAWN, 3)

    @property
    def inner_width(self) -> float:
        """The card between its side margins: the initials take what the tabs leave."""
        return round((self.width - 2 * self.padding[1]) * PX, 3)

    @property
    def header(self) -> float:
        return round(HEADER[self.card] * PX, 2)

    @property
    def heading_font(self) -> float:
        return HEADING_FONT[self.card]

    @property
    def above(self) -> float:
        """The room for the club, the name and the card number."""
        return ABOVE[self.card]

    @property
    def double(self) -> float:
        """A two-unit column (opponents, initials)."""
        return round(2 * self.unit, 3)

    @property
    def inset(self) -> int:
        """How far each figure sits in from its column's left line."""
        return max(3, round(self.unit * 0.15))

    @cached_property
    def pair_chars(self) -> int:
        """The longest opponents' text ("12 & 34") that ends inside the first of its two
        columns: a longer one ends in the second, and takes one tab less to leave it."""
        room = self.unit - self.inset
        px_per_thousandth = self.font * 96 / 72 / 1000
        length = 1
        while _glyphs("0" * length + " & ", "DejaVuSans.ttf")[1] * px_per_thousandth < room:
            length += 1
        return length - 1 + len(" & ")

    @property
    def sit_width(self) -> float:
        """A sit-out's box: from its tab stop (as laid out) to where the points won begin."""
        first, end = self.columns.merged
        units = self.columns.units
        start = sum(width for _, width in units[:first])
        end_units = start + sum(width for _, width in units[first:end])
        return round(end_units * self.unit - start * self.tab, 3)

    @property
    def label_width(self) -> float:
        """A subtotal's label: from the line's start to where the running total begins."""
        label = self.columns.units[: self.columns.label]
        return round(self.unit * sum(units for _, units in label), 3)

    @cached_property
    def pitch(self) -> float:
        """The height of a row: a 24-deal card's rows, or less so that longer drives fit."""
        top, _, bottom = self.padding
        room = self.height - top - bottom - ABOVE[self.card] - BELOW[self.card] - HEADER[self.card]
        return round(min(MAX_PITCH[self.card], room / self.rows) * PX, 2)

    @property
    def font(self) -> float:
        """Points: as large as the row lets the figures be read."""
        return round(min(MAX_FONT[self.card], self.pitch * 0.75 * 0.68), 2)

    @property
    def grid_height(self) -> float:
        return self.header + self.rows * self.pitch

    def widths(self) -> list[float]:
        widths = [units * self.unit for _, units in self.columns.units[:-1]]
        return [*widths, self.inner_width - sum(widths)]

    def shading(self, rows: tuple["Row", ...]) -> str:
        """What lies under the text: the headings' and the totals' grey."""
        width, pitch, header = self.inner_width, self.pitch, self.header
        shapes = [f'<rect width="{width}" height="{header:.2f}" fill="{HEAD_FILL}"/>']
        shapes += [
            f'<rect y="{header + index * pitch:.2f}" width="{width}" height="{pitch:.2f}" '
            f'fill="{TOTAL_FILL}"/>'
            for index, row in enumerate(rows)
            if row.kind != "deal"
        ]
        return self._svg(shapes)

    def lines(self, rows: tuple["Row", ...]) -> str:
        """What lies over the text: the grid's lines, and the trumps in their colours.

        The text keeps each deal's trumps, so that the card reads (and copies) as a whole
        line; a white cell hides it under the symbol drawn here in its colour, because a
        coloured span inside the line would cost a layout box on every line of every card.
        """
        width, pitch, header = self.inner_width, self.pitch, self.header
        edges = [0.0]
        for w in self.widths():
            edges.append(edges[-1] + w)
        shapes, path = [], [f"M0 0H{width}"]
        for index in range(len(rows) + 1):
            y = header + index * pitch
            if index < len(rows) and rows[index].round_start:
                shapes.append(
                    f'<path d="M0 {y:.2f}H{width}" stroke="{DARK}" stroke-width="{ROUND_LINE}"/>'
                )
            else:
                path.append(f"M0 {y:.2f}H{width}")
        # Vertical lines, one segment per run of rows with the same edges.
        for column, x in enumerate(edges):
            path.append(f"M{x:.2f} 0V{header:.2f}")
            start = None
            for index in range(len(rows) + 1):
                drawn = index < len(rows) and _has_edge(self.columns, rows[index], column)
                if drawn and start is None:
                    start = index
                elif not drawn and start is not None:
                    path.append(
                        f"M{x:.2f} {header + start * pitch:.2f}V{header + index * pitch:.2f}"
                    )
                    start = None
        shapes.append(
            f'<path d="{"".join(path)}" stroke="{GREY}" stroke-width="{LINE}" fill="none"/>'
        )
        left, cell = edges[1], self.unit
        size = self.font / 0.75  # pt to px
        used = {row.trumps for row in rows if row.trumps}
        colours = suit_colours(self.four_colour)
        shapes[:0] = [
            "<defs>",
            *(_trumps_def(trumps, colours[trumps]) for trumps in sorted(used)),
            "</defs>",
        ]
        for index, row in enumerate(rows):
            if row.trumps is None:
                continue
            top = header + index * pitch
            shapes.append(
                f'<rect x="{left + 1:.2f}" y="{top + 1:.2f}" width="{cell - 2:.2f}" '
                f'height="{pitch - 2:.2f}" fill="#fff"/>'
            )
            scale, font_file = TRUMPS[row.trumps]
            advance = _glyphs(drawn_symbol(row.trumps), font_file)[1]
            em = size * scale / 1000  # the paths are in thousandths of an em
            x = left + (cell - advance * em) / 2
            y = top + pitch / 2 + size * scale * 0.36
            shapes.append(
                f'<use href="#t{row.trumps}" transform="translate({x:.2f} {y:.2f}) '
                f'scale({em:.5f} {-em:.5f})"/>'
            )
        return self._svg(shapes)

    def _svg(self, shapes: list[str]) -> str:
        width, height = self.inner_width, self.grid_height
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{width}" height="{height:.2f}" viewBox="0 0 {width} {height:.2f}">'
            + "".join(shapes)
            + "</svg>"
        )


def drawn_symbol(trumps: str) -> str:
    """The symbol drawn for ``trumps``: a suit's, or no trumps as the language writes it."""
    return trumps_symbol(None if trumps == "NT" else Suit(trumps))


@cache
def _glyphs(text: str, font_file: str) -> tuple[str, float]:
    """The trumps' symbol as one SVG path in thousandths of an em (y up), and its width:
    the font's own outlines, so the symbols match the text's, drawn as shapes rather than
    text so that they cost no text layout and do not read twice when the PDF is copied."""
    font = TTFont(DEJAVU / font_file)
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    per_em = font["head"].unitsPerEm
    commands, x = [], 0.0
    for character in text:
        glyph = glyphs[cmap[ord(character)]]
        pen = SVGPathPen(glyphs, ntos=lambda n: f"{n:g}")
        glyph.draw(pen)
        commands.append(f'<path transform="translate({x:g} 0)" d="{pen.getCommands()}"/>')
        x += glyph.width
    scale = 1000 / per_em
    return f'<g transform="scale({scale:.5f})">{"".join(commands)}</g>', x * scale


def _trumps_def(trumps: str, colour: str) -> str:
    _, font_file = TRUMPS[trumps]
    return f'<g id="t{trumps}" fill="{colour}">{_glyphs(drawn_symbol(trumps), font_file)[0]}</g>'


def data_url(svg: str) -> str:
    """An SVG as a data: URL for a CSS background."""
    return "data:image/svg+xml;base64," + b64encode(svg.encode()).decode()


def _has_edge(columns: Columns, row: Row, column: int) -> bool:
    """Whether the vertical line on the left of ``column`` (or the right edge) crosses ``row``."""
    if column in (0, len(columns.units)):
        return True
    if row.kind != "deal":
        return column >= columns.label
    first, end = columns.merged
    return not (row.merged and first < column < end)


def for_layout(
    layout, rows: int, *, units: tuple[tuple[str, int], ...], four_colour: bool = False
) -> CardGrid:
    """The grid of ``layout``'s cards (``sheets.Layout``) for ``rows`` rows under the headings,
    in the columns ``units`` names (the drive's game's), its suits in four colours or two."""
    width, height = layout.sheet
    across, down = {"a5": (2, 1), "a6": (2, 2), "large": (1, 1)}[layout.card]
    return CardGrid(layout.card, width / across, height / down, rows, Columns(units), four_colour)


def card_rows(card, *, rounds_marked: bool) -> tuple[Row, ...]:
    """The shape of a scorecard's (``sheets.Scorecard``) rows; ``rounds_marked`` draws a
    heavier line between rounds of several deals."""
    rows = []
    previous = None
    for line in card.lines:
        rows.append(
            Row(
                "deal",
                trumps=line.trumps_drawn,
                round_start=rounds_marked and previous is not None and line.round != previous,
                merged=line.sits_out or line.absent,
            )
        )
        if line.ends_half:
            rows.append(Row("subtotal"))
        previous = line.round
    rows.append(Row("total"))
    return tuple(rows)
