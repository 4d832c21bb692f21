"""A compass drive names each table's deals by the board it holds ("Board 5", the number on
the board itself) wherever its pages and sheets name them: the dashboard's tiles and a
dispute, the phone's figures sent and result stored, the hall display and the scorecards,
filled and blank. A page costs the same queries at 3 tables as at 7.

In the 8-pair skip Mitchell of these tests, table 3 holds boards 5 and 6 in round 1 (the
drive's deals 1 and 2) and boards 7 and 8 in round 2."""

import io
import re
import uuid

import pytest
from django.urls import reverse
from pypdf import PdfReader

from drives.models import Seating
from tests.conftest import link_of, make_club, make_user, record_tricks
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(club, organiser):
    return make_compass_drive(club, organiser, pairs=8, boards=8)


def send(client, drive, table, side, tricks):
    """``side`` of ``table`` sends its N–S tricks for round 1's deals from its phone."""
    data = {"round": 1, "side": side, "submission": uuid.uuid4()}
    data |= {f"d{deal}": n for deal, n in zip((1, 2), tricks, strict=True)}
    response = client.post(
        reverse("drives:table_enter", args=[link_of(drive, table, side).token]), data
    )
    assert response.status_code in (200, 302)


def tile(page: str, table: int) -> str:
    """The dashboard's tile of ``table``, as HTML."""
    start = page.index(f'id="tile-{table}"')
    end = page.find('<li class="tile', start)
    return page[start : end if end > 0 else len(page)]


def test_the_dashboard_tiles_name_the_boards_each_table_holds(client, organiser, drive):
    send(client, drive, 3, "NS", (8, 6))
    client.force_login(organiser)
    page = client.get(reverse("drives:tableside_dashboard", args=[drive.pk])).text
    assert "Board 5 · Board 6" in tile(page, 3) and "Board 7 · Board 8" in tile(page, 4)
    # N–S's figures on the tile, board by board, not "deal 1".
    assert "board 5</span> 8–5" in tile(page, 3) and "board 6</span> 6–7" in tile(page, 3)
    assert "deal 1" not in tile(page, 3)


def test_a_dispute_compares_the_sides_board_by_board(client, organiser, drive):
    send(client, drive, 3, "NS", (8, 6))
    send(client, drive, 3, "EW", (8, 7))
    client.force_login(organiser)
    shown = tile(client.get(reverse("drives:tableside_tiles", args=[drive.pk])).text, 3)
    assert '<th scope="col">Board</th>' in shown
    assert re.search(r"<tr><td>5</td><td>8–5.*?<tr><td>6</td>", shown, re.S)
    # The phones show the same comparison.
    phone = client.get(reverse("drives:table_page", args=[link_of(drive, 3).token])).text
    assert '<th scope="col">Board</th>' in phone and "<tr><td>6</td>" in phone


def test_the_phone_names_the_boards_it_sent_and_stored_with_dealer_and_trumps(client, drive):
    send(client, drive, 3, "NS", (8, 6))
    # E–W's phone, asked to confirm, reads N–S's figures board by board.
    waiting = client.get(reverse("drives:table_page", args=[link_of(drive, 3, "EW").token])).text
    assert re.search(
        r'<th scope="col">Board</th>.*?<tr><td>5</td><td class="num">8</td>', waiting, re.S
    )
    record_tricks(drive, 1, 3, {1: 8, 2: 6})
    stored = client.get(reverse("drives:table_page", args=[link_of(drive, 3).token])).text
    stored = stored[stored.index('id="state"') :]
    # Board 5: North deals (5 is dealt as 1 is), hearts by the rotation; board 6: East.
    assert re.search(
        r"Board 5</strong><br><span class=\"muted board-line\">N deals · <span class=\"suit-H\">♥",
        stored,
    )
    assert "Board 6</strong>" in stored and "E deals" in stored
    assert "Deal 1" not in stored


def test_the_round_page_and_the_phone_name_the_board_a_refusal_is_about(client, organiser, drive):
    client.force_login(organiser)
    url = reverse("drives:round", args=[drive.pk, 1])
    # Table 3's board 5 typed, board 6 forgotten; table 4's board 7 not a number.
    post = {"t3_v": 0, "t3_d1": 8, "t4_v": 0, "t4_d1": "x", "t4_d2": 6}
    page = client.post(url, post, follow=True).text
    assert "Table 3: enter the tricks for board 6." in page
    assert "Table 4 not saved: Board 7, N–S tricks:" in page
    assert (
        'aria-label="Table 3, board 5: N–S tricks"' in page
        or "Table 3, board 5: N–S tricks" in page
    )
    assert not drive.results.exists()
    # The phone's refusal names its board too.
    link = link_of(drive, 3)
    data = {"round": 1, "side": "NS", "submission": uuid.uuid4(), "d1": 8, "d2": "x"}
    phone = client.post(reverse("drives:table_enter", args=[link.token]), data).text
    assert "Board 6: N–S tricks" in phone
    assert not drive.results.exists()


