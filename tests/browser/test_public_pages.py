"""The league, player and club pages in real Chromium: no sideways scrolling on a phone."""

import datetime as dt

import pytest

from bench.league import play_drive
from tests.browser.conftest import DESKTOP, screenshot
from tests.conftest import make_club, make_drive, make_players, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def season_played():
    """A club with long names, a season of 12 drives and 40 players, and a drive to come."""
    club = make_club(name="The Royal and Ancient Hollybush Whist Club", slug="hollybush")
    season = make_season(club, league_rule="best", best_n=8)
    players = make_players(club, 40)
    players[0].name = "Margaret Featherstonehaugh-Cholmondeley"
    players[0].save()
    for number in range(12):
        drive = make_drive(
            club,
            season=season,
            title=f"Friday drive {number + 1}",
            date=dt.date(2026, 9, 4) + dt.timedelta(days=7 * number),
            deals=4,
        )
        play_drive(drive, players, seed=number)
    make_drive(club, season=season, title="Christmas drive", date=dt.date(2026, 12, 18))
    return club, season, players[0]


def pages(season_played):
    club, season, player = season_played
    return {
        "season": season.get_absolute_url(),
        "player": player.get_absolute_url(),
        "club": club.get_absolute_url(),
    }


def open_page(chromium, url, viewport):
    page = chromium.new_page(viewport=viewport)
    response = page.goto(url)
    assert response.status == 200
    return page


def sideways_overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_public_pages_do_not_scroll_sideways_on_a_phone(chromium, live_server, season_played):
    for name, path in pages(season_played).items():
        page = open_page(chromium, live_server.url + path, PHONE)
        assert sideways_overflow(page) <= 0, name
        screenshot(page, f"league-{name}-360")
        page.close()


def test_public_pages_show_their_content_on_a_phone(chromium, live_server, season_played):
    paths = pages(season_played)
    page = open_page(chromium, live_server.url + paths["season"], PHONE)
    assert page.get_by_role("link", name="Margaret Featherstonehaugh-Cholmondeley").is_visible()
    # The per-drive detail is hidden on a phone; the place, points and movement stay.
    assert not page.locator("table.league td.each").first.is_visible()
    assert page.locator("table.league td.fig").first.is_visible()
    page.close()
    page = open_page(chromium, live_server.url + paths["player"], PHONE)
    assert page.locator("svg.line-chart").is_visible()
    box = page.locator("svg.line-chart").bounding_box()
    assert box["width"] <= PHONE["width"]
    page.close()


def test_public_pages_read_well_on_a_desktop(chromium, live_server, season_played):
    for name, path in pages(season_played).items():
        page = open_page(chromium, live_server.url + path, DESKTOP)
        assert sideways_overflow(page) <= 0, name
        if name == "season":
            assert page.locator("table.league td.each").first.is_visible()
            assert page.locator("table.league s").count() > 0
        screenshot(page, f"league-{name}-1280")
        page.close()


def test_the_role_filter_and_sorting_work_in_the_browser(chromium, live_server, season_played):
    page = open_page(chromium, live_server.url + pages(season_played)["season"], DESKTOP)
    page.get_by_role("link", name="Ladies").click()
    page.wait_for_url("**role=lady**", wait_until="load")  # the click only starts the visit
    assert page.locator("table.league tbody tr").count() == 20
    page.get_by_role("link", name="Name").click()
    page.wait_for_url("**sort=name**", wait_until="load")
    names = page.locator("table.league tbody td:nth-child(2)").all_inner_texts()
    assert names == sorted(names)
    page.close()
