"""A drive's boards and results as PBN, and boards read back from PBN.

What a written file holds, one game (record) per board, after PBN 2.1 (Tis Veugen and
others, 2017, https://www.tistis.nl/pbn/pbn_v21.txt):

* the mandatory tag set in its order (§3.4): ``[Event]``, ``[Site "?"]``, ``[Date]``,
  ``[Board]``, the four players empty (a board is played by many tables), ``[Dealer]``,
  ``[Vulnerable "None"]`` (whist has no vulnerability), ``[Deal]`` from the dealer as
  the export format wants it (``"S:- - - -"`` for a board dealt at the tables, whose
  cards were never recorded), ``[Scoring]``, and ``[Declarer]``, ``[Contract]``,
  ``[Result]`` empty, since no one table's play is the board's;
* ``[ScoreTable]`` (§5.9, the table bridge scorers write and read, Ruter's and Magic
  Contest's among them): one row a table, with ``Table`` and ``Round`` (columns of
  their own, as those programs write them, allowed by §5.2), ``PairId_NS``,
  ``PairId_EW``, ``Contract`` "-" (irrelevant: whist has no bidding), ``Declarer`` "N"
  and ``Result``, N–S's tricks. Whist has no declarer; writing North's side as the
  declarer makes every reader take ``Result`` as N–S's tricks, which it is. Scored
  results add ``MP_NS``, ``MP_EW``, ``Percentage_NS``, ``Percentage_EW`` (matchpoints,
  ``[Scoring "MatchPoints;MP1"]``) or ``Compass_NS``, ``Compass_EW`` (compass scores,
  ``[Scoring "Compass;Mean"]``, the mean being the datum), with two decimals;
* two tags of our own, which PBN lets a program add and other readers pass over:
  ``[Trumps]`` (``H``, ``D``, ``S``, ``C`` or ``NT``), since PBN has no tag for
  whist's trumps, and ``[DealSeed]`` for a board the site dealt.

:func:`parse_boards` reads such a file back to the same boards and results (scores
are worked out again, never read), and reads the boards of any PBN file of deals, a
bridge event's included: a board given by several records (one a table) must have the
same cards in each. A board without ``[Trumps]`` takes the drive's rotation; with trumps
turned up there is no telling which card was dealt last, so it is refused.

>>> from scoring.boards import deal_boards
>>> from scoring.compass import BoardResult
>>> boards = deal_boards(2, seed=9, rotation="hdsc")
>>> results = (BoardResult(1, 1, 2, 8, table=1, round=1), BoardResult(1, 3, 4, 6, table=2, round=1))
>>> text = dump_boards(boards, results, event="Club night", method="compass")
>>> back = parse_boards(text, rotation="hdsc")
>>> back.boards == boards, back.results == results, back.event
(True, True, 'Club night')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date
from fractions import Fraction
from pathlib import Path

from scoring.boards import Board, Hands
from scoring.cards import SEATS, Rotation, Suit, check_seat, trumps_for_deal
from scoring.compass import BoardResult, Method, ScoredResult, score_boards, two_places
from scoring.errors import PBNError, ScoringError
from scoring.pbn import Tag, deal_text, parse_deal, pbn_text, tag_records

_SCORING = {Method.COMPASS: "Compass;Mean", Method.MATCHPOINTS: "MatchPoints;MP1"}
_RESULT_COLUMNS = ("Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
_SCORE_COLUMNS = {
    Method.COMPASS: ("Compass_NS", "Compass_EW"),
    Method.MATCHPOINTS: ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"),
}
_NO_CARDS = ":- - - -"  # after the dealer: PBN's "-" for each hand not given
_ESCAPED = re.compile(r"\\(.)")
_TOKEN = re.compile(r'"[^"]*"|\S+')


@dataclass(frozen=True, slots=True)
class BoardFile:
    """What a PBN file gives a drive: its boards, by number, and the tables' results."""

    boards: tuple[Board, ...]
    results: tuple[BoardResult, ...] = ()
    event: str = ""


