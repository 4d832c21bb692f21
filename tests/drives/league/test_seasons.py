"""Organisers set up seasons and choose the league rule the table follows."""

import pytest
from django.urls import reverse

from drives.models import Season
from tests.conftest import make_season

pytestmark = pytest.mark.django_db


def season_form(**overrides):
    data = {
        "name": "2026–27",
        "start": "2026-09-01",
        "end": "2027-06-30",
        "league_rule": "total",
        "placing_points": "10,8,6,5,4,3,2,1",
        "minimum_drives": 0,
    }
    return data | overrides


def test_it_creates_a_season_with_its_league_rule(client, club, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("drives:season_new", args=[club.slug]),
        season_form(league_rule="best", best_n=8, by_role="on"),
    )
    season = Season.objects.get()
    assert response["Location"] == season.get_absolute_url()
    assert (season.club, season.league_rule, season.best_n, season.by_role) == (
        club,
        "best",
        8,
        True,
    )
    assert "Change the season" in client.get(season.get_absolute_url()).text


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"end": "2026-08-01"}, "The season ends after it starts."),
        ({"league_rule": "best"}, "Say how many drives count for the best-N rule."),
        (
            {"league_rule": "placing", "placing_points": "10,eight"},
            "Placing points are whole numbers separated by commas",
        ),
    ],
    ids=["ends-before-it-starts", "best-without-n", "placing-points-not-numbers"],
)
def test_it_refuses_a_rule_the_league_cannot_apply(client, club, organiser, overrides, message):
    client.force_login(organiser)
    response = client.post(reverse("drives:season_new", args=[club.slug]), season_form(**overrides))
    assert response.status_code == 200
    assert message in response.text
    assert not Season.objects.exists()


def test_changing_the_rule_changes_the_table(client, club, organiser):
    season = make_season(club)
    client.force_login(organiser)
    client.post(
        reverse("drives:season_edit", args=[season.pk]),
        season_form(league_rule="average", minimum_drives=3),
    )
    season.refresh_from_db()
    assert (season.league_rule, season.minimum_drives) == ("average", 3)
