"""The drive form shows the chosen game's own settings only, and keeps no other game's."""

import re

import pytest
from django.urls import reverse

from drives.models import Drive
from tests.conftest import drive_form, make_drive

pytestmark = pytest.mark.django_db


def row_of(page, name):
    """The form's row (its <p> tag and attributes) holding the field ``name``."""
    return re.search(rf'<p([^>]*)>\s*<label for="id_{name}"', page).group(1)


def test_a_classic_drive_form_hides_bid_whists_settings(client, club, organiser):
    client.force_login(organiser)
    page = client.get(reverse("drives:drive_new", args=[club.slug])).text
    for name in ("minimum_bid", "boston_bonus", "no_trumps_double"):
        assert row_of(page, name) == ' data-game="bid" hidden'
    assert "hidden" not in row_of(page, "honours")
    assert "js/drive_form.js" in page

    bid = make_drive(club, game="bid")
    page = client.get(reverse("drives:drive_edit", args=[bid.pk])).text
    assert row_of(page, "minimum_bid") == ' data-game="bid"'


def test_a_classic_drive_keeps_no_bid_whist_setting_posted(client, club, organiser):
    client.force_login(organiser)
    posted = drive_form(game="classic", minimum_bid=4, boston_bonus=3, no_trumps_double="on")
    response = client.post(reverse("drives:drive_new", args=[club.slug]), posted)
    assert response.status_code == 302
    drive = Drive.objects.get()
    assert (drive.minimum_bid, drive.boston_bonus, drive.no_trumps_double) == (1, 0, False)
