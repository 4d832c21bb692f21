"""The round page as an organiser types into it at a laptop and on a 360 px phone."""

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import TableResult
from tests.browser.conftest import log_in_as, screenshot
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def running(live_server, page):
    """A running drive of 3 tables × 2 deals a round, its organiser logged in."""
    user = make_user("ruth")
    club = make_club(slug="flow", organiser=user)
    drive = make_drive(club, deals=8, deals_per_round=2, movement="individual")
    make_entries(drive, make_players(club, 12))
    drive_start(drive=drive)
    log_in_as(page, live_server.url, user)
    page.goto(f"{live_server.url}/drives/{drive.pk}/rounds/1/")
    return drive


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_typing_a_round_needs_only_digits_and_enter(page, running):
    # The first box has focus; N–S typed shows E–W at once; Enter moves on like Tab.
    assert page.evaluate("document.activeElement.name") == "t1_d1"
    page.keyboard.type("8")
    assert page.locator("[data-ew-of=id_t1_d1]").inner_text() == "5"
    # A screen reader hears it from the live region: the cell changes silently.
    assert page.locator("#round-status").text_content() == "E–W tricks: 5"
    for value in ["6", "7", "7", "9", "4"]:
        page.keyboard.press("Enter")
        page.keyboard.type(value)
    assert page.evaluate("document.activeElement.name") == "t3_d2"
    with page.expect_navigation():
        page.keyboard.press("Enter")  # the last box's Enter saves
    assert "Saved 3 tables." in page.locator(".messages").inner_text()
    assert TableResult.objects.filter(drive=running).count() == 6
    # With the round complete, "Open round 2" is in view without scrolling.
    assert in_viewport(page, page.get_by_role("button", name="Open round 2"))


def test_a_refused_table_is_highlighted_and_scrolled_to_with_its_figures(page, running):
    page.set_viewport_size({"width": 360, "height": 640})
    page.reload()
    page.fill("input[name=t1_d1]", "8")
    page.fill("input[name=t1_d2]", "6")
    page.fill("input[name=t3_d1]", "7")
    # Deal 2 left blank at table 3: the server refuses that table alone.
    page.get_by_role("button", name="Save scores").click()
    page.wait_for_load_state()
    card = page.locator("#table-3")
    assert "has-errors" in card.get_attribute("class")
    assert "enter the tricks for deal 2" in card.locator(".table-errors").inner_text()
    assert page.input_value("input[name=t3_d1]") == "7"
    assert in_viewport(page, card.locator(".table-errors"))
    assert page.evaluate("document.activeElement.name") == "t3_d2"  # the box still empty
    assert "Saved 1 table." in page.locator(".messages").inner_text()
    screenshot(page, "organiser-refused-360", full_page=False)
    # The page is as wide as the phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_tab_moves_deal_to_deal_and_table_to_table_like_enter(page, running):
    order = []
    for _ in range(3):
        order.append(page.evaluate("document.activeElement.name"))
        page.keyboard.type("7")
        page.keyboard.press("Tab")
    order.append(page.evaluate("document.activeElement.name"))
    assert order == ["t1_d1", "t1_d2", "t2_d1", "t2_d2"]
