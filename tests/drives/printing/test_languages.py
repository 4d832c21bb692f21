"""The sheets in French and Hungarian: seat letters, sides and no-trump contracts as each
language writes them, from the one mapping in ``drives.seats``."""

import re

import pytest
from django.utils import translation

from drives.games.bidwhist.hands import bid_mark
from drives.models import MovementType, TableResult
from drives.seats import seat_letter, side_name
from tests.conftest import make_club, make_played_drive
from tests.drives.printing.test_pdf import pages_of, rows_of

pytestmark = pytest.mark.django_db

SEATS = {"en": "N E S W", "fr": "N E S O", "hu": "É K D Ny"}
SIDES = {"en": ("N–S", "E–W"), "fr": ("N–S", "E–O"), "hu": ("É–D", "K–Ny")}
FOUR_NO_TRUMPS = {"en": "4NT", "fr": "4\u00a0SA", "hu": "4SZA"}


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_each_language_writes_its_seats_sides_and_no_trump_contracts(language):
    hand = TableResult(bid_level=4, bid_strain="nt")
    with translation.override(language):
        assert " ".join(str(seat_letter(seat)) for seat in "NESW") == SEATS[language]
        assert tuple(str(side_name(side)) for side in ("NS", "EW")) == SIDES[language]
        assert bid_mark(hand) == FOUR_NO_TRUMPS[language]


@pytest.fixture(scope="module")
def bid_drive(module_db):
    fields = {"game": "bid", "movement": "mitchell", "deals": 4, "deals_per_round": 2}
    drive = make_played_drive(make_club(), players=8, **fields)
    drive.results.filter(deal=1).update(bid_level=4, bid_strain="nt", trumps="")
    return drive


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_a_bid_whist_drives_sheets_write_seats_sides_and_contracts_in_the_language(
    client, bid_drive, language
):
    seats, (ns, ew), contract = SEATS[language].split(), SIDES[language], FOUR_NO_TRUMPS[language]
    letter = "|".join(seats)
    cards = "\n".join(pages_of(client.get(f"/{language}/drives/{bid_drive.pk}/scorecards.pdf")))
    cards = cards.replace("\u00a0", " ").replace(contract.replace("\u00a0", " "), "4-XX")
    # Deal, bid, dealer, declarers, round, table, seat: every seat and side in the language.
    lines = re.findall(rf"^\d (\S+) ({letter}) ({ns}|{ew}) \d \d ({letter}) ", cards, re.M)
    assert len(lines) == 8 * 4
    assert {seat for *_, seat in lines} == set(seats)
    assert sum(bid == "4-XX" for bid, *_ in lines) == 8
    assert "NT" not in cards
    tables = "\n".join(rows_of(client.get(f"/{language}/drives/{bid_drive.pk}/table-cards.pdf")))
    assert contract.replace("\u00a0", " ") in tables.replace("\u00a0", " ")
    assert ns in tables and ew in tables


def test_a_hungarian_table_card_says_where_players_go_in_hungarian_seats(client):
    drive = make_played_drive(make_club(), players=8, deals=4, movement=MovementType.INDIVIDUAL)

    tables = "\n".join(rows_of(client.get(f"/hu/drives/{drive.pk}/table-cards.pdf")))

    goes = re.findall(r"→ \d\. asztal, (\S+)", tables)
    assert goes and set(goes) <= {"É", "K", "D", "Ny"}
