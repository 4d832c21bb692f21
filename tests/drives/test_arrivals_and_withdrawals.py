"""Late arrivals and withdrawals replan the rounds not yet played and never the played ones."""

import pytest
from django.urls import reverse

from drives.evening import services
from drives.models import Seating, SeatRole
from tests.conftest import make_drive, make_entries, make_player, make_players

pytestmark = pytest.mark.django_db


def seats(drive, rounds):
    return list(
        Seating.objects.filter(drive=drive, round__in=rounds).values_list(
            "round", "table", "seat", "entry"
        )
    )


def finish_round(drive, tricks=7):
    drive.refresh_from_db()
    number = drive.current_round
    for table in {s.table for s in drive.seatings.filter(round=number)}:
        services.results_record(
            drive=drive,
            round_number=number,
            scores=services.TableScores(
                table=table,
                tricks=dict.fromkeys(drive.deals_of_round(number), tricks),
                honours={},
                version=0,
            ),
            user=None,
        )
    services.round_advance(drive=drive)
    drive.refresh_from_db()


def individual_drive(club, players):
    drive = make_drive(club, movement="individual", deals=8)
    entries = make_entries(drive, make_players(club, players))
    services.drive_start(drive=drive)
    drive.refresh_from_db()
    return drive, entries


def test_a_late_arrival_joins_the_next_round_and_played_rounds_stay(club):
    drive, _ = individual_drive(club, 8)
    finish_round(drive)
    played = seats(drive, [1, 2])
    latecomer = make_player(club, name="Late Lily", role=SeatRole.LADY)
    entry = services.entry_check_in(drive=drive, player=latecomer, role=SeatRole.LADY)
    assert (entry.joined_round, entry.card_number) == (3, 9)
    assert seats(drive, [1, 2]) == played
    for number in range(3, drive.rounds + 1):
        round_seats = Seating.objects.filter(drive=drive, round=number)
        assert round_seats.count() == 8  # two tables; one of the nine sits out
        assert len(set(round_seats.values_list("entry", flat=True))) == 8
    sat_out = drive.rounds - 2 - drive.seatings.filter(entry=entry).count()
    assert 0 <= sat_out <= 2  # the newcomer takes a fair share of sit-outs, no more


def test_a_withdrawal_leaves_from_the_next_round(client, club, organiser):
    drive, entries = individual_drive(club, 9)
    finish_round(drive)
    played = seats(drive, [1, 2])
    leaver = entries[0]
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    leaver.refresh_from_db()
    assert leaver.withdrew_after == 2
    assert f"{leaver.player.name} withdrawn." in response.text
    assert seats(drive, [1, 2]) == played
    assert not drive.seatings.filter(entry=leaver, round__gt=2).exists()
    assert drive.seatings.filter(round=3).count() == 8  # the other eight fill both tables


def test_a_late_arrival_takes_their_usual_seat_role_by_default(client, club, organiser):
    drive, _ = individual_drive(club, 8)
    latecomer = make_player(club, name="Gerald Late", role=SeatRole.GENT)
    client.force_login(organiser)
    client.post(reverse("drives:late_arrival", args=[drive.pk]), {"player": latecomer.pk})
    assert drive.entries.get(player=latecomer).role == SeatRole.GENT


def test_fixed_partnerships_refuse_a_single_late_arrival(client, club, organiser):
    drive = make_drive(club, movement="mitchell", deals=4)
    make_entries(drive, make_players(club, 8))
    services.drive_start(drive=drive)
    before = seats(drive, range(1, 5))
    client.force_login(organiser)
    latecomer = make_player(club, name="Solo Sam")
    response = client.post(
        reverse("drives:late_arrival", args=[drive.pk]), {"player": latecomer.pk}, follow=True
    )
    assert "A fixed-partner drive keeps its players once it has started" in response.text
    assert not drive.entries.filter(player=latecomer).exists()
    assert seats(drive, range(1, 5)) == before


def test_ladies_and_gents_get_their_own_standings_and_prizes(client, club):
    drive = make_drive(club, movement="progressive", deals=4, prizes_by_role=True, prize_places=1)
    make_entries(drive, make_players(club, 8))
    services.drive_start(drive=drive)
    for _ in range(drive.rounds - 1):
        finish_round(drive, tricks=8)
    drive.refresh_from_db()
    for table in (1, 2):
        services.results_record(
            drive=drive,
            round_number=drive.rounds,
            scores=services.TableScores(table=table, tricks={4: 9}, honours={}, version=0),
            user=None,
        )
    services.drive_finish(drive=drive)
    page = client.get(reverse("drives:standings", args=[drive.pk]))
    assert "<h2>Ladies</h2>" in page.text and "<h2>Gents</h2>" in page.text
    assert "1st (ladies)" in page.text and "1st (gents)" in page.text


def test_honours_are_entered_with_the_tricks_and_scored(client, club, organiser):
    drive = make_drive(club, movement="individual", deals=4, honours=True)
    make_entries(drive, make_players(club, 4))
    services.drive_start(drive=drive)
    client.force_login(organiser)
    client.post(reverse("drives:round", args=[drive.pk, 1]), {"t1_v": 0, "t1_d1": 7, "t1_h1": 4})
    result = drive.results.get()
    assert (result.ns_tricks, result.ns_honours) == (7, 4)
    rows = client.get(reverse("drives:standings_csv", args=[drive.pk])).content.decode("utf-8-sig")
    # N–S: one odd trick and four honours; E–W: nothing.
    assert rows.count(",5.00,") == 2 and rows.count(",0.00,") >= 2


@pytest.mark.parametrize("movement", ["progressive", "semi_partner", "individual"])
def test_a_withdrawal_that_would_leave_fewer_than_four_is_refused(
    client, club, organiser, movement
):
    drive = make_drive(club, movement=movement, deals=4)
    entries = make_entries(drive, make_players(club, 5))
    services.drive_start(drive=drive)
    services.entry_withdraw(drive=drive, entry=entries[0])
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, entries[1].pk]), follow=True)
    entries[1].refresh_from_db()
    assert entries[1].withdrew_after is None
    assert "Fewer than four players would be left to play." in response.text
    finish_round(drive)  # the drive can still go on
    assert drive.current_round == 2


@pytest.mark.parametrize("players", [7, 11])
def test_progressive_sit_outs_take_turns_round_after_round(club, players):
    """Nobody sits out a second time before everyone has sat out once."""
    drive = make_drive(club, movement="progressive", deals=12)
    entries = make_entries(drive, make_players(club, players))
    services.drive_start(drive=drive)
    for number in range(drive.rounds - 1):
        finish_round(drive, tricks=4 + number % 6)
    seated = {}
    for seating in drive.seatings.all():
        seated.setdefault(seating.round, set()).add(seating.entry_id)
    sat_out = [sum(e.pk not in seated[r] for r in seated) for e in entries]
    assert max(sat_out) - min(sat_out) <= 1
