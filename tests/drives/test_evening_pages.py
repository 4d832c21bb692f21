"""The organiser's evening pages as a first-time organiser meets them (issue 15)."""

import pytest
from django.urls import reverse

from drives.evening import services
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
