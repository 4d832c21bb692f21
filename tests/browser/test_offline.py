"""Phones and screens that ride out a lost signal, in real Chromium (a phone at 360 px).

The live server is on localhost, a secure origin, so the service worker runs as it does on
a site served over HTTPS. Playwright's offline switch cuts this browser's network, the
worker's included. tests/browser/test_hall_network.py does the same across a real network
link, from a phone of its own to a laptop in hall mode.
"""

import pytest

from drives.evening import lifecycle as evening
from drives.models import PendingEntry, PendingState
from drives.tableside import tokens
from tests.browser.conftest import DESKTOP, kept_by_the_worker, log_in_as, screenshot
from tests.conftest import (
    checked_tricks,
    make_club,
    make_drive,
    make_entries,
    make_players,
    make_user,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
NOT_SENT = (
    "Not sent yet: your figures are kept on this phone and will be sent when the connection "
    "is back."
)


@pytest.fixture
def evening_under_way():
    organiser = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)
    drive = make_drive(club, title="Christmas Drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 8))
    evening.drive_start(drive=drive)
    # N–S's link at each table: the phone these tests hold.
    links = {link.table: link for link in tokens.side_links(drive=drive) if link.side == "NS"}
    return drive, links, organiser


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport=PHONE, service_workers="allow")
    context.set_default_timeout(20_000)
    yield context
    context.close()


def test_the_worker_is_served_from_the_root_so_its_scope_covers_the_table_pages(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert "/static/js/tableside.js" in response.text


def test_a_table_page_reloaded_offline_shows_the_figures_and_sends_them_once_back(
    phone, live_server, evening_under_way
):
    _drive, links, _organiser = evening_under_way
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{links[1].token}/")
    kept_by_the_worker(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{live_server.url}/"

    page.get_by_label("N–S tricks").fill("8")
    phone.set_offline(True)
    page.get_by_role("button", name="Send", exact=True).click()
    page.get_by_text(NOT_SENT).wait_for()
    screenshot(page, "offline-1-not-sent")

    page.reload()  # the worker's copy, not the browser's "no internet" page
    page.get_by_text(NOT_SENT).wait_for()
    assert page.get_by_label("N–S tricks").input_value() == "8"
    assert page.locator("#table-number").inner_text() == "1"
    screenshot(page, "offline-2-reloaded")
    # Not asserted here that nothing has arrived yet: Playwright's offline switch sometimes
    # lets through the resend a page under the service worker makes at load (seen only on a
    # crowded machine). That the figures arrive, once, is what the phone promises.

    phone.set_offline(False)
    page.locator("#state").get_by_text("Waiting for E–W to confirm.").wait_for()
    screenshot(page, "offline-3-sent")
    (entry,) = PendingEntry.objects.all()
    assert entry.tricks == {"1": 8} and entry.state == PendingState.WAITING
    page.wait_for_timeout(1500)  # a second resend would be here by now: it is not
    assert PendingEntry.objects.count() == 1
    assert page.evaluate("Object.keys(localStorage).length") == 0


def test_figures_only_typed_wait_for_the_send_button(phone, live_server, evening_under_way):
    _drive, links, _organiser = evening_under_way
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{links[1].token}/")
    kept_by_the_worker(page)
    page.get_by_label("N–S tricks").fill("9")
    phone.set_offline(True)
    page.reload()
    assert page.get_by_label("N–S tricks").input_value() == "9"
    assert not page.get_by_text(NOT_SENT).is_visible()
    phone.set_offline(False)
    page.wait_for_timeout(1500)
    assert not PendingEntry.objects.exists()


def test_the_dashboard_says_when_the_connection_was_lost_and_carries_on(
    chromium, live_server, evening_under_way, settings
):
    settings.DASHBOARD_POLL_SECONDS = 1
    drive, links, organiser = evening_under_way
    context = chromium.new_context(viewport=DESKTOP)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        log_in_as(page, live_server.url, organiser)
        page.goto(f"{live_server.url}/drives/{drive.pk}/tables/")
        lost = page.locator("#connection-lost")
        assert lost.is_hidden()
        context.set_offline(True)
        lost.wait_for(state="visible")
        assert "Connection lost, last update at" in lost.inner_text()
        screenshot(page, "offline-4-dashboard")
        table_two = phone_entry(links[2], side="NS", tricks=7)
        context.set_offline(False)
        lost.wait_for(state="hidden")
        page.locator("#tile-2[data-state=entered]").wait_for()
        assert table_two.table == 2
    finally:
        context.close()


def phone_entry(link, *, side, tricks):
    """A side's figures arriving from another phone while the dashboard is cut off."""
    import uuid

    from drives.tableside import services

    link.drive.refresh_from_db()
    return services.entry_submit(
        link=link,
        round_number=link.drive.current_round,
        side=side,
        figures=checked_tricks(link.drive, {1: tricks}, table=link.table),
        submission=uuid.uuid4(),
    ).entry


def test_without_a_service_worker_the_phone_asks_before_a_reload_loses_the_page(
    chromium, live_server, evening_under_way
):
    """A hall laptop serves plain HTTP, where browsers run no service worker: a reload with
    no signal would show the browser's error page, so the page asks first while figures wait
    to be sent, and not once they are."""
    _drive, links, _organiser = evening_under_way
    context = chromium.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
    page.goto(f"{live_server.url}/t/{links[1].token}/")
    page.get_by_label("N–S tricks").fill("8")
    context.set_offline(True)
    page.get_by_role("button", name="Send", exact=True).click()
    page.get_by_text(NOT_SENT).wait_for()

    page.evaluate("() => location.reload()")  # as the phone's own reload: the page may ask
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]
    assert page.get_by_label("N–S tricks").input_value() == "8"  # still the page, not an error

    context.set_offline(False)
    page.locator("#tableside").get_by_text("Sent. Now E–W confirm them").wait_for()
    page.evaluate("() => location.reload()")
    page.locator("#table-number").wait_for()
    assert asked == ["beforeunload"]  # nothing waits now: no question
    assert PendingEntry.objects.count() == 1
    context.close()


def test_the_hall_display_says_when_the_connection_was_lost(
    chromium, live_server, evening_under_way, settings
):
    settings.HALL_POLL_SECONDS = 1
    drive, _links, _organiser = evening_under_way
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/drives/{drive.pk}/hall/")
        context.set_offline(True)
        lost = page.locator("#connection-lost")
        lost.wait_for(state="visible")
        screenshot(page, "offline-5-hall")
        context.set_offline(False)
        lost.wait_for(state="hidden")
    finally:
        context.close()


def test_the_dashboard_and_the_hall_display_can_be_pinned_to_a_home_screen(
    client, evening_under_way
):
    drive, _links, _organiser = evening_under_way
    hall = client.get(f"/drives/{drive.pk}/hall/manifest.webmanifest")
    assert hall["Content-Type"] == "application/manifest+json"
    assert hall.json()["start_url"] == f"/drives/{drive.pk}/hall/"
    assert hall.json()["name"] == "Christmas Drive · Hall display"
    dashboard = client.get(f"/drives/{drive.pk}/tables/manifest.webmanifest").json()
    assert dashboard["start_url"] == dashboard["scope"] == f"/drives/{drive.pk}/tables/"
    assert (
        f'href="/drives/{drive.pk}/hall/manifest.webmanifest"'
        in client.get(f"/drives/{drive.pk}/hall/").text
    )
