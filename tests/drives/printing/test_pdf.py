"""The printed sheets: the facts on each page, read back from the PDF with pypdf."""

import datetime as dt
import io
import itertools
import re
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from drives.evening.lifecycle import drive_start
from drives.league.records import SeasonData, season_league
from drives.models import Drive, DriveStatus, MovementType, Seating
from drives.printing import pool
from drives.printing.card_grid import DEJAVU
from drives.printing.text_grid import text_width
from drives.reports.report import drive_report
from scoring.cards import Suit, suit_symbol, trumps_for_deal
from tests.conftest import (
    make_club,
    make_drive,
    make_entries,
    make_played_drive,
    make_players,
    make_season,
    make_user,
)

# Each test in its own transaction, also those that only read the module's shared drives.
pytestmark = pytest.mark.django_db

CARD_HEADER = re.compile(r"^(?P<name>.+) Card (?P<number>\d+)$", re.M)
CARD_LINE = re.compile(r"^(?P<deal>\d+) (?P<trumps>[♥♦♠♣]|NT) (?P<round>\d+)(?: (?P<rest>.*))?$")
SEATED = re.compile(
    r"^(?P<table>\d+) (?P<seat>[NESW]) (?P<partner>\d+) (?P<opponents>\d+ & \d+)"
    r"(?: (?P<won>[\d.]+) (?P<running>[\d.]+))?$"
)
SAT_OUT = re.compile(r"^sits out(?: (?P<won>[\d.]+) (?P<running>[\d.]+))?$")
TOTAL = re.compile(r"Final total ?(?P<total>[\d.]*)$", re.M)
# A table card's round: its number and trumps, then the names; the card numbers under them.
TABLE_ROUND = re.compile(
    r"^(?P<round>\d+) \d+ (?:[♥♦♠♣]|NT) .*\n(?P<seats>(?:\(\d+\).*){4})$", re.M
)


def content_of(response) -> bytes:
    """The PDF's bytes, whether rendered for the response or streamed from its stored file."""
    assert response["Content-Type"] == "application/pdf"
    if response.streaming:
        response._pdf = getattr(response, "_pdf", None) or b"".join(response.streaming_content)
        return response._pdf
    return response.content


def pages_of(response) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content_of(response))).pages]


def rows_of(response) -> list[str]:
    """Each page's text line by line as it lies on the page (a table card's columns are
    blocks of their own), the spaces between columns taken down to one."""
    pages = PdfReader(io.BytesIO(content_of(response))).pages
    return [
        "\n".join(
            " ".join(line.split())
            for line in page.extract_text(extraction_mode="layout").splitlines()
            if line.strip()
        )
        for page in pages
    ]


def page_sizes(response) -> set[tuple[int, int]]:
    reader = PdfReader(io.BytesIO(content_of(response)))
    return {(round(page.mediabox.width), round(page.mediabox.height)) for page in reader.pages}


def cards_of(pages: list[str]) -> dict[int, dict]:
    """Card number → its name, page, lines (one dict per deal) and final total."""
    cards = {}
    for page_number, text in enumerate(pages, start=1):
        headers = list(CARD_HEADER.finditer(text))
        for header, following in zip(headers, [*headers[1:], None], strict=False):
            body = text[header.end() : following.start() if following else len(text)]
            number = int(header["number"])
            assert number not in cards, f"card {number} printed twice"
            lines = [m.groupdict() for m in map(CARD_LINE.match, body.splitlines()) if m]
            total = TOTAL.search(body)
            cards[number] = {
                "name": header["name"],
                "page": page_number,
                "lines": lines,
                "total": total["total"] if total else None,
                "text": body,
            }
    return cards


def seats_by_round(drive: Drive) -> dict[tuple[int, int], tuple[int, str]]:
    """(round, card number) → (table, seat), from the stored rows."""
    return {
        (s.round, s.entry.card_number): (s.table, s.seat)
        for s in Seating.objects.filter(drive=drive).select_related("entry")
    }


@pytest.fixture(scope="module", autouse=True)
def _each_document_renders_once():
    """The module's shared drives' sheets are read by several tests each. WeasyPrint makes
    the same PDF of the same HTML, so each distinct document is rendered once; every test
    still asks the view for its sheet and the view still builds the document."""
    rendered = {}
    write_pdf = pool.write_pdf

    def once(html, base_url):
        if (html, base_url) not in rendered:
            rendered[html, base_url] = write_pdf(html, base_url)
        return rendered[html, base_url]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pool, "write_pdf", once)
        yield


