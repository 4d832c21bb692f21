"""The computer players of a compass drive play each board's recorded hands, with its dealer
and its trumps, at every table that holds it: the travellers compare like with like."""

import io
from collections import defaultdict

import pytest
from django.core.management import call_command

from drives import games
from drives.management.commands.simulate_drive import table_seed
from drives.models import Board, Drive, DriveStatus, TableResult
from scoring.cards import SEATS, first_leader
from scoring.simulate import simulate_hands
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db


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
    game = games.of(Drive.objects.get(pk=drive.pk))
    by_board = defaultdict(list)
    for result in TableResult.objects.filter(drive=drive):
        board = game.board_line(result.round, result.table, result.deal).board
        # The board's hands, dealer and trumps, played by the engine as this table's
        # players play (their slips drawn from the table's seed): 13 tricks between them.
        hands = dict(zip(SEATS, board.hands, strict=True))
        slips = table_seed(0, drive, result.deal, result.table)
        engine = simulate_hands(hands, board.trumps, first_leader(board.dealer), slips=slips)
        assert (result.ns_tricks, result.ew_tricks) == (engine.ns_tricks, engine.ew_tricks)
        by_board[board].append(result)
    assert len(by_board) == fields["deals"]
    for board, played in by_board.items():
        assert len(played) > 1  # a board travels: several tables compare on it
        honours = board.honours[0] if fields.get("honours") and board.trumps else None
        assert {result.ns_honours for result in played} == {honours}
    # Slips spread a board's tricks over the tables, by a few tricks at most.
    spreads = [max(t) - min(t) for t in ([r.ns_tricks for r in p] for p in by_board.values())]
    assert any(spreads) and max(spreads) <= 8


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
