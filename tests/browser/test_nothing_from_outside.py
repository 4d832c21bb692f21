"""Nothing from outside: in a hall with no internet, every page works from the laptop alone.

Chromium opens the organiser's pages, the public pages, a table's phone page and the hall
display while every request to a host other than the site's is refused and recorded: the
test fails on any. (Sheets are rendered by WeasyPrint on the server, which fetches nothing
over the network: tests/drives/test_sheets_offline.py.)
"""

from urllib.parse import urlsplit

import pytest

from drives.evening import lifecycle as evening
from drives.tableside import tokens
from tests.browser.conftest import DESKTOP, log_in_as
from tests.conftest import (
    make_club,
    make_drive,
    make_entries,
    make_played_drive,
    make_players,
    make_season,
    make_user,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club_with_an_evening():
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    season = make_season(club)
    finished = make_played_drive(club, players=8, season=season, deals=4)
    running = make_drive(club, title="Christmas Drive", movement="individual", deals=4)
    make_entries(running, make_players(club, 8))
    evening.drive_start(drive=running)
    link = tokens.side_links(drive=running)[0]
    return organiser, club, season, finished, running, link


def test_no_page_asks_anything_of_another_host(chromium, live_server, club_with_an_evening):
    organiser, club, season, finished, running, link = club_with_an_evening
    site = urlsplit(live_server.url).netloc
    outside: list[str] = []

    def refuse(route):
        outside.append(route.request.url)
        route.abort()

    context = chromium.new_context(viewport=DESKTOP, service_workers="block")
    context.set_default_timeout(20_000)
    context.route(lambda url: urlsplit(url).netloc != site, refuse)
    try:
        page = context.new_page()
        public = [
            "/",
            club.get_absolute_url(),
            finished.get_absolute_url(),
            f"/drives/{finished.pk}/standings/",
            season.get_absolute_url(),
            finished.entries.first().player.get_absolute_url(),
            f"/t/{link.token}/",
            f"/drives/{running.pk}/hall/",
            "/accounts/login/",
            "/guide/",
            "/fr/",
        ]
        for path in public:
            assert page.goto(live_server.url + path).status == 200, path
            page.wait_for_load_state("networkidle")
        log_in_as(page, live_server.url, organiser)
        organiser_pages = [
            "/accounts/clubs/",
            f"/drives/{running.pk}/",
            f"/drives/{running.pk}/rounds/1/",
            f"/drives/{running.pk}/tables/",
            f"/drives/{running.pk}/tables/links/",
            f"/drives/{running.pk}/tables/qr/",
            f"/clubs/{club.slug}/players/",
            f"/clubs/{club.slug}/team/",
        ]
        for path in organiser_pages:
            assert page.goto(live_server.url + path).status == 200, path
            page.wait_for_load_state("networkidle")
    finally:
        context.close()
    assert outside == []
