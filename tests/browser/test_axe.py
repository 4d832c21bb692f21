"""axe-core finds no violation on any page a user can reach, in real Chromium, on a 360 ×
740 phone and a 1920 × 1080 screen, in English, French and Hungarian, for a drive of each
game and movement, in each state a table's phone passes through.

The pages are tests/browser/pages.py's PAGES: a new page is one line there, and its
expected status (a 404 or 403 page is checked too). Every page is checked three times: in
English at one size, in French at the other, in Hungarian at either, alternating from page
to page, so every page kind meets both sizes and all three languages for the price of
three passes, not six. One Chromium (the session's), two tabs: a visitor's and the
organiser's.
"""

import pytest

from tests.browser import axe
from tests.browser.conftest import log_in_as
from tests.browser.pages import ANYONE, ORGANISER, PAGES, PHONE, SCREEN, evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = {"en": "", "fr": "/fr", "hu": "/hu"}


@pytest.fixture
def evening_built():
    return evening()


def passes():
    """(language, page, viewport) for each check: see the module's docstring."""
    for index, page in enumerate(PAGES):
        one, other = (PHONE, SCREEN) if index % 2 else (SCREEN, PHONE)
        yield "en", page, one
        yield "fr", page, other
        yield "hu", page, (one, other)[index // 2 % 2]


def test_axe_finds_no_violation_on_any_page(chromium, live_server, evening_built):
    user, fields = evening_built
    contexts = {}
    for who in (ANYONE, ORGANISER):
        context = chromium.new_context()
        context.set_default_timeout(20_000)
        axe.install(context)
        if who == ORGANISER:
            log_in_as(context.new_page(), live_server.url, user)
        contexts[who] = context.new_page()
    failures, counts = [], {}
    for language, page_kind, viewport in passes():
        page = contexts[page_kind.who]
        page.set_viewport_size(viewport)
        url = live_server.url + LANGUAGES[language] + page_kind.address.format(**fields)
        response = page.goto(url)
        assert response.status == page_kind.status, url
        found = axe.violations(page)
        key = page_kind.kind
        counts[key] = counts.get(key, 0) + sum(v["count"] for v in found)
        if found:
            size = f"{viewport['width']}×{viewport['height']}"
            failures.append(f"{page_kind.kind} ({language}, {size}) {url}\n{axe.describe(found)}")
    print("\naxe violations (elements) per page kind:")
    for kind, count in counts.items():
        print(f"  {kind}: {count}")
    for page in contexts.values():
        page.context.close()
    assert not failures, "axe found violations:\n" + "\n".join(failures)
