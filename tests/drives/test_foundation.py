"""The project runs on a fresh machine: the demo data, the home page, deploy checks."""

import datetime as dt
import os
import secrets
import subprocess
import sys
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from drives import games
from drives.models import Club, Drive, DriveStatus, Entry, Game, Player, Season, TableResult

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_loaddemo_makes_a_club_that_the_home_page_shows(client):
    call_command("loaddemo", stdout=StringIO())
    response = client.get("/")
    assert response.status_code == 200
    club = Club.objects.get()
    assert club.name in response.text
    assert "Christmas Drive" in response.text  # the next drive
    assert "Autumn Drive" in response.text  # the latest finished drive
    assert Player.objects.filter(role="lady").count() == 16
    assert Player.objects.filter(role="gent").count() == 16
    assert Season.objects.count() == 1
    statuses = sorted(Drive.objects.values_list("status", flat=True))
    assert statuses == [DriveStatus.FINISHED] * 3 + [DriveStatus.PLANNED]
    assert Entry.objects.filter(drive__status=DriveStatus.FINISHED).count() == 3 * 32
    # The past drives were played out: 8 tables over 24 deals of classic whist and over
    # 16 hands of bid whist, and their prizes are given.
    finished = Drive.objects.get(status=DriveStatus.FINISHED, game=Game.CLASSIC)
    assert TableResult.objects.filter(drive=finished).count() == 8 * 24
    bid_whist = Drive.objects.get(status=DriveStatus.FINISHED, game=Game.BID)
    assert TableResult.objects.filter(drive=bid_whist, bid_level__isnull=False).count() == 8 * 16
    for drive in (finished, bid_whist):
        standings = client.get(reverse("drives:standings", args=[drive.pk]))
        assert "1st" in standings.text and "Booby" in standings.text
    # And a compass evening on 16 boards the site dealt: 8 tables over 7 rounds of 2, each
    # board travelling to 7 of them (the boards' own hands: tests/drives/boards).
    compass = Drive.objects.get(status=DriveStatus.FINISHED, game=Game.COMPASS)
    game = games.of(compass)
    played = Counter(
        game.boards.board_number(result.round, result.table, result.deal)
        for result in TableResult.objects.filter(drive=compass)
    )
    assert played == dict.fromkeys(range(1, 17), 7)
    standings = client.get(reverse("drives:compass_standings", args=[compass.pk]))
    assert "North–South pairs" in standings.text and "East–West pairs" in standings.text


@pytest.mark.django_db
def test_loaddemo_twice_duplicates_nothing():
    call_command("loaddemo", stdout=StringIO())
    counts = [m.objects.count() for m in (Club, Player, Season, Drive, Entry)]
    call_command("loaddemo", stdout=StringIO())
    assert [m.objects.count() for m in (Club, Player, Season, Drive, Entry)] == counts


@pytest.mark.django_db
def test_home_page_query_count_does_not_grow_with_clubs(client, django_assert_max_num_queries):
    for number in range(5):
        club = Club.objects.create(name=f"Club {number}", slug=f"c{number}")
        for day in range(1, 6):  # more drives than the page lists cost no more queries
            Drive.objects.create(club=club, title="Drive", date=f"2026-12-0{day}")
    with django_assert_max_num_queries(4):  # the clubs, their count for the pages, the drives
        assert client.get("/").status_code == 200


def test_check_deploy_is_clean_with_production_settings():
    # The browser tests allow async-unsafe calls for Playwright; production never does.
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "whist.example.org",
        "EMAIL_HOST": "smtp.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
    # Without a mail server, confirmations and invitations would only reach files.
    del env["EMAIL_HOST"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert (
        "whist.W001" in result.stderr + result.stdout and "EMAIL_HOST is not set" in result.stderr
    )


@pytest.mark.django_db
def test_home_page_lists_each_clubs_next_and_latest_few_drives_only(client):
    club = Club.objects.create(name="Hollybush", slug="hollybush")
    today = dt.date.today()
    for week in range(1, 6):
        Drive.objects.create(
            club=club,
            title=f"Played {week}",
            date=today - dt.timedelta(weeks=week),
            status=DriveStatus.FINISHED,
        )
        Drive.objects.create(
            club=club, title=f"Coming {week}", date=today + dt.timedelta(weeks=week)
        )
    text = client.get("/").text
    assert [f"Coming {week}" in text for week in range(1, 6)] == [True] * 3 + [False] * 2
    assert [f"Played {week}" in text for week in range(1, 6)] == [True] * 3 + [False] * 2
    assert text.index("Coming 1") < text.index("Coming 2") < text.index("Coming 3")
    assert text.index("Played 1") < text.index("Played 2") < text.index("Played 3")
