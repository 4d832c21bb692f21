"""Standings hidden from the players while the drive keeps its suspense; organisers see all."""

import pytest
from django.test import override_settings
from django.urls import reverse

from drives.evening.lifecycle import drive_finish, round_advance
from drives.models import Drive, PrintedSheet, SheetKind
from tests.conftest import drive_form, make_started_drive, make_user, record_tricks

pytestmark = pytest.mark.django_db

HIDDEN = "Standings are hidden until the end of the drive."
DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def played_round_one(club, **fields):
    drive = make_started_drive(club, movement="individual", deals=4, **fields)
    for table in (1, 2):
        record_tricks(drive, 1, table, {1: 9})
    return drive


def public_views(client, drive):
    standings = client.get(reverse("drives:standings", args=[drive.pk]))
    hall = client.get(reverse("drives:hall", args=[drive.pk]))
    return standings, hall


def test_the_players_see_no_standings_while_they_are_hidden(client, club):
    drive = played_round_one(club, standings_hidden_after=0)
    standings, hall = public_views(client, drive)
    assert HIDDEN in standings.text and "<tbody" not in standings.text
    assert HIDDEN in hall.text and 'class="hall-top"' not in hall.text
    for name in ("standings_csv", "results_csv", "results_pdf", "scorecards_pdf"):
        response = client.get(reverse(f"drives:{name}", args=[drive.pk]))
        assert response.status_code == 302
        assert response["Location"] == reverse("drives:standings", args=[drive.pk])
    # A helper of the club is one of the players' side of the screen too.
    client.force_login(make_user())
    assert HIDDEN in client.get(reverse("drives:standings", args=[drive.pk])).text


def test_the_organiser_sees_everything_and_the_hall_still_hides_them(client, club, organiser):
    drive = played_round_one(club, standings_hidden_after=0)
    client.force_login(organiser)
    standings, hall = public_views(client, drive)
    assert HIDDEN not in standings.text and "Player 0" in standings.text
    csv = client.get(reverse("drives:standings_csv", args=[drive.pk]))
    assert csv.status_code == 200 and "Player 0" in csv.content.decode("utf-8-sig")
    # The hall display is the players' screen, whoever opened it.
    assert HIDDEN in hall.text


def test_hidden_after_a_round_shows_them_until_then_and_again_at_the_end(client, club):
    drive = played_round_one(club, standings_hidden_after=1)
    standings, hall = public_views(client, drive)
    assert HIDDEN not in standings.text and "<tbody" in standings.text
    assert HIDDEN not in hall.text and 'class="hall-top"' in hall.text

    round_advance(drive=drive)
    drive.refresh_from_db()
    standings, hall = public_views(client, drive)
    assert HIDDEN in standings.text and HIDDEN in hall.text

    for number in range(2, drive.rounds + 1):
        for table in (1, 2):
            record_tricks(drive, number, table, {number: 7})
        if number < drive.rounds:
            round_advance(drive=drive)
            drive.refresh_from_db()
    drive_finish(drive=drive)
    standings, hall = public_views(client, drive)
    assert HIDDEN not in standings.text and "<tbody" in standings.text


def test_the_drive_form_sets_when_the_standings_hide(client, club, organiser):
    client.force_login(organiser)
    url = reverse("drives:drive_new", args=[club.slug])
    page = client.get(url).text
    assert "Hidden from the start until the end" in page
    refused = client.post(url, drive_form(deals=4, standings_hidden_after=4))
    assert "The drive has 4 rounds: hide the standings after an earlier one." in refused.text
    assert not Drive.objects.exists()
    client.post(url, drive_form(deals=4, standings_hidden_after=2))
    assert Drive.objects.get().standings_hidden_after == 2
    client.post(url, drive_form(title="Open drive"))
    assert Drive.objects.get(title="Open drive").standings_hidden_after is None


def test_the_organiser_shows_the_standings_before_the_end(client, club, organiser):
    drive = played_round_one(club, standings_hidden_after=0)
    client.force_login(organiser)
    page = client.get(reverse("drives:standings", args=[drive.pk])).text
    assert "The players do not see these standings until the end of the drive." in page
    response = client.post(reverse("drives:standings_show", args=[drive.pk]), follow=True)
    assert "The players see the standings now." in response.text
    drive.refresh_from_db()
    assert drive.standings_hidden_after is None
    again = client.post(reverse("drives:standings_show", args=[drive.pk]), follow=True)
    assert "The players already saw the standings." in again.text
    client.logout()
    standings, hall = public_views(client, drive)
    assert HIDDEN not in standings.text and "<tbody" in standings.text
    assert 'class="hall-top"' in hall.text


def test_only_an_organiser_shows_the_standings(client, club):
    drive = played_round_one(club, standings_hidden_after=0)
    client.force_login(make_user())
    client.post(reverse("drives:standings_show", args=[drive.pk]))
    drive.refresh_from_db()
    assert drive.standings_hidden_after == 0


@override_settings(TASKS=DUMMY)
def test_a_printed_sheet_of_scores_stays_the_organisers_by_its_own_address_too(
    client, club, organiser
):
    # Sheet numbers run in order: a player could guess the organiser's results sheet's.
    drive = played_round_one(club, standings_hidden_after=0)
    client.force_login(organiser)
    for name in ("results_pdf", "scorecards_pdf"):
        client.get(reverse(f"drives:{name}", args=[drive.pk]))
    sheets = list(PrintedSheet.objects.filter(drive=drive))
    assert {sheet.kind for sheet in sheets} == {SheetKind.RESULTS, SheetKind.SCORECARDS}
    addresses = [
        reverse(view, args=[drive.pk, sheet.pk])
        for sheet in sheets
        for view in ("drives:sheet", "drives:sheet_status", "drives:sheet_file")
    ]
    assert all(client.get(address).status_code == 200 for address in addresses[:2])
    client.logout()
    assert {client.get(address).status_code for address in addresses} == {404}

    Drive.objects.filter(pk=drive.pk).update(standings_hidden_after=None)
    assert client.get(addresses[0]).status_code == 200
