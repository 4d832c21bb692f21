"""Measure it: a 20-member club's evening run by its organiser through the pages.

Counts what the organiser does: clicks, boxes typed into, and keys other than the
digits (Enter). The figures are printed (run with -s) and bounded here, so a change that
makes the evening slower fails. Before the issue-15 work: 3 clicks and 16 boxes a round for
4 tables of 4 deals, and 24 clicks to set up and check in 19 players.
"""

import datetime as dt
from dataclasses import dataclass, field

import pytest

from drives.models import Drive, DriveStatus
from tests.browser.conftest import screenshot
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "secret-password-1"


@dataclass
class Tally:
    clicks: int = 0
    boxes: int = 0
    keys: int = 0
    per_stage: dict = field(default_factory=dict)

    def stage(self, name):
        self.per_stage[name] = (self.clicks, self.boxes, self.keys)
        self.clicks = self.boxes = self.keys = 0


class Organiser:
    """The organiser's hands: every click, box and key goes through here and is counted."""

    def __init__(self, page):
        self.page, self.tally = page, Tally()

    def click(self, locator):
        self.tally.clicks += 1
        with self.page.expect_navigation():
            locator.click()

    def tick(self, locator):
        self.tally.clicks += 1
        locator.click()

    def type(self, text):
        """Type into the box that has focus (the page put it there: no click counted)."""
        self.tally.boxes += 1
        self.page.keyboard.type(text)

    def enter(self, navigates=False):
        self.tally.keys += 1
        if navigates:
            with self.page.expect_navigation():
                self.page.keyboard.press("Enter")
        else:
            self.page.keyboard.press("Enter")


def test_an_evening_of_nineteen_players_counts_clicks_and_boxes(page, live_server):
    user = make_user("meg", password=PASSWORD)
    club = make_club(name="Ashby Whist Club", slug="ashby", organiser=user)
    members = make_players(club, 20)
    last_week = make_drive(
        club,
        title="Thursday drive",
        date=dt.date.today() - dt.timedelta(days=7),
        deals=16,
        deals_per_round=4,
        status=DriveStatus.FINISHED,
    )
    make_entries(last_week, members[:18])  # the regulars
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "meg")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}{club.get_absolute_url()}")  # an organiser lands on the club
    me = Organiser(page)

    # Set up this week's drive like last week's: same set-up, the regulars checked in.
    page.goto(f"{base}/drives/{last_week.pk}/")
    me.click(page.get_by_role("link", name="New drive like this one"))
    me.click(page.get_by_role("button", name="Save"))
    drive = Drive.objects.exclude(pk=last_week.pk).get()
    assert (drive.deals, drive.deals_per_round, drive.date) == (16, 4, dt.date.today())
    me.tally.stage("set up")

    # Tonight one regular is away and two others came: untick one, find two by name.
    me.tick(page.get_by_label("Player 018", exact=True))
    page.locator("#find-player").focus()
    for number in ("019", "020"):
        me.type(number)
        me.enter()
    assert page.locator("#live-plan [data-count=ticked]").inner_text() == "19"
    me.click(page.get_by_role("button", name="Save check-in"))
    assert "19 players checked in" in page.locator("#plan").inner_text()
    me.click(page.get_by_role("link", name="Start the drive…"))
    assert "4 tables, 3 sit out each round" in page.locator("#start-facts").inner_text()
    me.click(page.get_by_role("button", name="Start the drive: seat round 1"))
    me.tally.stage("check in and start")

    for number in range(1, drive.rounds + 1):
        boxes = page.locator("#scores input[type=number]")
        assert boxes.count() == 16
        for index in range(16):
            me.type(str((index * 5 + number) % 14))
            me.enter(navigates=index == 15)  # the last Enter saves the round
        assert "Saved 4 tables." in page.locator(".messages").inner_text()
        button = "Finish the drive" if number == drive.rounds else f"Open round {number + 1}"
        me.click(page.get_by_role("button", name=button))
        me.tally.stage(f"round {number}")

    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED
    print("\nstage: clicks, boxes typed, Enter keys")
    for stage, figures in me.tally.per_stage.items():
        print(f"  {stage}: {figures}")
    stages = me.tally.per_stage
    assert stages["set up"][0] + stages["check in and start"][0] <= 6  # was 24 clicks
    for number in range(1, drive.rounds + 1):
        clicks, boxes, _ = stages[f"round {number}"]
        assert (clicks, boxes) == (1, 16)  # was 3 clicks and 16 boxes

    # The standings at phone width: every column in view, nothing scrolled sideways.
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base}/drives/{drive.pk}/standings/")
    screenshot(page, "organiser-standings-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    table = page.locator("table.standings").first
    # Not scrolled inside its box either (AVERAGE used to be cut off there).
    assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    assert page.get_by_role("columnheader", name="Average").first.is_visible()


def test_a_first_evening_sets_up_and_checks_in_nineteen_in_a_few_clicks(page, live_server):
    """No earlier drive to copy: the form's defaults and "Tick everyone" do the work."""
    user = make_user("nell", password=PASSWORD)
    club = make_club(name="Barton Whist Club", slug="barton", organiser=user)
    make_players(club, 20)
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "nell")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}{club.get_absolute_url()}")
    me = Organiser(page)
    page.goto(f"{base}/clubs/{club.slug}/drives/new/")
    page.locator("input[name=title]").focus()
    me.type("First drive")
    me.click(page.get_by_role("button", name="Save"))
    me.tick(page.get_by_role("button", name="Tick everyone"))
    me.tick(page.get_by_label("Player 020", exact=True))
    me.click(page.get_by_role("button", name="Save check-in"))
    me.click(page.get_by_role("link", name="Start the drive…"))
    me.click(page.get_by_role("button", name="Start the drive: seat round 1"))
    me.tally.stage("set up, check in 19 and start")
    drive = Drive.objects.get()
    assert drive.status == DriveStatus.RUNNING and drive.entries.count() == 19
    assert drive.date == dt.date.today()
    print("\nfirst evening: clicks, boxes typed, Enter keys", me.tally.per_stage)
    clicks, boxes, _ = me.tally.per_stage["set up, check in 19 and start"]
    assert clicks <= 6 and boxes == 1  # was 24 clicks
