"""A compass drive on a 360 px phone: the table's page names the boards it holds, the
boards page and the pairs' standings fit, and a side's tricks go in as at classic whist."""

import pytest

from drives.models import PendingEntry
from tests.browser.conftest import log_in_as, screenshot
from tests.browser.test_phone_width import PHONE, assert_big_enough, fits
from tests.conftest import link_of, make_club, make_user, record_tricks
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_enters_its_tables_boards_and_the_organisers_pages_fit(page, live_server):
    organiser = make_user("pat")
    club = make_club(name="Little Snoring Whist Club", slug="snoring", organiser=organiser)
    drive = make_compass_drive(club, organiser, pairs=8, boards=8)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/t/{link_of(drive, 3).token}/")
    # Table 3 holds set 3 in round 1 of the skip Mitchell: boards 5 and 6.
    assert page.get_by_text("Board 5").is_visible() and page.get_by_text("Board 6").is_visible()
    screenshot(page, "compass-phone-360")
    assert fits(page)
    assert page.get_by_text("You are N–S").is_visible()  # its link sends N–S's figures
    tricks = page.locator("input.tricks")
    tricks.nth(0).fill("8")
    tricks.nth(1).fill("6")
    page.get_by_role("button", name="Send").click()
    page.get_by_text("Waiting for E–W to confirm.").wait_for()
    assert PendingEntry.objects.get().tricks == {"1": 8, "2": 6}

    log_in_as(page, live_server.url, organiser)
    page.goto(f"{live_server.url}/drives/{drive.pk}/boards/")
    assert fits(page)
    assert_big_enough(page)
    play_all(drive, lambda r, t, d: 7)
    page.goto(f"{live_server.url}/drives/{drive.pk}/boards/standings/")
    page.get_by_role("heading", name="North–South pairs").wait_for()
    screenshot(page, "compass-standings-360")
    assert fits(page)


def test_a_tables_boards_show_their_dealer_and_trumps_on_a_360_px_phone(contexts, live_server):
    # Honours counted: the widest stored table a phone shows (board, tricks, honours, points).
    organiser = make_user("pat")
    club = make_club(name="Little Snoring Whist Club", slug="snoring", organiser=organiser)
    drive = make_compass_drive(club, organiser, pairs=8, boards=8, honours=True)
    record_tricks(drive, 1, 3, {1: 8, 2: 6})
    phone = contexts(PHONE).new_page()
    phone.goto(f"{live_server.url}/t/{link_of(drive, 3).token}/")
    stored = phone.locator("#state")
    stored.get_by_text("Result stored").wait_for()
    # Table 3 holds boards 5 (North deals, hearts) and 6 (East deals, diamonds).
    for words in ("Board 5", "N deals · ♥", "Board 6", "E deals · ♦"):
        assert stored.get_by_text(words).first.is_visible(), words
    screenshot(phone, "compass-phone-stored-360")
    assert fits(phone)
    # The organiser's round page on a phone: each table's boards, dealer and trumps.
    desk = contexts(PHONE).new_page()
    log_in_as(desk, live_server.url, organiser)
    desk.goto(f"{live_server.url}/drives/{drive.pk}/rounds/1/")
    table = desk.locator("#table-3")
    assert table.get_by_text("Board 5", exact=True).is_visible()
    assert table.get_by_label("Table 3, board 5: N–S tricks").is_visible()
    assert table.get_by_text("N deals · ♥").is_visible()
    screenshot(desk, "compass-round-360")
    assert fits(desk)
