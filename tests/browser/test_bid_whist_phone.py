"""Bid whist hands entered from two phones at a table in real Chromium (360 × 740): N–S
type both hands of the round, see their points as scoring counts them, send; E–W open
their own link on their own phone and confirm."""

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import Game, PendingEntry, TableResult
from drives.tableside.tokens import link_revoke
from tests.browser.conftest import screenshot
from tests.conftest import link_of, make_club, make_drive, make_entries, make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phones(chromium):
    opened, refused = [], []

    def new():
        context = chromium.new_context(viewport=PHONE)
        context.set_default_timeout(20_000)  # a crowded machine serves slowly
        opened.append(context)
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                refused.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
        return page

    yield new
    for context in opened:
        context.close()
    assert refused == []


def test_one_phone_enters_the_hands_and_the_other_confirms(phones, live_server):
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(
        club,
        title="Bid Whist Night",
        game=Game.BID,
        movement="mitchell",
        deals=4,
        deals_per_round=2,
    )
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    north_south = phones()
    north_south.goto(f"{live_server.url}/t/{link_of(drive, 1, 'NS').token}/")
    assert north_south.evaluate("document.documentElement.scrollWidth") <= 360
    east = drive.seatings.get(round=1, table=1, seat="E").entry.player.name
    assert f"E ({east}) deals" in north_south.locator("#hand-2 legend").inner_text()
    assert north_south.locator("#side").inner_text() == "You are N–S"

    first = north_south.locator("#hand-1")
    first.locator("label.pick", has_text="N–S").click()
    level = first.locator(".levels label.pick", has_text="4")
    assert level.bounding_box()["height"] >= 44
    level.click()
    first.locator("label.pick", has_text="downtown").click()
    first.locator("label.pick", has_text="spades").click()
    first.locator("input[name=b1_tricks]").fill("10")

    # Hand 2: everyone passed, so the dealer (E) had to bid: E–W declare, 1 no trumps.
    second = north_south.locator("#hand-2")
    second.get_by_label("Everyone passed: the dealer had to bid").check()
    assert second.locator("input[name=b2_declarers][value=EW]").is_checked()
    second.locator(".levels label.pick", has_text="1").click()
    second.get_by_role("radio", name="no trumps", exact=True).check()
    assert second.locator("input[name=b2_trumps][value=NT]").is_checked()
    second.locator("input[name=b2_tricks]").fill("5")

    north_south.get_by_role("button", name="Show the points").click()
    first_points = north_south.locator("#hand-1 [data-points]")
    assert "N–S 4 downtown ♠, 10 tricks: +4" in first_points.inner_text()
    assert "E–W 1 no trumps, 5 tricks: -1" in north_south.locator("#hand-2").inner_text()
    assert not TableResult.objects.exists()
    # Only one button at a time: "Send" once the points are shown.
    assert north_south.get_by_role("button", name="Show the points").is_hidden()
    levels = [box.bounding_box() for box in first.locator(".levels label.pick").all()]
    assert len({round(box["y"]) for box in levels}) == 1  # the seven bids on one row
    # A change after the check asks for the points again before anything is sent.
    north_south.locator("input[name=b1_tricks]").fill("9")
    north_south.locator("input[name=b1_tricks]").dispatch_event("change")
    assert north_south.locator("#hand-1 [data-points]").is_hidden()
    north_south.get_by_role("button", name="Show the points").click()
    north_south.get_by_text("N–S 4 downtown ♠, 9 tricks: -1").wait_for()
    north_south.locator("input[name=b1_tricks]").fill("10")
    north_south.locator("input[name=b1_tricks]").dispatch_event("change")
    north_south.get_by_role("button", name="Show the points").click()
    north_south.get_by_text("N–S 4 downtown ♠, 10 tricks: +4").wait_for()
    north_south.get_by_role("button", name="Send", exact=True).click()
    north_south.get_by_text("Waiting for E–W to confirm.").wait_for()
    assert north_south.evaluate("document.documentElement.scrollWidth") <= 360

    east_west = phones()
    east_west.goto(f"{live_server.url}/t/{link_of(drive, 1, 'EW').token}/")
    state = east_west.locator("#state")
    assert "N–S 4 downtown ♠, 10 tricks: +4" in state.inner_text()
    assert "E–W 1 no trumps, 5 tricks: -1" in state.inner_text()
    east_west.get_by_role("button", name="E–W: these figures are right").click()
    east_west.get_by_text("Result stored").wait_for()
    stored = {
        r.deal: (r.declarers, r.bid_level, r.bid_strain, r.trumps, r.ns_tricks)
        for r in TableResult.objects.filter(drive=drive, table=1)
    }
    assert stored == {1: ("NS", 4, "downtown", "S", 10), 2: ("EW", 1, "nt", "", 8)}
    north_south.reload()
    assert "Result stored" in north_south.locator("#state").inner_text()


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_the_hands_fit_a_phone_in_french_and_hungarian(phones, live_server, language):
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(
        club, game=Game.BID, movement="mitchell", deals=4, deals_per_round=2, minimum_bid=1
    )
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    link = link_of(drive)
    phone = phones()
    phone.goto(f"{live_server.url}/{language}/t/{link.token}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    # A new hand starts with nothing chosen, not even "no trumps".
    assert phone.locator("#hand-1 input[type=radio]:checked").count() == 0
    levels = [box.bounding_box() for box in phone.locator("#hand-1 .levels label.pick").all()]
    assert len(levels) == 7 and len({round(box["y"]) for box in levels}) == 1
    for label in phone.locator("#hand-1 label.pick").all():
        box = label.bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360


def test_a_refused_hand_is_said_once_and_never_called_unsent(phones, live_server):
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(club, game=Game.BID, movement="mitchell", deals=4, deals_per_round=2)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    phone = phones()
    phone.goto(f"{live_server.url}/t/{link_of(drive).token}/")
    for number in (1, 2):
        hand = phone.locator(f"#hand-{number}")
        hand.locator("label.pick", has_text="N–S").click()
        hand.locator(".levels label.pick", has_text="4").click()
        hand.locator("label.pick", has_text="downtown").click()
        if number == 1:  # hand 2's trumps are forgotten
            hand.locator("label.pick", has_text="spades").click()
        hand.locator(f"input[name=b{number}_tricks]").fill("10")
    phone.get_by_role("button", name="Show the points").click()
    refusal = "An uptown or downtown bid needs its trump suit."
    phone.get_by_text(refusal).wait_for()
    screenshot(phone, "bid-whist-refused")
    # Said once, beside the trumps of hand 2; the top line only points to it.
    assert phone.locator("#tableside").inner_text().count(refusal) == 1
    assert phone.locator("#hand-2 .field-error").inner_text() == refusal
    assert phone.locator(".messages li.error").inner_text() == "Check the hands marked below."
    # The figures reached the server: nothing calls them unsent or sends them again.
    assert phone.locator("#unsent").is_hidden()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    kept = phone.evaluate("JSON.parse(localStorage.getItem(Object.keys(localStorage)[0]))")
    assert kept["b2_level"] == "4" and "_send" not in kept  # still typed, not waiting to go
    phone.reload()
    assert phone.locator("#unsent").is_hidden()
    assert phone.locator("input[name=b2_level][value='4']").is_checked()
    # Put right, the hand is checked and sent as usual.
    phone.locator("#hand-2 label.pick", has_text="spades").click()
    phone.get_by_role("button", name="Show the points").click()
    phone.get_by_role("button", name="Send", exact=True).click()
    phone.get_by_text("Waiting for E–W to confirm.").wait_for()
    assert phone.locator("#unsent").is_hidden()
    assert phone.locator("#tableside").inner_text().count(refusal) == 0


def test_a_refused_classic_entry_is_said_once_and_never_called_unsent(phones, live_server):
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(club, movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    phone = phones()
    phone.goto(f"{live_server.url}/t/{link_of(drive).token}/")
    tricks = phone.get_by_label("N–S tricks")
    tricks.evaluate("box => box.removeAttribute('max')")  # a browser that lets 14 through
    tricks.fill("14")
    phone.get_by_role("button", name="Send", exact=True).click()
    error = phone.locator(".messages li.error")
    error.wait_for()
    refusal = error.inner_text()
    screenshot(phone, "classic-refused")
    assert phone.locator("#tableside").inner_text().count(refusal) == 1
    assert phone.locator("#unsent").is_hidden()
    assert not PendingEntry.objects.exists()
    # A refusal that is not a table page (the link withdrawn meanwhile) is shown as it is.
    link_revoke(drive=drive, table=1, side="NS", reissue=False)
    tricks.fill("7")
    phone.get_by_role("button", name="Send", exact=True).click()
    phone.get_by_text("This table link has been withdrawn").wait_for()
    assert phone.locator("#unsent").count() == 0 and not PendingEntry.objects.exists()


@pytest.mark.parametrize("language", ["", "fr", "hu"])
def test_the_honours_and_points_a_side_confirms_fit_a_phone(phones, live_server, language):
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(club, movement="individual", deals=8, honours=True)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    prefix = f"{live_server.url}/{language + '/' if language else ''}t/"
    north_south = phones()
    north_south.goto(f"{prefix}{link_of(drive, 1, 'NS').token}/")
    north_south.locator("input[name=d1]").fill("7")
    north_south.locator("select[name=h1]").select_option("4")
    north_south.locator("#entry button[type=submit]").click()
    # Stored before E–W look.
    north_south.locator(".messages li[role=status]:not(.warning)").wait_for()
    east_west = phones()
    east_west.goto(f"{prefix}{link_of(drive, 1, 'EW').token}/")
    waiting = east_west.locator("#state table.figures")
    waiting.wait_for()
    screenshot(east_west, f"confirming-honours-{language or 'en'}")
    assert "5–0" in waiting.inner_text()  # 1 odd trick and four honours
    assert east_west.evaluate("document.documentElement.scrollWidth") <= 360
