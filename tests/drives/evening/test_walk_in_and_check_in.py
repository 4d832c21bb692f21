"""The walk-in's seat role and the check-in list's tools, as the first full evening found them."""

import pytest
from django.urls import reverse

from drives.models import Entry, Player
from tests.conftest import make_drive, make_players

pytestmark = pytest.mark.django_db


def test_a_walk_in_has_no_seat_role_until_the_organiser_chooses_one(client, club, organiser):
    drive = make_drive(club)
    client.force_login(organiser)
    page = client.get(drive.get_absolute_url())
    form = page.text.split('id="walk-in"')[1].split("</form>")[0]
    assert 'name="role" value="lady"' in form
    assert "checked" not in form

    refused = client.post(reverse("drives:walk_in", args=[drive.pk]), {"name": "Nora Newcomer"})
    assert refused.status_code == 400
    assert "Choose the player&#x27;s seat role: lady, gent or either." in refused.text
    assert not Player.objects.filter(name="Nora Newcomer").exists()
    assert not Entry.objects.exists()

    client.post(
        reverse("drives:walk_in", args=[drive.pk]), {"name": "Nora Newcomer", "role": "gent"}
    )
    assert Player.objects.get(name="Nora Newcomer").role == "gent"


def test_tick_everyone_comes_before_the_member_list(client, club, organiser):
    drive = make_drive(club)
    make_players(club, 40)
    client.force_login(organiser)
    page = client.get(drive.get_absolute_url()).text
    form = page.split('id="check-in"')[1]
    assert form.index('id="tick-all"') < form.index('name="present"')
