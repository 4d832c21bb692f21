"""The pages every drive has work for a compass drive too: the drive page names the game
and links its boards, the tables' dashboard and the hall follow it, the CSV names each
result's board."""

import csv
import io

import pytest
from django.urls import reverse

from tests.conftest import make_started_drive
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "page",
    [
        "drive",
        "standings",
        "tableside_dashboard",
        "tableside_tiles",
        "hall",
        "scorecards_pdf",
        "table_cards_pdf",
        "results_pdf",
    ],
)
def test_a_compass_drives_usual_pages_answer(client, club, organiser, page):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    play_all(drive, lambda r, t, d: 7)
    client.force_login(organiser)
    # The usual standings lead to the boards standings (test_boards_standings_page).
    response = client.get(reverse(f"drives:{page}", args=[drive.pk]), follow=True)
    assert response.status_code == 200, page
    if page == "drive":
        assert "Compass whist (boards)" in response.text
        assert reverse("drives:compass_standings", args=[drive.pk]) in response.text


def test_the_results_csv_names_each_results_board(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    play_all(drive, lambda r, t, d: 7)
    client.force_login(organiser)
    response = client.get(reverse("drives:results_csv", args=[drive.pk]))
    rows = b"".join(response.streaming_content if response.streaming else [response.content])
    read = list(csv.DictReader(io.StringIO(rows.decode("utf-8-sig"))))
    # Round 1, table 2 holds boards 3 and 4 (3 tables: set 2 at table 2).
    held = {row["board"] for row in read if (row["round"], row["table"]) == ("1", "2")}
    assert held == {"3", "4"}


def test_a_classic_drive_has_no_boards_and_its_links_go_to_its_own_pages(client, club):
    drive = make_started_drive(club)
    response = client.get(reverse("drives:compass_standings", args=[drive.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("drives:standings", args=[drive.pk])
    response = client.get(reverse("drives:board_sheet", args=[drive.pk, "travellers"]))
    assert response["Location"] == reverse("drives:drive", args=[drive.pk])
