"""A club's settings, changed by its organisers: its name, where it plays, how players are
named in public and four-colour suits on its pages and sheets."""

import pytest
from django.urls import reverse

from drives.models import ClubRole
from tests.conftest import make_club, make_user

pytestmark = pytest.mark.django_db


def settings_form(**overrides):
    data = {
        "name": "Hollybush Whist Club",
        "town": "Little Bramley",
        "venue": "The Village Hall",
        "player_names": "full",
        "four_colour_suits": "on",
        "currency": "GBP",
    }
    return data | overrides


def test_an_organiser_sets_the_currency_the_clubs_money_is_kept_in(client, club, organiser):
    client.force_login(organiser)
    url = reverse("drives:club_settings", args=[club.slug])

    client.post(url, settings_form(currency="HUF"))

    club.refresh_from_db()
    assert club.currency == "HUF"
    assert client.post(url, settings_form(currency="XYZ")).status_code == 200
    club.refresh_from_db()
    assert club.currency == "HUF"


def test_an_organiser_chooses_four_colour_suits_for_the_club(client, club, organiser):
    client.force_login(organiser)
    url = reverse("drives:club_settings", args=[club.slug])
    assert url in client.get(club.get_absolute_url()).text
    assert "Four-colour suits" in client.get(url).text

    response = client.post(url, settings_form(), follow=True)

    club.refresh_from_db()
    assert response.redirect_chain[-1][0] == club.get_absolute_url()
    assert "Saved Hollybush Whist Club." in response.text
    assert (club.four_colour_suits, club.town, club.slug) == (True, "Little Bramley", "hollybush")
    assert 'class="four-colour"' in response.text
    data = settings_form()
    del data["four_colour_suits"]
    client.post(url, data)
    club.refresh_from_db()
    assert club.four_colour_suits is False


def test_a_club_without_a_name_is_refused_and_nothing_changes(client, club, organiser):
    client.force_login(organiser)

    response = client.post(
        reverse("drives:club_settings", args=[club.slug]), settings_form(name="", town="Elsewhere")
    )

    club.refresh_from_db()
    assert response.status_code == 200
    assert "This field is required." in response.text
    assert (club.name, club.town, club.four_colour_suits) == ("Hollybush Whist Club", "", False)


def test_only_the_clubs_organisers_change_its_settings(client, club):
    url = reverse("drives:club_settings", args=[club.slug])
    assert client.get(url).status_code == 302  # to log in
    helper = make_user("helen")
    club.memberships.create(user=helper, role=ClubRole.HELPER)
    other = make_user("otto")
    make_club(organiser=other)
    for user in (helper, other):
        client.force_login(user)
        assert client.post(url, settings_form()).status_code == 403
    club.refresh_from_db()
    assert club.four_colour_suits is False
