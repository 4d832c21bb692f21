"""Players who stay put (issue 29, point 1): marked at check-in or on the member's record,
they keep one table and one seat all evening whatever the movement; the drive page, the
table cards, the scorecards and the hall display say where they stay."""

import pytest
from django.urls import reverse

from drives.club.forms import PlayerForm
from drives.errors import DriveError
from drives.evening import entries
from drives.evening.lifecycle import drive_start
from drives.evening.stays import entry_stays
from drives.models import Drive, Entry, MovementType, Seating
from drives.names import PublicNames
from drives.tableside import board
from drives.versions import record_version
from tests.conftest import (
    make_drive,
    make_entries,
    make_played_drive,
    make_player,
    make_players,
)
from tests.drives.printing.test_pdf import pages_of

pytestmark = pytest.mark.django_db


def places_of(entry):
    """The (table, seat) of every round ``entry`` was seated in."""
    return set(Seating.objects.filter(entry=entry).values_list("table", "seat"))


def planned(club, count=12, **fields):
    drive = make_drive(club, **fields)
    return drive, make_entries(drive, make_players(club, count))


def test_it_marks_a_checked_in_player_from_the_drive_page(client, club, organiser):
    drive, checked_in = planned(club, movement=MovementType.INDIVIDUAL, deals=12)
    client.force_login(organiser)
    page = client.get(drive.get_absolute_url()).text
    assert "Players who stay put" in page and "Stays at one table" in page

    response = client.post(
        reverse("drives:stays", args=[drive.pk]),
        {"entry": checked_in[4].pk, "stays": "1"},
        follow=True,
    )

    assert response.status_code == 200
    assert "Player 005 stays at one table, in one seat, all evening." in response.text
    assert Entry.objects.get(pk=checked_in[4].pk).stays is True
    assert "Player 005 moves as usual" in response.text  # the button that takes it back
    response = client.post(
        reverse("drives:stays", args=[drive.pk]), {"entry": checked_in[4].pk, "stays": "0"}
    )
    assert response.status_code == 302
    assert Entry.objects.get(pk=checked_in[4].pk).stays is False


def test_it_refuses_more_players_who_stay_than_tables_and_says_why(client, club, organiser):
    drive, checked_in = planned(club, count=9, movement=MovementType.INDIVIDUAL, deals=8)
    client.force_login(organiser)
    url = reverse("drives:stays", args=[drive.pk])
    for entry in checked_in[:2]:
        client.post(url, {"entry": entry.pk, "stays": "1"})

    response = client.post(url, {"entry": checked_in[2].pk, "stays": "1"}, follow=True)

    assert (
        "There are 2 tables tonight, so 2 players at most can stay put, one a table. "
        "Already staying: Player 001, Player 002." in response.text
    )
    assert list(drive.entries.filter(stays=True).values_list("pk", flat=True)) == [
        checked_in[0].pk,
        checked_in[1].pk,
    ]


def test_a_bad_choice_or_a_started_drive_changes_nothing(client, club, organiser):
    drive, checked_in = planned(club, movement=MovementType.INDIVIDUAL, deals=12)
    client.force_login(organiser)
    url = reverse("drives:stays", args=[drive.pk])
    response = client.post(url, {"entry": "nobody", "stays": "1"}, follow=True)
    assert "Choose a player who is checked in; nothing changed." in response.text
    drive_start(drive=drive)
    response = client.post(url, {"entry": checked_in[0].pk, "stays": "1"}, follow=True)
    assert "You cannot change who stays at one table: the drive is running." in response.text
    assert not drive.entries.filter(stays=True).exists()


def test_a_member_who_cannot_move_stays_at_every_drive_they_check_in_to(client, club, organiser):
    smith = make_player(club, name="Mrs Smith", role="lady")
    client.force_login(organiser)
    data = {"name": "Mrs Smith", "role": "lady", "active": "on", "stays": "on"}
    data["version"] = record_version(smith, PlayerForm.Meta.fields)
    response = client.post(reverse("drives:player_edit", args=[smith.pk]), data)
    assert response.status_code == 302
    smith.refresh_from_db()
    assert smith.stays is True

    drive = make_drive(club, movement=MovementType.PROGRESSIVE, deals=8)
    others = make_players(club, 7)
    entries.drive_check_in(drive=drive, roles={p: p.role for p in [smith, *others]})
    assert drive.entries.get(player=smith).stays is True
    late = make_drive(club, movement=MovementType.INDIVIDUAL, deals=8)
    make_entries(late, others)
    drive_start(drive=late)
    check_in = entries.entry_check_in(
        drive=Drive.objects.get(pk=late.pk), player=smith, role="lady"
    )
    assert check_in.entry.stays is True


@pytest.mark.parametrize(
    ("movement", "players", "deals"),
    [
        (MovementType.PROGRESSIVE, 14, 8),
        (MovementType.SEMI_PARTNER, 13, 8),
        (MovementType.INDIVIDUAL, 13, 13),
        (MovementType.MITCHELL, 16, 8),
        (MovementType.HOWELL, 12, 10),
    ],
)
def test_players_who_stay_keep_one_table_and_seat_all_evening(club, movement, players, deals):
    made = make_players(club, players)
    for player in (made[1], made[6]):  # a lady and a gent, each in a different pair
        player.stays = True
        player.save()
    drive = make_played_drive(club, players=0, movement=movement, deals=deals)
    staying = list(drive.entries.filter(stays=True))
    assert len(staying) == 2
    tables = []
    for entry in staying:
        where = places_of(entry)
        assert len(where) == 1, (movement, entry, where)
        tables.append(next(iter(where))[0])
    assert len(set(tables)) == 2


