"""The drive's usual standings page sends a compass drive to its boards standings: points
added up table by table would rank the pairs wrongly, and hidden standings stay hidden."""

import pytest
from django.urls import reverse

from drives.models import Drive
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db

HIDDEN = "Standings are hidden until the end of the drive."


@pytest.mark.parametrize("name", ["standings", "standings_csv"])
def test_the_usual_standings_lead_to_the_boards_standings(client, club, organiser, name):
    drive = make_compass_drive(club, organiser, boards=8)
    response = client.get(reverse(f"drives:{name}", args=[drive.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("drives:compass_standings", args=[drive.pk])
    page = client.get(reverse(f"drives:{name}", args=[drive.pk]), follow=True)
    assert "North–South pairs" in page.text and "East–West pairs" in page.text


def test_hidden_standings_stay_hidden_on_the_boards_standings(client, club, organiser):
    drive = make_compass_drive(club, organiser, boards=8)
    Drive.objects.filter(pk=drive.pk).update(standings_hidden_after=0)
    response = client.get(reverse("drives:compass_standings", args=[drive.pk]), follow=True)
    assert HIDDEN in response.text
    assert "North–South pairs" not in response.text
    client.force_login(organiser)  # the organisers see them still
    response = client.get(reverse("drives:compass_standings", args=[drive.pk]))
    assert response.status_code == 200 and "North–South pairs" in response.text
