"""The club's coming drives as an iCalendar feed, its finished drives as an Atom feed."""

import datetime as dt
import xml.etree.ElementTree as ET

import icalendar
import pytest
from django.urls import reverse
from django.utils import timezone

from drives.management.commands.simulate_drive import simulate
from drives.models import DriveStatus
from tests.conftest import make_drive, make_players

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"


def test_the_calendar_lists_the_coming_drives_as_all_day_events(client, club, settings):
    settings.SITE_URL = "https://whist.example.org"
    club.venue = "Village Hall"
    club.save()
    today = timezone.localdate()
    coming = make_drive(club, title="Christmas Drive", date=today + dt.timedelta(days=10))
    elsewhere = make_drive(
        club, title="Summer Drive", date=today + dt.timedelta(days=40), venue="Red Lion"
    )
    make_drive(club, title="Old Drive", date=today - dt.timedelta(days=3))
    make_drive(club, title="Called Off", date=today + dt.timedelta(days=5), status="cancelled")

    response = client.get(reverse("drives:club_calendar", args=[club.slug]))

    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = icalendar.Calendar.from_ical(response.content)
    events = {str(event["summary"]): event for event in calendar.walk("VEVENT")}
    assert set(events) == {"Christmas Drive", "Summer Drive"}
    christmas = events["Christmas Drive"]
    assert christmas.decoded("dtstart") == coming.date
    assert christmas.decoded("dtend") == coming.date + dt.timedelta(days=1)
    assert str(christmas["location"]) == "Village Hall"
    assert str(christmas["uid"]) == f"drive-{coming.pk}@whist.example.org"
    assert str(christmas["url"]).endswith(f"/drives/{coming.pk}/")
    assert str(events["Summer Drive"]["location"]) == "Red Lion"
    assert str(events["Summer Drive"]["uid"]) == f"drive-{elsewhere.pk}@whist.example.org"
    assert str(calendar["x-wr-calname"]) == "Hollybush Whist Club"


def test_an_unknown_club_has_no_feeds(client):
    assert client.get(reverse("drives:club_calendar", args=["nowhere"])).status_code == 404
    assert client.get(reverse("drives:club_results_feed", args=["nowhere"])).status_code == 404


def played(club, title, date):
    drive = make_drive(club, title=title, deals=4, date=date)
    simulate(drive)
    drive.refresh_from_db()
    return drive


def test_the_atom_feed_lists_finished_drives_newest_first_with_their_top_three(client, club):
    make_players(club, 8)
    autumn = played(club, "Autumn Drive", dt.date(2026, 10, 2))
    winter = played(club, "Winter Drive", dt.date(2026, 11, 6))
    make_drive(club, title="Coming Drive", date=dt.date(2026, 12, 4))

    response = client.get(reverse("drives:club_results_feed", args=[club.slug]))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    assert feed.find(f"{ATOM}title").text == "Hollybush Whist Club: results"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}title").text for e in entries] == ["Winter Drive", "Autumn Drive"]
    link = entries[0].find(f"{ATOM}link").get("href")
    assert link.endswith(reverse("drives:standings", args=[winter.pk]))
    summary = entries[1].find(f"{ATOM}summary").text
    assert summary.startswith("1. Player ") and summary.count("points") == 3
    assert autumn.status == DriveStatus.FINISHED


def test_the_atom_feed_reads_in_the_same_queries_whatever_the_number_of_drives(
    client, club, django_assert_num_queries
):
    make_players(club, 8)
    played(club, "Autumn Drive", dt.date(2026, 10, 2))
    url = reverse("drives:club_results_feed", args=[club.slug])
    client.get(url)  # fills the summaries' cache, as finishing does
    with django_assert_num_queries(7):  # club, drives, 4 for their summaries, players
        client.get(url)
    played(club, "Winter Drive", dt.date(2026, 11, 6))
    played(club, "Spring Drive", dt.date(2027, 3, 5))
    client.get(url)
    with django_assert_num_queries(7):
        assert client.get(url).content.count(b"<entry>") == 3


def test_the_club_page_links_both_feeds(client, club):
    page = client.get(reverse("drives:club", args=[club.slug])).text
    calendar = reverse("drives:club_calendar", args=[club.slug])
    atom = reverse("drives:club_results_feed", args=[club.slug])
    assert f'<link rel="alternate" type="text/calendar" href="{calendar}"' in page
    assert f'<link rel="alternate" type="application/atom+xml" href="{atom}"' in page
    assert f'<a href="{calendar}">coming drives for your calendar</a>' in page
    assert f'<a href="{atom}">results as a news feed</a>' in page


def test_a_compass_drive_heads_the_feed_and_the_club_page_with_each_fields_pairs(
    client, club, organiser
):
    from drives.evening.lifecycle import drive_finish
    from tests.drives.boards.conftest import make_compass_drive
    from tests.drives.boards.test_boards_play import play_all
    from tests.drives.boards.test_boards_prizes import tricks

    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6, method="matchpoints")
    play_all(drive, tricks)
    drive_finish(drive=drive)

    feed = ET.fromstring(client.get(reverse("drives:club_results_feed", args=[club.slug])).content)
    summary = feed.find(f"{ATOM}entry").find(f"{ATOM}summary").text
    lines = summary.split("; ")
    # Three pairs a field, each pair once with both its players, never trick points.
    assert len(lines) == 6 and "points" not in summary
    assert "1 E–W. Player 009 & Player 010, 58.33%" in lines
    assert sum(line.startswith("1 N–S. ") for line in lines) == 1

    page = client.get(reverse("drives:club", args=[club.slug])).text
    top = page.split('<ol class="leaders">')[1].split("</ol>")[0]
    assert top.count("<li>") == 6
    assert "(E–W)" in top and "Player 009</a> &amp; <a" in top and "58.33%" in top
