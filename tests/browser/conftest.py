"""Shared Playwright fixtures: one Chromium for the whole session, a fresh page per test.

Both browser test modules share this one Playwright instance: two sync Playwright
instances cannot run in one process at once.
"""

import os

import pytest

# Playwright's sync API runs an event loop in this thread; the ORM calls made by the
# tests themselves (building data) are then refused as "async unsafe" without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
#: WHIST_SCREENSHOTS=1 keeps pictures of the pages the flows pass through, in /tmp, for a
#: person to look over. Off by default: a full-page picture costs Chromium about a third of
#: a second of processor time, and no test reads them.
SCREENSHOTS = os.environ.get("WHIST_SCREENSHOTS") == "1"


def screenshot(page, name: str, *, full_page: bool = True) -> None:
    """/tmp/<name>.png of the page as it stands, when WHIST_SCREENSHOTS=1."""
    if SCREENSHOTS:
        page.screenshot(path=f"/tmp/{name}.png", full_page=full_page)


def log_in_as(page, base_url: str, user) -> None:
    """The page's browser holding ``user``'s session, as after the log-in form, without
    the two page loads of the form: for the tests of other pages. The form itself is
    driven in test_running_a_drive, test_measure_evening and test_paper_drive."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}]
    )


def kept_by_the_worker(page) -> None:
    """Wait until the service worker controls the page and has kept its copy of it."""
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    for _try in range(100):
        if page.evaluate("() => caches.match(location.href).then(Boolean)"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker kept no copy of the page")


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium, launched once; Playwright cannot download its own here."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    """A desktop-sized page in its own context (own cookies), closed after the test.

    The test fails if the page broke the Content-Security-Policy: the browser then
    refused a script or style that the page needs.
    """
    context = chromium.new_context(viewport=DESKTOP)
    context.set_default_timeout(10_000)
    page = context.new_page()
    refused = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    yield page
    context.close()
    assert refused == []


@pytest.fixture
def contexts(chromium):
    """A function opening a browser context at a viewport (a phone, the hall, the
    organiser's desk), each closed after the test: for the pages used side by side."""
    opened = []

    def new(viewport):
        context = chromium.new_context(viewport=viewport)
        context.set_default_timeout(20_000)  # a crowded CI machine serves slowly
        opened.append(context)
        return context

    yield new
    for context in opened:
        context.close()
