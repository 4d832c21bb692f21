"""Text in fixed columns over lines drawn once, for the table cards (``table_grid``).

A table card set as an HTML table cost WeasyPrint a layout box per cell and a line break
search in every name. Here each column of a grid is one block of text, a line per row,
placed at the column's left edge; a second block in the same column may hold each row's
smaller second line. The lines, the headings' grey and the heavier rule between rows are
one SVG under the text. Rows cannot grow, so a text too wide for its column is set
smaller, and only past half its size cut short; the widths are measured from DejaVu Sans,
the font the sheets are set in. Sizes are CSS pixels (``card_grid.PX`` to the mm).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from fontTools.ttLib import TTFont
from pyphen import Pyphen, language_fallback

from drives.printing.card_grid import DARK, DEJAVU, GREY, HEAD_FILL, LINE, PX, ROUND_LINE, data_url
from drives.seats import NO_TRUMPS

#: Names shrink no further than this fraction of the column's size; past it they are cut.
SMALLEST = 0.5
#: A grid's headings: their size and their padding each side in mm (``_print.css``).
HEADING_PT = 9.0
HEADING_PADDING = 0.8
#: The suits set in colour, by their class in ``_print.css`` (``card_grid.suit_colours``);
#: spades stay in the text's black.
COLOURED = {"♥": "suit-H", "♦": "suit-D"}
FOUR_COLOURED = {**COLOURED, "♣": "suit-C"}


@dataclass(frozen=True)
class Layer:
    """One block of text in a column: a line per row, centred ``shift`` rows below the
    row's middle."""

    lines: Sequence[str]  # safe HTML, one per row
    font: float  # pt
    shift: float = 0.0
    css: str = ""


@dataclass(frozen=True)
class Column:
    heading: str
    width: float  # px
    layers: Sequence[Layer]
    centred: bool = True


@dataclass(frozen=True)
class Placed:
    """A layer as the template draws it: its block's box in px."""

    html: SafeString
    left: float
    top: float
    width: float
    font: float
    css: str


@dataclass(frozen=True)
class Grid:
    columns: Sequence[Column]
    rows: int
    pitch: float  # px
    heading: float  # px
    heavy: frozenset[int] = field(default_factory=frozenset)  # rows under a heavier line
    heading_font: float = HEADING_PT  # pt, bold

    @property
    def width(self) -> float:
        return round(sum(column.width for column in self.columns), 2)

    @property
    def height(self) -> float:
        return round(self.heading + self.rows * self.pitch, 2)

    @property
    def inset(self) -> float:
        return 1.6 * PX

    def headings(self) -> list[tuple[str, float, float]]:
        """(text, left, width) of each column's heading, set smaller where a word of it
        would not fit the column."""
        placed, x = [], 0.0
        language = get_language() or "en"
        for column in self.columns:
            room = column.width - 2 * HEADING_PADDING * PX - 1
            text = heading_fitted(str(column.heading), self.heading_font, room, language)
            placed.append((text, round(x, 2), round(column.width, 2)))
            x += column.width
        return placed

    def blocks(self) -> list[Placed]:
        placed, x = [], 0.0
        for column in self.columns:
            for layer in column.layers:
                placed.append(
                    Placed(
                        mark_safe("\n".join(layer.lines)),
                        round(x + self.inset, 2),
                        round(self.heading + layer.shift * self.pitch, 2),
                        round(column.width - 2 * self.inset, 2),
                        layer.font,
                        layer.css + (" centred" if column.centred else ""),
                    )
                )
            x += column.width
        return placed

    @property
    def background(self) -> str:
        return data_url(self.svg())

    def svg(self) -> str:
        """The headings' grey, then every line of the grid, as one SVG."""
        width, height, heading, pitch = self.width, self.height, self.heading, self.pitch
        shapes = [f'<rect width="{width}" height="{heading:.2f}" fill="{HEAD_FILL}"/>']
        path = [f"M0 0H{width}"]
        for row in range(self.rows + 1):
            y = heading + row * pitch
            if row in self.heavy:
                shapes.append(
                    f'<path d="M0 {y:.2f}H{width}" stroke="{DARK}" stroke-width="{ROUND_LINE}"/>'
                )
            else:
                path.append(f"M0 {y:.2f}H{width}")
        x = 0.0
        for column in (None, *self.columns):
            x += column.width if column else 0.0
            path.append(f"M{min(x, width):.2f} 0V{height}")
        shapes.append(
            f'<path d="{"".join(path)}" stroke="{GREY}" stroke-width="{LINE}" fill="none"/>'
        )
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
            + "".join(shapes)
            + "</svg>"
        )