@pytest.fixture(scope="module")
def individual_drive(module_db):
    """Played once for the module; its tests only read it."""
    fields = {"deals": 8, "movement": MovementType.INDIVIDUAL, "rotation": "hdsc_nt"}
    return make_played_drive(make_club(), players=8, title="Christmas Drive", **fields)


def test_it_prints_one_a5_card_per_player_two_to_an_a4_sheet(client, individual_drive):
    response = client.get(reverse("drives:scorecards_pdf", args=[individual_drive.pk]))

    pages = pages_of(response)
    cards = cards_of(pages)
    names = {entry.card_number: entry.player.name for entry in individual_drive.entries.all()}
    assert len(pages) == 4
    assert page_sizes(response) == {(842, 595)}  # A4 landscape, two A5 cards side by side
    assert {number: card["name"] for number, card in cards.items()} == names
    for name in names.values():
        assert sum(page.count(f"{name} Card") for page in pages) == 1


def test_it_fills_every_column_from_the_results_after_play(client, individual_drive):
    response = client.get(reverse("drives:scorecards_pdf", args=[individual_drive.pk]))

    cards = cards_of(pages_of(response))
    report = drive_report(individual_drive)
    seats = seats_by_round(individual_drive)
    for row in report.overall:
        card = cards[row.entry.card_number]
        assert [int(line["deal"]) for line in card["lines"]] == list(range(1, 9))
        for line in card["lines"]:
            seated = SEATED.match(line["rest"])
            table, seat = seats[int(line["round"]), row.entry.card_number]
            assert (int(seated["table"]), seated["seat"]) == (table, seat)
            assert seated["won"] is not None
        assert Decimal(card["lines"][-1]["rest"].split()[-1]) == row.standing.points
        assert Decimal(card["total"]) == row.standing.points


def test_each_cards_running_total_adds_up_its_deals(client, individual_drive):
    response = client.get(reverse("drives:scorecards_pdf", args=[individual_drive.pk]))

    for card in cards_of(pages_of(response)).values():
        running = Decimal(0)
        for line in card["lines"]:
            seated = SEATED.match(line["rest"])
            running += Decimal(seated["won"])
            assert Decimal(seated["running"]) == running
        assert "Half-time" in card["text"]


def test_the_trumps_follow_the_rotation_with_no_trump_deals(client, individual_drive):
    response = client.get(reverse("drives:scorecards_pdf", args=[individual_drive.pk]))

    for card in cards_of(pages_of(response)).values():
        trumps = [line["trumps"] for line in card["lines"]]
        assert trumps == [suit_symbol(trumps_for_deal(n, "hdsc_nt")) for n in range(1, 9)]
        assert trumps[4] == "NT"


def test_it_prints_four_a6_cards_to_a_letter_sheet(client, individual_drive):
    url = reverse("drives:scorecards_pdf", args=[individual_drive.pk])

    response = client.get(url, {"card": "a6", "paper": "letter", "cut_marks": "1"})

    pages = pages_of(response)
    cards = cards_of(pages)
    assert len(pages) == 2
    assert page_sizes(response) == {(612, 792)}
    assert [cards[n]["page"] for n in range(1, 9)] == [1, 1, 1, 1, 2, 2, 2, 2]


def test_a_24_deal_card_fits_on_an_a6_card(client, club):
    drive = make_drive(club, deals=24, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, 8))

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]), {"card": "a6"})

    pages = pages_of(response)
    cards = cards_of(pages)
    assert len(pages) == 2
    for card in cards.values():
        assert [int(line["deal"]) for line in card["lines"]] == list(range(1, 25))
        assert card["total"] == ""  # printed, and blank before play


def test_it_names_the_download_by_date_title_and_kind(client, individual_drive):
    response = client.get(reverse("drives:table_cards_pdf", args=[individual_drive.pk]))

    assert response["Content-Disposition"] == (
        'attachment; filename="2026-12-04-christmas-drive-table-cards.pdf"'
    )


