"""Clubs, players, seasons, drives and what is played at a drive, one module a room.

The database holds what happened (who came, where they sat, how many tricks
each table took); scores, standings and league tables are derived from these
rows by ``scoring`` and never stored twice. Every room imports its models from here.

The choice sets take their values from scoring's enums, so the rules and the database
can never name an option differently; tests/drives/test_models.py checks that each set
has exactly the enum's members. The labels are the site's own.
"""

from drives.models.boards import (
    Board,
    BoardChange,
    BoardChangeKind,
    BoardPlan,
    BoardSource,
    CompassMethod,
    EvenTables,
)
from drives.models.clubs import (
    Club,
    ClubRole,
    Invitation,
    LeagueRule,
    Membership,
    Player,
    PlayerNames,
    Season,
    SeatRole,
    TeamAction,
    TeamChange,
)
from drives.models.drive import (
    DEALS_PER_ROUND_RANGE,
    DEALS_RANGE,
    PRIZE_PLACES_RANGE,
    UPCOMING_STATUSES,
    BidStrain,
    Counting,
    Drive,
    DriveStatus,
    DriveStatusChange,
    Entry,
    Game,
    MovementType,
    Rotation,
    Seat,
    Seating,
    Side,
    SitOutRule,
    TableEntryMode,
    TieBreak,
    TrumpSuit,
)
from drives.models.limits import RateCount
from drives.models.money import (
    Consolation,
    DriveMoney,
    EntryFee,
    FeeKind,
    LineKind,
    MoneyAction,
    MoneyChange,
    MoneyLine,
    PrizeMoney,
)
from drives.models.paper import CardTotal, CardTotalChange, Typist
from drives.models.printing import PrintedSheet, SheetFailure, SheetKind, SheetStatus
from drives.models.publishing import PublishingKey, PublishingTarget
from drives.models.reach import ConsentChange, ConsentSource, ResultsMailing
from drives.models.repairs import MoveRepair, RepairKind
from drives.models.results import DETAIL_FIELDS, ResultChange, ResultSource, TableResult
from drives.models.tableside import HallState, PendingEntry, PendingState, TableLink

__all__ = [
    "DEALS_PER_ROUND_RANGE",
    "DEALS_RANGE",
    "DETAIL_FIELDS",
    "PRIZE_PLACES_RANGE",
    "UPCOMING_STATUSES",
    "BidStrain",
    "Board",
    "BoardChange",
    "BoardChangeKind",
    "BoardPlan",
    "BoardSource",
    "CardTotal",
    "CardTotalChange",
    "Club",
    "ClubRole",
    "CompassMethod",
    "ConsentChange",
    "ConsentSource",
    "Consolation",
    "Counting",
    "Drive",
    "DriveMoney",
    "DriveStatus",
    "DriveStatusChange",
    "Entry",
    "EntryFee",
    "EvenTables",
    "FeeKind",
    "Game",
    "HallState",
    "Invitation",
    "LeagueRule",
    "LineKind",
    "Membership",
    "MoneyAction",
    "MoneyChange",
    "MoneyLine",
    "MoveRepair",
    "MovementType",
    "PendingEntry",
    "PendingState",
    "Player",
    "PlayerNames",
    "PrintedSheet",
    "PrizeMoney",
    "PublishingKey",
    "PublishingTarget",
    "RateCount",
    "RepairKind",
    "ResultChange",
    "ResultSource",
    "ResultsMailing",
    "Rotation",
    "Season",
    "Seat",
    "SeatRole",
    "Seating",
    "SheetFailure",
    "SheetKind",
    "SheetStatus",
    "Side",
    "SitOutRule",
    "TableEntryMode",
    "TableLink",
    "TableResult",
    "TeamAction",
    "TeamChange",
    "TieBreak",
    "TrumpSuit",
    "Typist",
]
