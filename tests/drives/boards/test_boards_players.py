"""A compass drive keeps its pairs once the boards travel: a re-plan would re-seat the pairs
while the boards stay with the tables, so a pair could meet a board twice."""

import pytest
from django.urls import reverse
from django.utils import translation

from drives.models import Seating
from tests.conftest import make_player
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db

REFUSED = (
    "A drive on boards keeps its movement: once the boards are travelling, "
    "no pair can join or leave."
)


def seats(drive):
    return sorted(
        Seating.objects.filter(drive=drive).values_list("round", "table", "seat", "entry")
    )


def test_a_late_arrival_is_refused_and_nothing_changes(client, club, organiser):
    drive = make_compass_drive(club, organiser, boards=8)
    before = seats(drive)
    player = make_player(club, name="Late Lena")
    client.force_login(organiser)
    response = client.post(
        reverse("drives:late_arrival", args=[drive.pk]), {"player": player.pk}, follow=True
    )
    assert response.status_code == 200
    assert REFUSED in response.text
    assert not drive.entries.filter(player=player).exists()
    assert seats(drive) == before


def test_a_withdrawal_is_refused_and_nothing_changes(client, club, organiser):
    drive = make_compass_drive(club, organiser, boards=8)
    before = seats(drive)
    leaver = drive.entries.order_by("card_number").first()
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    assert REFUSED in response.text
    leaver.refresh_from_db()
    assert leaver.withdrew_after is None
    assert seats(drive) == before


def test_before_the_start_players_still_come_and_go(client, club, organiser):
    drive = make_compass_drive(club, organiser, boards=8, start=False)
    leaver = drive.entries.order_by("card_number").first()
    client.force_login(organiser)
    client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    assert not drive.entries.filter(pk=leaver.pk).exists()


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Un tournoi sur étuis garde son mouvement"),
        ("hu", "A táblás verseny megtartja a mozgását"),
    ],
)
def test_the_refusal_is_translated(client, club, organiser, language, text):
    drive = make_compass_drive(club, organiser, boards=8)
    player = make_player(club, name="Late Lena")
    client.force_login(organiser)
    with translation.override(language):
        url = reverse("drives:late_arrival", args=[drive.pk])
    response = client.post(url, {"player": player.pk}, follow=True, HTTP_ACCEPT_LANGUAGE=language)
    assert text in response.text
