"""Made for older players, measured in real Chromium: every tap target on the players' pages
at least 44 × 44 px and no text under 16 px on a 360 px phone; a larger-text switch that
sticks; a hall display read from the back of the hall; four-colour suits where the club
asks for them, and suits never told by colour alone.

The sizes measured are printed (run with -s): the smallest target and text of each page.
"""

import pytest
from playwright.sync_api import expect

from drives.evening.lifecycle import drive_start
from tests.browser.conftest import screenshot
from tests.browser.pages import ANYONE, PAGES, PHONE, evening, token
from tests.conftest import make_club, make_drive, make_entries, make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The players' own pages: everything anyone reaches without logging in, but the accounts
#: pages and the guide (the organisers') and the hall display (a projector: measured below).
PLAYERS_PAGES = [
    p
    for p in PAGES
    if p.who == ANYONE
    and "hall" not in p.kind
    and not p.address.startswith("/accounts/")
    and p.kind != "guide"
]

#: (smallest target's width, its height, smallest text in px, the elements too small).
MEASURE = """() => {
  const visible = e => {
    const box = e.getBoundingClientRect(), style = getComputedStyle(e);
    return box.width > 1 && box.height > 1 && style.visibility !== "hidden"
      && !e.closest("[hidden]");
  };
  const describe = e => e.outerHTML.slice(0, 120);
  // A radio button or a tick box is hit through its label, which holds it.
  const targets = [...document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary")]
    .map(e => (e.matches("input[type=radio], input[type=checkbox]") && e.closest("label")) || e)
    .filter(visible);
  const boxes = targets.map(e => [e, e.getBoundingClientRect()]);
  const small = boxes.filter(([, b]) => b.width < 44 || b.height < 44).map(([e, b]) =>
    `${Math.round(b.width)}×${Math.round(b.height)} ${describe(e)}`);
  const texts = [...document.querySelectorAll("body *")].filter(e =>
    [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && visible(e));
  const sizes = texts.map(e => [e, parseFloat(getComputedStyle(e).fontSize)]);
  const tiny = sizes.filter(([, size]) => size < 16).map(([e, size]) => `${size}px ${describe(e)}`);
  return {
    width: Math.min(...boxes.map(([, b]) => b.width)),
    height: Math.min(...boxes.map(([, b]) => b.height)),
    text: Math.min(...sizes.map(([, size]) => size)),
    small, tiny,
  };
}"""


@pytest.fixture
def evening_built():
    return evening()


def test_the_players_pages_have_big_targets_and_text_on_a_phone(
    chromium, live_server, evening_built
):
    _, fields = evening_built
    page = chromium.new_page(viewport=PHONE)
    problems = []
    print("\nsmallest tap target and text at 360 px (language: page kind):")
    for prefix in ("", "/hu"):
        for kind in PLAYERS_PAGES:
            page.goto(live_server.url + prefix + kind.address.format(**fields))
            found = page.evaluate(MEASURE)
            print(
                f"  {prefix or '/en'} {kind.kind}: {found['width']:.0f} × {found['height']:.0f} px,"
                f" text {found['text']:.1f} px"
            )
            problems += [f"{kind.kind} ({prefix or 'en'}): target {s}" for s in found["small"]]
            problems += [f"{kind.kind} ({prefix or 'en'}): text {t}" for t in found["tiny"]]
            no_sideways = page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            if not no_sideways:
                problems.append(f"{kind.kind} ({prefix or 'en'}): scrolls sideways")
    page.close()
    assert not problems, "\n".join(problems)


def test_the_players_pages_carry_no_organiser_controls(chromium, live_server, evening_built):
    _, fields = evening_built
    page = chromium.new_page(viewport=PHONE)
    # An error page offers the log-in in its text: the page asked for may be an organiser's.
    for kind in (p for p in PLAYERS_PAGES if p.status == 200):
        page.goto(live_server.url + kind.address.format(**fields))
        header = page.locator("header.site-header")
        assert header.get_by_role("link", name="Organiser log in").count() == 0, kind.kind
        logins = page.locator("a[href*='/accounts/login/']")
        assert logins.count() == 1, kind.kind
        assert logins.first.evaluate("a => a.closest('footer') !== null"), kind.kind
    page.close()


