"""A compass drive's set-up: the game chosen with fixed partners, its boards dealt by the
site from a recorded seed, imported from PBN, or dealt at the tables."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from drives import games
from drives.evening.forms import DriveForm
from drives.games.compass.boards import board_of_row
from drives.games.compass.game import CompassWhist
from drives.models import Board, BoardChange, BoardPlan, BoardSource
from scoring.boards import deal_boards
from scoring.pbn_boards import dump_boards, parse_boards
from tests.conftest import drive_form, make_user
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).parents[2] / "data" / "pbn" / "eyc00_A1A10101.pbn"


def test_the_set_up_offers_compass_whist_with_fixed_partners_only(club):
    form = DriveForm(
        drive_form(game="compass", movement="mitchell", deals=8, deals_per_round=2), club=club
    )
    assert form.is_valid(), form.errors
    assert isinstance(games.of(form.save(commit=False)), CompassWhist)
    form = DriveForm(drive_form(game="compass", movement="progressive"), club=club)
    assert not form.is_valid()
    assert "Mitchell or a Howell" in str(form.errors["movement"])


def stored_plan(drive):
    return BoardPlan.objects.get(drive=drive)


def boards_post(client, drive, **data):
    data.setdefault("version", stored_plan(drive).version)
    return client.post(reverse("drives:boards", args=[drive.pk]), data, follow=True)


def test_the_site_deals_the_boards_from_a_recorded_seed(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False)
    client.force_login(organiser)
    page = client.get(reverse("drives:boards", args=[drive.pk]))
    assert page.status_code == 200
    # 8 pairs on 4 tables, 4 rounds of 2: four sets of two boards.
    assert "the movement plays 8 boards" in page.text
    response = boards_post(client, drive, action="deal", count=8, seed=1234)
    assert "8 boards dealt from seed 1234" in response.text
    stored = [board_of_row(row) for row in Board.objects.filter(drive=drive)]
    assert stored == list(deal_boards(8, 1234, drive.rotation))
    assert stored_plan(drive).seed == 1234
    change = BoardChange.objects.get(drive=drive)
    assert (change.kind, change.boards, change.seed, change.changed_by) == (
        "deal",
        8,
        1234,
        organiser,
    )
    # The same seed deals the same boards again, on any machine.
    response = boards_post(client, drive, action="deal", count=8, seed=1234)
    assert "boards dealt by the site · 8 boards · seed 1234" in response.text
    assert [board_of_row(row) for row in Board.objects.filter(drive=drive)] == stored


def test_a_stale_boards_page_changes_nothing(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False, boards=8)
    client.force_login(organiser)
    before = list(Board.objects.filter(drive=drive).values_list("hands", flat=True))
    response = boards_post(client, drive, action="deal", count=4, seed=99, version=0)
    assert "changed by someone else" in response.text
    assert list(Board.objects.filter(drive=drive).values_list("hands", flat=True)) == before
    assert BoardChange.objects.filter(drive=drive).count() == 1  # the dealing, not the refusal


def test_boards_are_imported_from_a_pbn_file(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False)
    client.force_login(organiser)
    with SAMPLE.open("rb") as upload:
        response = boards_post(client, drive, action="import", file=upload)
    expected = parse_boards(SAMPLE.read_text(encoding="latin-1"), rotation=drive.rotation).boards
    assert f"{len(expected)} board" in response.text
    assert [board_of_row(row) for row in Board.objects.filter(drive=drive)] == list(expected)
    assert stored_plan(drive).source == BoardSource.PBN


def test_a_file_that_is_not_pbn_is_refused_and_changes_nothing(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False, boards=8)
    client.force_login(organiser)
    bad = dump_boards(deal_boards(2, 5, "hdsc")).replace('[Board "2"]', '[Board "two"]')
    upload = SimpleUploadedFile("boards.pbn", bad.encode())
    response = boards_post(client, drive, action="import", file=upload)
    assert "cannot be read as PBN" in response.text
    assert Board.objects.filter(drive=drive).count() == 8


def test_boards_dealt_at_the_tables_record_no_cards(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False, boards=8)
    client.force_login(organiser)
    response = boards_post(
        client, drive, action="plan", source="tables", method="compass", even_tables="skip"
    )
    assert "8 boards of the old source were taken away" in response.text
    assert not Board.objects.filter(drive=drive).exists()
    game = games.of(drive)
    assert game.boards.board(3).hands is None and game.boards.board(3).dealer == "S"


def test_only_organisers_change_the_boards(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False)
    client.force_login(make_user("stranger"))
    response = client.post(reverse("drives:boards", args=[drive.pk]), {"action": "deal"})
    assert response.status_code == 403
    assert not Board.objects.filter(drive=drive).exists()


def test_the_boards_page_speaks_french(client, club, organiser):
    drive = make_compass_drive(club, organiser, start=False, boards=8)
    client.force_login(organiser)
    page = client.get(f"/fr/drives/{drive.pk}/boards/").text
    assert "Distribuer les étuis" in page
    assert "<td>4</td><td>O</td>" in page  # West deals board 4: O for Ouest
