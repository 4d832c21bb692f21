"""The organiser's evening pages as a first-time organiser meets them (issue 15)."""

import re
from html import unescape

import pytest
from django.urls import reverse

from drives.evening import services
from drives.models import ResultChange, TableResult
from tests.conftest import make_drive, make_entries, make_players

pytestmark = pytest.mark.django_db


def started_drive(club, players=8, **fields):
    drive = make_drive(club, **fields)
    make_entries(drive, make_players(club, players))
    services.drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


# --- point 13: a favicon and titles that say where you are -------------------------------


def test_it_serves_a_favicon_instead_of_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
    assert 'rel="icon"' in client.get("/").text


def test_page_titles_say_where_you_are(client, club, organiser):
    drive = started_drive(club, title="Christmas Drive", deals=8, movement="individual")
    client.force_login(organiser)
    title = "<title>Round 1 of 8 · Christmas Drive</title>"
    assert title in client.get(reverse("drives:round", args=[drive.pk, 1])).text
    assert (
        "<title>Standings · Christmas Drive, 4 Dec 2026</title>"
        in client.get(reverse("drives:standings", args=[drive.pk])).text
    )
    assert (
        "<title>Christmas Drive, 4 Dec 2026 · Hollybush Whist Club</title>"
        in client.get(drive.get_absolute_url()).text
    )
    assert (
        "<title>Set up a drive · Hollybush Whist Club</title>"
        in client.get(reverse("drives:drive_new", args=[club.slug])).text
    )


# --- point 12: the language in the address -------------------------------------------------


@pytest.mark.parametrize(
    ("prefix", "lang", "word"), [("", "en-gb", "Standings"), ("/fr", "fr", "Classement")]
)
def test_the_language_is_in_the_address(client, club, prefix, lang, word):
    drive = started_drive(club, deals=8, movement="individual")
    response = client.get(f"{prefix}/drives/{drive.pk}/standings/")
    assert response.status_code == 200 and response["Content-Language"] == lang
    assert word in response.text
    # Links on the page keep the reader in their language.
    assert f'href="{prefix}/drives/{drive.pk}/"' in response.text


def test_a_hungarian_address_serves_hungarian_whatever_the_cookie(client, club):
    client.cookies["django_language"] = "fr"
    response = client.get(f"/hu/clubs/{club.slug}/")
    assert response.status_code == 200 and response["Content-Language"] == "hu"


# --- points 6, 7, 9 and 12: the round page -------------------------------------------------


def post_round(client, drive, number, data):
    return client.post(reverse("drives:round", args=[drive.pk, number]), data)


def test_a_refused_table_keeps_what_was_typed_beside_its_error(client, club, organiser):
    drive = started_drive(club, players=12, deals=8, deals_per_round=2, movement="individual")
    client.force_login(organiser)
    data = {"t1_v": 0, "t1_d1": 8, "t1_d2": 5, "t2_v": 0, "t2_d1": 7, "t2_d2": "x"}
    data |= {"t3_v": 0, "t3_d1": 14, "t3_d2": 6}
    response = post_round(client, drive, 1, data)
    assert response.status_code == 200  # shown again, not redirected to an empty sheet
    assert set(TableResult.objects.values_list("table", flat=True)) == {1}
    page = response.text
    # Table 2's valid box keeps its 7; the bad one its text and the error beside it.
    assert 'name="t2_d1" value="7"' in page and 'name="t2_d2" value="x"' in page
    assert 'class="card has-errors" id="table-2"' in page
    assert 'class="card has-errors" id="table-3"' in page and 'name="t3_d1" value="14"' in page
    assert "Table 2 not saved: Deal 2, N–S tricks: Enter a whole number." in page
    assert "Table 2 not saved: Table 2" not in page and "None:" not in page
    assert "Table 3: N–S tricks must be a whole number from 0 to 13, not 14" in page
    # The saved table now carries its version: posting the page again does not refuse it.
    assert 'name="t1_v" value="1"' in page
    data |= {"t1_v": 1, "t2_d2": 6, "t3_d1": 7}
    response = post_round(client, drive, 1, data)
    assert response.status_code == 302
    assert TableResult.objects.filter(drive=drive).count() == 6


def test_saved_counts_only_the_tables_that_changed(client, club, organiser):
    drive = started_drive(club, players=12, deals=8, movement="individual")
    client.force_login(organiser)
    post_round(client, drive, 1, {"t1_v": 0, "t1_d1": 8, "t2_v": 0, "t2_d1": 6})
    data = {"t1_v": 1, "t1_d1": 8, "t2_v": 1, "t2_d1": 6, "t3_v": 0, "t3_d1": 9}
    response = client.post(reverse("drives:round", args=[drive.pk, 1]), data, follow=True)
    assert "Saved 1 table." in response.text
    response = client.post(reverse("drives:round", args=[drive.pk, 1]), data, follow=True)
    assert "Nothing to save: no table's figures changed." in unescape(response.text)
    assert "Saved" not in response.text
    assert not ResultChange.objects.exists()


def test_a_missing_version_does_not_read_none(client, club, organiser):
    drive = started_drive(club, players=8, deals=8, movement="individual")
    client.force_login(organiser)
    response = post_round(client, drive, 1, {"t1_v": "abc", "t1_d1": 8})
    assert "None:" not in response.text
    assert "Table 1 not saved: The page's version (reload the page)" in unescape(response.text)


def test_a_round_level_on_tricks_says_how_it_was_decided(client, club, organiser):
    drive = started_drive(club, players=8, deals=8, deals_per_round=2, movement="progressive")
    client.force_login(organiser)
    post_round(client, drive, 1, {"t1_v": 0, "t1_d1": 6, "t1_d2": 7, "t2_v": 0})
    page = client.get(reverse("drives:round", args=[drive.pk, 1])).text
    assert "Level on tricks, 13–13: the pair that won the last deal wins the round." in page
    assert "N–S won the round." in page
    assert page.count('class="tie"') == 1  # table 2 has no result yet


@pytest.mark.parametrize(
    ("prefix", "letters"), [("", "NESW"), ("/fr", "NESO"), ("/hu", ["É", "K", "D", "Ny"])]
)
def test_seats_are_lettered_in_the_readers_language(client, club, prefix, letters):
    drive = started_drive(club, players=8, deals=8, movement="individual")
    page = client.get(f"{prefix}/drives/{drive.pk}/rounds/1/").text
    assert re.findall(r"<tr><th>([^<]+)</th><td>", page)[:4] == list(letters)
