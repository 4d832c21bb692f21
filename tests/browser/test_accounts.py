"""A new club starts by itself, in real Chromium: sign up, confirm the address from the
e-mail, create the club, invite a co-organiser who accepts in another browser, set up the
first drive; a forgotten password reset by e-mail; a helper refused the organisers' pages.

The e-mails are read from Django's test outbox (locmem), which the live server shares.
"""

import os
import re

import pytest
from django.core import mail

from drives.models import Club, ClubRole
from tests.browser.conftest import log_in_as, screenshot
from tests.conftest import make_club, make_drive, make_user

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-whist-password-7"


class Clicks:
    """Counts what a person presses (buttons, links, the link in an e-mail), not typing."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def button(self, name: str) -> None:
        with self.page.expect_navigation() as navigation:
            self.page.get_by_role("button", name=name, exact=True).click()
        response = navigation.value
        assert response is not None and response.ok, f"{name!r}: {response and response.status}"
        self.count += 1

    def link(self, name: str) -> None:
        with self.page.expect_navigation():
            self.page.get_by_role("link", name=name, exact=True).first.click()
        self.count += 1

    def e_mail_link(self, message) -> None:
        self.page.goto(re.search(r"https?://\S+", message.body).group(0))
        self.count += 1


def last_mail_to(address: str):
    return [message for message in mail.outbox if address in message.to][-1]


def sign_up(page, clicks, *, email, username) -> None:
    page.fill("input[name=email]", email)
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    clicks.button("Create the account")


def test_a_new_club_from_sign_up_to_its_first_drive_with_a_co_organiser(
    page, chromium, live_server, settings
):
    base = live_server.url
    settings.SITE_URL = base  # the e-mails' links are on the site's address
    clicks = Clicks(page)
    page.goto(f"{base}/")
    clicks.link("Organiser log in")
    clicks.link("Create an account")
    sign_up(page, clicks, email="ann@example.org", username="ann")
    assert "We have sent an email to you for verification" in page.content()
    clicks.e_mail_link(last_mail_to("ann@example.org"))
    clicks.button("Confirm")
    assert page.url == f"{base}/accounts/clubs/"  # logged in, no club yet
    clicks.link("Create a club")
    page.fill("input[name=name]", "Hollybush Whist Club")
    page.fill("input[name=town]", "Little Bramley")
    page.fill("input[name=venue]", "The Village Hall")
    clicks.button("Create the club")
    assert page.url == f"{base}/clubs/hollybush-whist-club/"
    assert "you are its organiser" in page.locator(".messages").inner_text()
    screenshot(page, "accounts-new-club")
    to_new_club = clicks.count

    # A co-organiser, invited by e-mail, accepts in a browser of their own.
    clicks.link("Organisers and helpers")
    page.fill("input[name=email]", "bert@example.org")
    page.select_option("#id_role", ClubRole.ORGANISER)  # the invitation's, not a member's
    clicks.button("Send the invitation")
    assert "Invitation sent to bert@example.org" in page.locator(".messages").inner_text()
    other = chromium.new_context(viewport={"width": 360, "height": 740})
    bert = other.new_page()
    bert_clicks = Clicks(bert)
    bert_clicks.e_mail_link(last_mail_to("bert@example.org"))
    assert "Join Hollybush Whist Club's team" in bert.content()
    bert_clicks.link("Create an account")
    sign_up(bert, bert_clicks, email="bert@example.org", username="bert")
    # The invited address needs no second confirmation: straight back to the invitation.
    bert_clicks.button("Accept the invitation")
    assert bert.url == f"{base}/clubs/hollybush-whist-club/"
    assert bert.get_by_role("link", name="New drive").is_visible()
    screenshot(bert, "accounts-co-organiser-phone", full_page=False)
    other.close()
    club = Club.objects.get(slug="hollybush-whist-club")
    assert club.is_organiser(club.memberships.get(user__username="bert").user)

    # The first drive.
    page.goto(f"{base}/clubs/hollybush-whist-club/")
    before = clicks.count
    clicks.link("New drive")
    page.fill("input[name=date]", "2026-12-04")
    page.fill("input[name=title]", "Christmas Drive")
    clicks.button("Save")
    assert re.search(r"/drives/\d+/$", page.url)
    print(
        f"\nclicks: sign-up to a club of one's own {to_new_club}, "
        f"club to its first drive {clicks.count - before}, co-organiser's {bert_clicks.count}"
    )
    assert to_new_club <= 7 and clicks.count - before <= 2 and bert_clicks.count <= 4


def test_a_forgotten_password_is_reset_from_the_e_mail(page, live_server, settings):
    base = live_server.url
    settings.SITE_URL = base  # the e-mail's links are on the site's address
    user = make_user("ann", "an-old-forgotten-one-1")
    user.email = "ann@example.org"
    user.save()
    user.emailaddress_set.create(email="ann@example.org", verified=True, primary=True)
    clicks = Clicks(page)
    page.goto(f"{base}/accounts/login/")
    clicks.link("Forgotten your password?")
    page.fill("input[name=email]", "ann@example.org")
    clicks.button("Reset My Password")
    clicks.e_mail_link(last_mail_to("ann@example.org"))
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    clicks.button("Change Password")
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "ann@example.org")
    page.fill("input[name=password]", PASSWORD)
    clicks.button("Log in")
    assert page.get_by_role("link", name="ann", exact=True).is_visible()


def test_a_helper_runs_the_evening_but_is_refused_the_organisers_pages(page, live_server):
    base = live_server.url
    club = make_club(name="Hollybush", slug="hollybush", organiser=make_user("ann"))
    helper = make_user("helen")
    club.memberships.create(user=helper, role=ClubRole.HELPER)
    drive = make_drive(club, title="Friday Drive")
    log_in_as(page, base, helper)
    page.goto(f"{base}/clubs/hollybush/")
    assert page.get_by_role("link", name="New drive").count() == 0
    page.goto(f"{base}{drive.get_absolute_url()}")
    assert page.get_by_role("button", name="Save check-in").is_visible()  # helpers check in
    assert page.get_by_role("link", name="Start the drive…").count() == 0
    for address in ("drives/new/", "team/", "players/", "seasons/new/"):
        response = page.goto(f"{base}/clubs/hollybush/{address}")
        assert response is not None and response.status == 403, address
