"""The home page's clubs and a club's drives, a page at a time: a site of a thousand clubs,
each with years of drives, answers as fast and in as few queries as a site of three."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from drives.league.views.clubs import CLUBS_A_PAGE, DRIVES_A_PAGE
from drives.models import Club, Drive, DriveStatus
from tests.conftest import make_club, make_drive

pytestmark = pytest.mark.django_db

HOME = reverse("drives:home")


def make_clubs(count: int, *, town: str = "Leeds", prefix: str = "Club") -> list[Club]:
    return Club.objects.bulk_create(
        Club(name=f"{prefix} {n:04d}", slug=f"{prefix.lower()}-{n:04d}", town=town)
        for n in range(count)
    )


def make_drives(club: Club, count: int, *, status=DriveStatus.FINISHED) -> list[Drive]:
    first = dt.date(2020, 1, 4)
    return Drive.objects.bulk_create(
        Drive(club=club, title=f"Drive {n:03d}", date=first + dt.timedelta(weeks=n), status=status)
        for n in range(count)
    )


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def test_the_home_page_shows_the_clubs_a_page_at_a_time(client):
    make_clubs(CLUBS_A_PAGE * 2 + 5)

    first = client.get(HOME)
    last = client.get(HOME, {"page": 3})

    assert first.text.count('class="card"') == CLUBS_A_PAGE
    assert "Club 0000" in first.text and f"Club {CLUBS_A_PAGE:04d}" not in first.text
    assert "Page 1 of 3" in first.text and "?page=2" in first.text
    assert "Previous page" not in first.text
    assert last.text.count('class="card"') == 5 and "Club 0044" in last.text
    assert "Next page" not in last.text


def test_a_page_past_the_end_shows_the_last_one(client):
    make_clubs(CLUBS_A_PAGE + 1)

    for page in ("9", "nonsense"):
        response = client.get(HOME, {"page": page})
        assert response.status_code == 200
        assert response.text.count('class="card"') in (1, CLUBS_A_PAGE)


def test_the_search_finds_clubs_by_name_or_town_and_pages_keep_it(client):
    make_clubs(CLUBS_A_PAGE + 3, town="Harrogate", prefix="Spa")
    make_club(name="Hollybush Whist Club", slug="hollybush")
    make_clubs(3, town="Leeds")

    by_name = client.get(HOME, {"q": "hollyBUSH"})
    by_town = client.get(HOME, {"q": "harrogate"})

    assert by_name.text.count('class="card"') == 1 and "Hollybush Whist Club" in by_name.text
    assert 'value="hollyBUSH"' in by_name.text and "Show every club" in by_name.text
    assert by_town.text.count('class="card"') == CLUBS_A_PAGE and "Leeds" not in by_town.text
    assert "?q=harrogate&amp;page=2" in by_town.text
    second = client.get(HOME, {"q": "harrogate", "page": 2})
    assert second.text.count('class="card"') == 3


def test_a_search_that_finds_nothing_says_so_in_the_page_language(client):
    make_clubs(2)

    english = client.get(HOME, {"q": "Zanzibar"})
    french = client.get("/fr/", {"q": "Zanzibar"})

    assert "No club’s name or town contains “Zanzibar”." in english.text
    assert "Aucun club ne contient «\u202fZanzibar\u202f» dans son nom ou sa ville." in french.text


def test_the_home_page_costs_the_same_queries_for_3_clubs_as_for_300(client):
    counts = []
    for count in (3, 300):
        Club.objects.all().delete()
        for club in make_clubs(count):
            if club.pk % 7 == 0:
                make_drives(club, 4)
                make_drives(club, 2, status=DriveStatus.PLANNED)
        counts.append((queries(client, HOME), queries(client, f"{HOME}?q=club&page=2")))

    assert counts[0][0] == counts[1][0] <= 4
    assert counts[1][1] <= 4


def test_a_clubs_drives_come_a_page_at_a_time_newest_first(client):
    club = make_club(name="Busy Club", slug="busy")
    make_drives(club, DRIVES_A_PAGE + 5)

    first = client.get(club.get_absolute_url())
    second = client.get(club.get_absolute_url(), {"page": 2})

    newest = f"Drive {DRIVES_A_PAGE + 4:03d}"
    row = "</a></td>"  # a row of the list, not the last drive named above it
    assert newest + row in first.text and "Drive 000" + row not in first.text
    assert "Page 1 of 2" in first.text
    assert "Drive 000" + row in second.text and "Drive 004" + row in second.text
    assert newest + row not in second.text


def test_a_club_page_costs_the_same_queries_for_5_drives_as_for_250(client):
    counts = []
    for count in (5, 250):
        club = make_club()
        make_drives(club, count)
        make_drive(club, title="Next one", date=dt.date(2099, 1, 1))
        counts.append(queries(client, club.get_absolute_url()))

    assert counts[0] == counts[1]
