"""The season's league (page and CSV), a player's page and the club's page."""

import csv
import datetime as dt
import io
import re
from collections import defaultdict
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.league import play_drive
from drives.league.records import SeasonData, season_league
from drives.models import DriveStatus, LeagueRule, Seating, SeatRole, TableResult
from drives.numbers import figure
from tests.conftest import make_club, make_drive, make_player, make_players, make_season

pytestmark = pytest.mark.django_db


def play_season(club, season, players, drives, *, deals=4, first=dt.date(2026, 9, 4)):
    """``drives`` finished drives a week apart, everyone playing, seated at random."""
    played = []
    for number in range(drives):
        drive = make_drive(
            club,
            season=season,
            title=f"Drive {number + 1}",
            date=first + dt.timedelta(days=7 * number),
            deals=deals,
        )
        play_drive(drive, players, seed=number)
        played.append(drive)
    return played


def season_url(season, query=""):
    return reverse("drives:season", args=[season.pk]) + query


def league_of(season, **kwargs):
    return season_league(SeasonData.load(season), **kwargs)


@pytest.fixture
def season(club):
    return make_season(club, league_rule=LeagueRule.BEST, best_n=2)


@pytest.fixture
def players(club):
    return make_players(club, 8)


@pytest.fixture
def played(club, season, players):
    return play_season(club, season, players, 3)


# The league page


def odd_tricks_by_drive(drives):
    """Each player's points in each drive, worked out from the stored rows alone: everyone
    plays every deal (no sit-out credit), and a side scores its tricks over six."""
    points = defaultdict(lambda: [0] * len(drives))
    for index, drive in enumerate(drives):
        seats = {
            (s.round, s.table, s.seat): s.entry.player_id
            for s in Seating.objects.filter(drive=drive).select_related("entry")
        }
        for result in TableResult.objects.filter(drive=drive):
            won = {"NS": max(0, result.ns_tricks - 6), "EW": max(0, 7 - result.ns_tricks)}
            for seat, side in zip("NESW", ("NS", "EW", "NS", "EW"), strict=True):
                points[seats[result.round, result.table, seat]][index] += won[side]
    return points


def league_row(html, player):
    row = re.search(rf"<tr>(?:(?!</tr>).)*>{re.escape(player.name)}</a>.*?</tr>", html, re.S)
    return row.group(0)


def test_it_shows_the_league_table(client, season, played, players):
    response = client.get(season_url(season))
    assert response.status_code == 200
    assert "League 2026–27" in response.text
    assert "The best 2 drives count; the others are struck through." in response.text
    assert "3 drives played." in response.text
    best_two = {
        player: sum(sorted(values)[1:]) for player, values in odd_tricks_by_drive(played).items()
    }
    for player in players:
        assert player.get_absolute_url() in response.text
        row = league_row(response.text, player)
        figure = re.search(r'<td class="[^"]*\bfig\b[^"]*">([^<]*)</td>', row).group(1)
        assert Decimal(figure) == best_two[player.pk], player.name
    leader = max(players, key=lambda player: best_two[player.pk])
    first_row = response.text.index("<tbody>")
    assert response.text.index(f">{leader.name}</a>", first_row) < min(
        response.text.index(f">{p.name}</a>", first_row)
        for p in players
        if best_two[p.pk] < best_two[leader.pk]
    )


def test_it_strikes_through_the_drives_the_rule_drops(client, season, played, players):
    response = client.get(season_url(season))
    # Three drives, best two count: every player has their lowest drive struck through.
    assert response.text.count("<s>") == 8
    by_drive = odd_tricks_by_drive(played)
    for player in players:
        row = league_row(response.text, player)
        each = re.search(r'<td class="each">(.*?)</td>', row).group(1)
        assert re.findall(r"<s>(\d+)</s>", each) == [str(min(by_drive[player.pk]))], player.name
        assert re.sub(r"</?s>", "", each).split() == [str(v) for v in by_drive[player.pk]]


def test_it_counts_every_drive_under_the_total_rule(client, club, players):
    season = make_season(club, league_rule=LeagueRule.TOTAL)
    play_season(club, season, players, 2)
    response = client.get(season_url(season))
    assert "All points from every drive count." in response.text
    assert "<s>" not in response.text


def test_it_explains_the_placing_rule(client, club, players):
    season = make_season(club, league_rule=LeagueRule.PLACING, placing_points="5, 3,1")
    play_season(club, season, players, 1)
    response = client.get(season_url(season))
    assert "Placing points each drive: 5, 3, 1 for 1st, 2nd, 3rd" in response.text
    assert "Placing points</a></th>" in response.text


