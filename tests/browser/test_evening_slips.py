"""What the first full evening tripped over, in real Chromium: finding a player who shares
part of a name, "Tick everyone" within reach, a game's own settings, and a sheet that
downloads by itself once it is ready."""

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from drives.models import DriveStatus, PrintedSheet, SheetKind, SheetStatus
from tests.browser.conftest import log_in_as
from tests.browser.test_keyboard import tab_to
from tests.conftest import make_club, make_drive, make_player, make_players, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organiser_page(page, live_server):
    user = make_user("olive")
    club = make_club(name="Hollybush Whist Club", slug="hollybush", organiser=user)
    log_in_as(page, live_server.url, user)
    return page, club


def test_finding_a_name_ticks_the_next_one_not_yet_ticked_and_says_whom(
    organiser_page, live_server
):
    page, club = organiser_page
    albert, bert = make_player(club, name="Albert Hall"), make_player(club, name="Bert Lamb")
    make_players(club, 80)
    drive = make_drive(club)
    page.goto(f"{live_server.url}/drives/{drive.pk}/")
    said = page.locator("#find-said")

    page.locator("#find-player").fill("bert")
    page.locator("#find-player").press("Enter")
    assert page.locator(f"#present-{albert.pk}").is_checked()
    assert said.inner_text() == "Albert Hall is ticked."

    page.locator("#find-player").fill("bert")
    page.locator("#find-player").press("Enter")
    assert page.locator(f"#present-{bert.pk}").is_checked()
    assert said.inner_text() == "Bert Lamb is ticked."

    page.locator("#find-player").fill("bert")
    page.locator("#find-player").press("Enter")
    assert (
        said.inner_text()
        == "Everyone whose name has “bert” is ticked already: Albert Hall, Bert Lamb."
    )
    assert page.locator("#live-plan [data-count=ticked]").inner_text() == "2"

    # "Tick everyone" is a few Tabs from the search box, not past 82 players.
    page.locator("#find-player").focus()
    tab_to(page, "tick-all", most=4)
    page.keyboard.press("Enter")
    assert page.locator("#live-plan [data-count=ticked]").inner_text() == "82"


def test_the_drive_form_shows_the_chosen_games_settings(organiser_page, live_server):
    page, club = organiser_page
    page.goto(f"{live_server.url}/clubs/{club.slug}/drives/new/")
    minimum_bid = page.locator("#id_minimum_bid")
    assert not minimum_bid.is_visible()
    page.select_option("select[name=game]", "bid")
    assert minimum_bid.is_visible() and page.locator("#id_boston_bonus").is_visible()
    page.select_option("select[name=game]", "classic")
    assert not minimum_bid.is_visible()


def test_a_sheet_downloads_by_itself_once_it_is_ready(page, live_server):
    club = make_club(name="Hollybush Whist Club", slug="hollybush")
    drive = make_drive(club, status=DriveStatus.FINISHED, current_round=1)
    sheet = PrintedSheet.objects.create(
        drive=drive, kind=SheetKind.RESULTS, layout="", language="en", fingerprint="sheet",
        status=SheetStatus.RUNNING, done=1, total=4, heartbeat_at=timezone.now(),
    )  # fmt: skip
    page.goto(f"{live_server.url}/drives/{drive.pk}/sheets/{sheet.pk}/")
    assert "Printing the sheet." in page.locator("#sheet-progress").inner_text()

    sheet.file.save("results.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"), save=False)
    sheet.status = SheetStatus.READY
    sheet.save()
    # The page's next poll finds it ready, and the download starts with no click.
    with page.expect_download(timeout=10_000) as waited:
        pass
    assert waited.value.suggested_filename.endswith(".pdf")
    # The button stays for a browser that blocked it, or a second copy.
    assert page.get_by_role("link", name="Download the PDF").is_visible()
