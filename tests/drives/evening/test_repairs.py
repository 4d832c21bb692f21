"""Putting right a wrong move: the services (drives.evening.repairs)."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from drives.errors import ChangedElsewhere, DriveError
from drives.evening.entries import entry_check_in
from drives.evening.lifecycle import drive_finish, round_advance
from drives.evening.repairs import players_swap, repair_version, tables_swap
from drives.models import (
    ClubRole,
    Entry,
    MoveRepair,
    RepairKind,
    ResultChange,
    Seating,
    TableResult,
)
from drives.reports.freshness import drive_stamp
from drives.reports.report import drive_report
from scoring import movements
from tests.conftest import make_player, make_started_drive, make_user, record_tricks


def seat_of(drive, round_number, entry):
    seat = Seating.objects.get(drive=drive, round=round_number, entry=entry)
    return seat.table, seat.seat


def at(drive, round_number, table, seat):
    return Seating.objects.get(drive=drive, round=round_number, table=table, seat=seat).entry


def seats(drive, round_number):
    return {
        (s.table, s.seat): s.entry_id
        for s in Seating.objects.filter(drive=drive, round=round_number)
    }


def points(drive):
    return {row.entry.pk: row.standing.points for row in drive_report(drive).overall}


def swap_players(drive, round_number, first, second, **overrides):
    kwargs = {
        "drive": drive,
        "round_number": round_number,
        "first": first,
        "second": second,
        "reason": "Mrs Smith sat at table 2 by mistake",
        "version": repair_version(drive, round_number),
        "user": drive.club.memberships.get(role=ClubRole.ORGANISER).user,
    }
    return players_swap(**kwargs | overrides)


def swap_tables(drive, round_number, first, second, **overrides):
    kwargs = {
        "drive": drive,
        "round_number": round_number,
        "first": first,
        "second": second,
        "reason": "Table 1's card was handed in as table 2's",
        "version": repair_version(drive, round_number),
        "user": drive.club.memberships.get(role=ClubRole.ORGANISER).user,
    }
    return tables_swap(**kwargs | overrides)


@pytest.fixture
def progressive(club):
    """Eight players, round 1 played (N–S win at table 1 with 9 tricks, E–W at table 2 with
    8) and round 2 seated from it, nothing played there yet."""
    drive = make_started_drive(club, players=8, deals=4, movement="progressive")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 5})
    round_advance(drive=drive)
    drive.refresh_from_db()
    return drive


def test_swapped_players_take_each_others_results_and_the_next_round_follows(progressive):
    drive = progressive
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")
    before, round_two = points(drive), seats(drive, 2)
    assert (before[first.pk], before[second.pk]) == (Decimal(3), Decimal(2))

    repair = swap_players(drive, 1, first, second)

    assert (seat_of(drive, 1, first), seat_of(drive, 1, second)) == ((2, "E"), (1, "N"))
    after = points(drive)
    assert (after[first.pk], after[second.pk]) == (Decimal(2), Decimal(3))
    assert all(after[pk] == before[pk] for pk in before if pk not in (first.pk, second.pk))
    # Both stayed as winners: in round 2 each is where the other would have been.
    assert repair.replanned == 2 and repair.kept is None
    now = seats(drive, 2)
    exchanged = {first.pk: second.pk, second.pk: first.pk}
    assert now == {place: exchanged.get(pk, pk) for place, pk in round_two.items()}


def test_the_public_pages_stamp_changes_so_no_phone_keeps_the_old_standings(club):
    """Two seats exchanging their players leave the seats' count and sum of entries as they
    were: the stamp sees the swap only because the seats are written as new rows."""
    drive = make_started_drive(club, players=8, deals=7, movement="individual")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 5})
    before = drive_stamp(drive.pk)
    swap_players(drive, 1, at(drive, 1, 1, "N"), at(drive, 1, 2, "E"))
    assert drive_stamp(drive.pk) != before


def test_a_players_swap_is_kept_with_its_reason_and_every_seat_it_changed(progressive):
    drive = progressive
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")
    swap_players(drive, 1, first, second)

    record = MoveRepair.objects.get(drive=drive)
    assert (record.kind, record.round, record.first_entry, record.second_entry) == (
        RepairKind.PLAYERS,
        1,
        first,
        second,
    )
    assert record.reason == "Mrs Smith sat at table 2 by mistake"
    assert record.changed_by.username == "alice"
    assert record.replanned_round == 2
    round_one = [c for c in record.seats if c["round"] == 1]
    assert sorted(round_one, key=lambda c: c["table"]) == [
        {
            "round": 1,
            "table": 1,
            "seat": "N",
            "before": first.card_number,
            "after": second.card_number,
        },
        {
            "round": 1,
            "table": 2,
            "seat": "E",
            "before": second.card_number,
            "after": first.card_number,
        },
    ]
    assert {c["round"] for c in record.seats} == {1, 2}


def test_swapped_tables_exchange_results_keep_corrections_and_reseat_the_next_round(progressive):
    drive = progressive
    north = at(drive, 1, 1, "N")
    version = TableResult.objects.get(drive=drive, table=1, deal=1).version

    repair = swap_tables(drive, 1, 1, 2)

    tricks = dict(
        TableResult.objects.filter(drive=drive, round=1).values_list("table", "ns_tricks")
    )
    assert tricks == {1: 5, 2: 9}
    assert TableResult.objects.get(drive=drive, table=1, deal=1).version == version + 1
    changes = ResultChange.objects.filter(result__drive=drive).order_by("result__table")
    assert [(c.result.table, c.old_ns_tricks, c.new_ns_tricks) for c in changes] == [
        (1, 9, 5),
        (2, 5, 9),
    ]
    assert points(drive)[north.pk] == Decimal(0)  # N–S took 5 of 13: no odd tricks
    record = repair.record
    assert (record.kind, record.first_table, record.second_table) == (RepairKind.TABLES, 1, 2)
    assert [
        (m["table"], m["before"]["ns_tricks"], m["after"]["ns_tricks"]) for m in record.results
    ] == [(1, 9, 5), (2, 5, 9)]
    # The winners changed places, so round 2 is seated from the corrected round.
    assert repair.replanned == 2
    cards = list(
        Entry.objects.filter(drive=drive).order_by("card_number").values_list("pk", flat=True)
    )
    number = {pk: i for i, pk in enumerate(cards)}
    fours = [tuple(number[at(drive, 1, table, seat).pk] for seat in "NESW") for table in (1, 2)]
    expected = movements.progressive_next(fours, ["EW", "NS"], movements.ProgressiveRule())
    stored = seats(drive, 2)
    assert [tuple(number[stored[table, seat]] for seat in "NESW") for table in (1, 2)] == list(
        expected.fours
    )


def test_a_next_round_under_way_stays_as_played(progressive):
    drive = progressive
    record_tricks(drive, 2, 1, {2: 7})
    round_two = seats(drive, 2)

    repair = swap_players(drive, 1, at(drive, 1, 1, "N"), at(drive, 1, 2, "E"))

    assert repair.kept == 2 and repair.replanned is None
    assert seats(drive, 2) == round_two


def test_a_static_movement_keeps_its_later_rounds(club):
    drive = make_started_drive(club, players=8, deals=7, movement="individual")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 5})
    round_advance(drive=drive)
    drive.refresh_from_db()
    later = {r: seats(drive, r) for r in range(2, 8)}

    repair = swap_players(drive, 1, at(drive, 1, 1, "N"), at(drive, 1, 2, "N"))

    assert repair.replanned is None and repair.kept is None
    assert {r: seats(drive, r) for r in range(2, 8)} == later


def test_a_player_sitting_out_takes_the_seat_and_the_other_sits_out(club):
    drive = make_started_drive(club, players=9, deals=4, movement="progressive")
    (resting,) = Entry.objects.filter(drive=drive).exclude(seatings__round=1)
    seated = at(drive, 1, 2, "S")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 5})

    repair = swap_players(drive, 1, resting, seated)

    assert seat_of(drive, 1, resting) == (2, "S")
    assert not Seating.objects.filter(drive=drive, round=1, entry=seated).exists()
    assert repair.record.seats == [
        {
            "round": 1,
            "table": 2,
            "seat": "S",
            "before": seated.card_number,
            "after": resting.card_number,
        }
    ]
    drive.refresh_from_db()
    assert seated.pk in drive.rested_entries and resting.pk not in drive.rested_entries
    round_advance(drive=drive)
    # Who sat out round 1 plays round 2.
    assert Seating.objects.filter(drive=drive, round=2, entry=seated).exists()


def test_refusals_say_why_and_change_nothing(progressive, club):
    drive = progressive
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")
    cases = [
        (lambda: swap_players(drive, 1, first, first), "chosen twice"),
        (lambda: swap_tables(drive, 1, 2, 2), "table 2 was chosen twice"),
        (lambda: swap_players(drive, 2, first, second), "Round 2 has not been played yet"),
        (lambda: swap_tables(drive, 1, 1, 3), "Round 1 has no table 3"),
        (lambda: swap_players(drive, 1, first, second, reason="  "), "Say why"),
        (lambda: swap_players(drive, 1, first, second, version="old"), "changed by someone else"),
    ]
    before = sorted(
        Seating.objects.filter(drive=drive).values_list("round", "table", "seat", "entry")
    )
    for attempt, words in cases:
        with pytest.raises(DriveError, match=words):
            attempt()
    assert (
        sorted(Seating.objects.filter(drive=drive).values_list("round", "table", "seat", "entry"))
        == before
    )
    assert not MoveRepair.objects.exists() and not ResultChange.objects.exists()


def test_two_tables_with_the_same_figures_have_nothing_to_swap(club):
    drive = make_started_drive(club, players=8, deals=4, movement="progressive")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 9})
    with pytest.raises(DriveError, match="same figures in round 1: swapping them changes nothing"):
        swap_tables(drive, 1, 1, 2)
    assert not MoveRepair.objects.exists()


def test_a_stale_page_is_refused_once_someone_else_put_the_round_right(progressive):
    drive = progressive
    version = repair_version(drive, 1)
    swap_players(drive, 1, at(drive, 1, 1, "N"), at(drive, 1, 2, "E"), version=version)
    with pytest.raises(ChangedElsewhere):
        swap_tables(drive, 1, 1, 2, version=version)


def test_a_player_not_yet_playing_that_round_cannot_swap_into_it(progressive, club):
    drive = progressive
    late = entry_check_in(drive=drive, player=make_player(club), role="lady").entry
    with pytest.raises(DriveError, match="was not playing in round 1"):
        swap_players(drive, 1, late, at(drive, 1, 1, "N"))


def test_a_finished_drive_is_refused_until_reopened(club):
    drive = make_started_drive(club, players=4, deals=4, deals_per_round=4, movement="individual")
    record_tricks(drive, 1, 1, {1: 9, 2: 7, 3: 6, 4: 8})
    drive_finish(drive=drive)
    with pytest.raises(DriveError, match="The drive is finished: reopen it"):
        swap_players(drive, 1, at(drive, 1, 1, "N"), at(drive, 1, 1, "E"))


def test_only_organisers_put_moves_right(progressive):
    drive = progressive
    helper = make_user("harry")
    drive.club.memberships.create(user=helper, role=ClubRole.HELPER)
    with pytest.raises(PermissionDenied):
        swap_players(drive, 1, at(drive, 1, 1, "N"), at(drive, 1, 2, "E"), user=helper)


@pytest.mark.parametrize("swap", ["tables", "players"])
@pytest.mark.parametrize("players", [9, 10, 11, 13, 14])
def test_a_swap_put_back_seats_the_next_round_as_the_movement_first_did(club, players, swap):
    """Seated again from a round as it first stood, the next round is the one the movement
    seated then, sit-outs included: who has rested is taken back to the corrected round."""
    drive = make_started_drive(club, players=players, deals=8, movement="progressive")
    for number in (1, 2, 3):
        tables = sorted({s.table for s in Seating.objects.filter(drive=drive, round=number)})
        for table in tables:
            record_tricks(drive, number, table, {number: 9 if (table + number) % 2 else 4})
        round_advance(drive=drive)
    drive.refresh_from_db()
    first_seated, rested = seats(drive, 4), sorted(drive.rested_entries)

    # For players: one who sat out of round 3 really played, and the one recorded sat out.
    resting = Entry.objects.filter(drive=drive).exclude(seatings__round=3).first()
    seated = at(drive, 3, 1, "N")

    def again():
        if swap == "tables":
            return swap_tables(drive, 3, 1, 2)
        return swap_players(drive, 3, resting, seated)

    again()
    drive.refresh_from_db()
    assert seats(drive, 4) != first_seated
    again()
    drive.refresh_from_db()

    assert seats(drive, 4) == first_seated
    assert sorted(drive.rested_entries) == rested