def test_it_shows_each_players_climb_since_the_drive_before(client, season, played, players):
    by_drive = odd_tricks_by_drive(played)
    before = {player: sum(values[:2]) for player, values in by_drive.items()}
    now = {player: sum(sorted(values)[1:]) for player, values in by_drive.items()}

    def place(figures, player):  # ties are left out below, so no tie-break is needed
        return 1 + sum(figure > figures[player] for figure in figures.values())

    response = client.get(season_url(season))
    checked = 0
    for player in players:
        if list(before.values()).count(before[player.pk]) > 1:
            continue
        if list(now.values()).count(now[player.pk]) > 1:
            continue
        climb = place(before, player.pk) - place(now, player.pk)
        label = f"▲{climb}" if climb > 0 else f"▼{-climb}" if climb < 0 else "="
        assert f">{label}</span>" in league_row(response.text, player), player.name
        checked += climb != 0
    assert checked  # seeds chosen so that someone moved


def test_it_filters_ladies_and_gents_by_the_players_role(client, club, season, players):
    play_season(club, season, players, 2)
    ladies = [p for p in players if p.role == SeatRole.LADY]
    gents = [p for p in players if p.role == SeatRole.GENT]
    response = client.get(season_url(season, "?role=lady"))
    assert response.status_code == 200
    assert all(p.name in response.text for p in ladies)
    assert not any(p.name in response.text for p in gents)
    assert "Places are those of the overall table." in response.text
    response = client.get(season_url(season, "?role=gent"))
    assert all(p.name in response.text for p in gents)
    assert not any(p.name in response.text for p in ladies)


def test_it_ranks_ladies_among_themselves_when_the_club_keeps_separate_tables(club, players):
    season = make_season(club, by_role=True)
    play_season(club, season, players, 2)
    ladies = league_of(season, role="lady").lines
    assert {line.player.role for line in ladies} == {SeatRole.LADY}
    assert ladies[0].row.rank == 1
    assert [line.row.rank for line in ladies] == sorted(line.row.rank for line in ladies)


def test_it_ignores_an_unknown_role(client, season, played, players):
    response = client.get(season_url(season, "?role=dragon"))
    assert response.status_code == 200
    assert all(p.name in response.text for p in players)


def test_it_sorts_by_name(client, season, played, players):
    response = client.get(season_url(season, "?sort=name"))
    positions = [response.text.index(f">{p.name}</a>") for p in sorted(players, key=str)]
    assert positions == sorted(positions)


def test_it_lists_players_short_of_the_minimum_unranked_and_last(client, club, players):
    season = make_season(club, minimum_drives=2)
    play_season(club, season, players[:4], 1)
    play_season(club, season, players, 1, first=dt.date(2026, 10, 2))
    lines = league_of(season).lines
    assert [line.place for line in lines[-4:]] == ["", "", "", ""]
    assert client.get(season_url(season)).status_code == 200


def test_it_explains_an_incomplete_rule_instead_of_failing(client, club, players):
    season = make_season(club, league_rule=LeagueRule.BEST, best_n=None)
    play_season(club, season, players, 1)
    response = client.get(season_url(season))
    assert response.status_code == 200
    assert "This season's league rule is incomplete: A best-drives league needs" in response.text


def test_the_csv_of_an_incomplete_rule_sends_you_to_the_explanation(client, club, players):
    season = make_season(club, league_rule=LeagueRule.BEST, best_n=None)
    response = client.get(reverse("drives:league_csv", args=[season.pk]))
    assert response.status_code == 302
    assert response["Location"] == season_url(season)


def test_it_links_the_csv_and_the_pdf(client, season, played):
    response = client.get(season_url(season))
    assert reverse("drives:league_csv", args=[season.pk]) in response.text
    assert reverse("drives:league_pdf", args=[season.pk]) in response.text


def test_it_says_so_when_no_drive_has_finished(client, club, season, players):
    make_drive(club, season=season)
    response = client.get(season_url(season))
    assert response.status_code == 200
    assert "No finished drives yet." in response.text


def test_it_leaves_out_unfinished_drives(client, club, season, players, played):
    running = make_drive(club, season=season, title="Still going", deals=4)
    play_drive(running, players)
    running.status = DriveStatus.RUNNING
    running.save()
    assert len(league_of(season).drives) == 3


def test_it_is_404_for_an_unknown_season(client):
    assert client.get(reverse("drives:season", args=[9999])).status_code == 404


# The CSV


