"""Finishing the drive from the dashboard and the drive page, once the last round's results
are in: a confirmation first, saying what finishing does and that it can be undone."""

from html import unescape

import pytest
from django.urls import reverse

from drives.evening import seating
from drives.evening.lifecycle import round_advance
from drives.models import ClubRole, DriveStatus
from tests.conftest import make_started_drive, make_user, record_tricks

pytestmark = pytest.mark.django_db

FINISH = "Finish the drive"


def play_every_round(drive, *, leave_out_last_table=False):
    """Each round's tricks stored and the next round opened, up to the last round."""
    while True:
        drive.refresh_from_db()
        number = drive.current_round
        tables = sorted(seating.tables_of_round(drive, number))
        if leave_out_last_table and number == drive.rounds:
            tables = tables[:-1]
        for table in tables:
            record_tricks(drive, number, table, dict.fromkeys(drive.deals_of_round(number), 7))
        if number == drive.rounds:
            return
        round_advance(drive=drive)


def finish_link(drive) -> str:
    return f'href="{reverse("drives:finish", args=[drive.pk])}"'


@pytest.fixture
def drive(club):
    return make_started_drive(club, players=12, movement="individual", deals=4)


def test_the_drive_page_and_the_dashboard_offer_to_finish_once_all_is_in(
    client, club, organiser, drive
):
    client.force_login(organiser)
    dashboard = reverse("drives:tableside_dashboard", args=[drive.pk])
    tiles = reverse("drives:tableside_tiles", args=[drive.pk])
    assert finish_link(drive) not in client.get(drive.get_absolute_url()).text
    play_every_round(drive, leave_out_last_table=True)
    for url in (drive.get_absolute_url(), dashboard, tiles):
        assert finish_link(drive) not in client.get(url).text
    record_tricks(drive, drive.rounds, 3, {drive.deals: 6})
    for url in (drive.get_absolute_url(), dashboard, tiles):
        page = client.get(url).text
        assert finish_link(drive) in page and FINISH in page
    # Helpers watch the tables; finishing is the organisers'.
    helper = make_user("hal")
    club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(helper)
    for url in (drive.get_absolute_url(), dashboard):
        assert finish_link(drive) not in client.get(url).text


def test_finishing_asks_first_and_says_what_it_does(client, organiser, drive):
    play_every_round(drive)
    client.force_login(organiser)
    url = reverse("drives:finish", args=[drive.pk])
    response = client.get(url)
    assert response.status_code == 200
    page = unescape(response.text)
    assert "Finish the drive?" in page
    assert "The scores are locked" in page and "final" in page and "league" in page
    assert "reopen the drive from its page" in page
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING  # asking changes nothing
    response = client.post(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("drives:standings", args=[drive.pk])
    assert "The drive is finished and its scores are locked." in unescape(response.text)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED
    # Finished, the page offers to reopen instead.
    page = client.get(drive.get_absolute_url()).text
    assert "Reopen for corrections" in page and finish_link(drive) not in page
    assert client.get(url).status_code == 302


def test_a_drive_with_tricks_missing_is_not_finished_from_the_confirmation(
    client, organiser, drive
):
    play_every_round(drive, leave_out_last_table=True)
    client.force_login(organiser)
    url = reverse("drives:finish", args=[drive.pk])
    page = unescape(client.get(url).text)
    assert "Every round needs all its tricks before the drive can finish." in page
    assert f">{FINISH}</button>" not in page
    response = client.post(url, follow=True)
    assert "Every round needs all its tricks" in unescape(response.text)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING


def test_only_the_clubs_organisers_are_asked(client, drive):
    play_every_round(drive)
    client.force_login(make_user("stranger"))
    assert client.get(reverse("drives:finish", args=[drive.pk])).status_code == 403


@pytest.mark.parametrize(
    "language, question, locked",
    [
        ("fr", "Terminer le tournoi\u202f?", "Les scores sont verrouillés"),
        ("hu", "Befejezi a versenyt?", "Az eredmények lezárulnak"),
    ],
)
def test_the_confirmation_speaks_the_readers_language(
    client, organiser, drive, language, question, locked
):
    play_every_round(drive)
    client.force_login(organiser)
    page = unescape(client.get(f"/{language}" + reverse("drives:finish", args=[drive.pk])).text)
    assert question in page and locked in page
