"""The hall display of a compass drive: its leading pairs, field by field, never players
ranked on trick points."""

import pytest
from django.urls import reverse

from drives.models import Drive
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all
from tests.drives.boards.test_boards_prizes import tricks

pytestmark = pytest.mark.django_db


def hall_text(client, drive):
    response = client.get(reverse("drives:hall", args=[drive.pk]))
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_a_mitchells_hall_shows_the_leading_pairs_of_each_field(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6, method="matchpoints")
    play_all(drive, tricks)
    text = hall_text(client, drive)
    assert "North–South pairs" in text and "East–West pairs" in text
    # Each field's leader at the top of its list, the pair on one line with its percentage
    # (by card: their names show once they have finished a drive).
    north = text[text.index("North–South pairs") : text.index("East–West pairs")]
    assert '<span class="rank">1</span> <span class="name">Card 5 &amp; Card 6' in north
    assert '<span class="points">95.83%</span>' in north
    east = text[text.index("East–West pairs") :]
    assert '<span class="rank">1</span> <span class="name">Card 9 &amp; Card 10' in east


def test_a_howells_hall_shows_one_field_and_hidden_standings_stay_hidden(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6, movement="howell")
    play_all(drive, tricks)
    text = hall_text(client, drive)
    assert "All pairs" in text and "North–South pairs" not in text
    Drive.objects.filter(pk=drive.pk).update(standings_hidden_after=0)
    text = hall_text(client, Drive.objects.get(pk=drive.pk))
    assert "All pairs" not in text and "Card 1 &amp;" not in text


def test_the_hall_says_where_each_tables_boards_go_next(client, club, organiser):
    # Four tables, skip Mitchell: N–S stay, E–W move up a table, the boards down one.
    drive = make_compass_drive(club, organiser, pairs=8, boards=8)
    moves = hall_text(client, drive).split('<ul class="hall-moves">')[1].split("</ul>")[0]
    lines = moves.split("<li>")[1:]
    expected = {1: 4, 2: 1, 3: 2, 4: 3}
    for table, line in zip(sorted(expected), lines, strict=True):
        assert line.startswith(f"<strong>Table {table}:</strong>")
        assert f"boards → table {expected[table]}</span>" in line
    assert "E → 2E" in lines[0]  # the E–W pair moves up as the boards move down