def test_a_late_arrival_replans_round_a_player_who_stays(club):
    drive, checked_in = planned(club, movement=MovementType.INDIVIDUAL, deals=10)
    entry_stays(drive=drive, entry=checked_in[3], stays=True)
    drive_start(drive=drive)
    before = places_of(checked_in[3])
    entries.entry_check_in(
        drive=Drive.objects.get(pk=drive.pk), player=make_player(club), role="either"
    )
    assert places_of(checked_in[3]) == before and len(before) == 1


def test_the_drive_page_the_cards_and_the_hall_say_who_stays_where(client, club, organiser):
    made = make_players(club, 12)
    made[0].name = "Mrs Smith"
    made[0].save()
    drive = make_drive(club, movement=MovementType.INDIVIDUAL, deals=12, title="Stay Drive")
    make_entries(drive, made)
    smith = drive.entries.get(player=made[0])
    entry_stays(drive=drive, entry=smith, stays=True)
    drive_start(drive=drive)
    [(table, _seat)] = places_of(smith)
    # Public sheets and the hall name a newcomer by card, as every public page does.
    line = f"{PublicNames.for_drive(drive).entry(smith)} stays at table {table}"

    client.force_login(organiser)
    page = client.get(drive.get_absolute_url()).text
    assert "Mrs Smith" in page and f"stays at table {table}" in page
    assert line in client.get(reverse("drives:hall", args=[drive.pk])).text
    drive.refresh_from_db()
    assert [(entry.pk, kept) for entry, kept in board.hall(drive).staying] == [(smith.pk, table)]
    cards = pages_of(client.get(reverse("drives:table_cards_pdf", args=[drive.pk])))
    assert sum(line in page for page in cards) == 1
    scorecards = "\n".join(pages_of(client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))))
    assert f"Stays at table {table} all evening" in scorecards.replace("\n", " ")


def test_the_service_refuses_too_many_for_the_tables(club):
    drive, checked_in = planned(club, count=4, movement=MovementType.INDIVIDUAL, deals=4)
    entry_stays(drive=drive, entry=checked_in[0], stays=True)
    with pytest.raises(DriveError, match="one player at most can stay put"):
        entry_stays(drive=drive, entry=checked_in[1], stays=True)


def test_a_start_with_fewer_tables_than_players_who_stay_is_refused(client, club, organiser):
    drive, checked_in = planned(club, count=9, movement=MovementType.INDIVIDUAL, deals=8)
    for entry in checked_in[:2]:
        entry_stays(drive=drive, entry=entry, stays=True)
    checked_in[8].delete()
    checked_in[7].delete()  # seven players: one table
    client.force_login(organiser)
    response = client.post(reverse("drives:start", args=[drive.pk]), follow=True)
    assert (
        "More players stay put (2) than there are tables (1): one a table at most." in response.text
    )
    assert not Seating.objects.filter(drive=drive).exists()


@pytest.mark.parametrize("movement", [MovementType.PROGRESSIVE, MovementType.INDIVIDUAL])
def test_a_late_arrival_who_cannot_move_is_refused_when_every_table_has_one(club, movement):
    drive, checked_in = planned(club, count=8, movement=movement, deals=8)
    for entry in checked_in[:2]:
        entry_stays(drive=drive, entry=entry, stays=True)
    drive_start(drive=drive)
    late = make_player(club, name="Mr Late", stays=True)
    with pytest.raises(
        DriveError, match=r"More players stay put \(3\) than there are tables \(2\)"
    ):
        entries.entry_check_in(drive=Drive.objects.get(pk=drive.pk), player=late, role="gent")
    assert not drive.entries.filter(player=late).exists()


def test_a_late_arrival_who_cannot_move_is_ticked_to_stay_at_one_table(client, club, organiser):
    drive, _checked_in = planned(club, count=8, movement=MovementType.INDIVIDUAL, deals=8)
    drive_start(drive=drive)
    late = make_player(club, name="Mrs Late", role="lady")
    client.force_login(organiser)
    page = client.get(drive.get_absolute_url()).text
    assert "Stays at one table all evening" in page

    response = client.post(
        reverse("drives:late_arrival", args=[drive.pk]),
        {"player": late.pk, "stays": "on"},
        follow=True,
    )

    assert response.status_code == 200
    entry = drive.entries.get(player=late)
    assert entry.stays is True
    assert "Mrs Late stays at one table, in one seat, all evening." in response.text
    assert len({table for table, _seat in places_of(entry)}) == 1
    assert "stays at table" in response.text


def test_a_late_arrival_ticked_to_stay_is_refused_when_every_table_has_one(client, club, organiser):
    drive, checked_in = planned(club, count=8, movement=MovementType.INDIVIDUAL, deals=8)
    for entry in checked_in[:2]:
        entry_stays(drive=drive, entry=entry, stays=True)
    drive_start(drive=drive)
    late = make_player(club, name="Mr Late", role="gent")
    client.force_login(organiser)

    response = client.post(
        reverse("drives:late_arrival", args=[drive.pk]),
        {"player": late.pk, "stays": "on"},
        follow=True,
    )

    assert response.status_code == 200
    assert "More players stay put (3) than there are tables (2): one a table at most." in (
        response.text
    )
    assert not drive.entries.filter(player=late).exists()


def test_the_members_list_says_who_stays_at_one_table(client, club, organiser):
    make_player(club, name="Mrs Still", stays=True)
    make_player(club, name="Mr Moves")
    client.force_login(organiser)

    response = client.get(reverse("drives:player_list", args=[club.slug]))

    assert response.status_code == 200
    text = response.text
    assert 'Mrs Still <span class="badge">stays at one table</span>' in text
    assert 'Mr Moves <span class="badge">' not in text