def test_table_cards_list_the_seating_the_movement_produced(client, individual_drive):
    response = client.get(reverse("drives:table_cards_pdf", args=[individual_drive.pk]))

    pages = rows_of(response)
    seats = seats_by_round(individual_drive)
    assert len(pages) == 2
    for table, text in enumerate(pages, start=1):
        assert f"Table {table}" in text
        printed = {
            int(row["round"]): [int(n) for n in re.findall(r"\((\d+)\)", row["seats"])]
            for row in TABLE_ROUND.finditer(text)
        }
        by_place = {(r, *place): card for (r, card), place in seats.items()}
        stored = {r: [by_place[r, table, seat] for seat in "NESW"] for r in range(1, 9)}
        assert printed == stored


def test_a_table_card_of_more_rounds_than_a_page_holds_goes_on_over_the_page(client, club):
    drive = make_drive(club, deals=52, movement=MovementType.INDIVIDUAL)  # 52 rounds of one deal
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)

    pages = rows_of(client.get(reverse("drives:table_cards_pdf", args=[drive.pk])))

    assert len(pages) == 4  # two pages a table
    for table, first in ((1, 0), (2, 2)):
        text = "\n".join(pages[first : first + 2])
        assert f"Table {table}" in pages[first]
        assert f"Table {table}, continued" in pages[first + 1]
        assert [int(row["round"]) for row in TABLE_ROUND.finditer(text)] == list(range(1, 53))
        assert all(
            len(re.findall(r"\(\d+\)", row["seats"])) == 4 for row in TABLE_ROUND.finditer(text)
        )


def test_sat_out_deals_show_sits_out_and_the_credit_in_the_total(client, club):
    drive = make_played_drive(club, players=13, deals=4, movement=MovementType.INDIVIDUAL)

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))

    cards = cards_of(pages_of(response))
    report = drive_report(drive)
    assert len(cards) == 13
    sat_out = 0
    for row in report.overall:
        card = cards[row.entry.card_number]
        for line in card["lines"]:
            if line["rest"].startswith("sits out"):
                sat_out += 1
                assert Decimal(SAT_OUT.match(line["rest"])["won"]) == row.standing.average_per_deal
        assert Decimal(card["total"]) == row.standing.points
    assert sat_out == sum(row.standing.sat_out_deals for row in report.overall) > 0


def test_it_loads_the_scorecards_in_the_same_queries_whatever_the_field(client, club):
    small = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(small, make_players(club, 12))
    other = make_club()
    large = make_drive(other, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(large, make_players(other, 24))
    rendering, stored = [], []
    for drive in (small, large):
        drive_start(drive=drive)
        for counts in (rendering, stored):
            with CaptureQueriesContext(connection) as queries:
                client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))
            counts.append(len(queries))

    assert rendering[0] == rendering[1]
    assert stored[0] == stored[1] <= 6  # the drive, its four kinds of rows, the stored sheet


def test_a_planned_static_drive_prints_the_seating_the_start_will_store(client, club):
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, 8))

    pages = pages_of(client.get(reverse("drives:scorecards_pdf", args=[drive.pk])))

    drive_start(drive=drive)
    seats = seats_by_round(drive)
    for number, card in cards_of(pages).items():
        for line in card["lines"]:
            seated = SEATED.match(line["rest"])
            table, seat = seats[int(line["round"]), number]
            assert (int(seated["table"]), seated["seat"]) == (table, seat)
            assert seated["won"] is None
        assert "Provisional seating" in card["text"]


def test_a_progressive_card_fixes_only_round_one_and_prints_the_rule(client, club):
    drive = make_drive(club, deals=4, movement=MovementType.PROGRESSIVE)
    make_entries(drive, make_players(club, 8))

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))

    for card in cards_of(pages_of(response)).values():
        first, *later = card["lines"]
        assert SEATED.match(first["rest"])
        assert all(line["rest"] is None for line in later)
        assert "gent changes seat" in card["text"]


def test_progressive_table_cards_print_the_trumps_and_where_the_losers_go(client, club):
    drive = make_drive(club, deals=5, movement=MovementType.PROGRESSIVE, rotation="hdsc_nt")
    make_entries(drive, make_players(club, 12))

    pages = pages_of(client.get(reverse("drives:table_cards_pdf", args=[drive.pk])))

    assert len(pages) == 3
    assert "Losing lady: go to table 2. Losing gent: go to table 3." in pages[0]
    assert "Losing lady: go to table 1. Losing gent: go to table 2." in pages[2]
    assert re.search(r"deal 4\s*♣\s*deal 5\s*NT", pages[0])


