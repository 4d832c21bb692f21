"""The table page follows the drive by itself, in real Chromium: two phones at a table
(360 × 740) and the organiser's dashboard, no phone ever reloaded.

N–S send, E–W's page shows them and E–W confirm, N–S's page shows the result; the
organiser opens the next round and both phones show its seats and trumps; a third phone,
whose figures were typed but not sent when the round closed, keeps them, sends them and is
told plainly where they went, and the organiser sees them as a late entry.
"""

import pytest

from drives.evening.lifecycle import drive_start, round_advance
from drives.models import DriveStatus, PendingEntry, PendingState, Seating
from tests.browser.conftest import DESKTOP, log_in_as, screenshot
from tests.conftest import link_of, make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
POLL_WAIT = 20_000  # ms: the pages poll every second in tests (tests/conftest.py)


def seat_names(drive, round_number, table):
    seats = Seating.objects.filter(drive=drive, round=round_number, table=table)
    return sorted(s.entry.player.name for s in seats.select_related("entry__player"))


def shown_names(page):
    cells = page.locator("#seats table.seats td").all_inner_texts()
    return sorted(cell.rsplit(" (", 1)[0] for cell in cells)


def test_the_phones_follow_the_table_and_the_rounds_without_a_reload(contexts, live_server):
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_drive(club, title="Christmas Drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    north_south_link, east_west_link = link_of(drive, 1, "NS"), link_of(drive, 1, "EW")
    base = live_server.url
    north_south = contexts(PHONE).new_page()
    east_west = contexts(PHONE).new_page()
    late_phone = contexts(PHONE).new_page()
    dashboard = contexts(DESKTOP).new_page()
    log_in_as(dashboard, base, organiser)
    dashboard.goto(f"{base}/drives/{drive.pk}/tables/")
    north_south.goto(f"{base}/t/{north_south_link.token}/")
    east_west.goto(f"{base}/t/{east_west_link.token}/")
    late_phone.goto(f"{base}/t/{link_of(drive, 2, 'EW').token}/")

    # E–W start typing; N–S send. E–W's page shows N–S's figures by itself, and what E–W
    # typed is still there: a poll never wipes the form.
    east_west.get_by_label("N–S tricks").fill("5")
    north_south.get_by_label("N–S tricks").fill("8")
    north_south.get_by_role("button", name="Send", exact=True).click()
    north_south.get_by_text("Waiting for E–W to confirm.").wait_for()
    east_west.locator("#state[data-state=waiting]").wait_for(timeout=POLL_WAIT)
    assert east_west.get_by_label("N–S tricks").input_value() == "5"
    assert "N–S entered" in east_west.locator("#announce").text_content()
    screenshot(east_west, "follow-ew-sees-ns")

    # E–W confirm; N–S's page says the result is stored, without a reload.
    east_west.get_by_role("button", name="E–W: these figures are right").click()
    east_west.get_by_text("Result stored").wait_for()
    north_south.locator("#state[data-state=confirmed]").wait_for(timeout=POLL_WAIT)
    screenshot(north_south, "follow-ns-sees-confirmed")

    # Table 2's phone types its figures but does not send them before the round closes.
    late_phone.get_by_label("N–S tricks").fill("6")

    # The organiser opens round 2 without table 2.
    dashboard.locator("#tile-1[data-state=confirmed]").wait_for(timeout=POLL_WAIT)
    dashboard.get_by_role("button", name="Next round").click()
    dashboard.get_by_role("button", name="Go on without them").click()
    dashboard.get_by_text("Round 2 is open.").wait_for()

    # Both phones of table 1 show round 2's seats and trumps by themselves.
    for phone, link in ((north_south, north_south_link), (east_west, east_west_link)):
        phone.locator(f'#tableside[data-key="{link.pk}-2"]').wait_for(timeout=POLL_WAIT)
        assert phone.locator("#round-number").inner_text() == "2"
        assert shown_names(phone) == seat_names(drive, 2, 1)
        phone.get_by_text("Deal 2").wait_for()
        assert phone.get_by_label("N–S tricks").input_value() == ""
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(north_south, "follow-ns-round-2")

    # Table 2's phone keeps the figures typed for round 1 and says the round moved on.
    late_phone.locator("#round-moved").wait_for(timeout=POLL_WAIT)
    screenshot(late_phone, "follow-late-phone-moved")
    assert late_phone.get_by_label("N–S tricks").input_value() == "6"
    assert late_phone.locator("#round-number").inner_text() == "1"
    late_phone.get_by_role("button", name="Send", exact=True).click()
    late_phone.locator("#tableside").get_by_text(
        "Round 1 had already closed: your figures went to the organiser"
    ).wait_for()
    # The answer brings round 2 to this phone too.
    assert late_phone.locator("#round-number").inner_text() == "2"
    screenshot(late_phone, "follow-late-phone")
    late = PendingEntry.objects.get(state=PendingState.LATE)
    assert (late.round, late.table, late.side, late.tricks) == (1, 2, "EW", {"1": 6})

    # The organiser's dashboard shows it by its own poll, to accept or dismiss.
    card = dashboard.locator(f"#late-{late.pk}")
    card.wait_for(timeout=POLL_WAIT)
    assert "Table 2, round 1" in card.inner_text()
    screenshot(dashboard, "follow-dashboard-late")
    card.get_by_role("button", name="Accept these figures").click()
    dashboard.get_by_text("Table 2's result for round 1 is now the figures sent late.").wait_for()
    assert drive.results.get(table=2, deal=1).ns_tricks == 6


def test_a_phone_sets_its_old_figures_aside_and_sees_the_end_of_the_drive(contexts, live_server):
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_drive(club, title="Christmas Drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    link = link_of(drive, 1, "NS")
    phone = contexts(PHONE).new_page()
    phone.goto(f"{live_server.url}/t/{link.token}/")
    phone.get_by_label("N–S tricks").fill("4")
    round_advance(drive=drive, allow_missing=True)
    phone.locator("#round-moved").wait_for(timeout=POLL_WAIT)
    phone.get_by_role("button", name="Show the new round").click()
    assert phone.locator("#round-number").inner_text() == "2"
    assert phone.get_by_label("N–S tricks").input_value() == ""
    # Nothing typed now: the end of the drive reaches the phone by itself (the status set
    # as drive_finish sets it; the rounds' tricks are beside the point here).
    drive.refresh_from_db()
    drive.status = DriveStatus.FINISHED
    drive.save()
    phone.get_by_text("The drive has finished: thank you for playing.").wait_for(timeout=POLL_WAIT)
    assert not PendingEntry.objects.exists()