def dump_boards(
    boards: Sequence[Board],
    results: Iterable[BoardResult] = (),
    *,
    event: str = "",
    date: Date | None = None,
    method: Method | str | None = None,
    expected: int | None = None,
) -> str:
    """The boards and each table's results as PBN text, one record a board.

    With ``method`` the results' scores go in too (``expected`` as for
    :func:`scoring.compass.matchpoint_scores`). Results come out board by board, in
    the order given within a board.
    """
    listed = list(results)
    numbers = Counter(board.number for board in boards)
    twice = sorted(number for number, count in numbers.items() if count > 1)
    if twice:
        raise ScoringError(f"Board {twice[0]} is given twice")
    stray = sorted({r.board for r in listed} - set(numbers))
    if stray:
        raise ScoringError(f"Board {stray[0]} has results but is not among the boards")
    chosen = None if method is None else Method(method)
    scored: list[tuple[BoardResult, ScoredResult | None]] = (
        [(r, None) for r in listed]
        if chosen is None
        else [(s.result, s) for s in score_boards(listed, chosen, expected=expected)]
    )
    head = {
        "Event": event or "?",
        "Site": "?",
        "Date": "?" if date is None else date.strftime("%Y.%m.%d"),
        "Scoring": "" if chosen is None else _SCORING[chosen],
    }
    records = [
        _board_lines(board, head, [(r, s) for r, s in scored if r.board == board.number])
        for board in boards
    ]
    return "% PBN 2.1\n% EXPORT\n" + "\n".join("\n".join(lines) + "\n" for lines in records)


def _board_lines(
    board: Board,
    head: Mapping[str, str],
    scored: Sequence[tuple[BoardResult, ScoredResult | None]],
) -> list[str]:
    hands = None if board.hands is None else dict(zip(SEATS, board.hands, strict=True))
    tags = [
        ("Event", head["Event"]),
        ("Site", head["Site"]),
        ("Date", head["Date"]),
        ("Board", str(board.number)),
        *((seat, "") for seat in ("West", "North", "East", "South")),
        ("Dealer", board.dealer),
        ("Vulnerable", "None"),
        ("Deal", board.dealer + _NO_CARDS if hands is None else deal_text(hands, board.dealer)),
        ("Scoring", head["Scoring"]),
        ("Declarer", ""),
        ("Contract", ""),
        ("Result", ""),
    ]
    if board.seed is not None:
        tags.append(("DealSeed", str(board.seed)))
    lines = [f'[{name} "{_escape(value)}"]' for name, value in tags]
    if scored:
        lines += _score_table(scored)
    lines.append(f'[Trumps "{_trumps_text(board.trumps)}"]')
    return lines


def _score_table(scored: Sequence[tuple[BoardResult, ScoredResult | None]]) -> list[str]:
    first = scored[0][1]
    method = None if first is None else Method.COMPASS if first.top is None else Method.MATCHPOINTS
    columns = _RESULT_COLUMNS + (() if method is None else _SCORE_COLUMNS[method])
    rows = [_row(result, score) for result, score in scored]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    header = ";".join(f"{name}\\{width}R" for name, width in zip(columns, widths, strict=True))
    return [
        f'[ScoreTable "{header}"]',
        *(" ".join(v.rjust(w) for v, w in zip(row, widths, strict=True)) for row in rows),
    ]


def _row(r: BoardResult, scored: ScoredResult | None) -> list[str]:
    where = ["-" if n is None else str(n) for n in (r.table, r.round)]
    row = [*where, str(r.ns_pair), str(r.ew_pair), "-", "N", str(r.ns_tricks)]
    if scored is None:
        return row
    row += [_figure(scored.ns), _figure(scored.ew)]
    if scored.top is not None:  # matchpoints: and each pair's percentage of the top
        top = scored.top
        row += [_figure(100 * f / top if top else Fraction(50)) for f in (scored.ns, scored.ew)]
    return row


def _figure(value: Fraction) -> str:
    return str(two_places(value))


def _trumps_text(trumps: Suit | None) -> str:
    return "NT" if trumps is None else trumps.value


def _escape(value: str) -> str:
    # A tag stands on one line: a line break in an event's name becomes a space.
    one_line = " ".join(value.splitlines())
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


def read_boards(path: str | Path, *, rotation: Rotation | str) -> BoardFile:
    """:func:`parse_boards` of a PBN file (UTF-8, or PBN's ISO-8859-1)."""
    return parse_boards(pbn_text(path), rotation=rotation)


