"""The computer players of a compass drive play each board's recorded hands, with its dealer
and its trumps, at every table that holds it: the travellers compare like with like."""

import io
from collections import defaultdict

import pytest
from django.core.management import call_command

from drives import games
from drives.models import Board, Drive, DriveStatus, TableResult
from scoring.cards import SEATS, first_leader
from scoring.simulate import simulate_hands
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db


def results_by_board(drive):
    """Every stored result under the board its table held: board → [(tricks, honours)]."""
    game = games.of(Drive.objects.get(pk=drive.pk))
    by_board = defaultdict(list)
    for result in TableResult.objects.filter(drive=drive):
        line = game.board_line(result.round, result.table, result.deal)
        by_board[line.board].append((result.ns_tricks, result.ns_honours))
    return by_board


@pytest.mark.parametrize(
    ("pairs", "fields"),
    [
        (8, {"movement": "mitchell", "deals": 8}),  # 4 tables, the skip
        (7, {"movement": "mitchell", "deals": 8, "rotation": "turned"}),  # a half table
        (6, {"movement": "howell", "deals": 10, "honours": True}),
    ],
)
def test_every_table_plays_the_boards_recorded_hands(club, organiser, pairs, fields):
    drive = make_compass_drive(club, organiser, pairs=pairs, boards=fields["deals"], **fields)
    out = io.StringIO()
    call_command("simulate_drive", drive.pk, stdout=out)
    assert "Finished" in out.getvalue()
    by_board = results_by_board(drive)
    assert len(by_board) == fields["deals"]
    for board, played in by_board.items():
        assert len(played) > 1  # a board travels: several tables compare on it
        hands = dict(zip(SEATS, board.hands, strict=True))
        engine = simulate_hands(hands, board.trumps, first_leader(board.dealer))
        assert engine.ns_tricks + engine.ew_tricks == 13
        # The same cards and the same players: the same tricks at every table.
        honours = board.honours[0] if fields.get("honours") and board.trumps else None
        assert set(played) == {(engine.ns_tricks, honours)}


@pytest.mark.parametrize("rotation", ["hdsc", "turned"])
def test_boards_dealt_at_the_tables_are_dealt_afresh_at_each_table(club, organiser, rotation):
    drive = make_compass_drive(
        club, organiser, pairs=8, source="tables", deals=8, rotation=rotation
    )
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED
    game = games.of(drive)
    trumps = defaultdict(set)
    tricks = defaultdict(set)
    for result in TableResult.objects.filter(drive=drive):
        number = game.boards.board_number(result.round, result.table, result.deal)
        trumps[number].add(result.trumps)
        tricks[number].add(result.ns_tricks)
    assert len(trumps) == 8 and not Board.objects.filter(drive=drive).exists()
    # Random cards at each table: some board comes out differently at two tables; the
    # trumps are the board's, whichever table turned them up first.
    assert any(len(taken) > 1 for taken in tricks.values())
    assert all(len(suits) == 1 for suits in trumps.values())
    assert all(suits != {""} for suits in trumps.values()) == (rotation == "turned")
