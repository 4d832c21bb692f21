"""What changes a compass drive's boards: its plan (where the boards come from, how they
score), dealing them from a recorded seed, importing them from PBN. Each is atomic,
keyword-only, checks the plan's version (a stale page changes nothing) and returns what
it did; the views word it."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from drives.errors import ChangedElsewhere, DriveError, refusing
from drives.evening.guards import drive_locked, require_status
from drives.games.compass.boards import plan_of, row_of_board
from drives.models import (
    Board,
    BoardChange,
    BoardChangeKind,
    BoardPlan,
    BoardSource,
    Drive,
    DriveStatus,
    Game,
    TableResult,
)
from drives.permissions import require_organiser
from scoring.boards import deal_boards
from scoring.errors import PBNError
from scoring.pbn_boards import parse_boards

#: The most boards a drive deals: 2 to 4 a round over a 26-table Mitchell, with room.
MOST_BOARDS = 120
#: A seed the organiser types or the site draws: what a PBN file's [DealSeed] may hold.
SEED_BITS = 62


@dataclass(frozen=True)
class BoardsChanged:
    """What a change to the boards did: how many boards the drive now holds, and the seed
    they were dealt from (dealt by the site)."""

    boards: int
    seed: int | None = None
    removed: int = 0


def _locked_plan(drive: Drive, user, version: int) -> tuple[Drive, BoardPlan]:
    require_organiser(user, drive.club)
    drive = drive_locked(drive)
    if drive.game != Game.COMPASS:
        raise DriveError(_("This drive is not played on boards."))
    plan = plan_of(drive)
    if plan.pk is not None:
        plan = BoardPlan.objects.select_for_update().get(pk=plan.pk)
    if version != plan.version:
        raise ChangedElsewhere(_("The drive's boards"), _("Reload the page and check them."))
    return drive, plan


def _require_unplayed(drive: Drive) -> None:
    require_status(drive, DriveStatus.PLANNED, DriveStatus.RUNNING, action=_("change the boards"))
    if TableResult.objects.filter(drive=drive).exists():
        raise DriveError(_("Tables have played these boards: their cards can no longer change."))


def _saved(plan: BoardPlan, *, kind: str, user, boards: int, removed: int) -> None:
    """The plan's new version, and the change kept in the drive's history."""
    plan.version += 1
    plan.save()
    BoardChange.objects.create(
        drive=plan.drive,
        kind=kind,
        boards=boards,
        removed=removed,
        seed=plan.seed,
        source=plan.source,
        method=plan.method,
        changed_by=user,
    )


@refusing
@transaction.atomic
def board_plan_set(
    *, drive: Drive, user, source: str, method: str, even_tables: str, version: int
) -> BoardsChanged:
    """Where the boards come from, how they score, and a Mitchell's cure for even tables.

    The scoring can change at any time (scores are worked out afresh); the rest only
    before a board is played. A new source takes the boards of the old one away.
    """
    drive, plan = _locked_plan(drive, user, version)
    movement_changes = source != plan.source or even_tables != plan.even_tables
    removed = 0
    if movement_changes:
        _require_unplayed(drive)
        if drive.status != DriveStatus.PLANNED and even_tables != plan.even_tables:
            raise DriveError(_("The tables are seated: the movement can no longer change."))
        if source != plan.source:
            removed, _by_model = Board.objects.filter(drive=drive).delete()
            plan.seed = None
    plan.source, plan.method, plan.even_tables = source, method, even_tables
    count = Board.objects.filter(drive=drive).count()
    _saved(plan, kind=BoardChangeKind.PLAN, user=user, boards=count, removed=removed)
    return BoardsChanged(count, plan.seed, removed)


@refusing
@transaction.atomic
def boards_deal(
    *, drive: Drive, user, count: int, version: int, seed: int | None = None
) -> BoardsChanged:
    """Boards 1 to ``count`` dealt from ``seed`` (drawn here when none is given) and
    recorded with it, replacing any dealt before, so the same boards can be dealt again."""
    drive, plan = _locked_plan(drive, user, version)
    _require_unplayed(drive)
    if not 1 <= count <= MOST_BOARDS:
        raise DriveError(_("Deal from 1 to %(most)d boards.") % {"most": MOST_BOARDS})
    if seed is None:
        seed = secrets.randbits(SEED_BITS)
    elif not 0 <= seed < 2**SEED_BITS:
        raise DriveError(
            _("A seed is a whole number from 0 to %(most)d.") % {"most": 2**SEED_BITS - 1}
        )
    dealt = deal_boards(count, seed, drive.rotation)
    removed, _by_model = Board.objects.filter(drive=drive).delete()
    Board.objects.bulk_create(row_of_board(drive, board) for board in dealt)
    plan.source, plan.seed = BoardSource.SITE, seed
    _saved(plan, kind=BoardChangeKind.DEAL, user=user, boards=len(dealt), removed=removed)
    return BoardsChanged(len(dealt), seed, removed)


@refusing
@transaction.atomic
def boards_import(*, drive: Drive, user, text: str, version: int) -> BoardsChanged:
    """The boards of a PBN file (its deals, dealers and trumps), replacing the drive's;
    the file's results are not taken: the drive's tables play the boards afresh."""
    drive, plan = _locked_plan(drive, user, version)
    _require_unplayed(drive)
    try:
        read = parse_boards(text, rotation=drive.rotation)
    except PBNError as error:
        raise DriveError(
            _("The file cannot be read as PBN: %(error)s") % {"error": error}
        ) from error
    if not read.boards:
        raise DriveError(_("The file holds no boards."))
    if len(read.boards) > MOST_BOARDS:
        raise DriveError(_("Deal from 1 to %(most)d boards.") % {"most": MOST_BOARDS})
    removed, _by_model = Board.objects.filter(drive=drive).delete()
    Board.objects.bulk_create(row_of_board(drive, board) for board in read.boards)
    plan.source = BoardSource.PBN
    plan.seed = None
    count = len(read.boards)
    _saved(plan, kind=BoardChangeKind.IMPORT, user=user, boards=count, removed=removed)
    return BoardsChanged(count, None, removed)