def parse_boards(text: str, *, rotation: Rotation | str) -> BoardFile:
    """The boards of PBN text and the results of its ``[ScoreTable]`` rows (see the module).

    ``rotation`` gives the trumps of a board whose record names none.
    """
    boards: dict[int, Board] = {}
    results: list[BoardResult] = []
    event = ""
    for tags in tag_records(text):
        values: dict[str, str] = {}
        for tag in tags:
            values.setdefault(tag.name, tag.value)  # PBN: a tag given again is ignored
        if "Deal" not in values:
            continue  # a file's header or a note: no board in it
        board = _board(values, rotation)
        known = boards.setdefault(board.number, board)
        if known.hands != board.hands or known.dealer != board.dealer:
            raise PBNError(f"Board {board.number} is given twice with different cards")
        if not event and values.get("Event", "?") not in ("?", "#"):
            event = _unescape(values["Event"])
        table = next((tag for tag in tags if tag.name == "ScoreTable"), None)
        if table is not None:
            results += _table_results(board.number, table)
    return BoardFile(tuple(boards[n] for n in sorted(boards)), tuple(results), event)


def _board(values: Mapping[str, str], rotation: Rotation | str) -> Board:
    number_text = values.get("Board", "")
    if not number_text.isdigit() or int(number_text) < 1:
        raise PBNError(f"A record's [Board] should be a board number, not {number_text!r}")
    number = int(number_text)
    try:
        dealer = check_seat(values.get("Dealer", ""))
        hands = _hands(values["Deal"])
        trumps = _trumps(values.get("Trumps"), number, rotation)
        seed_text = values.get("DealSeed")
        seed = int(seed_text) if seed_text else None
        return Board(number, dealer, trumps, hands, seed)
    except ValueError as error:  # ScoringError is one, and int() raises one
        raise PBNError(f"Board {number}: {error}") from error


def _hands(deal: str) -> Hands | None:
    if deal.partition(":")[2].split() == ["-"] * 4:
        return None
    dealt = parse_deal(deal)
    return dealt["N"], dealt["E"], dealt["S"], dealt["W"]


def _trumps(text: str | None, number: int, rotation: Rotation | str) -> Suit | None:
    if text is None:
        if Rotation(rotation) is Rotation.TURNED:
            raise PBNError(
                "the record names no trumps, and a board dealt elsewhere shows no card "
                "turned up: give its trumps or choose a rotation"
            )
        return trumps_for_deal(number, rotation)
    if text == "NT":
        return None
    try:
        return Suit(text)
    except ValueError:
        raise PBNError(f"[Trumps] should be H, D, S, C or NT, not {text!r}") from None


def _table_results(number: int, table: Tag) -> list[BoardResult]:
    columns = [re.sub(r"\\\d*[LR]?$", "", name).lstrip("+-") for name in table.value.split(";")]
    needed = {"PairId_NS", "PairId_EW", "Declarer", "Result"} - set(columns)
    if needed:
        raise PBNError(f"Board {number}: [ScoreTable] lacks the column {sorted(needed)[0]}")
    results = []
    for line in table.section:
        cells = [cell.strip('"') for cell in _TOKEN.findall(line)]
        if len(cells) != len(columns):
            raise PBNError(f"Board {number}: a [ScoreTable] row has not {len(columns)} values")
        row = dict(zip(columns, cells, strict=True))
        if not row["Result"].isdigit():
            continue  # not played, or an artificial score: no tricks to compare
        results.append(_table_result(number, row))
    return results


def _table_result(number: int, row: Mapping[str, str]) -> BoardResult:
    try:
        declarer = check_seat(row["Declarer"].lstrip("^"))
        tricks = int(row["Result"])
        ns_tricks = tricks if declarer in ("N", "S") else 13 - tricks
        return BoardResult(
            number,
            int(row["PairId_NS"]),
            int(row["PairId_EW"]),
            ns_tricks,
            table=_optional_number(row.get("Table")),
            round=_optional_number(row.get("Round")),
        )
    except ValueError as error:
        raise PBNError(f"Board {number}: a [ScoreTable] row cannot be read: {error}") from error


def _optional_number(text: str | None) -> int | None:
    return None if text in (None, "-", "?") else int(text)


def _unescape(value: str) -> str:
    return _ESCAPED.sub(r"\1", value)
