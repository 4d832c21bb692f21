"""The money page on a 360 px phone: a helper at the door ticks who has paid, the balance
follows, and the organiser draws the consolation prize that everyone then sees."""

from decimal import Decimal

import pytest

from drives.models import DriveMoney, EntryFee
from tests.browser.conftest import log_in_as, screenshot
from tests.browser.test_phone_width import PHONE, assert_big_enough, fits
from tests.conftest import make_club, make_drive, make_entries, make_players, make_user
from tests.drives.money.conftest import evening_money, finished_paper_drive

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_paying_at_the_door_and_the_consolation_draw_on_a_phone(page, live_server):
    organiser = make_user("pat")
    club = make_club(name="Little Snoring Whist Club", slug="snoring", organiser=organiser)
    drive = finished_paper_drive(club, half_time_prize=True, prize_places=2)
    evening_money(drive)
    DriveMoney.objects.filter(drive=drive).update(consolation="beside")
    page.set_viewport_size(PHONE)
    log_in_as(page, live_server.url, organiser)

    page.goto(f"{live_server.url}/drives/{drive.pk}/money/")

    assert page.locator("#owing").inner_text() == "£2.50"
    assert fits(page)
    assert_big_enough(page, "input[type=checkbox], button, a.button, select")
    row = page.locator("#fee-8")
    row.get_by_role("checkbox").check()
    row.get_by_role("button", name="Save").click()
    page.get_by_text("Player 008 has paid (Member).").wait_for()  # the page the post answers with
    assert EntryFee.objects.get(entry__drive=drive, entry__card_number=8).paid
    # £2.50 more taken: half of it more in prizes, half more in the balance.
    assert page.locator("#takings").inner_text() == "£30.00"
    assert page.locator("#balance").inner_text() == "£10.00"
    assert page.locator("#owing").count() == 0

    page.get_by_role("button", name="Draw the consolation prize").click()
    page.get_by_text("The consolation prize is drawn:").wait_for()  # the page the post answers with
    screenshot(page, "money-phone")
    page.goto(f"{live_server.url}/drives/{drive.pk}/standings/")
    assert page.locator("#consolation-draw").is_visible()
    assert "Seed " in page.locator("#consolation-draw").inner_text()
    assert fits(page)


def test_marking_a_player_paid_from_the_check_in_list_on_a_phone(page, live_server):
    organiser = make_user("pat")
    club = make_club(name="Little Snoring Whist Club", slug="snoring", organiser=organiser)
    drive = make_drive(club, movement="individual", deals=4)
    make_entries(drive, make_players(club, 8))
    DriveMoney.objects.create(drive=drive, member_fee=Decimal("2.50"))
    page.set_viewport_size(PHONE)
    log_in_as(page, live_server.url, organiser)

    page.goto(f"{live_server.url}/drives/{drive.pk}/")

    button = page.get_by_role("button", name="Player 003 has paid")
    assert fits(page)
    assert_big_enough(page, "#check-in button[form]")
    button.click()
    page.get_by_text("Player 003 has paid (Member).").wait_for()  # the page the post answers with
    assert EntryFee.objects.get(entry__drive=drive, entry__card_number=3).paid
    row = page.locator("#check-in tr", has=page.get_by_text("Player 003", exact=True))
    assert "Paid · Member, £2.50" in row.inner_text()
    screenshot(page, "check-in-fees-phone")
