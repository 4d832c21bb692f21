"""A finished compass drive's prizes: the pairs' places in their fields (N–S and E–W for a
Mitchell, one order for a Howell), never trick points added up, on its standings page,
the results sheet, the money page and the consolation draw."""

from decimal import Decimal

import pytest
from django.urls import reverse

from drives.evening.forms import DriveForm
from drives.evening.lifecycle import drive_finish
from drives.models import Drive, DriveMoney
from drives.money.services import consolation_draw
from drives.reports.report import drive_report
from scoring.prizes import draw_lot
from tests.conftest import drive_form, make_club
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all
from tests.drives.boards.test_boards_records import queries
from tests.drives.money.test_prizes_given import pdf_text

pytestmark = pytest.mark.django_db


def tricks(round_number, table, deal):
    """N–S tricks that place every pair apart, in both fields of a 3-table Mitchell."""
    return 3 + 2 * table + (round_number * table + deal) % 3


def finished_compass(club, organiser, **fields):
    """Six pairs over six boards scored by matchpoints, two placing prizes and a booby."""
    fields.setdefault("method", "matchpoints")
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6, **fields)
    play_all(drive, tricks)
    drive_finish(drive=drive)
    return Drive.objects.get(pk=drive.pk)


def given(report):
    return [
        (p.name, p.category, [e.card_number for e in p.entries], p.points) for p in report.prizes
    ]


def text_of(response):
    assert response.status_code == 200
    return " ".join(response.text.split())


def test_a_mitchell_gives_each_field_its_placings_and_booby(client, club, organiser):
    drive = finished_compass(club, organiser, prize_places=2)

    # Each pair's two players share its prize, on its percentage; each field its booby.
    assert given(drive_report(drive)) == [
        ("1st", "N–S", [5, 6], Decimal("95.83")),
        ("2nd", "N–S", [3, 4], Decimal("50.00")),
        ("Booby", "N–S", [1, 2], Decimal("4.17")),
        ("1st", "E–W", [9, 10], Decimal("58.33")),
        ("2nd", "E–W", [7, 8], Decimal("50.00")),
        ("Booby", "E–W", [11, 12], Decimal("41.67")),
    ]
    text = text_of(client.get(reverse("drives:compass_standings", args=[drive.pk])))
    assert "<strong>1st (N–S)</strong>: Player 005 &amp; Player 006 — 95.83" in text
    assert "<strong>1st (E–W)</strong>: Player 009 &amp; Player 010 — 58.33" in text
    assert "<strong>Booby (E–W)</strong>: Player 011 &amp; Player 012 — 41.67" in text
    sheet = pdf_text(client.get(reverse("drives:results_pdf", args=[drive.pk])))
    assert "1st (N–S) Player 005 (5), Player 006 (6) 95.83" in sheet
    assert "1st (E–W) Player 009 (9), Player 010 (10) 58.33" in sheet
    # The pairs field by field, each player in them: no list of players ranked across.
    assert "North–South pairs Place Cards Pair Score Boards 1 5 & 6 Player 005" in sheet
    assert "East–West pairs Place Cards Pair Score Boards 1 9 & 10 Player 009" in sheet
    assert "Player 009 & Player 010 58.33% 6" in sheet
    assert "Players" not in sheet and "Average" not in sheet
    # Each table holds other boards: no grid of tricks by deal across the tables.
    assert "Tricks by table and deal" not in sheet
    assert "Each board's results, table by table, are on the drive's travellers." in sheet
    french = text_of(client.get(f"/fr/drives/{drive.pk}/boards/standings/"))
    # (text_of joins words with plain spaces: the no-break space before ":" too)
    assert "<strong>1er (E–O)</strong> : Player 009 &amp; Player 010 — 58,33" in french
    hungarian = text_of(client.get(f"/hu/drives/{drive.pk}/boards/standings/"))
    assert "<strong>1. (K–Ny)</strong>: Player 009 &amp; Player 010 — 58,33" in hungarian


def test_a_howell_gives_one_order_of_prizes(client, club, organiser):
    drive = finished_compass(club, organiser, movement="howell")

    assert given(drive_report(drive)) == [
        ("1st", "overall", [1, 2], Decimal("83.33")),
        ("2nd", "overall", [7, 8], Decimal("62.50")),
        ("3rd", "overall", [5, 6], Decimal("54.17")),
        ("Booby", "overall", [3, 4], Decimal("29.17")),
    ]
    text = text_of(client.get(reverse("drives:compass_standings", args=[drive.pk])))
    assert "<strong>1st</strong>: Player 001 &amp; Player 002 — 83.33" in text
    assert "N–S)" not in text


def test_compass_scoring_ranks_on_the_pairs_totals(client, club, organiser):
    drive = finished_compass(club, organiser, method="compass", prize_places=1, booby_prize=False)

    prizes = given(drive_report(drive))
    assert [(name, category, cards) for name, category, cards, _ in prizes] == [
        ("1st", "N–S", [5, 6]),
        ("1st", "E–W", [9, 10]),
    ]
    # A total of tricks over the field's average: the N–S totals add up to nothing.
    ns = [row.standing.points for row in drive_report(drive).overall if row.field == "N–S"]
    assert sum(ns) == 0 and prizes[0][3] == max(ns)


