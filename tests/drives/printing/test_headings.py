"""No column heading of any sheet is wider than its column, or taller than its row, in
any language.

How: each sheet's HTML (the first chunk, as ``render`` hands it to WeasyPrint) is laid out
by WeasyPrint itself, and every heading's box (a scorecard's ``.hd`` column, a table card
grid's ``.gh``, a results table's ``th``) is compared with the text boxes laid out inside
it. A word too long for its column is laid out past the box's right edge (WeasyPrint breaks
lines only where it may, and the boxes clip what overflows: the text printed "Enchèr"); a
heading broken into more lines than its row holds ends below the box's bottom. Measuring
the layout WeasyPrint prints from, rather than the PDF or a model of the font, sees the
real fonts, kerning, hyphenation and line breaks, and names the heading that fails.
"""

import pytest
from django.utils import translation
from weasyprint import HTML
from weasyprint.formatting_structure import boxes

from drives.models import MovementType
from drives.printing import render, sheets
from tests.conftest import make_club, make_played_drive

pytestmark = pytest.mark.django_db

#: Half a CSS pixel: rounding in the layout, well under what the eye sees.
SLACK = 0.5


def is_heading(box) -> bool:
    element = box.element
    if element is None or box.element_tag not in ("span", "div", "th"):
        return False
    classes = (element.get("class") or "").split()
    if box.element_tag == "th":
        return True
    if box.element_tag == "div":
        return "gh" in classes
    return bool({"u1", "u2"} & set(classes))  # a scorecard's headings


def overflowing(html: str) -> list[str]:
    """Each heading whose laid-out text leaves its box, with by how much (px)."""
    document = HTML(string=html, base_url=render.base_url()).render()
    seen, problems = set(), []
    for page in document.pages:
        for box in page._page_box.descendants(placeholders=True):
            if isinstance(box, boxes.LineBox) or not isinstance(
                getattr(box, "_box", box), boxes.ParentBox
            ):
                continue
            if id(box.element) in seen or not is_heading(box):
                continue
            seen.add(id(box.element))
            texts = [
                t
                for t in box.descendants(placeholders=True)
                if isinstance(t, boxes.TextBox) and t.text.strip()
            ]
            if not texts:
                continue
            left, top = box.content_box_x(), box.content_box_y()
            right = max(t.position_x + t.width for t in texts) - (left + box.width)
            below = max(t.position_y + t.height for t in texts) - (top + box.height)
            text = " ".join(t.text for t in texts)
            if right > SLACK:
                problems.append(f"{text!r} {right:.1f}px too wide")
            if below > SLACK:
                problems.append(f"{text!r} {below:.1f}px too tall")
    return problems


@pytest.fixture(scope="module")
def drives(module_db):
    club = make_club()
    return {
        "classic": make_played_drive(club, players=8, deals=4, movement=MovementType.INDIVIDUAL),
        "progressive": make_played_drive(
            club, players=0, deals=4, movement=MovementType.PROGRESSIVE
        ),
        "bid": make_played_drive(
            club, players=0, deals=4, game="bid", movement="mitchell", deals_per_round=2
        ),
    }


LAYOUTS = {
    "a5": sheets.Layout(),
    "a6": sheets.Layout(card="a6"),
    "large": sheets.Layout(card="large"),
}
SHEETS = [
    (kind, layout)
    for kind, layouts in (
        ("scorecards", ["a5", "a6", "large"]),
        ("table-cards", ["a5", "large"]),
        ("results", ["a5"]),
    )
    for layout in layouts
]


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
@pytest.mark.parametrize("game", ["classic", "progressive", "bid"])
@pytest.mark.parametrize(("kind", "layout"), SHEETS)
def test_no_heading_is_wider_than_its_column(drives, language, game, kind, layout):
    printed = sheets.load(drives[game])
    with translation.override(language):
        html = render.CHUNKS[kind](printed, LAYOUTS[layout])[0].html
        if layout == "large" and kind == "table-cards":
            printed.drive.large_print = True
            html = render.CHUNKS[kind](printed, LAYOUTS["a5"])[0].html

    assert overflowing(html) == []
