"""A compass drive's sheets, printed with WeasyPrint from ``templates/boards/pdf/``: the
dealing sheet (each board's four hands, to make up the boards before the evening), the
travellers (each board's results across the tables) and the hand records (the hands and
every table's result, for the players afterwards). Each is one document, rendered here:
a drive's boards are a few dozen pages at most."""

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.translation import pgettext_lazy

from drives.boards.scores import CompassReport
from drives.printing.pool import write_pdf
from drives.printing.render import base_url
from scoring.boards import Board
from scoring.cards import SEATS, Card, Rank, Suit

#: The sheets by the name their URL gives, with the template each prints.
SHEETS = {
    "dealing": "boards/pdf/dealing.html",
    "travellers": "boards/pdf/travellers.html",
    "hand-records": "boards/pdf/hand_records.html",
    "table-cards": "boards/pdf/table_cards.html",
}


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
    holder: dict[tuple[int, int], int] = {}  # (round, set) → the first table that holds it
    for r in range(rounds):
        for sitting in movement.sittings(r):
            holder.setdefault((r, sitting.board_set), sitting.table + 1)
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
                    boards_to=_next_holder(movement, holder, r, sitting.board_set),
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


def _next_holder(movement, holder, r: int, board_set: int) -> int | None:
    if r + 1 >= len(movement.sets):
        return None
    return holder.get((r + 1, board_set))


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


def sheet_html(kind: str, report: CompassReport) -> str:
    boards = [(traveller, hand_lines(traveller.known)) for traveller in report.travellers]
    context = {"drive": report.drive, "report": report, "boards": boards, "game": report.game}
    if kind == "table-cards":
        context["cards"], context["resting"] = table_cards(report)
    return render_to_string(SHEETS[kind], context)


def sheet_pdf(kind: str, report: CompassReport) -> bytes:
    return write_pdf(sheet_html(kind, report), base_url())
