"""The 403, 404 and 500 pages: styled, in the page's language, saying what to do next;
the 500 (a 503 when the database is away) renders without the database or the session."""

from unittest import mock

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import make_club, make_drive, make_user

pytestmark = pytest.mark.django_db


def in_french(name, *args):
    with translation.override("fr"):
        return reverse(name, args=args)


def test_a_missing_page_is_styled_and_points_home(client):
    response = client.get("/drives/999999/")
    assert response.status_code == 404
    assert '<header class="site-header">' in response.text
    assert "There is no such page" in response.text
    assert 'href="/"' in response.text
    assert "Organisers: log in" in response.text


def test_a_missing_page_speaks_the_pages_language(client):
    response = client.get("/fr/drives/999999/")
    assert response.status_code == 404
    assert '<html lang="fr">' in response.text
    assert "Cette page n’existe pas" in response.text
    assert 'href="/fr/"' in response.text


def test_a_stranger_is_told_whose_page_it_is_and_how_to_get_in(client, club):
    stranger = make_user("mallory")
    make_club(organiser=stranger)
    client.force_login(stranger)
    url = reverse("drives:player_list", args=[club.slug])
    response = client.get(url)
    assert response.status_code == 403
    assert '<header class="site-header">' in response.text
    assert "You are logged in as mallory, who is not an organiser of this club" in response.text
    assert f'href="/accounts/login/?next={url}"' in response.text
    assert "Go to the home page" in response.text
    french = client.get(in_french("drives:player_list", club.slug))
    assert french.status_code == 403
    assert "Vous êtes connecté" in french.text


def test_during_a_database_outage_every_page_is_a_styled_503_in_its_language(club, organiser):
    browser = Client(raise_request_exception=False)
    browser.force_login(organiser)  # a session to load from the database, too
    url = in_french("drives:club", club.slug)
    outage = OperationalError("could not connect to server: Connection refused")
    with mock.patch.object(BaseDatabaseWrapper, "cursor", side_effect=outage) as cursor:
        response = browser.get(url)
    assert cursor.called, "the page did try the database"
    # Had the error page itself read the database or the session, it would have failed too.
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert '<html lang="fr">' in response.text
    assert "Réessayer" in response.text
    assert f'href="{url}"' in response.text
    assert "Server Error" not in response.text


def test_a_fault_in_a_page_is_a_styled_500_that_offers_a_retry(club):
    browser = Client(raise_request_exception=False)
    drive = make_drive(club)
    with mock.patch(
        "drives.evening.views.drive_page.render_drive_page", side_effect=RuntimeError("bug")
    ):
        response = browser.get(drive.get_absolute_url())
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.text
    assert f'href="{drive.get_absolute_url()}">Try again' in response.text
    assert 'href="/">Go to the home page' in response.text