# Measuring text ----------------------------------------------------------------------------


@cache
def _advances(font_file: str = "DejaVuSans.ttf") -> tuple[dict[int, float], float]:
    """DejaVu Sans's advance widths in ems by code point, and the em of a missing glyph
    (a fallback font's: a Chinese character is an em wide)."""
    font = TTFont(DEJAVU / font_file)
    per_em = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    return {code: metrics[name][0] / per_em for code, name in font.getBestCmap().items()}, 1.0


def text_width(text: str, points: float, *, bold: bool = False) -> float:
    """The width of ``text`` set in DejaVu Sans (``bold``: Bold) at ``points``, in px."""
    widths, missing = _advances("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    ems = sum(widths.get(ord(character), missing) for character in text)
    return ems * points * 96 / 72


def _falls_back(text: str) -> bool:
    """Whether a character of ``text`` comes from a fallback font (with its own heights)."""
    widths, _ = _advances()
    return any(ord(character) not in widths for character in text)


def fitted(
    text: str, points: float, room: float, line: float, *, marked: Callable[[str], str] = escape
) -> str:
    """``text`` as ``marked`` sets it (escaped), in a smaller size when it is wider than
    ``room`` px, and cut short with an ellipsis when even ``SMALLEST`` of it is too wide.

    A smaller line, or one in a fallback font, is a box exactly ``line`` px tall: left in
    the text, its taller or lower line would push every line after it down the grid."""
    # Kerning, which the measure leaves out, only ever narrows DejaVu's text; the 3% is for
    # rounding in the layout.
    room *= 0.97
    width = text_width(text, points)
    if width <= room and not _falls_back(text):
        return marked(text)
    scale = min(1.0, room / width)
    if scale < SMALLEST:
        scale = SMALLEST
        while text and text_width(text + "…", points * scale) > room:
            text = text[:-1]
        text = text.rstrip() + "…"
    # Twentieths of the size, rounded down, so that few sizes are used and the text fits.
    scale = int(scale * 20) / 20
    return f'<span class="box" style="font-size:{scale:g}em;height:{line}px">{marked(text)}</span>'


def heading_fitted(text: str, points: float, room: float, language: str) -> str:
    """A bold column heading, escaped, set smaller when a word of it (or the widest part
    of a word as it is hyphenated in ``language``, the sheet's ``hyphens: auto``) is wider
    than ``room`` px; its row has room for three lines."""
    dictionary = language_fallback(language)
    hyphenate = Pyphen(lang=dictionary, left=2, right=2) if dictionary else None
    parts = [
        part + "-"
        for word in text.split()
        for part in (hyphenate.inserted(word).split("-") if hyphenate else [word])
    ]
    widest = max((text_width(part, points, bold=True) for part in parts), default=0.0)
    if widest <= room:
        return escape(text)
    scale = int(room / widest * 20) / 20  # twentieths, rounded down, as ``fitted``
    return mark_safe(f'<span style="font-size:{scale:g}em">{escape(text)}</span>')  # nosec


def suits_coloured(text: str, *, four_colour: bool = False) -> str:
    """``text`` escaped with each suit in its colour (two red, or the club's four colours)
    and "NT" set as the scorecards set it."""
    coloured = FOUR_COLOURED if four_colour else COLOURED
    out = []
    for word in escape(text).split(" "):
        if word in coloured:
            out.append(f'<span class="{coloured[word]}">{word}</span>')
        elif word == str(NO_TRUMPS):
            out.append(f'<span class="nt">{word}</span>')
        else:
            out.append(word)
    return " ".join(out)


def mm(value: float) -> float:
    return round(value * PX, 2)
