"""An organiser's whole evening in real Chromium: set up, check in, score every round, finish.

The expected standings are worked out here, independently of the app, from the
seatings the round pages show and the tricks the test types in.
"""

import os
import re
from collections import defaultdict

import pytest

from drives.models import SeatRole
from tests.browser.conftest import screenshot
from tests.conftest import make_club, make_player, make_user

# Playwright's sync API runs an event loop in this thread; the ORM calls made by the
# test itself (building data) are then refused as "async unsafe" without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "secret-password-1"
LADIES = [
    "Ada Ashworth",
    "Beatrice Bell",
    "Clara Crabtree",
    "Dorothy Dunn",
    "Edith Ellwood",
    "Florence Fenwick",
    "Gladys Greenhalgh",
    "Hilda Hartley",
]
GENTS = [
    "Albert Atherton",
    "Bernard Booth",
    "Cyril Cartwright",
    "Douglas Dawson",
    "Ernest Entwistle",
    "Frank Fairclough",
    "George Gaskell",
    "Harold Holroyd",
]
CARD_NUMBER = re.compile(r"\s*\(\d+\)\s*$")


# --- what the organiser does, through the pages ------------------------------------------


def submit(page, button: str) -> None:
    """Click a form's button and wait for the page the POST redirects to."""
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name=button, exact=True).click()
    response = navigation.value
    assert response is not None and response.ok, f"{button!r}: {response and response.status}"
    assert page.locator(".messages li.error").count() == 0, page.locator(".messages").inner_text()


def start(page) -> None:
    """Start from the drive page, through the page that says what starting will do."""
    page.get_by_role("link", name="Start the drive…").click()
    page.wait_for_url("**/start/")
    submit(page, "Start the drive: seat round 1")


