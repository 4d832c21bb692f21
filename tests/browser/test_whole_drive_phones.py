"""A whole drive of each movement kind in real Chromium, entered from phones that are never
reloaded: each table's two sides on their own links (360 × 740), the hall display
(1920 × 1080) and the organiser's dashboard open beside them.

Two tables, two rounds of two deals, honours counted. Round 1: table 1's N–S send and E–W
confirm from their own phone; table 2's N–S type their figures but the organiser opens
round 2 without them, so their post is stale: it goes to the organiser, who accepts it.
Round 2: table 1's sides differ only in honours and the organiser settles it from the
dashboard; table 2's E–W send and N–S confirm. The organiser finishes the drive and every
phone says so. The hall has been open for minutes (on Playwright's clock) before round 1's
timer starts; its clock is compared with the dashboard's then and when round 2's timer
starts by itself.
"""

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import DriveStatus, HallState, PendingEntry, PendingState
from tests.browser.conftest import DESKTOP, log_in_as, screenshot
from tests.browser.pages import PHONE, SCREEN
from tests.browser.test_hall_clock import first_shown
from tests.conftest import (
    link_of,
    make_club,
    make_drive,
    make_entries,
    make_players,
    make_user,
    record_tricks,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_WAIT = 20_000  # ms: the pages poll every second in tests (tests/conftest.py)
OPEN_BEFORE_THE_ROUND = "06:00"  # minutes:seconds on the hall's clock
MARK = "window.__noReload"
CLOCKS: dict[str, list[float]] = {}  # movement → how far apart the two clocks were, seconds


def fill(phone, tricks: dict[int, int], honours: dict[int, str] | None = None):
    """Type N–S tricks (deal → tricks) and honours (deal → choice's value) on a phone."""
    for deal, ns in tricks.items():
        phone.locator(f"#entry input[name=d{deal}]").fill(str(ns))
    for deal, value in (honours or {}).items():
        phone.locator(f"#entry select[name=h{deal}]").select_option(value)


def send(phone):
    phone.locator("#entry").get_by_role("button", name="Send", exact=True).click()


def state_of(phone, state):
    phone.locator(f"#state[data-state={state}]").wait_for(timeout=POLL_WAIT)


def on_round(phone, link, round_number):
    phone.locator(f'#tableside[data-key="{link.pk}-{round_number}"]').wait_for(timeout=POLL_WAIT)


def clocks_apart(hall, dashboard, drive) -> float:
    """Seconds between the hall's timer and the dashboard's showing the same value."""
    hall.locator("[data-timer]:not(.paused)").wait_for(timeout=POLL_WAIT)
    hall.wait_for_timeout(2500)  # the polls measure the offset again
    hall_seen, desk_seen = first_shown([hall, dashboard])
    common = sorted(set(hall_seen) & set(desk_seen))
    assert common, (hall_seen, desk_seen)
    assert HallState.objects.get(drive=drive).timer_started_at is not None
    return max(abs(hall_seen[value] - desk_seen[value]) for value in common)


@pytest.mark.parametrize("movement", ["progressive", "individual", "mitchell", "howell"])
def test_a_whole_drive_from_phones_that_never_reload(contexts, live_server, movement):
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_drive(
        club, title="Christmas Drive", movement=movement, deals=4, deals_per_round=2, honours=True
    )
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    drive.refresh_from_db()
    assert drive.rounds == 2
    base = live_server.url
    links = {(t, s): link_of(drive, t, s) for t in (1, 2) for s in ("NS", "EW")}
    phones = {key: contexts(PHONE).new_page() for key in links}
    hall = contexts(SCREEN).new_page()
    dashboard = contexts(DESKTOP).new_page()

    hall.clock.install()
    hall.goto(f"{base}/drives/{drive.pk}/hall/")
    for key, phone in phones.items():
        phone.goto(f"{base}/t/{links[key].token}/")
        phone.evaluate(f"{MARK} = 1")
        assert phone.locator("#side").get_attribute("data-side") == key[1]
    # Minutes pass on the hall's clock while the server's stands still.
    hall.clock.fast_forward(OPEN_BEFORE_THE_ROUND)
    hall.wait_for_timeout(1500)
    log_in_as(dashboard, base, organiser)
    dashboard.goto(f"{base}/drives/{drive.pk}/tables/")
    dashboard.get_by_role("button", name="Start", exact=True).click()
    dashboard.wait_for_load_state()
    CLOCKS[movement] = [clocks_apart(hall, dashboard, drive)]
    assert hall.locator(".hall-round").inner_text() == "Round 1 of 2"

    # Round 1, table 1: N–S send; E–W's phone shows them by itself and E–W confirm; N–S's
    # phone shows the result stored.
    ns1, ew1, ns2, ew2 = (phones[key] for key in [(1, "NS"), (1, "EW"), (2, "NS"), (2, "EW")])
    fill(ns1, {1: 8, 2: 5}, {1: "4"})
    send(ns1)
    ns1.get_by_text("Waiting for E–W to confirm.").wait_for()
    assert ns1.get_by_role("button", name="E–W: these figures are right").count() == 0
    screenshot(ns1, f"whole-{movement}-1-ns-sent")
    state_of(ew1, "waiting")
    assert "N–S hold all four" in ew1.locator("#state").inner_text()
    screenshot(ew1, f"whole-{movement}-1-ew-to-confirm")
    ew1.get_by_role("button", name="E–W: these figures are right").click()
    ew1.get_by_text("Result stored").wait_for()
    state_of(ns1, "confirmed")
    screenshot(ns1, f"whole-{movement}-1-ns-stored")

    # Table 2's N–S type their figures but have not sent them when the organiser opens
    # round 2: a static movement goes on without them; a progressive one waits for every
    # table's winners, so the organiser types table 2's tricks from its paper slip first.
    fill(ns2, {1: 6, 2: 7})
    dashboard.locator("#tile-1[data-state=confirmed]").wait_for(timeout=POLL_WAIT)
    if not drive.is_static:
        record_tricks(drive, 1, 2, {1: 6, 2: 6}, user=organiser)
        dashboard.locator("#tile-2[data-state=confirmed]").wait_for(timeout=POLL_WAIT)
    dashboard.get_by_role("button", name="Next round").click()
    if drive.is_static:
        dashboard.get_by_role("button", name="Go on without them").click()
    dashboard.get_by_text("Round 2 is open.").wait_for()
    for key in [(1, "NS"), (1, "EW"), (2, "EW")]:
        on_round(phones[key], links[key], 2)
        assert phones[key].locator("#round-number").inner_text() == "2"
    ns2.locator("#round-moved").wait_for(timeout=POLL_WAIT)
    assert ns2.locator("#entry input[name=d1]").input_value() == "6"
    screenshot(ns2, f"whole-{movement}-2-ns-stale")
    send(ns2)
    ns2.locator("#tableside").get_by_text(
        "Round 1 had already closed: your figures went to the organiser"
    ).wait_for()
    assert ns2.locator("#round-number").inner_text() == "2"
    screenshot(ns2, f"whole-{movement}-2-ns-stale-sent")
    late = PendingEntry.objects.get(state=PendingState.LATE)
    assert (late.round, late.table, late.side, late.tricks) == (1, 2, "NS", {"1": 6, "2": 7})
    card = dashboard.locator(f"#late-{late.pk}")
    card.wait_for(timeout=POLL_WAIT)
    card.get_by_role("button", name="Accept these figures").click()
    dashboard.get_by_text("Table 2's result for round 1 is now the figures sent late.").wait_for()
    assert drive.results.get(table=2, deal=2).ns_tricks == 7

    # Round 2's timer started by itself as the round opened; the hall has been open for
    # minutes on its own clock.
    CLOCKS[movement].append(clocks_apart(hall, dashboard, drive))
    assert hall.locator(".hall-round").inner_text() == "Round 2 of 2"

    # Round 2, table 1: the sides differ only in honours; both phones show it, the
    # organiser takes N–S's figures from the dashboard, both phones show them stored.
    fill(ns1, {3: 7, 4: 9}, {3: "3"})
    send(ns1)
    state_of(ew1, "waiting")
    fill(ew1, {3: 7, 4: 9}, {3: "1"})
    send(ew1)
    for phone in (ns1, ew1):
        state_of(phone, "disputed")
        marked = phone.locator("#state mark").all_inner_texts()
        # Only the honours differ, and the points they give: the tricks are not marked.
        assert {"N–S hold three", "E–W hold three"} <= set(marked), marked
        assert all("hold" in part or part.startswith("points") for part in marked), marked
    screenshot(ew1, f"whole-{movement}-3-ew-disputed")
    tile = dashboard.locator("#tile-1[data-state=disputed]")
    tile.wait_for(timeout=POLL_WAIT)
    screenshot(dashboard, f"whole-{movement}-3-dashboard-dispute")
    tile.get_by_role("button", name="Take N–S's figures").click()
    dashboard.get_by_text("Table 1 settled with N–S's figures.").wait_for()
    for phone in (ns1, ew1):
        state_of(phone, "confirmed")
    assert drive.results.get(table=1, deal=3).ns_honours == 3
    assert "That was the last round" in ew1.locator("#state").inner_text()
    screenshot(ew1, f"whole-{movement}-3-ew-settled")

    # Round 2, table 2: E–W send this time, N–S confirm.
    fill(ew2, {3: 4, 4: 6})
    send(ew2)
    state_of(ns2, "waiting")
    ns2.get_by_role("button", name="N–S: these figures are right").click()
    ns2.get_by_text("Result stored").wait_for()
    state_of(ew2, "confirmed")

    # The last round is in: the organiser finishes the drive; every phone and the hall say
    # so by themselves.
    dashboard.locator("#tile-2[data-state=confirmed]").wait_for(timeout=POLL_WAIT)
    dashboard.get_by_role("link", name="Finish the drive").click()
    dashboard.get_by_role("button", name="Finish the drive").click()
    dashboard.wait_for_load_state()
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED
    for phone in phones.values():
        phone.get_by_text("The drive has finished: thank you for playing.").wait_for(
            timeout=POLL_WAIT
        )
    hall.get_by_text("The drive has finished.").wait_for(timeout=POLL_WAIT)
    screenshot(ew2, f"whole-{movement}-4-ew-finished")
    for key, phone in phones.items():
        assert phone.evaluate(MARK) == 1, key  # a reload would have wiped the marker
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], key
    print(f"{movement}: hall vs dashboard, seconds apart {CLOCKS[movement]}")
    assert max(CLOCKS[movement]) < 1.0
