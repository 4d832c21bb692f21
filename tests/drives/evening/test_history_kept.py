"""A season's history survives the admin and mistakes: protected rows, read-only results,
and cancelling a drive instead of deleting it."""

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.db.models import ProtectedError
from django.test import Client
from django.urls import reverse

from drives.errors import DriveError
from drives.evening.entries import drive_check_in
from drives.evening.lifecycle import drive_start
from drives.management.commands.simulate_drive import simulate
from drives.models import Drive, DriveStatus, Player, ResultChange, Season, TableResult
from tests.conftest import (
    make_club,
    make_drive,
    make_players,
    make_season,
    make_user,
    record_tricks,
)

pytestmark = pytest.mark.django_db

CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("root", "root@example.org", "pw-12345678")
    client.force_login(user)
    return client


@pytest.fixture
def season(club):
    return make_season(club)


@pytest.fixture
def players(club):
    return make_players(club, 8)


@pytest.fixture
def finished(club, season, players):
    drive = make_drive(club, season=season, title="Autumn Drive", deals=4)
    simulate(drive)
    drive.refresh_from_db()
    return drive


def admin_url(model, action, *args):
    return reverse(f"admin:drives_{model._meta.model_name}_{action}", args=args)


# The database protects what was played


def test_a_drive_with_results_cannot_be_deleted(finished):
    with pytest.raises(ProtectedError):
        finished.delete()
    assert TableResult.objects.filter(drive=finished).count() == 8


def test_a_season_with_drives_cannot_be_deleted(season, finished):
    with pytest.raises(ProtectedError):
        season.delete()
    finished.refresh_from_db()
    assert finished.season_id == season.pk


def test_the_admin_deletes_a_started_drive_without_results(admin_client, club, players):
    drive = make_drive(club)
    drive_check_in(drive=drive, roles={p: p.role for p in players})
    drive_start(drive=drive)
    admin_client.post(admin_url(Drive, "delete", drive.pk), {"post": "yes"})
    assert not Drive.objects.filter(pk=drive.pk).exists()


def test_a_planned_drive_can_still_be_deleted(club, players):
    drive = make_drive(club)
    drive_check_in(drive=drive, roles={p: p.role for p in players})
    drive.delete()
    assert not Drive.objects.filter(pk=drive.pk).exists()


# The admin


def test_the_admin_shows_results_but_cannot_change_them(admin_client, finished):
    result = TableResult.objects.filter(drive=finished).first()
    tricks = result.ns_tricks
    change = admin_url(TableResult, "change", result.pk)
    page = admin_client.get(change)
    assert page.status_code == 200
    assert 'name="_save"' not in page.text
    response = admin_client.post(change, {"ns_tricks": (tricks + 1) % 14, "version": 1})
    assert response.status_code == 403
    assert admin_client.get(admin_url(TableResult, "add")).status_code == 403
    assert (
        admin_client.post(admin_url(TableResult, "delete", result.pk), {"post": "yes"}).status_code
        == 403
    )
    result.refresh_from_db()
    assert (result.ns_tricks, result.version) == (tricks, 1)


def test_the_admin_cannot_change_or_delete_result_history(admin_client, finished):
    result = TableResult.objects.filter(drive=finished).first()
    change = ResultChange.objects.create(result=result, old_ns_tricks=1, new_ns_tricks=2)
    assert admin_client.get(admin_url(ResultChange, "change", change.pk)).status_code == 200
    response = admin_client.post(admin_url(ResultChange, "delete", change.pk), {"post": "yes"})
    assert response.status_code == 403
    assert ResultChange.objects.filter(pk=change.pk).exists()


def test_the_admin_explains_why_a_drive_with_results_stays(admin_client, finished):
    url = admin_url(Drive, "delete", finished.pk)
    page = admin_client.get(url)
    assert "The drive has 8 results: cancel it on its page instead" in page.text
    assert "deal 1 table 1" not in page.text  # one sentence, not every protected row
    admin_client.post(url, {"post": "yes"})
    assert Drive.objects.filter(pk=finished.pk).exists()


def test_the_admin_explains_why_a_season_with_drives_stays(admin_client, season, finished):
    url = admin_url(Season, "delete", season.pk)
    assert "The season has 1 drive: move or delete it first" in admin_client.get(url).text
    admin_client.post(url, {"post": "yes"})
    assert Season.objects.filter(pk=season.pk).exists()
    finished.refresh_from_db()
    assert finished.season_id == season.pk


def test_the_admin_explains_why_a_player_who_played_stays(admin_client, finished, players):
    url = admin_url(Player, "delete", players[0].pk)
    assert (
        "The player has played in 1 drive: mark them inactive instead."
        in admin_client.get(url).text
    )
    admin_client.post(url, {"post": "yes"})
    assert Player.objects.filter(pk=players[0].pk).exists()


def player_form(player, club):
    return {
        "club": club.pk,
        "name": player.name,
        "role": player.role,
        "member_number": "",
        "active": "on",
        "language": player.language,
    }


