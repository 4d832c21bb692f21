"""The hall display's clock and the dashboard's agree, however long the hall has been open.

The hall display (1920 × 1080) runs on Playwright's clock: it is opened, then left for
minutes before the organiser starts the round, and its device clock ends that wait minutes
away from the server's (a screen left on, a laptop that slept, a clock that drifts). Its
timer must then show what the dashboard shows, within a second: each poll measures the
offset to the server's clock afresh.
"""

import time

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import HallState
from tests.browser.conftest import DESKTOP, log_in_as
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HALL = {"width": 1920, "height": 1080}
TIMER = "[data-timer]"
READ_TIMER = "document.querySelector('[data-timer]').textContent"
OPEN_BEFORE_THE_ROUND = "07:00"  # minutes:seconds on the hall's clock


def shown_seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def first_shown(pages, seconds: float = 3.0) -> list[dict[int, float]]:
    """For each page, when (wall-clock seconds) each timer value first appeared, read in
    turn every few milliseconds; the values showing when reading began are left out, as
    their start is unknown."""
    seen: list[dict[int, float]] = [{} for _page in pages]
    initial = [shown_seconds(page.locator(TIMER).inner_text()) for page in pages]
    end = time.time() + seconds
    while time.time() < end:
        for page, first, start in zip(pages, seen, initial, strict=True):
            value = shown_seconds(page.evaluate(READ_TIMER))
            if value != start:
                first.setdefault(value, time.time())
    return seen


def test_the_hall_clock_agrees_with_the_dashboard_after_minutes_open(chromium, live_server):
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_drive(club, title="Christmas Drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    base = live_server.url

    hall_context = chromium.new_context(viewport=HALL)
    desk_context = chromium.new_context(viewport=DESKTOP)
    try:
        hall = hall_context.new_page()
        hall.clock.install()
        hall.goto(f"{base}/drives/{drive.pk}/hall/")
        assert hall.locator(TIMER).inner_text() == "8:00"
        # Minutes pass on the hall's clock while the server's stands still: the hall's
        # device clock is now that far ahead of the server's.
        hall.clock.fast_forward(OPEN_BEFORE_THE_ROUND)
        hall.wait_for_timeout(1500)  # a poll or two, on the clock that runs on from there

        dashboard = desk_context.new_page()
        log_in_as(dashboard, base, organiser)
        dashboard.goto(f"{base}/drives/{drive.pk}/tables/")
        dashboard.get_by_role("button", name="Start", exact=True).click()
        dashboard.wait_for_load_state()
        assert dashboard.get_by_text("running", exact=True).is_visible()
        hall.locator("[data-timer]:not(.paused)").wait_for()
        hall.wait_for_timeout(2500)  # the polls measure the offset again

        started = HallState.objects.get(drive=drive).timer_started_at.timestamp()
        hall_seen, desk_seen = first_shown([hall, dashboard])
        common = sorted(set(hall_seen) & set(desk_seen))
        assert common, (hall_seen, desk_seen)
        apart = max(abs(hall_seen[value] - desk_seen[value]) for value in common)
        # A value v shows from when the time left rounds to it: v + 0.5 seconds left.
        late = {
            name: max(abs(seen[value] - (started + 8 * 60 - value - 0.5)) for value in common)
            for name, seen in (("hall", hall_seen), ("dashboard", desk_seen))
        }
        print(f"hall vs dashboard {apart:.3f} s; against the server's clock {late}")
        assert apart < 1.0
        assert max(late.values()) < 1.0
    finally:
        hall_context.close()
        desk_context.close()