def test_it_downloads_the_league_as_csv(client, season, played, players):
    response = client.get(reverse("drives:league_csv", args=[season.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="hollybush-2026-27-league.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:6] == ["place", "name", "role", "drives", "best", "previous place"]
    assert rows[0][6:] == ["2026-09-04 Drive 1", "2026-09-11 Drive 2", "2026-09-18 Drive 3"]
    assert len(rows) == 1 + len(players)
    leader = league_of(season).lines[0]
    player, figure = leader.player, str(leader.row.figure)
    assert rows[1][:5] == [str(leader.row.rank), player.name, player.role, "3", figure]
    # One of the three drives is dropped, shown in brackets.
    assert sum(cell.startswith("[") for cell in rows[1][6:]) == 1


def test_it_names_the_csv_after_the_role(client, season, played):
    response = client.get(reverse("drives:league_csv", args=[season.pk]) + "?role=lady")
    assert 'filename="hollybush-2026-27-ladies-league.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert {row[2] for row in rows[1:]} == {"lady"}


# A player's page


def test_it_shows_a_players_drives_and_league_place(client, season, played, players):
    player = players[0]
    response = client.get(player.get_absolute_url())
    assert response.status_code == 200
    assert player.name in response.text
    for drive in played:
        assert drive.title in response.text
        assert reverse("drives:standings", args=[drive.pk]) in response.text
    line = next(line for line in league_of(season).lines if line.player == player)
    expected = f"Place <strong>{line.place}</strong> with {figure(line.row.figure)} from 3 drives."
    assert expected in response.text
    assert "Last time" in response.text
    assert "Average per deal" in response.text


def test_it_draws_the_players_points_against_the_club_average(client, season, played, players):
    response = client.get(players[0].get_absolute_url())
    svg = response.text[response.text.index("<svg") : response.text.index("</svg>")]
    assert 'role="img"' in svg
    assert f'<title id="chart-title">{players[0].name}&#x27;s points per drive' in svg
    assert "<desc" in svg
    assert svg.count("<polyline") == 2  # the player and the club average, no gaps
    assert "Club average" in svg
    assert ">Points</text>" in svg
    assert ">Drive</text>" in svg
    # Drawn on the server: the only script is the language menu's, none in the chart.
    assert "<script" not in svg
    assert "<script>" not in response.text


def test_the_chart_has_its_figures_as_a_table_for_a_screen_reader(client, season, played, players):
    response = client.get(players[0].get_absolute_url())
    text = response.text
    figures = text[text.index('<table class="chart-figures">') :]
    figures = figures[: figures.index("</table>")]
    assert f'<caption class="visually-hidden">{players[0].name}&#x27;s points per drive' in figures
    assert '<th scope="col" class="num">Club average</th>' in figures
    assert figures.count('<th scope="row">') == len(played)
    # The same figures as the dots of the two lines, drive by drive.
    svg = text[text.index("<svg") : text.index("</svg>")]
    dots = re.findall(r"<circle [^>]*><title>([^<]*)</title>", svg)
    cells = re.findall(r'<td class="num">([^<]*)</td>', figures)
    assert len(dots) == 2 * len(played) and sorted(cells) == sorted(dots)


def test_it_breaks_the_players_line_at_a_drive_they_missed(client, club, season, players):
    play_season(club, season, players, 1)
    play_season(club, season, players[1:], 1, first=dt.date(2026, 9, 11))
    play_season(club, season, players, 1, first=dt.date(2026, 9, 18))
    response = client.get(players[0].get_absolute_url())
    svg = response.text[response.text.index("<svg") : response.text.index("</svg>")]
    assert svg.count("<polyline") == 3  # the average, and the player's in two pieces


def test_it_shows_a_player_who_has_not_played_to_the_organisers_only(
    client, club, season, organiser
):
    player = make_player(club, name="New Member")
    assert client.get(player.get_absolute_url()).status_code == 404
    client.force_login(organiser)
    response = client.get(player.get_absolute_url())
    assert response.status_code == 200
    assert "No drives played yet." in response.text
    assert "Not in this season's league yet." in response.text
    assert "<svg" not in response.text


def test_it_works_through_simulate_drive(client, club, season):
    make_players(club, 8)
    drive = make_drive(club, season=season, movement="individual", deals=4)
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    player = drive.entries.first().player
    response = client.get(player.get_absolute_url())
    assert response.status_code == 200
    assert drive.title in response.text
    assert client.get(season_url(season)).status_code == 200


# The club's page


def test_the_club_page_shows_next_and_last_drive_and_the_leaders(client, club, season, played):
    upcoming = make_drive(
        club, season=season, title="Christmas Drive", date=dt.date(2026, 12, 18), venue="Hall"
    )
    response = client.get(club.get_absolute_url())
    assert response.status_code == 200
    assert "Next drive" in response.text
    assert upcoming.title in response.text
    assert "Friday 18 December 2026" in response.text
    assert "Hall" in response.text
    assert "Last drive" in response.text
    assert "Drive 3" in response.text
    assert "Prize winners" in response.text
    assert "1st" in response.text
    assert "Booby" in response.text
    leaders = league_of(season).lines[:5]
    for line in leaders:
        assert line.player.get_absolute_url() in response.text
    assert season_url(season) in response.text


def test_the_club_page_links_the_players_list_for_organisers_only(client, club, organiser):
    url = reverse("drives:player_list", args=[club.slug])
    assert url not in client.get(club.get_absolute_url()).text
    client.force_login(organiser)
    assert url in client.get(club.get_absolute_url()).text


def test_the_club_page_works_with_no_drives_or_seasons(client):
    club = make_club(name="Brand New Club")
    response = client.get(club.get_absolute_url())
    assert response.status_code == 200
    assert "None planned yet." in response.text
    assert "No drives yet." in response.text


# Cost: queries and size


def count_queries(client, url):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def page_urls(season, player):
    return [
        season_url(season),
        reverse("drives:league_csv", args=[season.pk]),
        player.get_absolute_url(),
        season.club.get_absolute_url(),
    ]


def test_query_counts_do_not_grow_with_the_number_of_drives(client, organiser):
    small, large = make_club(organiser=organiser), make_club(organiser=organiser)
    counts = {}
    for club, drives in ((small, 2), (large, 40)):
        season = make_season(club)
        players = make_players(club, 8)
        play_season(club, season, players, drives)
        cold = []
        for url in page_urls(season, players[0]):
            cache.clear()
            cold.append(count_queries(client, url))
        warm = [count_queries(client, url) for url in page_urls(season, players[0])]
        counts[drives] = (cold, warm)
    assert counts[2] == counts[40]
    cold, warm = counts[40]
    # Cold: four more queries, for the rows of the drives not yet summarised (entries,
    # seatings, results and their money: the consolation prize and its draw).
    assert [c - w for c, w in zip(cold, warm, strict=True)] == [4, 4, 4, 4]


def test_a_corrected_result_is_not_served_from_the_cache(client, season, played):
    before = league_of(season)
    drive = played[0]
    result = drive.results.first()
    result.ns_tricks = 13 if result.ns_tricks < 13 else 0
    result.version += 1
    result.save()
    after = league_of(season)
    assert [line.row.contributions for line in after.lines] != [
        line.row.contributions for line in before.lines
    ]


def test_a_160_player_league_of_40_drives_stays_under_100_kb(client, club):
    season = make_season(club, league_rule=LeagueRule.BEST, best_n=8)
    players = make_players(club, 160)
    play_season(club, season, players, 40)
    for url in (season_url(season), players[0].get_absolute_url(), club.get_absolute_url()):
        response = client.get(url)
        assert response.status_code == 200
        assert len(response.content) < 100_000, (url, len(response.content))


def test_finishing_a_drive_fills_the_league_cache(client, club, django_capture_on_commit_callbacks):
    season = make_season(club)
    drive = make_drive(club, season=season, deals=4)
    make_players(club, 8)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("simulate_drive", drive.pk, stdout=io.StringIO())

    def season_queries():
        with CaptureQueriesContext(connection) as context:
            assert client.get(reverse("drives:season", args=[season.pk])).status_code == 200
        return len(context.captured_queries)

    warm = season_queries()
    cache.clear()
    assert season_queries() > warm  # cold, the drive's standings had to be computed


def _luminance(hex_colour):
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_struck_through_league_figures_keep_a_readable_contrast():
    css = (settings.BASE_DIR / "static/css/league.css").read_text()
    struck = re.search(r"table\.league s \{ color: (#[0-9a-f]{6}); \}", css).group(1)
    page = re.search(
        r"--bg: (#[0-9a-f]{6})", (settings.BASE_DIR / "static/css/site.css").read_text()
    )
    lighter, darker = sorted((_luminance(page.group(1)), _luminance(struck)), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5


def test_a_bid_whist_drive_counts_in_the_league_with_its_points(client, club, players):
    # Bid whist points can be negative: a side that fails its bid loses the shortfall.
    from drives.models import Game
    from drives.reports.report import drive_report

    season = make_season(club, league_rule=LeagueRule.TOTAL)
    classic = play_season(club, season, players, 1)[0]
    bid = make_drive(
        club,
        season=season,
        title="Bid Whist Night",
        date=dt.date(2026, 9, 11),
        game=Game.BID,
        movement="howell",
        deals=6,
        deals_per_round=2,
    )
    call_command("simulate_drive", bid.pk, stdout=io.StringIO())
    bid.refresh_from_db()
    assert bid.status == DriveStatus.FINISHED
    expected = defaultdict(Decimal)
    for drive in (classic, bid):
        for row in drive_report(drive).overall:
            expected[row.entry.player_id] += row.standing.points
    league = league_of(season)
    assert {line.player.pk: Decimal(line.row.figure) for line in league.lines} == expected
    page = client.get(season_url(season))
    for line in league.lines:
        assert figure(line.row.figure) in league_row(page.text, line.player)