def test_the_standings_page_shows_no_prizes_before_the_end(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    play_all(drive, tricks)
    text = text_of(client.get(reverse("drives:compass_standings", args=[drive.pk])))
    assert "Prizes" not in text and "North–South pairs" in text


def test_the_money_page_splits_the_fund_between_the_fields_and_the_partners(
    client, club, organiser
):
    drive = finished_compass(club, organiser, prize_places=1)
    DriveMoney.objects.create(
        drive=drive,
        prize_money="fixed",
        placing_amounts="10",
        booby_amount=Decimal("3"),
    )
    client.force_login(organiser)
    text = text_of(client.get(reverse("drives:money", args=[drive.pk])))
    # Each field's 1st is worth the 1st prize's £10, shared by the pair; each booby £3.
    assert '<td>1st (N–S)</td><td>Player 005 (5)</td><td class="num">£5.00</td>' in text
    assert '<td>1st (N–S)</td><td>Player 006 (6)</td><td class="num">£5.00</td>' in text
    assert '<td>1st (E–W)</td><td>Player 010 (10)</td><td class="num">£5.00</td>' in text
    assert '<td>Booby (E–W)</td><td>Player 012 (12)</td><td class="num">£1.50</td>' in text
    assert '<td class="num" id="prizes-paid">£26.00</td>' in text


def test_the_consolation_is_drawn_among_players_and_won_for_their_pair(client, club, organiser):
    drive = finished_compass(club, organiser, prize_places=1, booby_prize=False)
    DriveMoney.objects.create(drive=drive, consolation="beside")

    record = consolation_draw(drive=drive, by="alice", seed="7f3a")

    # Every player of a pair that won nothing: all but the two fields' winners.
    assert record.draw_candidates == [3, 4, 1, 2, 7, 8, 11, 12]  # in the fields' order
    winner = draw_lot("7f3a", record.draw_candidates)
    partner = winner + 1 if winner % 2 else winner - 1
    [consolation] = [p for p in given(drive_report(drive)) if p[0] == "Consolation"]
    assert sorted(consolation[2]) == sorted([winner, partner])
    text = text_of(client.get(reverse("drives:compass_standings", args=[drive.pk])))
    assert f"(card {winner})." in text and "among the 8 players who won nothing" in text


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ("half_time_prize", "no half-time prize"),
        ("ten_trick_prize", "no ten-trick prize"),
        ("prizes_by_role", "ranks pairs, not ladies and gents"),
    ],
)
def test_the_set_up_promises_no_prize_a_compass_drive_never_gives(club, field, words):
    data = drive_form(game="compass", movement="mitchell", deals=8, deals_per_round=2)
    form = DriveForm(data | {field: "on"}, club=club)
    assert not form.is_valid()
    assert words in str(form.errors[field])
    classic = DriveForm(drive_form() | {field: "on"}, club=club)
    assert classic.is_valid(), classic.errors


def test_the_finished_standings_with_their_prizes_cost_the_same_queries_at_3_tables_as_at_7(
    client, organiser
):
    counts = []
    for pairs in (6, 14):
        drive = make_compass_drive(
            make_club(organiser=organiser), organiser, pairs=pairs, boards=2 * pairs, deals=6
        )
        play_all(drive, lambda r, t, d: 3 + t % 5 + (r + d) % 3)
        drive_finish(drive=drive)
        counts.append(queries(client, reverse("drives:compass_standings", args=[drive.pk])))
    assert counts[0] == counts[1]


def level_on_totals(round_number, table, deal):
    """Table 1's N–S pair loses a trick in round 1 and wins one back in round 3: every N–S
    pair ends level on 0, the first better in the last round."""
    return 7 + (table == 1 and round_number == 3) - (table == 1 and round_number == 1)


@pytest.mark.parametrize(
    "tie_break, places",
    [("shared", ["=1", "=1", "=1"]), ("countback", ["1", "2", "3"])],
)
def test_pairs_level_are_placed_as_the_drive_breaks_ties(
    client, club, organiser, tie_break, places
):
    drive = make_compass_drive(
        club, organiser, pairs=6, boards=6, deals=6, tie_break=tie_break, prize_places=1
    )
    play_all(drive, level_on_totals)
    drive_finish(drive=drive)
    drive = Drive.objects.get(pk=drive.pk)

    north_south = [row for row in drive_report(drive).overall if row.field == "N–S"]
    assert [row.standing.rank_label for row in north_south[::2]] == places
    assert {row.standing.points for row in north_south} == {Decimal("0.00")}
    first = given(drive_report(drive))[0]
    # Shared, the three pairs take the 1st prize together; by countback pair 1 alone.
    assert first[:2] == ("1st", "N–S")
    assert first[2] == ([1, 2, 3, 4, 5, 6] if tie_break == "shared" else [1, 2])
    page = text_of(client.get(reverse("drives:compass_standings", args=[drive.pk])))
    mark = '<abbr title="placed by countback">*</abbr>' if tie_break == "countback" else ""
    assert f"<td>{places[0]}{mark}</td><td>1</td><td>Player 001 &amp; Player 002</td>" in page
    if tie_break == "countback":
        assert "placed by the countback: the last round, then the last two" in page
    else:
        assert "= level on points: the place is shared." in page
