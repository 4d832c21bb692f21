"""A compass drive's sheets, printed with WeasyPrint from ``templates/boards/pdf/``: the
dealing sheet (each board's four hands, to make up the boards before the evening), the
travellers (each board's results across the tables), the hand records (the hands and
every table's result, for the players afterwards) and the table cards of the movement.

They print as every other sheet does, by the sheet worker (``drives.printing.jobs``),
never in a request: a 15-table Mitchell's hand records take seconds of WeasyPrint, and
they are public once the drive is over. ``register`` tells the printing room how (it may
not import this one): what each sheet's fingerprint covers, its HTML, who may open it."""

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.translation import get_language, pgettext_lazy

from drives.boards.scores import CompassReport, compass_report
from drives.models import Board as BoardRow
from drives.models import BoardPlan, Drive, DriveStatus, SheetKind, TableResult
from drives.names import PublicNames
from drives.printing import jobs
from drives.printing.render import Chunk
from drives.printing.sheets import Layout
from scoring.boards import Board
from scoring.cards import SEATS, Card, Rank, Suit

#: The sheets by the name their URL gives.
SHEETS = {
    "dealing": SheetKind.DEALING,
    "travellers": SheetKind.TRAVELLERS,
    "hand-records": SheetKind.HAND_RECORDS,
    "table-cards": SheetKind.BOARD_TABLE_CARDS,
}

#: The template each sheet prints.
TEMPLATES = {
    SheetKind.DEALING: "boards/pdf/dealing.html",
    SheetKind.TRAVELLERS: "boards/pdf/travellers.html",
    SheetKind.HAND_RECORDS: "boards/pdf/hand_records.html",
    SheetKind.BOARD_TABLE_CARDS: "boards/pdf/table_cards.html",
}

#: The sheets that show the cards: the organisers' until the drive is over.
HANDS_SHEETS = ("dealing", "hand-records")

#: Raise it when a template of ``templates/boards/pdf/`` changes what a sheet looks like:
#: every stored compass sheet is then printed afresh on its next request.
TEMPLATE_VERSION = 1


def hands_shown(user, drive: Drive) -> bool:
    """The cards stay the organisers' until the drive is over: a player who saw a board's
    hands before playing it would play it twice."""
    return drive.status == DriveStatus.FINISHED or drive.club.is_organiser(user)


def sheet_request(drive: Drive, name: str) -> jobs.SheetRequest:
    """The sheet ``name`` (a key of ``SHEETS``) in the page's language. One layout: these
    sheets are A4 whatever the query asks, so a query cannot make a second print."""
    return jobs.SheetRequest(drive, SHEETS[name], Layout(), get_language())


@dataclass(frozen=True)
class CardLine:
    """One round on a table's card: who sits there, the boards played, where they go."""

    round: int
    ns_pair: int
    ew_pair: int
    boards: range
    boards_to: int | None  # the table the boards go to next; None after the last round
    shared: bool  # another table plays the same boards this round: pass them between you
    rests_next: bool  # the boards rest next round (the bye stand, or an empty table)


@dataclass(frozen=True)
class TableCard:
    table: int
    lines: list[CardLine]


def table_cards(report: CompassReport) -> tuple[list[TableCard], list[tuple[int, range]]]:
    """Each table's card from the movement on boards, and the boards resting each round
    (on the bye stand, or beside an empty table)."""
    movement = report.boards.movement
    if movement is None:
        return [], []
    rounds = len(movement.sets)
    cards: dict[int, list[CardLine]] = {}
    for r in range(rounds):
        shared = set(movement.shared_sets(r))
        for sitting in movement.sittings(r):
            cards.setdefault(sitting.table + 1, []).append(
                CardLine(
                    round=r + 1,
                    ns_pair=sitting.ns_pair + 1,
                    ew_pair=sitting.ew_pair + 1,
                    boards=movement.boards(sitting.board_set),
                    boards_to=report.boards.boards_go_to(r + 1, sitting.table + 1),
                    shared=sitting.board_set in shared,
                    rests_next=r + 1 < rounds and sitting.board_set in movement.resting_sets(r + 1),
                )
            )
    resting = [
        (r + 1, movement.boards(board_set))
        for r in range(rounds)
        for board_set in movement.resting_sets(r)
    ]
    return [TableCard(table, lines) for table, lines in sorted(cards.items())], resting


_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def hand_lines(board: Board | None) -> dict[str, list[tuple[str, str, str]]] | None:
    """Each seat's hand as four lines of (suit symbol, css class, ranks high first)."""
    if board is None or board.hands is None:
        return None
    return {
        seat: [(suit.symbol, f"suit-{suit.value}", _ranks(hand, suit)) for suit in _SUITS]
        for seat, hand in zip(SEATS, board.hands, strict=True)
    }


#: The court cards as each language prints them in a hand record (French R D V, Hungarian
#: K D B); the ten and below are figures everywhere.
RANK_LETTERS = {
    Rank.ACE: pgettext_lazy("card rank", "A"),
    Rank.KING: pgettext_lazy("card rank", "K"),
    Rank.QUEEN: pgettext_lazy("card rank", "Q"),
    Rank.JACK: pgettext_lazy("card rank", "J"),
}


def _ranks(hand: tuple[Card, ...], suit: Suit) -> str:
    ranks = [str(RANK_LETTERS.get(card.rank, int(card.rank))) for card in hand if card.suit is suit]
    return " ".join(ranks) or "—"


def sheet_html(kind: SheetKind, report: CompassReport) -> str:
    boards = [(traveller, hand_lines(traveller.known)) for traveller in report.travellers]
    context = {"drive": report.drive, "report": report, "boards": boards, "game": report.game}
    if kind == SheetKind.BOARD_TABLE_CARDS:
        context["cards"], context["resting"] = table_cards(report)
    return render_to_string(TEMPLATES[kind], context)


def _inputs(drive: Drive) -> tuple[list, int]:
    """What a compass sheet shows beyond what every drive sheet's fingerprint reads (the
    drive's settings, the entries and their names, the seatings, each table's tricks): the
    boards, their plan (source, scoring, relay or skip), the trumps a table turned up.
    Three queries. Its size, for the progress, is its boards."""
    boards = list(BoardRow.objects.filter(drive=drive).order_by("number").values_list())
    plan = list(BoardPlan.objects.filter(drive=drive).values_list())
    trumps = list(
        TableResult.objects.filter(drive=drive)
        .exclude(trumps="")
        .order_by("round", "table", "deal")
        .values_list("round", "table", "deal", "trumps")
    )
    return [TEMPLATE_VERSION, boards, plan, trumps], max(1, len(boards))


def _printer(kind: SheetKind, name: str) -> jobs.Printer:
    def chunks(drive: Drive) -> list[Chunk]:
        # One PDF serves every reader, organisers too: the pairs as the public sees them.
        report = compass_report(drive, PublicNames.for_drive(drive))
        return [Chunk(sheet_html(kind, report), max(1, len(report.travellers)))]

    def may_open(user, drive: Drive) -> bool:
        return name not in HANDS_SHEETS or hands_shown(user, drive)

    return jobs.Printer(inputs=_inputs, chunks=chunks, may_open=may_open)


def register() -> None:
    """Hand the printing room the compass sheets (``drives.apps`` calls it at start-up)."""
    for name, kind in SHEETS.items():
        jobs.register(kind, _printer(kind, name))