def test_the_blank_pack_is_for_the_clubs_organisers_only(client, club, organiser):
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    url = reverse("drives:blank_pack_pdf", args=[drive.pk])

    assert client.get(url).status_code == 302
    client.force_login(make_user())
    assert client.get(url).status_code == 403


def test_the_blank_pack_has_empty_score_columns_and_the_table_cards(client, organiser):
    club = make_club(organiser=organiser)
    drive = make_played_drive(
        club, players=8, title="Paper Drive", deals=4, movement=MovementType.INDIVIDUAL
    )
    client.force_login(organiser)

    response = client.get(reverse("drives:blank_pack_pdf", args=[drive.pk]), {"card": "a6"})

    pages = pages_of(response)
    cards = cards_of(pages)
    assert len(pages) == 2 + 2  # eight A6 cards on two sheets, then two table cards
    assert "Table 2" in pages[-1]
    for card in cards.values():
        assert all(SEATED.match(line["rest"])["won"] is None for line in card["lines"])
        assert card["total"] == ""


def test_the_results_sheet_lists_standings_prizes_and_the_trick_grid(client, club):
    drive = make_played_drive(
        club, players=8, deals=4, movement=MovementType.INDIVIDUAL, half_time_prize=True
    )

    response = client.get(reverse("drives:results_pdf", args=[drive.pk]))

    text = "\n".join(pages_of(response))
    report = drive_report(drive)
    standings = text[text.index("\nStandings\n") : text.index("Tricks by table and deal")]
    printed = re.findall(r"^(=?\d+) (\d+) (Player \d+) \w+ ([\d.]+) ", standings, re.M)
    expected = [
        (row.rank_label, str(row.entry.card_number), row.entry.player.name, row.standing.points)
        for row in report.overall
    ]
    assert [(*row[:3], Decimal(row[3])) for row in printed] == expected
    for prize in report.prizes:
        assert prize.name in text
    assert "Half-time leaders" in text
    grid = text[text.index("Tricks by table and deal") :]
    rows = re.findall(r"^(\d+) (?:[♥♦♠♣]|NT) ([\d ]+)$", grid, re.M)
    printed_tricks = {
        (int(deal), table): int(tricks)
        for deal, cells in rows
        for table, tricks in enumerate(cells.split(), start=1)
    }
    assert printed_tricks == {(r.deal, r.table): r.ns_tricks for r in report.results}


def test_the_results_sheet_waits_for_the_drive_to_start(client, club):
    drive = make_drive(club)

    assert client.get(reverse("drives:results_pdf", args=[drive.pk])).status_code == 404


def test_the_league_pdf_ranks_the_seasons_players(client, club):
    season = make_season(club, name="2026–27")
    drive = make_played_drive(
        club, players=8, deals=4, movement=MovementType.INDIVIDUAL, season=season
    )
    assert drive.status == DriveStatus.FINISHED

    response = client.get(reverse("drives:league_pdf", args=[season.pk]))

    text = "\n".join(pages_of(response))
    printed = re.findall(r"^(=?\d+) \S* ?(Player \d+) 1 ([\d.]+) ", text, re.M)
    table = season_league(SeasonData.load(season)).lines
    assert [(place, name, Decimal(figure)) for place, name, figure in printed] == [
        (line.place, line.player.name, line.row.figure) for line in table
    ]
    assert response["Content-Disposition"] == (
        f'attachment; filename="{club.slug}-2026-27-league.pdf"'
    )


def test_the_layout_ignores_unknown_choices(client, club):
    drive = make_drive(club, deals=4, date=dt.date(2026, 1, 2))
    make_entries(drive, make_players(club, 4))

    response = client.get(
        reverse("drives:scorecards_pdf", args=[drive.pk]), {"card": "a3", "paper": "legal"}
    )

    assert page_sizes(response) == {(842, 595)}
    assert len(pages_of(response)) == 2


# Bid whist and trumps turned up at each table -------------------------------------------------

