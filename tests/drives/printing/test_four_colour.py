"""A club's four-colour suits on its printed sheets: ♥ red, ♦ blue, ♣ green, ♠ black, drawn
in those colours on the scorecards, the table cards and the results; two colours otherwise."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from drives.models import MovementType
from drives.printing.card_grid import FOUR_COLOURS
from tests.conftest import make_club, make_drive, make_entries, make_played_drive, make_players
from tests.drives.printing.test_pdf import content_of

pytestmark = pytest.mark.django_db


def fills_of(response) -> set[str]:
    """Every fill colour set on the sheet's pages and in the images drawn on them (the
    scorecards' suits are drawn in an SVG), as "r g b" to three places."""
    reader = PdfReader(io.BytesIO(content_of(response)))
    found = set()
    for page in reader.pages:
        streams = [page.get_contents().get_data()]
        resources = page["/Resources"]
        for xobject in resources.get("/XObject", {}).values():
            streams.append(xobject.get_object().get_data())
            inner = xobject.get_object().get("/Resources", {}).get("/XObject", {})
            streams += [x.get_object().get_data() for x in inner.values()]
        for stream in streams:
            for r, g, b in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) rg", stream):
                found.add(" ".join(f"{float(v):.3g}" for v in (r, g, b)))
    return found


def rgb(colour: str) -> str:
    """A CSS colour ("#0b4fb3") as ``fills_of`` writes it."""
    values = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return " ".join(f"{value:.3g}" for value in values)


RED, BLUE, GREEN = (rgb(FOUR_COLOURS[suit]) for suit in "HDC")


@pytest.mark.parametrize("four_colour", [True, False])
def test_the_sheets_print_the_suits_in_the_clubs_colours(client, four_colour):
    club = make_club(four_colour_suits=four_colour)
    planned = make_drive(club, deals=4, movement=MovementType.PROGRESSIVE, rotation="hdsc_nt")
    make_entries(planned, make_players(club, 8))
    played = make_played_drive(club, players=0, deals=4, movement=MovementType.INDIVIDUAL)
    sheets = [
        ("scorecards_pdf", planned),  # the trumps drawn over each card
        ("table_cards_pdf", planned),  # the strip of each deal's trumps
        ("results_pdf", played),  # the trumps beside each deal of the grid
    ]

    for name, drive in sheets:
        fills = fills_of(client.get(reverse(f"drives:{name}", args=[drive.pk])))
        assert RED in fills, name
        assert (BLUE in fills) is four_colour, name
        assert (GREEN in fills) is four_colour, name