def log_in(page, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    submit(page, "Log in")
    assert page.get_by_text(username, exact=True).is_visible()


def new_drive(page, base_url: str, club_slug: str, *, title, deals, movement) -> str:
    """Set up a drive through the form; returns the drive page's URL."""
    page.goto(f"{base_url}/clubs/{club_slug}/drives/new/")
    page.fill("input[name=date]", "2026-12-04")
    page.fill("input[name=title]", title)
    page.fill("input[name=deals]", str(deals))
    page.fill("input[name=deals_per_round]", "1")
    page.select_option("select[name=movement]", movement)
    submit(page, "Save")
    assert re.search(r"/drives/\d+/$", page.url), page.url
    assert page.get_by_role("heading", name=title).is_visible()
    return page.url


def check_in(page, names) -> None:
    for name in names:
        page.get_by_label(name, exact=True).check()
    # The page counts tables and sit-outs as players are ticked, before anything is saved.
    live = page.locator("#live-plan")
    assert live.locator("[data-count=ticked]").inner_text() == str(len(names))
    assert live.locator("[data-count=tables]").inner_text() == str(len(names) // 4)
    assert live.locator("[data-count=sitting]").inner_text() == str(len(names) % 4)
    submit(page, "Save check-in")
    assert f"{len(names)} players checked in" in page.locator("#plan").inner_text()


def seats(page) -> dict[int, dict[str, str]]:
    """The round page's table cards: table number → seat (N/E/S/W) → player's name.

    Read in one call (the text as shown, innerText, as Playwright's inner_text reads it)."""
    cards = page.locator("li[id^=table-]").evaluate_all(
        """cards => cards.map(card => [
            card.id,
            [...card.querySelectorAll("table.seats tr")].map(row => [
                row.querySelector("th").innerText, row.querySelector("td").innerText,
            ]),
        ])"""
    )
    return {
        int(card_id.removeprefix("table-")): {
            seat.strip(): CARD_NUMBER.sub("", name) for seat, name in rows
        }
        for card_id, rows in cards
    }


def sitting_out(page) -> list[str]:
    line = page.locator("p", has_text="Sitting out:")
    if not line.count():
        return []
    names = line.inner_text().split(":", 1)[1]
    return [CARD_NUMBER.sub("", name).strip() for name in names.split(",")]


def enter_scores(page, tricks: dict[int, int], deal: int) -> None:
    for table, ns_tricks in tricks.items():
        page.fill(f"input[name=t{table}_d{deal}]", str(ns_tricks))
    submit(page, "Save scores")
    saved = f"Saved {len(tricks)} table{'' if len(tricks) == 1 else 's'}."
    assert saved in page.locator(".messages").inner_text()


def prizes(page) -> dict[str, list[str]]:
    """The standings page's prize list: prize name → the winners' names."""
    found = {}
    for item in page.locator("ul.prizes li").all_inner_texts():
        prize, rest = item.split(":", 1)
        found[prize.strip()] = sorted(rest.rsplit("—", 1)[0].strip().split(" & "))
    return found


def standings_rows(page) -> dict[str, int]:
    """The overall standings table: name → deals played."""
    rows = {}
    for cells in (
        page.locator("table.standings")
        .first.locator("tbody tr")
        .evaluate_all(
            "rows => rows.map(row => [...row.querySelectorAll('td')].map(cell => cell.innerText))"
        )
    ):
        rows[cells[2].splitlines()[0].strip()] = int(cells[5].split()[0])  # name, then any note
    return rows


# --- the expected result, worked out independently ---------------------------------------


def odd_tricks(tricks: int) -> int:
    return max(0, tricks - 6)


def score_round(points, round_seats, tricks) -> None:
    """Add a round's odd tricks to each player's list of round points (one deal a round)."""
    for table, table_seats in round_seats.items():
        ns = tricks[table]
        for seat, name in table_seats.items():
            points[name].append(odd_tricks(ns) if seat in "NS" else odd_tricks(13 - ns))


def expected_groups(points: dict[str, list[int]]) -> list[list[str]]:
    """Players best first, grouped where the total and the countback cannot separate them."""

    def key(name):
        rounds = points[name]
        countback = [sum(rounds[-k:]) for k in range(1, len(rounds))]
        return (-sum(rounds), *(-p for p in countback))

    groups = defaultdict(list)
    for name in points:
        groups[key(name)].append(name)
    return [sorted(groups[k]) for k in sorted(groups)]


def progressive_tricks(table: int, round_number: int) -> int:
    """N–S tricks: table 1's N–S take all 13; elsewhere they vary by table and round."""
    if table == 1:
        return 13
    return (3 * table + 5 * round_number) % 14


# --- the tests ---------------------------------------------------------------------------


def test_a_sixteen_player_progressive_drive_from_log_in_to_prizes(page, live_server):
    organiser = make_user()
    club = make_club(organiser=organiser)
    for lady, gent in zip(LADIES, GENTS, strict=True):
        make_player(club, name=lady, role=SeatRole.LADY)
        make_player(club, name=gent, role=SeatRole.GENT)
    base = live_server.url

    log_in(page, base, organiser.username)
    drive_url = new_drive(
        page, base, club.slug, title="Christmas progressive", deals=8, movement="progressive"
    )
    check_in(page, LADIES + GENTS)
    assert "4 tables" in page.locator("#plan").inner_text()
    start(page)

    points: dict[str, list[int]] = defaultdict(list)
    for round_number in range(1, 9):
        assert page.url == f"{drive_url}rounds/{round_number}/"
        assert page.get_by_role("heading", name=f"Round {round_number} of 8").is_visible()
        round_seats = seats(page)
        assert sorted(round_seats) == [1, 2, 3, 4]
        seated = [name for table in round_seats.values() for name in table.values()]
        assert sorted(seated) == sorted(LADIES + GENTS)
        # Ladies sit N and E, gents S and W.
        for table in round_seats.values():
            assert {table["N"], table["E"]} <= set(LADIES)
            assert {table["S"], table["W"]} <= set(GENTS)
        tricks = {table: progressive_tricks(table, round_number) for table in round_seats}
        enter_scores(page, tricks, deal=round_number)
        score_round(points, round_seats, tricks)
        if round_number == 4:
            screenshot(page, "progressive-round-4")
        if round_number < 8:
            submit(page, f"Open round {round_number + 1}")
    submit(page, "Finish the drive")

    assert page.url == f"{drive_url}standings/"
    screenshot(page, "progressive-standings")
    groups = expected_groups(points)
    shown = prizes(page)
    assert shown["1st"] == groups[0]
    assert shown["Booby"] == groups[-1]
    # The design gives a unique winner and booby; fail loudly if the tricks ever stop doing so.
    assert len(groups[0]) == 1, groups[0]
    assert len(groups[-1]) == 1, groups[-1]
    assert set(standings_rows(page)) == set(LADIES + GENTS)


def test_a_late_arrival_joins_an_individual_drive_without_disturbing_played_rounds(
    page, live_server
):
    organiser = make_user()
    club = make_club(organiser=organiser)
    names = [*LADIES, *GENTS, "Ivy Ingham", "Jack Jagger", "Kathleen Kay", "Leonard Lund"]
    names.append("Mabel Moss")
    assert len(names) == 21
    for name in names:
        make_player(club, name=name, role=SeatRole.EITHER)
    late = "Mabel Moss"
    base = live_server.url

    log_in(page, base, organiser.username)
    drive_url = new_drive(
        page, base, club.slug, title="Spring individual", deals=6, movement="individual"
    )
    check_in(page, [name for name in names if name != late])
    assert "5 tables" in page.locator("#plan").inner_text()
    start(page)

    def play(round_number):
        round_seats = seats(page)
        tricks = {table: (3 * table + 5 * round_number) % 14 for table in round_seats}
        enter_scores(page, tricks, deal=round_number)
        return round_seats

    before = {1: play(1)}
    submit(page, "Open round 2")
    before[2] = play(2)
    assert all(late not in table.values() for r in before.values() for table in r.values())

    page.goto(drive_url)
    page.select_option("select[name=player]", label=late)
    submit(page, "Join from round 3")
    assert f"{late} joins from round 3." in page.locator(".messages").inner_text()

    for round_number in (1, 2):
        page.goto(f"{drive_url}rounds/{round_number}/")
        assert seats(page) == before[round_number], f"round {round_number} changed"
        assert sitting_out(page) == []

    page.goto(f"{drive_url}rounds/2/")
    submit(page, "Open round 3")
    seated = [name for table in seats(page).values() for name in table.values()]
    assert late in seated or late in sitting_out(page)
    assert len(seated) == 20 and len(sitting_out(page)) == 1
    screenshot(page, "individual-round-3")

    for round_number in range(3, 7):
        if round_number > 3:
            submit(page, f"Open round {round_number}")
        play(round_number)
    submit(page, "Finish the drive")

    assert page.url == f"{drive_url}standings/"
    screenshot(page, "individual-standings")
    played = standings_rows(page)
    assert sorted(played) == sorted(names)
    others = [deals for name, deals in played.items() if name != late]
    assert played[late] < min(others), played
    # The rounds played before the late arrival still read as they were played.
    for round_number in (1, 2):
        page.goto(f"{drive_url}rounds/{round_number}/")
        assert seats(page) == before[round_number], f"round {round_number} changed"
