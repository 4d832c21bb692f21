"""Standings kept from the players until the organiser shows them: a player's phone and
the hall display say so while the organiser's own page shows everything, and one press
brings them to the hall by itself and to the phone at its next look."""

import pytest

from tests.browser.conftest import DESKTOP, log_in_as, screenshot
from tests.conftest import make_club, make_started_drive, make_user, record_tricks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HIDDEN = "Standings are hidden until the end of the drive."
PHONE = {"width": 360, "height": 740}
HALL = {"width": 1920, "height": 1080}


def test_the_organiser_shows_the_hidden_standings_to_the_hall_and_the_phones(chromium, live_server):
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_started_drive(club, movement="individual", deals=4, standings_hidden_after=0)
    for table in (1, 2):
        record_tricks(drive, 1, table, {1: 9})
    standings = f"{live_server.url}/drives/{drive.pk}/standings/"

    contexts = [chromium.new_context(viewport=size) for size in (PHONE, HALL, DESKTOP)]
    try:
        phone, hall, desk = (context.new_page() for context in contexts)
        phone.goto(standings)
        hall.goto(f"{live_server.url}/drives/{drive.pk}/hall/")
        log_in_as(desk, live_server.url, organiser)
        desk.goto(standings)

        assert phone.get_by_text(HIDDEN).is_visible()
        assert phone.locator("table").count() == 0  # nothing of the order to read
        assert hall.get_by_text(HIDDEN).is_visible()
        assert desk.locator("#hidden-from-players").is_visible()
        assert desk.locator("table").first.is_visible() and "Player 0" in desk.inner_text("main")
        screenshot(phone, "hidden-phone")
        screenshot(desk, "hidden-organiser")

        hall.evaluate("window.__noReload = 1")
        desk.get_by_role("button", name="Show the standings to the players now").click()
        desk.wait_for_load_state()
        assert desk.locator("#hidden-from-players").count() == 0

        # The hall follows by its own poll; the phone sees them when it looks again.
        hall.get_by_text(HIDDEN).wait_for(state="detached", timeout=20_000)
        assert hall.locator(".hall-top").first.is_visible()
        assert hall.evaluate("window.__noReload") == 1
        phone.reload()
        assert phone.get_by_text(HIDDEN).count() == 0
        assert phone.locator("table tbody tr").count() == 8  # every player placed
        screenshot(hall, "shown-hall", full_page=False)
    finally:
        for context in contexts:
            context.close()
