"""Tables entering their own tricks in real Chromium: two phones at a table (N–S and E–W,
360 × 740, each on its own side's link), the organiser's dashboard and the hall display,
all open at once.

A round is entered and confirmed from the phones, a dispute is settled by the
organiser, and each change reaches the dashboard and the hall without a reload.
"""

import pytest

from drives.evening.lifecycle import drive_start
from drives.tableside import tokens
from tests.browser.conftest import DESKTOP, screenshot
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
PASSWORD = "secret-password-1"
POLL_WAIT = 20_000  # ms: the live pages update every second in tests (tests/conftest.py)


@pytest.fixture
def evening_under_way():
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_drive(club, title="Christmas Drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    links = {links.table: links for links in tokens.links_issue(drive=drive)}
    return drive, links


def send(page, tricks: int):
    """Send from a side's own link: the page knows the side and asks nothing of it."""
    page.get_by_label("N–S tricks").fill(str(tricks))
    page.get_by_role("button", name="Send", exact=True).click()


def test_a_round_entered_confirmed_and_disputed_from_the_phones(
    contexts, live_server, evening_under_way
):
    drive, links = evening_under_way
    base = live_server.url
    north_south = contexts(PHONE).new_page()
    east_west = contexts(PHONE).new_page()
    organiser = contexts(DESKTOP)
    dashboard = organiser.new_page()
    dashboard.goto(f"{base}/accounts/login/?next=/drives/{drive.pk}/tables/")
    dashboard.fill("input[name=username]", "olive")
    dashboard.fill("input[name=password]", PASSWORD)
    dashboard.get_by_role("button", name="Log in").click()
    dashboard.wait_for_url(f"**/drives/{drive.pk}/tables/")
    hall = organiser.new_page()
    hall.set_viewport_size({"width": 1920, "height": 1080})
    hall.goto(f"{base}/drives/{drive.pk}/hall/?theme=dark")
    assert "Waiting for tables 1, 2" in hall.locator("#hall-waiting").inner_text()
    assert hall.evaluate("document.documentElement.scrollHeight") <= 1080  # no scrolling

    # Table 1: N–S enter on their phone, from their link; E–W is shown live as 13 minus N–S.
    north_south.goto(f"{base}/t/{links[1].ns.token}/")
    assert north_south.locator("#table-number").inner_text() == "1"
    assert north_south.locator("#side").inner_text() == "You are N–S"
    assert north_south.locator("input[type=radio][name=side]").count() == 0
    assert north_south.evaluate("document.documentElement.scrollWidth") <= 360
    send_button = north_south.get_by_role("button", name="Send", exact=True)
    assert send_button.bounding_box()["height"] >= 44
    north_south.get_by_label("N–S tricks").fill("8")
    assert north_south.locator("output[data-ew-of]").inner_text() == "5"
    assert north_south.locator("#announce").text_content() == ""
    send(north_south, 8)
    north_south.get_by_text("Waiting for E–W to confirm.").wait_for()
    # The phone that sent them has nothing to confirm them with.
    assert north_south.get_by_role("button", name="E–W: these figures are right").count() == 0
    assert "E–W confirm them on their own phone" in north_south.locator("#state").inner_text()
    screenshot(north_south, "phone-sent-waiting")
    # The page was replaced under the live region, which says what changed.
    note = north_south.locator(".messages li[role=status]:not(.warning)").inner_text()
    assert note and north_south.locator("#announce").text_content() == note
    dashboard.locator("#tile-1[data-state=entered]").wait_for(timeout=POLL_WAIT)
    # The poll's new counts are said in the dashboard's live region.
    assert "entered 1" in dashboard.locator("#tiles-status").text_content()

    # E–W open their own link on their own phone and confirm.
    east_west.goto(f"{base}/t/{links[1].ew.token}/")
    assert east_west.locator("#side").inner_text() == "You are E–W"
    screenshot(east_west, "phone-other-side-confirms")
    east_west.get_by_role("button", name="E–W: these figures are right").click()
    east_west.get_by_text("Result stored").wait_for()
    assert "the table's result is stored" in east_west.locator("#announce").text_content()
    dashboard.locator("#tile-1[data-state=confirmed]").wait_for(timeout=POLL_WAIT)
    hall.get_by_text("Waiting for table 2", exact=True).wait_for(timeout=POLL_WAIT)
    # Table 1's result put someone at the top: the hall's live region says the round and them.
    leader = hall.locator("#hall .hall-top li .name").first.inner_text()
    said = hall.locator("#hall-status").text_content()
    assert said.startswith("Round 1 of ") and leader in said

    # Table 2: the sides disagree; both phones and the dashboard show the dispute.
    north_south.goto(f"{base}/t/{links[2].ns.token}/")
    send(north_south, 7)
    east_west.goto(f"{base}/t/{links[2].ew.token}/")
    send(east_west, 6)
    east_west.get_by_text("The two sides disagree").wait_for()
    dashboard.locator("#tile-2[data-state=disputed]").wait_for(timeout=POLL_WAIT)
    north_south.reload()
    north_south.get_by_text("The two sides disagree").wait_for()
    # Side by side, deal by deal, what differs marked, on the phones and the dashboard.
    for page in (north_south, dashboard.locator("#tile-2")):
        assert page.locator(".dispute mark").all_inner_texts() == [
            "7–6",
            "points: N–S 1, E–W 0",
            "6–7",
            "points: N–S 0, E–W 1",
        ]
    assert north_south.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(north_south, "phone-dispute")
    screenshot(dashboard, "dashboard-dispute")

    # The organiser settles it with one click; the hall sees every table reported.
    dashboard.locator("#tile-2").get_by_role("button", name="Take E–W's figures").click()
    dashboard.get_by_text("Table 2 settled with E–W's figures.").wait_for()
    assert dashboard.locator("#tile-2").get_attribute("data-state") == "confirmed"
    hall.get_by_text("Every table has reported.").wait_for(timeout=POLL_WAIT)
    east_west.reload()
    east_west.get_by_text("Result stored").wait_for()
    assert drive.results.get(table=2).ns_tricks == 6


def test_a_post_lost_to_the_signal_is_kept_and_sent_again(contexts, live_server, evening_under_way):
    drive, links = evening_under_way
    context = contexts(PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{links[1].ns.token}/")
    phone.get_by_label("N–S tricks").fill("9")
    context.set_offline(True)
    phone.get_by_role("button", name="Send", exact=True).click()
    phone.get_by_text("Not sent yet: your figures are kept on this phone").wait_for()
    context.set_offline(False)
    # A reload (or the back button) with the connection back sends them by themselves, once
    # (static/js/offline.js; tests/browser/test_offline.py has the reload without one).
    phone.reload()
    phone.get_by_text("Waiting for E–W to confirm.").wait_for()
    assert drive.pending_entries.get().tricks == {"1": 9}
