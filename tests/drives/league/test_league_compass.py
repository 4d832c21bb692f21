"""A season with compass drives in it: placings per field, pairs holding one place, and
the league rule that averages percentages."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.cache import cache

from bench.league import play_drive
from drives.evening.lifecycle import drive_finish
from drives.league.records import SeasonData, season_league
from drives.models import LeagueRule, Season
from tests.conftest import make_drive, make_players, make_season
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all
from tests.drives.boards.test_boards_prizes import tricks
from tests.drives.league.test_league_pages import count_queries, season_url

pytestmark = pytest.mark.django_db


def compass_in(season, organiser, *, day=4, **fields):
    """A finished six-pair compass Mitchell of the season (matchpoints unless told)."""
    fields.setdefault("method", "matchpoints")
    drive = make_compass_drive(
        season.club,
        organiser,
        pairs=6,
        boards=6,
        deals=6,
        season=season,
        title=f"Boards {day}",
        date=dt.date(2026, 9, day),
        **fields,
    )
    play_all(drive, tricks)
    drive_finish(drive=drive)
    return drive


def figures(season):
    league = season_league(SeasonData.load(Season.objects.get(pk=season.pk)))
    return {line.player.name: line.row.figure for line in league.lines}, league


def test_placing_points_go_to_each_fields_winners_and_both_partners(client, club, organiser):
    season = make_season(club, league_rule=LeagueRule.PLACING)
    drive = compass_in(season, organiser)
    by_name, _ = figures(season)
    # N–S: pair 3 (cards 5, 6) 1st, pair 2 2nd, pair 1 3rd; E–W: pair 5, pair 4, pair 6.
    assert by_name["Player 005"] == by_name["Player 006"] == 10
    assert by_name["Player 009"] == by_name["Player 010"] == 10
    assert by_name["Player 003"] == by_name["Player 007"] == 8
    assert by_name["Player 001"] == by_name["Player 011"] == 6
    # The player's page places them among the three pairs of their field.
    winner = drive.entries.get(card_number=9).player
    text = " ".join(client.get(winner.get_absolute_url()).text.split())
    assert "Place <strong>1</strong> of 3 with <strong>58.33</strong> points." in text


def test_the_percentage_league_averages_percentages_and_names_the_drives_left_out(
    client, club, organiser
):
    season = make_season(club, league_rule=LeagueRule.PERCENTAGE)
    compass_in(season, organiser, day=4)
    classic = make_drive(club, season=season, title="Classic", date=dt.date(2026, 9, 11), deals=4)
    play_drive(classic, make_players(club, 8), seed=1)
    compass_in(season, organiser, day=18, method="compass")  # scores, not percentages
    by_name, league = figures(season)

    # One drive with a percentage each: the pair's, for both partners.
    assert by_name["Player 005"] == by_name["Player 006"] == Decimal("95.83")
    assert by_name["Player 011"] == Decimal("41.67")
    assert all(0 <= figure <= 100 for figure in by_name.values())
    assert [drive.title for drive in league.uncounted] == ["Classic", "Boards 18"]
    text = " ".join(client.get(season_url(season)).text.split())
    assert "Ranked on the average of each player's percentages" in text
    assert "Not counted, as they give no percentages:" in text
    assert ">Classic</a> (" in text and ">Boards 18</a> (" in text
    assert "<th" in text and "Percentage" in text and "95.83" in text


def test_compass_drives_cost_the_league_the_same_queries_however_many(client, organiser, club):
    counts = []
    for drives in (1, 3):
        season = make_season(club, name=f"Season of {drives}", league_rule=LeagueRule.PLACING)
        for day in range(drives):
            compass_in(season, organiser, day=4 + 7 * day)
        cache.clear()
        cold = count_queries(client, season_url(season))
        counts.append((cold, count_queries(client, season_url(season))))
    assert counts[0] == counts[1]
    cold, warm = counts[0]
    # Cold: the rows of the drives not yet summarised, and the compass drives' board plans.
    assert cold - warm == 5