BID_CARD_LINE = re.compile(
    r"^(?P<deal>\d+) (?P<bid>\d(?:↑|↓|NT))(?P<trumps>[♥♦♠♣]?) (?P<dealer>[NESW]) "
    r"(?P<side>N–S|E–W) (?P<round>\d+) (?P<table>\d+) "
    r"(?P<seat>[NESW]) \d+ \d+ & \d+ (?P<won>-?\d+) (?P<running>-?\d+)$",
    re.M,
)
HAND_ROW = re.compile(
    r"^(?:\d+ )?(?P<deal>\d+) (?P<dealer>[NESW]) (?P<side>N–S|E–W) (?P<bid>\d(?:↑|↓|NT)) "
    r"(?P<trumps>[♥♦♠♣] )?(?P<tricks>\d+) (?P<points>[+-]\d+|0)$",
    re.M,
)
MARKS = {"uptown": "↑", "downtown": "↓", "nt": "NT"}


@pytest.fixture(scope="module")
def bid_drive(module_db):
    """Played once for the module; its tests only read it."""
    fields = {"game": "bid", "movement": "mitchell", "deals": 4, "deals_per_round": 2}
    return make_played_drive(make_club(), players=8, title="Bid Night", **fields)


def stored_hands(drive):
    return {(result.table, result.deal): result for result in drive.results.all()}


def test_a_bid_whist_scorecard_shows_each_hands_bid_trumps_and_points(client, bid_drive):
    response = client.get(reverse("drives:scorecards_pdf", args=[bid_drive.pk]))

    pages = pages_of(response)
    hands = stored_hands(bid_drive)
    seats = seats_by_round(bid_drive)
    checked = 0
    for number, card in cards_of(pages).items():
        lines = list(BID_CARD_LINE.finditer(card["text"]))
        assert [int(line["deal"]) for line in lines] == [1, 2, 3, 4]
        running = 0
        for line in lines:
            table, seat = seats[int(line["round"]), number]
            hand = hands[table, int(line["deal"])]
            assert line["bid"] == f"{hand.bid_level}{MARKS[hand.bid_strain]}"
            assert line["trumps"] == (suit_symbol(Suit(hand.trumps)) if hand.trumps else "")
            assert (line["dealer"], line["side"]) == (hand.dealer, hand.get_declarers_display())
            declaring = (seat in "NS") == (hand.declarers == "NS")
            if not declaring:
                assert line["won"] == "0"  # only the declarers score
            running += int(line["won"])
            assert int(line["running"]) == running
            checked += 1
    assert checked == 8 * 4
    assert "Points" in pages[0] and "Dealer" in pages[0] and "Decl." in pages[0]
    assert "?" not in "".join(pages)


def test_a_bid_whist_table_card_records_every_hand(client, bid_drive):
    response = client.get(reverse("drives:table_cards_pdf", args=[bid_drive.pk]))

    text = "\n".join(rows_of(response))
    rows = {
        (int(m["deal"]), m["dealer"], m["side"], m["bid"], m["tricks"])
        for m in HAND_ROW.finditer(text)
    }
    expected = {
        (
            hand.deal,
            hand.dealer,
            hand.get_declarers_display(),
            f"{hand.bid_level}{MARKS[hand.bid_strain]}",
            str(hand.declarer_tricks),
        )
        for hand in bid_drive.results.all()
    }
    assert rows == expected
    assert "Tricks with the kitty" in " ".join("".join(pages_of(response)).split())


def test_a_bid_whist_results_sheet_shows_bids_and_points(client, bid_drive):
    response = client.get(reverse("drives:results_pdf", args=[bid_drive.pk]))

    text = "\n".join(pages_of(response))
    assert "Bids and points by table and hand" in text
    # Each hand's row says who dealt it, the deal passing to the left.
    for deal, dealer in ((1, "N"), (2, "E"), (3, "S"), (4, "W")):
        assert re.search(rf"^{deal} {dealer} (?:N–S|E–W) ", text, re.M), deal
    report = drive_report(bid_drive)
    for result in report.results:
        points = result.ns_points if result.declarers == "NS" else result.ew_points
        assert f"{result.declarer_tricks} ({points:+d})" in text


