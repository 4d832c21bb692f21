"""A compass drive at the tables: the movement on boards seats it, the round page and the
phones name each table's boards, tricks come in through the usual doors, and the pairs are
compared board by board."""

import uuid
from collections import defaultdict
from decimal import Decimal

import pytest
from django.urls import reverse

from drives import games
from drives.boards.scores import compass_report
from drives.errors import DriveError
from drives.evening.lifecycle import drive_start, round_advance
from drives.models import Drive, PendingEntry, ResultChange, Seating, TableResult
from drives.names import PublicNames
from tests.conftest import link_of, record_tricks
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db


def boards_met(drive):
    """Each pair's boards over every seated round, from the stored seats."""
    drive = Drive.objects.get(pk=drive.pk)
    game = games.of(drive)
    order = {e.pk: i for i, e in enumerate(drive.entries.order_by("card_number"))}
    met = defaultdict(list)
    for seating in Seating.objects.filter(drive=drive, seat__in=("N", "E")):
        pair = order[seating.entry_id] // 2
        for deal in drive.deals_of_round(seating.round):
            met[pair].append(game.boards.board_number(seating.round, seating.table, deal))
    return met


@pytest.mark.parametrize(
    ("pairs", "movement", "even", "deals"),
    [
        (8, "mitchell", "skip", 8),  # 4 tables: the skip
        (8, "mitchell", "relay", 8),  # 4 tables: relay and bye stand
        (10, "mitchell", "skip", 10),  # 5 tables: plain
        (7, "mitchell", "skip", 8),  # a phantom pair's empty table
        (6, "howell", "skip", 10),  # 3 tables, 5 rounds
        (8, "howell", "skip", 14),  # 4 tables, 7 rounds
    ],
)
def test_no_pair_plays_a_board_twice(club, organiser, pairs, movement, even, deals):
    drive = make_compass_drive(
        club, organiser, pairs=pairs, movement=movement, even_tables=even, deals=deals
    )
    met = boards_met(drive)
    assert len(met) >= pairs - 1
    for boards in met.values():
        assert None not in boards
        assert len(boards) == len(set(boards))
        # With a phantom pair, whoever meets it sits its boards out, once at most (a skip
        # Mitchell over all its rounds would sit its first round's pair out again last).
        assert len(boards) == deals or (pairs % 2 and len(boards) == deals - 2)


def test_the_skip_mitchell_seats_as_its_boards_need(club, organiser):
    # Without the skip, the E–W pairs would meet their first boards again in round 3.
    drive = make_compass_drive(club, organiser, pairs=8, even_tables="skip")
    game = games.of(drive)
    assert game.boards.movement.kind == "skip_mitchell"
    assert [game.board_line(1, t, 1).number for t in (1, 2, 3, 4)] == [1, 3, 5, 7]


def test_the_round_page_shows_each_tables_boards(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=8, boards=8)
    client.force_login(organiser)
    page = client.get(reverse("drives:round", args=[drive.pk, 1])).text
    # Table 2 holds set 2 (boards 3 and 4) in round 1; board 4 is West's to deal.
    table_2 = page[page.index('id="table-2"') : page.index('id="table-3"')]
    assert "Board 3" in table_2 and "Board 4" in table_2 and "W deals" in table_2
    assert "each table plays the boards shown beside it" in page


def test_the_phone_shows_the_boards_its_table_holds(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=8, boards=8)
    page = client.get(reverse("drives:table_page", args=[link_of(drive, 3).token])).text
    assert "Board 5" in page and "Board 6" in page and "Board 3" not in page
    # A side's own link sends its own figures: it does not ask which side is entering.
    assert "You are N–S" in page and "Who is entering?" not in page
    assert '<input type="hidden" name="side" value="NS">' in page


def post_round(client, drive, number, data):
    return client.post(reverse("drives:round", args=[drive.pk, number]), data)


def test_the_round_page_stores_a_tables_tricks_and_refuses_a_fourteenth(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=8, boards=8)
    client.force_login(organiser)
    response = post_round(client, drive, 1, {"t1_v": 0, "t1_d1": 8, "t1_d2": 14})
    assert "N–S tricks must be a whole number from 0 to 13, not 14" in response.text
    assert not TableResult.objects.exists()
    response = post_round(client, drive, 1, {"t1_v": 0, "t1_d1": 8, "t1_d2": 5})
    assert response.status_code == 302
    assert dict(TableResult.objects.values_list("deal", "ns_tricks")) == {1: 8, 2: 5}
    # A correction is versioned and kept, as at every game.
    response = post_round(client, drive, 1, {"t1_v": 1, "t1_d1": 9, "t1_d2": 5})
    assert response.status_code == 302
    change = ResultChange.objects.get()
    assert (change.old_ns_tricks, change.new_ns_tricks) == (8, 9)
    stale = post_round(client, drive, 1, {"t1_v": 1, "t1_d1": 10, "t1_d2": 5})
    assert "changed by someone else" in stale.text
    assert TableResult.objects.get(deal=1).ns_tricks == 9


def test_honours_against_the_boards_cards_are_checked(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=8, boards=8, honours=True)
    game = games.of(drive)
    held = game.board_line(1, 1, 1).board.honours[0]
    client.force_login(organiser)
    wrong = (held + 1) % 5
    data = {"t1_v": 0, "t1_d1": 8, "t1_h1": wrong, "t1_d2": 6}
    response = post_round(client, drive, 1, data)
    assert f"the cards give N–S {held} of the honours" in response.text
    assert not TableResult.objects.exists()
    response = post_round(client, drive, 1, data | {"t1_h1": held})
    assert response.status_code == 302 and TableResult.objects.count() == 2


