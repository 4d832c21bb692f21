"""Setting up a drive and checking players in, before the first round."""

import re

import pytest
from django.urls import reverse

from drives.evening.entries import check_in_version
from drives.models import Drive, DriveStatus, Entry, Player, SeatRole
from tests.conftest import drive_form, make_drive, make_player, make_players

pytestmark = pytest.mark.django_db


def test_it_creates_a_drive_for_the_organisers_club(client, club, organiser):
    client.force_login(organiser)
    response = client.post(reverse("drives:drive_new", args=[club.slug]), drive_form())
    drive = Drive.objects.get()
    assert response.status_code == 302
    assert response["Location"] == drive.get_absolute_url()
    assert (drive.club, drive.deals, drive.rotation, drive.status) == (
        club,
        24,
        "hdsc_nt",
        DriveStatus.PLANNED,
    )
    page = client.get(drive.get_absolute_url())
    assert "Christmas Drive" in page.text
    assert "Check-in" in page.text


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"deals": 3}, "A drive has from 4 to 52 deals."),
        ({"deals": 60}, "A drive has from 4 to 52 deals."),
        ({"deals_per_round": 5}, "A round has from 1 to 4 deals."),
        ({"deals": 25, "deals_per_round": 2}, "25 deals do not divide into rounds of 2."),
        ({"title": ""}, "This field is required."),
    ],
    ids=["too-few-deals", "too-many-deals", "long-rounds", "indivisible", "no-title"],
)
def test_it_refuses_a_drive_that_cannot_be_played(client, club, organiser, overrides, message):
    client.force_login(organiser)
    response = client.post(reverse("drives:drive_new", args=[club.slug]), drive_form(**overrides))
    assert response.status_code == 200
    assert message in response.text
    assert not Drive.objects.exists()


def check_in(client, drive, players, roles=None):
    data = {"present": [p.pk for p in players], "version": check_in_version(drive)}
    for player in players:
        data[f"role_{player.pk}"] = (roles or {}).get(player.pk, player.role)
    return client.post(reverse("drives:check_in", args=[drive.pk]), data)


def test_check_in_enters_the_ticked_players_with_their_roles(client, club, organiser):
    drive = make_drive(club)
    players = make_players(club, 6)
    client.force_login(organiser)
    response = check_in(client, drive, players, roles={players[0].pk: SeatRole.GENT})
    assert response.status_code == 302
    entries = {e.player_id: e for e in drive.entries.all()}
    assert set(entries) == {p.pk for p in players}
    assert entries[players[0].pk].role == SeatRole.GENT
    assert sorted(e.card_number for e in entries.values()) == [1, 2, 3, 4, 5, 6]
    page = client.get(drive.get_absolute_url())
    assert "6 players checked in" in page.text
    assert "1 table" in page.text and "2 sit out each round" in page.text


def test_unticking_a_player_removes_their_entry_and_keeps_the_others(client, club, organiser):
    drive = make_drive(club)
    players = make_players(club, 5)
    client.force_login(organiser)
    check_in(client, drive, players)
    cards = {e.player_id: e.card_number for e in drive.entries.all()}
    check_in(client, drive, players[1:])
    assert {e.player_id: e.card_number for e in drive.entries.all()} == {
        p.pk: cards[p.pk] for p in players[1:]
    }


def test_it_refuses_to_check_in_an_inactive_player(client, club, organiser):
    drive = make_drive(club)
    players = make_players(club, 4)
    sleeper = make_player(club, name="Rip Van Winkle", active=False)
    client.force_login(organiser)
    response = check_in(client, drive, [*players, sleeper], roles={})
    assert not drive.entries.exists()
    page = client.get(response["Location"])
    assert "Rip Van Winkle: marked inactive" in page.text


def test_a_walk_in_is_added_to_the_club_and_checked_in(client, club, organiser):
    drive = make_drive(club)
    client.force_login(organiser)
    response = client.post(
        reverse("drives:walk_in", args=[drive.pk]), {"name": "  Nora   Newcomer ", "role": "lady"}
    )
    assert response.status_code == 302
    player = Player.objects.get(name="Nora Newcomer")
    assert (player.club, player.role) == (club, "lady")
    assert Entry.objects.get(drive=drive).player == player
    assert "Nora Newcomer added and checked in." in client.get(response["Location"]).text


def test_it_refuses_to_start_with_fewer_than_four_players(client, club, organiser):
    drive = make_drive(club)
    client.force_login(organiser)
    check_in(client, drive, make_players(club, 3))
    response = client.post(reverse("drives:start", args=[drive.pk]), follow=True)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.PLANNED
    assert not drive.seatings.exists()
    assert "A drive needs at least 4 players; 3 checked in." in response.text


def test_the_set_up_cannot_change_once_the_drive_has_started(client, club, organiser):
    drive = make_drive(club, status=DriveStatus.RUNNING, current_round=1)
    client.force_login(organiser)
    response = client.post(
        reverse("drives:drive_edit", args=[drive.pk]), drive_form(deals=12), follow=True
    )
    drive.refresh_from_db()
    assert drive.deals == 24
    assert "its set-up can no longer change" in response.text


def test_each_seat_role_select_names_its_player_for_screen_readers(client, club, organiser):
    drive = make_drive(club)
    player = make_player(club, name="Ann Smith")
    client.force_login(organiser)
    text = client.get(drive.get_absolute_url()).text
    select = re.search(rf'<select name="role_{player.pk}"[^>]*>', text).group(0)
    assert 'aria-label="Ann Smith&#x27;s seat role tonight"' in select


def test_the_live_count_takes_the_servers_table_plan_for_every_count(client, club, organiser):
    drive = make_drive(club, movement="mitchell")
    make_players(club, 8)
    client.force_login(organiser)
    response = client.get(drive.get_absolute_url())
    plans = response.context["table_plans"]
    assert len(plans) == 9  # nobody ticked … all eight
    assert (plans[8]["tables"], plans[8]["sitting_out"], plans[8]["problem"]) == (2, 0, "")
    assert (plans[6]["tables"], plans[6]["sitting_out"]) == (2, 2)  # three pairs and a phantom
    assert "even number" in str(plans[7]["problem"])  # seven cannot play fixed partners
    assert 'id="table-plans"' in response.text


def test_a_drive_title_loses_the_characters_that_disguise_text(client, club, organiser):
    client.force_login(organiser)
    form = drive_form(title="Christmas\u202e Drive\x07", venue="The\u200f Hall")
    client.post(reverse("drives:drive_new", args=[club.slug]), form)
    drive = club.drives.get()
    assert (drive.title, drive.venue) == ("Christmas Drive", "The Hall")
