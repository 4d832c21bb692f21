"""A bid whist round on a 360 px phone: the organiser records a hand and sees its points."""

import pytest

from drives.evening.lifecycle import drive_start
from drives.models import Game, TableResult
from tests.browser.conftest import log_in_as, screenshot
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def test_the_organiser_records_a_bid_whist_hand_on_a_phone(page, live_server):
    user = make_user("bea")
    club = make_club(name="Uptown Whist Club", slug="uptown", organiser=user)
    drive = make_drive(club, game=Game.BID, movement="mitchell", deals=4, deals_per_round=2)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    page.set_viewport_size(PHONE)
    log_in_as(page, live_server.url, user)

    page.goto(f"{live_server.url}/drives/{drive.pk}/rounds/1/")
    assert "hand 1: N deals" in page.content()
    hand = page.locator("#table-1-hand-1")
    hand.locator("select[name=t1_d1_declarers]").select_option("EW")
    hand.locator("input[name=t1_d1_level]").fill("7")
    hand.locator("select[name=t1_d1_strain]").select_option("downtown")
    hand.locator("select[name=t1_d1_trumps]").select_option("H")
    hand.locator("input[name=t1_d1_tricks]").fill("9")
    other = page.locator("#table-1-hand-2")
    other.locator("select[name=t1_d2_declarers]").select_option("NS")
    other.locator("input[name=t1_d2_level]").fill("2")
    other.locator("select[name=t1_d2_strain]").select_option("nt")
    other.locator("input[name=t1_d2_tricks]").fill("10")
    page.get_by_role("button", name="Save scores").click()
    page.wait_for_load_state()
    screenshot(page, "bid-whist-round-360")
    # "ha a nyerő licit Hét volt, és ez a csapat csak három pontot szerez (9 trükk), akkor
    # az a csapat négy pontot veszít" (sources/001).
    assert page.get_by_text("Points: N–S 0, E–W -4.").is_visible()
    assert page.get_by_text("Points: N–S 4, E–W 0.").is_visible()
    assert TableResult.objects.filter(drive=drive, table=1).count() == 2
    wide = page.evaluate(
        """() => [...document.querySelectorAll('.hand *')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5).length"""
    )
    assert wide == 0
