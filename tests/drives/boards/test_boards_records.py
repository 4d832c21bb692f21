"""A compass drive's records: the dealing sheet, travellers and hand records in each
language, the PBN file that reads back to the same boards, and pages whose queries do not
grow with the drive."""

import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from drives.boards.scores import compass_report
from drives.evening.lifecycle import drive_finish
from drives.games.compass.boards import board_of_row
from drives.models import Board
from drives.names import PublicNames
from scoring.pbn_boards import parse_boards
from tests.conftest import make_club, make_user
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all
from tests.drives.printing.test_pdf import pages_of

pytestmark = pytest.mark.django_db


def pdf_text(response) -> str:
    """The text of a sheet: printed by the worker (at once, in tests) and served from its file."""
    assert response.status_code == 200
    return "\n".join(pages_of(response))


@pytest.fixture
def played(club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    play_all(drive, lambda r, t, d: 5 + t + d % 2)
    return drive


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Dealing sheet", "Board 6", "North", "W deals"]),
        ("fr", ["Feuille de donne", "Étui 6", "Nord", "O donne", "R"]),
        ("hu", ["Osztási lap", "6. tábla", "Észak", "Ny oszt"]),
    ],
)
def test_the_dealing_sheet_gives_each_boards_four_hands(client, organiser, played, language, words):
    client.force_login(organiser)
    prefix = "" if language == "en" else f"/{language}"
    text = pdf_text(client.get(f"{prefix}/drives/{played.pk}/boards/dealing.pdf"))
    for word in words:
        assert word in text
    # Board 1's North hand, as the site dealt it, suit by suit.
    board = board_of_row(Board.objects.get(drive=played, number=1))
    assert len(board.hands[0]) == 13


def test_travellers_list_every_tables_result(client, played):
    text = pdf_text(client.get(reverse("drives:board_sheet", args=[played.pk, "travellers"])))
    assert "Travellers" in text and "Board 1" in text
    # 3 tables: each board is played three times, every result printed.
    report = compass_report(played, PublicNames())
    assert all(len(t.lines) == 3 for t in report.travellers)


def test_hand_records_are_the_organisers_until_the_drive_is_over(client, organiser, played):
    url = reverse("drives:board_sheet", args=[played.pk, "hand-records"])
    assert client.get(url).status_code in (302, 403)
    client.force_login(organiser)
    assert "Hand records" in pdf_text(client.get(url))
    client.logout()
    drive_finish(drive=played)
    text = pdf_text(client.get(url))
    assert "Hand records" in text and "North" in text


def test_the_pbn_export_reads_back_to_the_same_boards_and_results(client, organiser, played):
    client.force_login(organiser)
    response = client.get(reverse("drives:boards_pbn", args=[played.pk]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    back = parse_boards(response.content.decode(), rotation=played.rotation)
    stored = [board_of_row(row) for row in Board.objects.filter(drive=played)]
    assert list(back.boards) == stored
    report = compass_report(played, PublicNames())
    assert sorted(back.results, key=str) == sorted(report.results, key=str)
    assert back.event == played.title
    # And the file imports into another drive as the same boards.
    other = make_compass_drive(played.club, organiser, pairs=6, start=False, deals=6)
    client.post(
        reverse("drives:boards", args=[other.pk]),
        {"action": "import", "version": 1, "file": io.BytesIO(response.content)},
    )
    assert [board_of_row(row) for row in Board.objects.filter(drive=other)] == stored


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize("page", ["standings", "travellers"])
def test_the_standings_and_travellers_cost_the_same_queries_at_3_tables_as_at_7(client, page):
    organiser = make_user("counter")
    counts = []
    for pairs in (6, 14):
        drive = make_compass_drive(
            make_club(organiser=organiser), organiser, pairs=pairs, boards=2 * pairs, deals=6
        )
        play_all(drive, lambda r, t, d: 7)
        if page == "standings":
            url = reverse("drives:compass_standings", args=[drive.pk])
        else:
            url = reverse("drives:board_sheet", args=[drive.pk, "travellers"])
        counts.append(queries(client, url))
    assert counts[0] == counts[1]


def test_table_cards_give_each_rounds_pairs_and_boards(client, club, organiser):
    # 4 tables with the relay: table 4 shares table 1's boards, one set rests on the bye stand.
    drive = make_compass_drive(club, organiser, pairs=8, boards=8, even_tables="relay")
    text = pdf_text(client.get(reverse("drives:board_sheet", args=[drive.pk, "table-cards"])))
    assert "Table cards" in text and "Table 4" in text
    assert "shared: pass them between the tables" in text
    assert "Boards resting (bye stand or empty table)" in text
    assert "the bye stand" in text
    # No cards on them: anyone may print them, before the drive is over.
    assert "North" not in text


def test_a_compass_drive_travels_whole_in_a_club_file_and_a_drive_file(client, played):
    from drives.backup.club_file import export_club, import_club, open_club_file
    from drives.backup.drive_file import export_drive, open_drive_file, publish_drive

    def as_file(document):
        return io.BytesIO(json.dumps(document).encode())

    stored = [board_of_row(row) for row in Board.objects.filter(drive=played)]
    standings = compass_report(played, PublicNames()).fields
    copy = import_club(open_club_file(as_file(export_club(played.club))), slug="copy")
    twin = copy.drives.get()
    assert [board_of_row(row) for row in Board.objects.filter(drive=twin)] == stored
    assert twin.board_plan.seed == played.board_plan.seed
    assert compass_report(twin, PublicNames()).fields == standings
    # Published to another club from a hall laptop: the same boards, the same standings.
    elsewhere = make_club(name="Elsewhere", slug="elsewhere")
    drive_finish(drive=played)
    played.refresh_from_db()
    publish_drive(open_drive_file(as_file(export_drive(played))), club=elsewhere)
    published = elsewhere.drives.get()
    assert [board_of_row(row) for row in Board.objects.filter(drive=published)] == stored
    assert compass_report(published, PublicNames()).fields == standings
