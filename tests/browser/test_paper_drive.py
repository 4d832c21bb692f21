"""A paper drive in real Chromium: 40 cards typed with the keyboard alone, then the standings.

The expected order is worked out here from the figures the test types.
"""

import random

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import CardTotal, Typist
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "secret-password-1"
CARDS = 40


def log_in(page, base_url, username):
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def test_forty_cards_typed_with_the_keyboard_give_the_standings(page, live_server):
    organiser = make_user("paper-organiser", PASSWORD)
    club = make_club(organiser=organiser)
    players = make_players(club, CARDS)
    drive = make_drive(club, on_paper=True, deals=24, counting="odd", movement="progressive")
    entries = make_entries(drive, players)
    drive_start(drive=drive)
    names = {entry.card_number: entry.player.name for entry in entries}
    rng = random.Random(16)
    totals = dict(zip(names, rng.sample(range(20, 160), CARDS), strict=True))
    halves = {card: total // 2 for card, total in totals.items()}
    order = list(names)
    rng.shuffle(order)

    log_in(page, live_server.url, organiser.username)
    page.goto(f"{live_server.url}/drives/{drive.pk}/totals/")
    page.evaluate("window.notReloaded = true")
    for i, card in enumerate(order):
        page.keyboard.press("Escape")  # back to the search box, wherever the cursor is
        # Half the cards are found by number, half by the start of the player's name.
        page.keyboard.type(str(card) if i % 2 else names[card].lower())
        page.keyboard.press("Enter")
        page.keyboard.type(str(halves[card]))
        page.keyboard.press("Enter")
        page.keyboard.type(str(totals[card]))
        page.keyboard.press("Enter")  # saves the card and moves to the next one
    panel = page.locator("#panel")
    panel.get_by_text(f"{CARDS} cards of {CARDS} typed").wait_for()
    assert page.evaluate("window.notReloaded") is True  # no page load between cards

    # A card typed again is flagged, and the correction replaces it.
    leader = max(totals, key=totals.get)
    page.keyboard.press("Escape")
    page.keyboard.type(str(leader))
    page.keyboard.press("Enter")
    status = page.locator("#status")
    assert f"Card {leader} has been typed already ({totals[leader]})" in status.inner_text()
    page.keyboard.press("Enter")  # the half-time stays as it was
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    status.get_by_text("it now reads 5").wait_for()
    totals[leader] = 5
    assert page.evaluate("window.notReloaded") is True

    saved = {
        card.entry.card_number: (card.total, card.half_time)
        for card in CardTotal.objects.filter(
            entry__drive=drive, typist=Typist.FIRST
        ).select_related("entry")
    }
    assert saved == {card: (totals[card], halves[card]) for card in names}

    page.goto(f"{live_server.url}/drives/{drive.pk}/standings/")
    rows = page.locator("table.standings").first.locator("tbody tr")
    shown = [rows.nth(i).locator("td").nth(2).inner_text() for i in range(rows.count())]
    expected = [names[card] for card in sorted(totals, key=totals.get, reverse=True)]
    assert shown == expected
    assert "Played on paper" in page.locator("main").inner_text()

    # On a phone the form fits the screen: the cards' table scrolls inside its frame.
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/drives/{drive.pk}/totals/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.keyboard.type(names[leader].lower())
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.name") == "half_time"