def test_the_admin_keeps_a_player_who_played_in_their_club(admin_client, club, finished, players):
    other = make_club()
    response = admin_client.post(
        admin_url(Player, "change", players[0].pk), player_form(players[0], other)
    )
    assert response.status_code == 302
    players[0].refresh_from_db()
    assert players[0].club_id == club.pk


def test_the_admin_moves_a_player_who_never_played(admin_client, club):
    player = Player.objects.create(club=club, name="New Member")
    other = make_club()
    admin_client.post(admin_url(Player, "change", player.pk), player_form(player, other))
    player.refresh_from_db()
    assert player.club_id == other.pk


def test_the_admin_leaves_a_started_drives_status_and_entries_alone(admin_client, finished):
    page = admin_client.get(admin_url(Drive, "change", finished.pk))
    assert page.status_code == 200
    assert 'name="status"' not in page.text
    assert 'name="entries-0-player"' not in page.text


# Cancelling a drive


def cancel_url(drive):
    return reverse("drives:cancel", args=[drive.pk])


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def test_an_organiser_cancels_a_running_drive_and_it_is_kept(organiser_client, club, players):
    drive = make_drive(club, deals=4)
    drive_check_in(drive=drive, roles={p: p.role for p in players})
    drive_start(drive=drive)
    response = organiser_client.post(cancel_url(drive), {"reason": "Power cut"}, follow=True)
    assert "The drive is cancelled: it is kept" in response.text
    assert "This drive is cancelled." in response.text and "Power cut" in response.text
    drive.refresh_from_db()
    assert drive.status == DriveStatus.CANCELLED
    assert drive.entries.count() == 8 and drive.seatings.exists()
    change = drive.status_changes.get()
    assert (change.old_status, change.new_status, change.reason) == (
        "running",
        "cancelled",
        "Power cut",
    )
    with pytest.raises(DriveError):
        record_tricks(drive, 1, 1, {1: 7})


def test_restoring_returns_the_drive_to_where_it_was(organiser_client, finished):
    organiser_client.post(cancel_url(finished), {})
    response = organiser_client.post(reverse("drives:restore", args=[finished.pk]), follow=True)
    assert "The drive is restored: it is finished again." in response.text
    finished.refresh_from_db()
    assert finished.status == DriveStatus.FINISHED
    assert [c.new_status for c in finished.status_changes.order_by("pk")] == [
        "cancelled",
        "finished",
    ]


def test_only_the_clubs_organisers_cancel(client, finished):
    client.force_login(make_user())
    assert client.post(cancel_url(finished)).status_code == 403
    client.logout()
    assert client.post(cancel_url(finished)).status_code == 302  # to the log-in page
    finished.refresh_from_db()
    assert finished.status == DriveStatus.FINISHED


def test_a_cancelled_drive_cannot_be_cancelled_twice(organiser_client, finished):
    organiser_client.post(cancel_url(finished))
    response = organiser_client.post(cancel_url(finished), follow=True)
    assert "You cannot cancel the drive: the drive is cancelled." in response.text
    assert finished.status_changes.count() == 1


def test_a_cancelled_drive_counts_nowhere_until_restored(
    organiser_client, club, season, players, finished
):
    client = Client()  # a reader, not the organiser
    second = make_drive(
        club, season=season, title="Winter Drive", date=dt.date(2026, 12, 11), deals=4
    )
    simulate(second, seed=3)
    upcoming = make_drive(club, title="Spring Drive", date=dt.date(2099, 3, 1))
    pages = {
        "season": reverse("drives:season", args=[season.pk]),
        "club": reverse("drives:club", args=[club.slug]),
        "home": reverse("drives:home"),
        "player": reverse("drives:player", args=[players[0].pk]),
    }

    def read(pages):
        return {name: CSRF_TOKEN.sub("", client.get(url).text) for name, url in pages.items()}

    before = read(pages)
    assert "2 drives played." in before["season"]
    assert "Winter Drive" in before["club"] and "Winter Drive" in before["player"]
    assert "Spring Drive" in before["home"]

    organiser_client.post(cancel_url(second))
    organiser_client.post(cancel_url(upcoming))
    after = read(pages)
    assert "1 drive played." in after["season"]
    for name in ("club", "player", "season"):
        assert "Winter Drive" not in after[name], name
    assert "Spring Drive" not in after["home"] and "Spring Drive" not in after["club"]
    # The organisers still find it, to restore it.
    assert "Winter Drive" in organiser_client.get(pages["club"]).text

    organiser_client.post(reverse("drives:restore", args=[second.pk]))
    organiser_client.post(reverse("drives:restore", args=[upcoming.pk]))
    assert read(pages) == before


def test_the_admin_shows_a_members_consent_but_leaves_it_to_the_members_page(admin_client, club):
    player = Player.objects.create(club=club, name="New Member")
    data = player_form(player, club) | {"results_consent_at_0": "2026-12-01", "email": "a@b.org"}
    admin_client.post(admin_url(Player, "change", player.pk), data)
    player.refresh_from_db()
    assert player.email == "a@b.org" and player.results_consent_at is None