def test_a_tables_history_names_its_boards(client, organiser, drive):
    send(client, drive, 3, "NS", (8, 6))
    record_tricks(drive, 1, 3, {1: 8, 2: 6})
    record_tricks(drive, 1, 3, {1: 9, 2: 6}, version=1)
    client.force_login(organiser)
    page = client.get(reverse("drives:tableside_history", args=[drive.pk, 3])).text
    assert "board 5 stored" in page and "board 6 stored" in page
    assert "board 5 corrected" in page and "8 → 9" in page
    assert "5: 8–5" in page and "6: 6–7" in page  # what N–S sent, board by board
    assert "deal 1" not in page


def test_the_hall_shows_the_boards_each_table_holds(client, drive):
    page = client.get(reverse("drives:hall", args=[drive.pk])).text
    assert re.search(r"Table 3</span> Board 5 · Board 6</span>", page)
    assert re.search(r"Table 1</span> Board 1 · Board 2</span>", page)
    french = client.get(f"/fr/drives/{drive.pk}/hall/").text
    assert re.search(r"Table 3</span> Étui 5 · Étui 6</span>", french)


def pdf_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def scorecard_lines(text: str, card: int) -> list[str]:
    """Card ``card``'s deal lines in a sheet's text (its heading: a name, then the card)."""
    body = re.split(rf"^.* Card {card}$", text, flags=re.M)[1]
    return [line for line in body.splitlines() if re.match(r"^\d+ ", line)][:8]


def test_the_scorecards_filled_and_blank_give_the_board_at_each_tables(client, organiser, drive):
    # The player sitting N at table 3 in round 1: an N–S pair stays, the boards come down.
    card = Seating.objects.get(drive=drive, round=1, table=3, seat="N").entry.card_number
    filled = pdf_text(client.get(reverse("drives:scorecards_pdf", args=[drive.pk])))
    # Board, its trumps, round, table: boards 5 and 6 in round 1, 7 and 8 in round 2, then
    # 1–4, each with the trumps the board carries.
    held = [
        [board, suit, str(r), "3"]
        for board, suit, r in zip("56781234", "♥♦♠♣♥♦♠♣", (1, 1, 2, 2, 3, 3, 4, 4), strict=True)
    ]
    assert [line.split()[:4] for line in scorecard_lines(filled, card)] == held
    # The column is headed Board, in the sheet's language.
    assert "Board Trumps Round Table" in filled
    client.force_login(organiser)
    blank = pdf_text(client.get(reverse("drives:blank_pack_pdf", args=[drive.pk])))
    assert [line.split()[:4] for line in scorecard_lines(blank, card)] == held
    assert "Étui" in pdf_text(client.get(f"/fr/drives/{drive.pk}/scorecards.pdf"))


def test_the_table_cards_give_each_round_the_boards_the_table_holds(client, drive):
    response = client.get(reverse("drives:table_cards_pdf", args=[drive.pk]))
    content = b"".join(response.streaming_content) if response.streaming else response.content
    pages = PdfReader(io.BytesIO(content)).pages
    table_3 = next(
        p.extract_text(extraction_mode="layout") for p in pages if "Table 3" in p.extract_text()
    )
    rounds = re.findall(r"^\s*(\d)\s+(\d [♥♦♠♣] \d [♥♦♠♣])\s+Card", table_3, re.M)
    # Each board with its trumps by the rotation, as the boards themselves carry them.
    assert rounds == [("1", "5 ♥ 6 ♦"), ("2", "7 ♠ 8 ♣"), ("3", "1 ♥ 2 ♦"), ("4", "3 ♠ 4 ♣")]


#: What each page costs on boards, whatever the number of tables: the classic game's
#: queries (tests/drives/tableside) and the movement's two, read once a page: the pairs it
#: was made for and the board plan (the phone's page also reads the boards, for their
#: dealer and trumps).
PAGE_QUERIES = {"tableside_dashboard": 11 + 2, "tableside_tiles": 14 + 2, "hall": 9 + 2}


@pytest.mark.parametrize("pairs", [6, 14])
@pytest.mark.parametrize("page", PAGE_QUERIES)
def test_the_pages_naming_boards_cost_the_same_at_3_tables_as_at_7(
    client, page, pairs, django_assert_num_queries
):
    organiser = make_user("counter")
    drive = make_compass_drive(
        make_club(organiser=organiser), organiser, pairs=pairs, boards=pairs, deals=6
    )
    # Every table's N–S sent their figures: each tile names its boards twice.
    for table in range(1, pairs // 2 + 1):
        send(client, drive, table, "NS", (7, 7))
    client.force_login(organiser)
    with django_assert_num_queries(PAGE_QUERIES[page]):
        assert client.get(reverse(f"drives:{page}", args=[drive.pk])).status_code == 200


@pytest.mark.parametrize("pairs", [6, 14])
def test_the_phone_reads_its_boards_once(client, pairs, django_assert_num_queries):
    organiser = make_user("counter")
    drive = make_compass_drive(
        make_club(organiser=organiser), organiser, pairs=pairs, boards=pairs, deals=6
    )
    send(client, drive, 3, "NS", (7, 7))
    url = reverse("drives:table_page", args=[link_of(drive, 3, "EW").token])
    # The classic page's five (link, seats, results, sit-outs, live entries), the pairs,
    # the board plan and the boards.
    with django_assert_num_queries(5 + 3):
        page = client.get(url)
    assert page.status_code == 200 and "Board 5" in page.text
