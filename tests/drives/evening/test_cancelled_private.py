"""A cancelled drive, and why, is its organisers' alone: every public page of the drive is
a 404 to anyone else, and stays open to its organisers (issue 25, point 8)."""

import pytest
from django.urls import reverse

from drives.evening.lifecycle import drive_cancel, drive_restore
from drives.models import PrintedSheet
from tests.conftest import make_club, make_played_drive, make_user
from tests.drives.test_permissions import PUBLIC, drive_patterns

pytestmark = pytest.mark.django_db


@pytest.fixture
def cancelled(club, organiser, client):
    drive = make_played_drive(club, players=8, deals=4)
    client.force_login(organiser)
    assert client.get(reverse("drives:scorecards_pdf", args=[drive.pk])).status_code == 200
    client.logout()
    drive_cancel(drive=drive, user=organiser, reason="Storm: the hall flooded")
    return drive


def drive_urls(drive):
    """Every public address of the drive: its pages, CSVs, sheets and hall display."""
    sheet = PrintedSheet.objects.filter(drive=drive).first()
    assert sheet is not None
    values = {"pk": drive.pk, "number": 1, "sheet_pk": sheet.pk}
    urls = {}
    for pattern in drive_patterns():
        converters = set(pattern.pattern.converters)
        if pattern.name in PUBLIC and "pk" in converters and converters <= set(values):
            if pattern.name in {"player", "season", "league_csv", "league_pdf"} or (
                pattern.name.startswith("season_sheet")
            ):
                continue  # a player's or a season's, not the drive's
            kwargs = {name: values[name] for name in converters}
            urls[pattern.name] = reverse(f"drives:{pattern.name}", kwargs=kwargs)
    assert {"drive", "round", "standings", "standings_csv", "results_csv", "hall"} <= set(urls)
    assert {"scorecards_pdf", "results_pdf", "sheet", "sheet_file"} <= set(urls)
    # The stored sheet's addresses first: rendering a sheet afresh replaces older copies.
    return dict(sorted(urls.items(), key=lambda item: not item[0].startswith("sheet")))


def visit(client, name, url):
    return client.post(url) if name == "sheet_retry" else client.get(url)


def test_every_public_page_of_a_cancelled_drive_is_a_404_for_visitors(client, cancelled):
    stranger = make_user("mallory")
    make_club(organiser=stranger)
    for visitor in (None, stranger):
        if visitor is None:
            client.logout()
        else:
            client.force_login(visitor)
        for name, url in drive_urls(cancelled).items():
            response = visit(client, name, url)
            assert response.status_code == 404, (name, visitor, response.status_code)
            assert "Storm" not in response.content.decode(errors="replace"), name


def test_its_organisers_still_see_every_page_and_the_reason(client, cancelled, organiser):
    client.force_login(organiser)
    for name, url in drive_urls(cancelled).items():
        response = visit(client, name, url)
        assert response.status_code in (200, 302), (name, response.status_code)
    page = client.get(cancelled.get_absolute_url())
    assert "Storm: the hall flooded" in page.text


def test_restored_it_is_public_again(client, cancelled, organiser):
    drive_restore(drive=cancelled, user=organiser)
    assert client.get(cancelled.get_absolute_url()).status_code == 200
    assert client.get(reverse("drives:standings", args=[cancelled.pk])).status_code == 200
