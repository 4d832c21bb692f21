"""The organiser's pages on a 360 px phone: nothing scrolls sideways, nothing is cut off,
and what a finger must hit is at least 24 px."""

import re

import pytest

from drives.evening.lifecycle import drive_finish, drive_start, round_advance
from tests.browser.conftest import log_in_as, screenshot
from tests.conftest import (
    make_club,
    make_drive,
    make_entries,
    make_player,
    make_user,
    record_tricks,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phone(page, live_server):
    user = make_user("pat")
    club = make_club(name="Little Snoring Whist Club", slug="snoring", organiser=user)
    players = [
        make_player(club, name=name, role=role, member_number=f"M{index:04d}")
        for index, (name, role) in enumerate(
            [("Wilhelmina Featherstonehaugh-Smythe", "lady"), ("Bartholomew Cholmondeley", "gent")]
            + [(f"Player {n:02d}", "either") for n in range(1, 11)]
        )
    ]
    page.set_viewport_size(PHONE)
    log_in_as(page, live_server.url, user)
    return live_server.url, club, players


def fits(page) -> bool:
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
        .map(e => e.tagName + '.' + e.className + '#' + e.id).slice(0, 5)"""
    )
    assert not wide, wide
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def assert_big_enough(page, targets="input[type=checkbox], button, a.button") -> None:
    """Every visible checkbox, button and button-styled link is at least 24 px each way.

    Read in one call: visible as Playwright has it (a box of some size, and not
    visibility: hidden), the size its bounding box."""
    too_small = page.locator(targets).evaluate_all(
        """targets => targets.filter(target => {
            const box = target.getBoundingClientRect();
            const visible = box.width > 0 && box.height > 0
                && getComputedStyle(target).visibility !== "hidden";
            return visible && (box.width < 24 || box.height < 24);
        }).map(target => target.outerHTML)"""
    )
    assert not too_small, too_small


def test_the_player_list_shows_its_edit_links_and_the_import_box_fits(page, phone):
    base, club, _ = phone
    page.goto(f"{base}/clubs/{club.slug}/players/")
    screenshot(page, "organiser-players-360")
    assert fits(page)
    edit = page.get_by_role("link", name="Edit").first
    box = edit.bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"]  # in view, not scrolled off
    assert_big_enough(page)
    page.goto(f"{base}/clubs/{club.slug}/players/import/")
    screenshot(page, "organiser-import-360")
    assert fits(page)
    area = page.locator("textarea").first.bounding_box()
    assert area["x"] >= 0 and area["x"] + area["width"] <= PHONE["width"]
    assert_big_enough(page)


def test_check_in_and_round_pages_fit_a_phone_with_big_enough_targets(page, phone):
    base, club, players = phone
    drive = make_drive(club, deals=8, movement="individual")
    page.goto(f"{base}/drives/{drive.pk}/")
    screenshot(page, "organiser-check-in-360")
    assert fits(page)
    assert_big_enough(page, "input[type=checkbox], button")
    make_entries(drive, players[:8])
    drive_start(drive=drive)
    page.goto(f"{base}/drives/{drive.pk}/rounds/1/")
    screenshot(page, "organiser-round-360")
    assert fits(page)
    assert_big_enough(page)


def test_a_withdrawn_player_comes_back_from_the_drive_page_on_a_phone(page, phone):
    base, club, players = phone
    drive = make_drive(club, deals=8, movement="individual")
    make_entries(drive, players[2:11])  # nine: one sits out each round
    drive_start(drive=drive)
    leaver = drive.entries.get(player=players[2])
    page.goto(f"{base}/drives/{drive.pk}/entries/{leaver.pk}/withdraw/")
    assert "If they come back later" in page.locator("main").inner_text()
    page.get_by_role("button", name="Withdraw", exact=True).click()
    page.wait_for_url(f"{base}/drives/{drive.pk}/")
    drive.refresh_from_db()
    for table in {s.table for s in drive.seatings.filter(round=1)}:
        record_tricks(drive, 1, table, {1: 7})
    round_advance(drive=drive)  # round 2 is under way without them

    page.goto(f"{base}/drives/{drive.pk}/")
    back = page.get_by_role("button", name="Back from round 3")
    size = back.bounding_box()
    assert size and size["height"] >= 24 and size["x"] + size["width"] <= PHONE["width"]
    back.click()
    page.wait_for_url(f"{base}/drives/{drive.pk}/")
    assert "Player 01 is back from round 3" in page.locator(".messages").inner_text()
    row = page.locator("tr", has_text="Player 01")
    assert "withdrew after round 1, back from round 3" in row.inner_text()
    assert row.get_by_role("button", name="Undo the return").is_visible()
    screenshot(page, "organiser-readmit-360")
    assert fits(page)
    assert_big_enough(page)
    leaver.refresh_from_db()
    assert leaver.returned_round == 3 and drive.seatings.filter(entry=leaver, round=3).exists()


@pytest.mark.parametrize(("prefix", "average"), [("/fr", "Moyenne"), ("/hu", "Átlag")])
def test_french_and_hungarian_standings_fit_a_phone_with_decimal_commas(
    page, phone, prefix, average
):
    base, club, players = phone
    drive = make_drive(club, deals=4, movement="individual")
    make_entries(drive, players[2:11])  # nine: a sit-out each round gives fractions
    drive_start(drive=drive)
    while True:
        drive.refresh_from_db()
        number = drive.current_round
        for table in {s.table for s in drive.seatings.filter(round=number)}:
            record_tricks(drive, number, table, {number: (3 * table + number) % 14})
        if number == drive.rounds:
            break
        round_advance(drive=drive)
    drive_finish(drive=drive)
    page.goto(f"{base}{prefix}/drives/{drive.pk}/standings/")
    screenshot(page, f"organiser-standings{prefix.replace('/', '-')}-360", full_page=False)
    assert fits(page)
    table = page.locator("table.standings").first
    assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    assert page.get_by_role("columnheader", name=average).first.is_visible()
    averages = table.locator("tbody tr td:last-child").all_inner_texts()
    assert averages and all(re.fullmatch(r"-?\d+,\d\d", text) for text in averages), averages
    assert_big_enough(page)
    page.goto(f"{base}{prefix}/drives/{drive.pk}/")
    assert fits(page)
    assert_big_enough(page)