def test_a_tables_phones_enter_and_confirm_its_boards(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=8, boards=8)
    url = reverse("drives:table_enter", args=[link_of(drive, 2, "NS").token])
    sent = {"round": 1, "side": "NS", "submission": uuid.uuid4(), "d1": 7, "d2": 6}
    assert client.post(url, sent).status_code == 200
    waiting = PendingEntry.objects.get()
    confirm = reverse("drives:table_confirm", args=[link_of(drive, 2, "EW").token])
    client.post(confirm, {"entry": waiting.pk, "submission": uuid.uuid4()})
    assert dict(TableResult.objects.filter(table=2).values_list("deal", "ns_tricks")) == {
        1: 7,
        2: 6,
    }


def play_all(drive, tricks):
    """Every round played: ``tricks(round, table, deal)`` N–S tricks."""
    for number in range(1, drive.rounds + 1):
        drive.refresh_from_db()
        tables = sorted(set(drive.seatings.filter(round=number).values_list("table", flat=True)))
        for table in tables:
            deals = drive.deals_of_round(number)
            record_tricks(drive, number, table, {d: tricks(number, table, d) for d in deals})
        if number < drive.rounds:
            round_advance(drive=drive)


def test_the_standings_compare_each_direction_on_each_board(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=10, boards=10, deals=10)
    # N–S at table 1 always take 9 tricks; every other table 7.
    play_all(drive, lambda r, t, d: 9 if t == 1 else 7)
    response = client.get(reverse("drives:compass_standings", args=[drive.pk]))
    assert response.status_code == 200
    page = response.text
    assert "North–South pairs" in page and "East–West pairs" in page
    report = response.context["report"]
    ns, ew = report.fields
    # Table 1's N–S pair beat the average of 9, 7, 7, 7, 7 by 1.6 on each of 10 boards.
    assert (ns.lines[0].pair.number, ns.lines[0].total) == (1, Decimal("16.00"))
    assert ns.lines[0].rank == "1" and ns.lines[1].rank == "=2"
    # Every board's N–S scores sum to nothing.
    assert sum(line.total for line in ns.lines) == 0 == sum(line.total for line in ew.lines)
    assert "Board 7" in page


def test_matchpoints_show_as_percentages_and_a_howell_ranks_one_field(client, club, organiser):
    drive = make_compass_drive(
        club, organiser, pairs=6, boards=10, movement="howell", deals=10, method="matchpoints"
    )
    play_all(drive, lambda r, t, d: 6 + t)
    response = client.get(reverse("drives:compass_standings", args=[drive.pk]))
    report = response.context["report"]
    [field] = report.fields
    assert field.direction is None and "All pairs" in response.text
    assert all(0 <= line.percentage <= 100 for line in field.lines)
    # Over the field, the percentages average 50.
    average = sum(line.percentage for line in field.lines) / len(field.lines)
    assert average == pytest.approx(50, abs=0.01)


def test_a_board_dealt_at_the_tables_keeps_the_suit_the_first_table_turned_up(
    client, club, organiser
):
    drive = make_compass_drive(
        club, organiser, pairs=6, deals=6, source="tables", rotation="turned"
    )
    client.force_login(organiser)
    # Round 1: table 1 plays boards 1 and 2 and turns up hearts and clubs.
    data = {"t1_v": 0, "t1_d1": 7, "t1_s1": "H", "t1_d2": 6, "t1_s2": "C"}
    assert post_round(client, drive, 1, data).status_code == 302
    for table in (2, 3):
        other = {f"t{table}_v": 0, f"t{table}_d1": 7, f"t{table}_s1": "S"}
        other |= {f"t{table}_d2": 7, f"t{table}_s2": "S"}
        assert post_round(client, drive, 1, other).status_code == 302
    round_advance(drive=drive)
    drive.refresh_from_db()
    game = games.of(drive)
    # Round 2: table 3 holds boards 1 and 2 (3 tables: sets move down).
    assert game.board_line(2, 3, 3).number == 1
    data = {"t3_v": 0, "t3_d3": 8, "t3_s3": "D", "t3_d4": 6, "t3_s4": "C"}
    response = post_round(client, drive, 2, data)
    assert "Board 1: the tables before you played it with hearts as trumps" in response.text
    assert not TableResult.objects.filter(round=2).exists()
    assert post_round(client, drive, 2, data | {"t3_s3": "H"}).status_code == 302
    board = next(t for t in compass_report_of(drive).travellers if t.board == 1)
    assert board.known.trumps.value == "H" and board.known.hands is None


def compass_report_of(drive):
    return compass_report(Drive.objects.get(pk=drive.pk), PublicNames())


def test_a_mitchell_with_more_rounds_than_tables_is_refused_at_the_start(club, organiser):
    # 3 tables play 3 rounds before the boards come round again; 4 rounds are refused.
    drive = make_compass_drive(club, organiser, pairs=6, deals=8, start=False)
    with pytest.raises(DriveError, match="cannot be planned"):
        drive_start(drive=drive)
    assert not Seating.objects.filter(drive=drive).exists()