def test_before_play_a_bid_whist_card_leaves_the_bid_blank(client, club, organiser):
    drive = make_drive(club, game="bid", movement="mitchell", deals=4, deals_per_round=2)
    make_entries(drive, make_players(club, 8))
    client.force_login(organiser)

    cards = pages_of(client.get(reverse("drives:scorecards_pdf", args=[drive.pk])))
    tables = client.get(reverse("drives:table_cards_pdf", args=[drive.pk]))
    headings = " ".join(pages_of(tables)[0].split())

    assert "?" not in "".join(cards + rows_of(tables))
    assert "Bid" in cards[0] and "Tricks with the kitty" in headings
    assert not HAND_ROW.search("\n".join(rows_of(tables)))
    # The dealer is known before play (the deal passes to the left each hand); who
    # declares is written in at the table.
    deals = [
        line for line in cards[0].splitlines() if re.match(r"^[1-4] [NESW] \d+ \d+ [NESW] ", line)
    ]
    # Every card on the page, each deal with its dealer and nothing in the declarers' column.
    assert deals and len(deals) % 4 == 0
    assert {tuple(line.split()[:2]) for line in deals} == {
        ("1", "N"),
        ("2", "E"),
        ("3", "S"),
        ("4", "W"),
    }
    assert "N–S" not in cards[0] and "E–W" not in cards[0]


def test_bid_whist_sheets_say_they_score_the_declarers_points(client, bid_drive):
    for name in ("table_cards_pdf", "results_pdf"):
        text = "\n".join(pages_of(client.get(reverse(f"drives:{name}", args=[bid_drive.pk]))))
        assert (
            "Bid whist: the declarers’ points" in text or "Bid whist: the declarers' points" in text
        )
        assert "Odd tricks" not in text


def test_trumps_turned_up_print_as_each_table_recorded_them(client, club):
    fields = {"rotation": "turned", "movement": "individual", "deals": 4, "deals_per_round": 1}
    drive = make_played_drive(club, players=8, **fields)

    cards = cards_of(pages_of(client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))))
    hands = stored_hands(drive)
    seats = seats_by_round(drive)
    for number, card in cards.items():
        assert len(card["lines"]) == 4
        for line in card["lines"]:
            table, _ = seats[int(line["round"]), number]
            hand = hands[table, int(line["deal"])]
            assert line["trumps"] == suit_symbol(Suit(hand.trumps) if hand.trumps else None)
    grid = "\n".join(pages_of(client.get(reverse("drives:results_pdf", args=[drive.pk]))))
    for hand in hands.values():
        assert f"{hand.ns_tricks} {suit_symbol(Suit(hand.trumps) if hand.trumps else None)}" in grid


def test_a_long_name_without_spaces_stays_inside_its_card(client, club):
    players = make_players(club, 8)
    players[0].name = "Bartholomew-Featherstonehaugh-Cholmondley"  # 40 characters, no space
    players[0].save()
    # A regular: a newcomer is printed as their card number until their first drive is over.
    call_command("simulate_drive", make_drive(club, deals=4).pk, stdout=io.StringIO())
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, players)

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]), {"card": "a6"})

    page = PdfReader(io.BytesIO(content_of(response))).pages[0]
    card_right = float(page.mediabox.width) / 2 - 7 * 72 / 25.4  # the card's right margin
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip() and text.strip() in players[0].name:
            runs.append((tm[4] * cm[0] + cm[4], len(text.strip()) * 0.7 * size * tm[0] * cm[0]))

    page.extract_text(visitor_text=visit)
    assert runs, "the name is printed"
    assert all(x + width <= card_right for x, width in runs)


