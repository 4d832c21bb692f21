"""The organiser's evening with the keyboard alone, in real Chromium: check-in, the start,
the round page and the dashboard, by Tab, Enter and Space, each focused control showing
its focus (an outline of at least 2 px, or a shadow)."""

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import DriveStatus
from tests.browser.conftest import log_in_as
from tests.browser.pages import send
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED = """() => {
  const e = document.activeElement, style = getComputedStyle(e);
  const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
  return {
    text: (e.getAttribute("aria-label") || e.innerText || e.value || "").trim(),
    id: e.id, tag: e.tagName, visible: outlined || style.boxShadow !== "none",
  };
}"""


def tab_to(page, wanted, *, most=80):
    """Tab until the focused control's text or id is ``wanted``; every stop shows its focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused["visible"], f"no visible focus on {focused}"
        if wanted in (focused["text"], focused["id"]):
            return focused
    raise AssertionError(f"{wanted!r} not reached with Tab")


@pytest.fixture
def organiser_page(page, live_server):
    user = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=user)
    log_in_as(page, live_server.url, user)
    return page, club


def test_check_in_start_and_a_round_with_the_keyboard_alone(organiser_page, live_server):
    page, club = organiser_page
    players = make_players(club, 8)
    drive = make_drive(club, title="Friday drive", movement="individual", deals=8)
    base = live_server.url
    page.goto(f"{base}/drives/{drive.pk}/")

    # Find a player by name: Enter ticks them; Space ticks another from the list.
    tab_to(page, "find-player")
    page.keyboard.type(players[0].name)
    page.keyboard.press("Enter")
    assert page.locator(f"#present-{players[0].pk}").is_checked()
    for player in players[1:]:
        tab_to(page, f"present-{player.pk}")
        page.keyboard.press("Space")
    assert page.locator("#live-plan [data-count=ticked]").inner_text() == "8"
    tab_to(page, "Save check-in")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "8 players checked in" in page.locator("#plan").inner_text()

    tab_to(page, "Start the drive…")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    tab_to(page, "Start the drive: seat round 1")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING

    # The round page opens on the first box; Enter moves on, and the last Enter saves.
    boxes = page.locator("#scores input[type=number]")
    assert page.evaluate(FOCUSED)["visible"]
    for index in range(boxes.count()):
        page.keyboard.type(str(5 + index))
        if index + 1 == boxes.count():
            with page.expect_navigation():
                page.keyboard.press("Enter")
        else:
            page.keyboard.press("Enter")
    assert "Saved 2 tables." in page.locator(".messages").inner_text()
    tab_to(page, "Open round 2")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    drive.refresh_from_db()
    assert drive.current_round == 2


def test_the_dashboard_settles_a_dispute_with_the_keyboard_alone(organiser_page, live_server):
    page, club = organiser_page
    drive = make_drive(club, title="Friday drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    send(drive, 1, "NS", 8)
    send(drive, 1, "EW", 6)
    page.goto(f"{live_server.url}/drives/{drive.pk}/tables/")
    tab_to(page, "Take E–W's figures")
    page.keyboard.press("Enter")
    page.get_by_text("Table 1 settled with E–W's figures.").wait_for()
    assert drive.results.get(table=1).ns_tricks == 6
    # The timer starts from the keyboard too.
    tab_to(page, "Start")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator(".badge.running").is_visible()
