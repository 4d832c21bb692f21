"""Putting right a wrong move as an organiser does it on a 360 px phone: from the round page
to the repair page, two players swapped with a reason, back on the corrected round."""

import pytest

from drives.evening.lifecycle import round_advance
from drives.models import MoveRepair, Seating
from tests.browser.conftest import log_in_as, screenshot
from tests.conftest import make_club, make_started_drive, make_user, record_tricks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def at(drive, round_number, table, seat):
    return Seating.objects.get(drive=drive, round=round_number, table=table, seat=seat).entry


def test_an_organiser_swaps_two_players_and_the_round_shows_it(page, live_server):
    user = make_user("rose")
    club = make_club(slug="repair", organiser=user)
    drive = make_started_drive(club, players=8, deals=4, movement="progressive")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 5})
    round_advance(drive=drive)
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")
    page.set_viewport_size({"width": 360, "height": 740})
    log_in_as(page, live_server.url, user)
    page.goto(f"{live_server.url}/drives/{drive.pk}/rounds/1/")

    link = page.get_by_role("link", name="Put right a wrong move")
    assert link.bounding_box()["height"] >= 44  # a big target
    link.click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Put right a wrong move"
    section = page.locator("#swap-players")
    section.get_by_label("This player").select_option(
        label=f"{first.player.name} (card {first.card_number}): table 1, seat N"
    )
    section.get_by_label("sat in the place of").select_option(
        label=f"{second.player.name} (card {second.card_number}): table 2, seat E"
    )
    # Without a reason the browser asks for one before anything is sent.
    section.get_by_role("button", name="Swap these two players").click()
    assert page.evaluate("document.activeElement.name") == "players-reason"
    assert not MoveRepair.objects.exists()
    section.get_by_label("Why").fill("Mrs Smith went to table 2 by mistake")
    screenshot(page, "repair-players-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    with page.expect_navigation():
        section.get_by_role("button", name="Swap these two players").click()

    messages = page.locator(".messages").first.inner_text()
    assert (
        f"Swapped {first.player.name} and {second.player.name} in round 1; "
        "standings recalculated." in messages
    )
    assert "Round 2 was seated again from the corrected round." in messages
    table_one = page.locator("#table-1 .seats").inner_text()
    assert second.player.name in table_one and first.player.name not in table_one
    # The page keeps what was done, with why.
    page.get_by_role("link", name="Put right a wrong move").click()
    history = page.locator("#repairs").inner_text()
    assert "Mrs Smith went to table 2 by mistake" in history
    assert "Round 2 was seated again from the corrected round." in history