def test_a_long_name_without_spaces_stays_inside_its_column_on_the_table_card(client, club):
    name = "Bartholomew-Featherstonehaugh-Cholmondley"  # 40 characters, no space
    players = make_players(club, 8)
    players[0].name = name
    players[1].name = "王小明"  # set in the fallback font, whose lines are taller
    for player in players[:2]:
        player.save()
    call_command("simulate_drive", make_drive(club, deals=4).pk, stdout=io.StringIO())
    drive = make_drive(club, deals=8, movement=MovementType.INDIVIDUAL)
    make_entries(drive, players)

    response = client.get(reverse("drives:table_cards_pdf", args=[drive.pk]))

    page = PdfReader(io.BytesIO(content_of(response))).pages[0]
    grid_right = float(page.mediabox.width) - 12 * 72 / 25.4  # the page's right margin
    starts, runs, names, under = set(), [], [], {}

    def visit(text, cm, tm, font, size):
        x, y, points = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], size * tm[0] * cm[0]
        if text.startswith("Player "):
            starts.add(round(x))  # where each seat's column of names begins
        elif text.strip() and text.strip().rstrip("…") in name:
            runs.append((x, text_width(text.strip(), points) * 72 / 96))
        if text.startswith("Player "):
            names.append(y)
        elif text.startswith("("):  # a card number under a name: these lines are all alike
            under.setdefault(round(x), []).append(y)

    page.extract_text(visitor_text=visit)
    assert len(starts) == 4 and runs, "the names are printed"
    for x, width in runs:
        right = min([start for start in starts if start > x + 1] or [grid_right])
        assert x + width <= right
    # A smaller or a fallback name leaves every line after it where it belongs.
    lines = sorted(next(iter(under.values())))
    pitch = lines[1] - lines[0]
    assert all(abs(below - above - pitch) < 0.1 for above, below in itertools.pairwise(lines))
    assert all(abs((y - names[0] + pitch / 2) % pitch - pitch / 2) < 0.5 for y in names)


@pytest.mark.parametrize("sheet", ["scorecards", "table-cards", "results"])
@pytest.mark.parametrize("language", ["fr", "hu"])
def test_each_sheet_says_its_language(client, individual_drive, sheet, language):
    response = client.get(f"/{language}/drives/{individual_drive.pk}/{sheet}.pdf")

    reader = PdfReader(io.BytesIO(content_of(response)))
    assert reader.trailer["/Root"]["/Lang"] == language


def test_a_character_dejavu_lacks_prints_in_a_fallback_font(client, club):
    name = "王小明 Zoë"
    dejavu = TTFont(DEJAVU / "DejaVuSans.ttf").getBestCmap()
    assert ord("王") not in dejavu, "pick a character the main font really lacks"
    players = make_players(club, 8)
    players[0].name = name
    players[0].save()
    call_command("simulate_drive", make_drive(club, deals=4).pk, stdout=io.StringIO())
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, players)

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))

    page = PdfReader(io.BytesIO(content_of(response))).pages[0]
    fonts = {}

    def visit(text, cm, tm, font, size):
        for character in text:
            if font is not None:
                fonts.setdefault(character, set()).add(str(font["/BaseFont"]))

    page.extract_text(visitor_text=visit)
    assert name in page.extract_text()
    assert fonts["王"] and all("Noto-Sans-CJK" in font for font in fonts["王"]), (
        f"{fonts.get('王')}: install the fallback fonts with `make fonts`"
    )
    assert all("DejaVu-Sans" in font for font in fonts["ë"])


def test_a_fixed_partnership_drives_results_sheet_ranks_the_pairs_as_the_page_does(client, club):
    drive = make_played_drive(club, players=8, deals=7, movement=MovementType.HOWELL)

    text = "\n".join(pages_of(client.get(reverse("drives:results_pdf", args=[drive.pk]))))

    pairs = text[text.index("\nPairs\n") : text.index("\nPlayers\n")]
    printed = re.findall(
        r"^(=?\d+) (\d+) & (\d+) (Player \d+) & (Player \d+) ([\d.]+) 7 ", pairs, re.M
    )
    assert len(printed) == 4  # eight players, four pairs, each named once
    page = client.get(reverse("drives:standings", args=[drive.pk])).content.decode()
    for rank, card, mate_card, name, mate, points in printed:
        assert {name, mate} == {f"Player {int(card):03d}", f"Player {int(mate_card):03d}"}
        # The page's pairs table shows the same place, cards and points.
        assert re.search(
            rf'<td class="num">{rank}</td><td class="num narrow-hide">{card} &amp; {mate_card}</td>'
            rf"(?:(?!</tr>).)*?<td class=\"num\">{Decimal(points).normalize():f}</td>"
            r'<td class="num">7</td>',  # then the deals
            page,
        ), (rank, card, points)
    assert [int(row[0].lstrip("=")) for row in printed] == sorted(
        int(row[0].lstrip("=")) for row in printed
    )
