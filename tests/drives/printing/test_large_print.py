"""The large-print edition: scorecards and table cards one a page, names and figures at
14 pt or more, for a drive that asks for it or for the players whose member record does."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from drives.club.forms import PlayerForm
from drives.models import Drive, MovementType
from drives.versions import record_version
from tests.conftest import drive_form, make_drive, make_entries, make_played_drive, make_players
from tests.drives.printing.test_pdf import CARD_LINE, cards_of, content_of, page_sizes, pages_of

pytestmark = pytest.mark.django_db

A4_UPRIGHT = (595, 842)


def runs_of(page) -> list[tuple[str, float]]:
    """Each run of text on ``page`` a line at a time, with its size in points."""
    runs = []

    def visit(text, cm, tm, font, size):
        for line in text.splitlines():
            if line.strip():
                runs.append((line.strip(), round(size * tm[0] * cm[0], 2)))

    page.extract_text(visitor_text=visit)
    return runs


def test_a_large_print_drive_prints_one_card_a_page_in_14_pt_and_over(client, club):
    drive = make_played_drive(
        club, players=8, deals=8, movement=MovementType.INDIVIDUAL, large_print=True
    )

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))

    pages = pages_of(response)
    cards = cards_of(pages)
    assert len(pages) == 8
    assert page_sizes(response) == {A4_UPRIGHT}
    assert sorted(card["page"] for card in cards.values()) == list(range(1, 9))
    reader = PdfReader(io.BytesIO(content_of(response)))
    for number, card in cards.items():
        runs = runs_of(reader.pages[card["page"] - 1])
        name = [size for text, size in runs if text == f"{card['name']} Card {number}"]
        deals = [size for text, size in runs if CARD_LINE.match(text)]
        totals = [size for text, size in runs if text == card["total"]]
        assert len(name) == 1 and len(deals) == 8 and totals
        assert min(name + deals + totals) >= 14


def test_a_players_large_print_card_follows_the_others(client, club):
    players = make_players(club, 8)
    players[2].large_print = True
    players[2].save()
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, players)

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))

    pages = pages_of(response)
    cards = cards_of(pages)
    reader = PdfReader(io.BytesIO(content_of(response)))
    sizes = [(round(page.mediabox.width), round(page.mediabox.height)) for page in reader.pages]
    # Seven A5 cards two to a landscape A4 sheet, then card 3 alone on an upright page.
    assert sizes == [(842, 595)] * 4 + [A4_UPRIGHT]
    assert cards[3]["page"] == 5
    assert sorted(number for number, card in cards.items() if card["page"] < 5) == [
        1,
        2,
        4,
        5,
        6,
        7,
        8,
    ]
    large = [size for text, size in runs_of(reader.pages[4]) if CARD_LINE.match(text)]
    usual = [size for text, size in runs_of(reader.pages[0]) if CARD_LINE.match(text)]
    assert len(large) == 4 and len(usual) == 8
    assert min(large) >= 14 > max(usual)


def test_a_large_print_drive_prints_its_table_cards_in_14_pt_and_over(client, club):
    drive = make_played_drive(
        club, players=8, deals=8, movement=MovementType.INDIVIDUAL, large_print=True
    )

    response = client.get(reverse("drives:table_cards_pdf", args=[drive.pk]))

    reader = PdfReader(io.BytesIO(content_of(response)))
    assert len(reader.pages) == 2  # a table a page, on its side
    assert page_sizes(response) == {A4_UPRIGHT[::-1]}
    for page in reader.pages:
        runs = runs_of(page)
        names = [size for text, size in runs if re.fullmatch(r"Player \d+", text)]
        numbers = [
            size for text, size in runs if re.fullmatch(r"\(\d\)(?: → table \d [NESW])?", text)
        ]
        assert len(names) == len(numbers) == 8 * 4
        assert min(names + numbers) >= 14


def test_the_member_form_asks_for_large_print_and_the_card_prints_afresh(client, club, organiser):
    players = make_players(club, 4)
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, players)
    client.force_login(organiser)
    url = reverse("drives:scorecards_pdf", args=[drive.pk])
    assert page_sizes(client.get(url)) == {(842, 595)}
    edit = reverse("drives:player_edit", args=[players[0].pk])
    assert "large-print cards" in client.get(edit).text.lower()

    data = {"name": players[0].name, "role": players[0].role, "active": "on", "large_print": "on"}
    version = record_version(players[0], PlayerForm.Meta.fields)
    assert client.post(edit, data | {"version": version}).status_code == 302

    players[0].refresh_from_db()
    assert players[0].large_print is True
    response = client.get(url)
    assert page_sizes(response) == {(842, 595), A4_UPRIGHT}
    assert cards_of(pages_of(response))[1]["page"] == 3  # after the others' sheets


def test_the_drive_set_up_form_prints_the_whole_drive_in_large_print(client, club, organiser):
    client.force_login(organiser)
    form = drive_form(movement="individual", deals=4, large_print="on")
    assert client.post(reverse("drives:drive_new", args=[club.slug]), form).status_code == 302
    drive = Drive.objects.get()
    assert drive.large_print is True
    make_entries(drive, make_players(club, 4))

    for name in ("scorecards_pdf", "table_cards_pdf"):
        response = client.get(reverse(f"drives:{name}", args=[drive.pk]))
        expected = A4_UPRIGHT if name == "scorecards_pdf" else A4_UPRIGHT[::-1]
        assert page_sizes(response) == {expected}
        assert len(pages_of(response)) == (4 if name == "scorecards_pdf" else 1)