def test_the_larger_text_switch_works_in_place_and_sticks(chromium, live_server, evening_built):
    _, fields = evening_built
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{fields['phone_fresh']}/")
    root_size = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
    assert page.evaluate(root_size) == 16
    page.get_by_label("N–S tricks").fill("8")
    switch = page.get_by_role("button", name="Larger text")
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    assert page.evaluate(root_size) == 20
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.get_by_label("N–S tricks").input_value() == "8"  # no reload: nothing lost
    screenshot(page, "phone-larger-text-360")
    # The next page opens large at once: the server reads the choice.
    page.goto(f"{live_server.url}/drives/{fields['finished']}/standings/")
    assert page.evaluate(root_size) == 20
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.get_by_role("button", name="Larger text").click()
    page.reload()  # a conditional GET: the choice is part of the page's ETag
    assert page.evaluate(root_size) == 16
    context.close()


@pytest.mark.parametrize("screen", [(1920, 1080), (1280, 720)])
def test_the_hall_display_reads_from_the_back_of_the_hall(chromium, live_server, screen):
    """Sizes as a share of the screen's height, so a projector's picture keeps them: names,
    places and moves at least 3 % (32 px at 1080, 22 px at 720: 4.5 cm letters on a 1.5 m
    picture, read from 15 m), the round and the title 5 %, the timer 9 %; nothing scrolls."""
    width, height = screen
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(club, title="Christmas drive", movement="individual", deals=8)
    make_entries(drive, make_players(club, 17))  # four tables and one sitting out
    drive_start(drive=drive)
    page = chromium.new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/drives/{drive.pk}/hall/")
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('#hall *')]
          .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
          .map(e => parseFloat(getComputedStyle(e).fontSize)))"""
    )
    assert smallest >= 0.03 * height - 0.5, smallest
    size = "s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)"
    assert page.evaluate(size, ".timer") >= 0.09 * height - 0.5
    assert page.evaluate(size, ".hall-round") >= 0.05 * height - 0.5
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    # Every name of the standings is in view, none cut off at the bottom of its panel.
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.hall-body section')].some(section => {
          const bottom = section.getBoundingClientRect().bottom;
          return [...section.querySelectorAll('li')]
            .some(li => li.getBoundingClientRect().bottom > bottom);
        })"""
    )
    assert not clipped
    screenshot(page, f"hall-{width}x{height}", full_page=False)
    page.close()


FOUR_COLOURS = {"H": "rgb(192, 20, 43)", "D": "rgb(11, 79, 179)", "C": "rgb(17, 114, 47)"}
FOUR_COLOURS["S"] = "rgb(17, 17, 17)"


@pytest.mark.parametrize("four_colour", [True, False])
def test_a_club_chooses_four_colour_suits_for_its_phones_and_hall(
    chromium, live_server, four_colour
):
    club = make_club(name="Hollybush Whist Club", slug="hollybush", four_colour_suits=four_colour)
    drive = make_drive(club, movement="individual", deals=8, deals_per_round=4)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    page = chromium.new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/t/{token(drive)}/")
    expected = FOUR_COLOURS if four_colour else {**FOUR_COLOURS, "D": FOUR_COLOURS["H"]}
    if not four_colour:
        expected["C"] = FOUR_COLOURS["S"]
    names = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
    symbols = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
    for suit, rgb in expected.items():
        trumps = page.locator(f".deal .trumps.suit-{suit}")
        expect(trumps).to_have_css("color", rgb)
        # Never the colour alone: each suit says its symbol and its name.
        assert trumps.inner_text() == f"{symbols[suit]} {names[suit]}"
    if four_colour:
        screenshot(page, "phone-four-colour-360")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/drives/{drive.pk}/hall/")
    for suit, rgb in expected.items():
        # Retried: the display's poll may swap the element out between finding and reading it.
        expect(page.locator(f".hall-deal .suit-{suit}")).to_have_css("color", rgb)
    page.close()
