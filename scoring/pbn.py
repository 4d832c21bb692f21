"""Reading and writing deal records in PBN (Portable Bridge Notation).

Whist and bridge share the trick rules, so PBN records of real bridge play are a
conformance test for :mod:`scoring.play`, and PBN is how hand records can be exported
for duplicate drives.

PBN's ``[Play]`` section lists each trick in fixed seat columns starting from the
opening leader, not in the order the cards were played; :func:`parse_pbn` turns every
trick round so that ``PBNRecord.plays`` is in play order, each trick starting with the
previous trick's winner. ``-`` marks no card (after a claim) and ``^R`` marks a revoke.

PBN has no tag for whist's trumps, so a whist hand record written by :func:`dump_record`
without a contract leaves them to the drive's rotation (:func:`scoring.cards.trumps_for_deal`);
a drive's boards, written by :mod:`scoring.pbn_boards`, carry a ``[Trumps]`` tag of their own.

>>> text = '[Board "1"]\\n[Dealer "S"]\\n[Deal "N:AKQJ... .AKQJ.. ..AKQJ. ...AKQJ"]\\n'
>>> record = parse_pbn(text + '[Contract "1NT"]\\n[Play "W"]\\nCA - - -\\n')[0]
>>> [str(card) for card in record.plays], record.trumps is None
(['AC'], True)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from scoring.cards import SEATS, Card, Seat, Suit, check_hands, parse_card
from scoring.errors import CardError, PBNError
from scoring.play import play_deal, trick_winner

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the order of [Deal]
_REVOKE = "^R"
_FIELDS = ("Board", "Dealer", "Deal", "Declarer", "Contract", "Result", "Play")


@dataclass(frozen=True, slots=True)
class Tag:
    """A PBN tag kept as read, with the lines of its section (an ``[Auction]``'s calls)."""

    name: str
    value: str
    section: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PBNRecord:
    """One deal record. ``plays`` is in play order; ``revokes`` index the plays marked ``^R``.

    ``other_tags`` keeps every tag this class does not model (event, players, auction…)
    so that a record read and written again loses nothing a reader would miss.
    """

    board: str
    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    declarer: Seat | None = None
    contract: str | None = None
    result: int | None = None
    opening_leader: Seat | None = None
    plays: tuple[Card, ...] = ()
    revokes: tuple[int, ...] = ()
    other_tags: tuple[Tag, ...] = ()

    @property
    def trumps(self) -> Suit | None:
        """The trump suit named by the contract; ``None`` for no-trumps."""
        if not self.contract or not re.match(r"^[1-7](NT|[SHDC])", self.contract):
            raise PBNError(f"Board {self.board}: contract {self.contract!r} names no trumps")
        strain = self.contract[1:].rstrip("X")
        return None if strain == "NT" else Suit(strain)

    def forced_plays(self) -> tuple[Card, ...]:
        """``plays``, with the last trick finished when the record stops during it.

        Records often stop once the last trick has begun, or just before it, because each
        hand then has one card left and the play is forced.

        >>> from scoring.cards import parse_hand
        >>> hands = {seat: parse_hand([card]) for seat, card in zip("NESW", "AS 2H 3D 4C".split())}
        >>> record = PBNRecord("1", "W", hands, contract="1NT", opening_leader="N")
        >>> [str(card) for card in record.forced_plays()]
        ['AS', '2H', '3D', '4C']
        """
        before_last = 4 * (len(self.hands["N"]) - 1)  # cards played before the last trick
        leader = self.opening_leader
        if leader is None or not before_last <= len(self.plays) < before_last + 4:
            return self.plays
        if before_last:
            played = play_deal(self.hands, leader, self.trumps, self.plays[:before_last])
            leader = played.winners[-1]
        left = {seat: set(hand) - set(self.plays) for seat, hand in self.hands.items()}
        start = SEATS.index(leader)
        missing = range(len(self.plays) - before_last, 4)
        return self.plays + tuple(left[SEATS[(start + n) % 4]].pop() for n in missing)


def read_pbn(path: str | Path) -> list[PBNRecord]:
    """Read every record of a PBN file (UTF-8, or ISO-8859-1 where it is not UTF-8)."""
    return parse_pbn(pbn_text(path))


def pbn_text(path: str | Path) -> str:
    """A PBN file's text: UTF-8, or ISO-8859-1 (PBN's own character set) where it is not."""
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def parse_pbn(text: str) -> list[PBNRecord]:
    """Read every record in PBN text. Records are separated by blank lines."""
    return [_parse_record(tags) for tags in _records(text)]


def tag_records(text: str) -> list[list[Tag]]:
    """Every record of PBN text as its tags, in order, each with its section's lines.

    For readers of other tags than :class:`PBNRecord` models (a board file's
    ``[ScoreTable]``, :mod:`scoring.pbn_boards`).
    """
    return list(_records(text))


def _records(text: str) -> Iterator[list[Tag]]:
    tags: list[Tag] = []
    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith("%"):  # PBN's comment and escape lines
            continue
        if not line:
            if tags:
                yield tags
            tags = []
        elif match := _TAG.match(line):
            tags.append(Tag(match[1], match[2]))
        elif not tags:
            raise PBNError(f"Text before the first tag: {line[:40]!r}")
        else:
            tags[-1] = Tag(tags[-1].name, tags[-1].value, (*tags[-1].section, line))


def _parse_record(tags: list[Tag]) -> PBNRecord:
    values = {tag.name: tag.value for tag in tags}
    board = values.get("Board", "?")
    try:
        dealer = _seat(values, "Dealer")
        if dealer is None or "Deal" not in values:
            raise PBNError("a record needs a [Dealer] and a [Deal]")
        result = values.get("Result")
        record = PBNRecord(
            board=board,
            dealer=dealer,
            hands=parse_deal(values["Deal"]),
            declarer=_seat(values, "Declarer"),
            contract=values.get("Contract"),
            result=int(result) if result else None,
            other_tags=tuple(tag for tag in tags if tag.name not in _FIELDS),
        )
        leader = _seat(values, "Play")
        if leader is None:
            return record
        play_rows = next(tag.section for tag in tags if tag.name == "Play")
        plays, revokes = _parse_play(play_rows, leader, record.trumps)
    except (CardError, PBNError, ValueError) as error:
        raise PBNError(f"Board {board}: {error}") from error
    return replace(record, opening_leader=leader, plays=plays, revokes=revokes)


def _seat(values: Mapping[str, str], name: str) -> Seat | None:
    seat = values.get(name)
    if not seat:
        return None
    if seat not in SEATS:
        raise PBNError(f"[{name}] should be N, E, S or W, not {seat!r}")
    return seat


def parse_deal(text: str) -> dict[Seat, tuple[Card, ...]]:
    """The four hands of a ``[Deal]`` value such as ``"N:AKQ.… …"``, checked."""
    first, _, hands_text = text.partition(":")
    hands = hands_text.split()
    if first not in SEATS or len(hands) != 4:
        raise PBNError("[Deal] should read like N:AKQ.… with four hands")
    start = SEATS.index(first)
    dealt: dict[Seat, tuple[Card, ...]] = {}
    for n, hand in enumerate(hands):
        suits = hand.split(".")
        if len(suits) != 4:
            raise PBNError(f"hand {hand!r} should have four suits")
        dealt[SEATS[(start + n) % 4]] = tuple(
            parse_card(rank + suit.value)
            for suit, ranks in zip(_PBN_SUITS, suits, strict=True)
            for rank in ranks
        )
    return check_hands(dealt)


def _parse_play(
    rows: Sequence[str], opening_leader: Seat, trumps: Suit | None
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    marked: list[bool] = []  # whether ^R stood before each column's card
    cells: list[Card | None] = []
    for token in (token for row in rows for token in row.split() if token != "*"):
        if token == _REVOKE:
            marked.append(True)
            continue
        if len(marked) == len(cells):
            marked.append(False)
        cells.append(None if token == "-" else parse_card(token))
    if len(cells) % 4:
        raise PBNError("[Play] ends part-way through a row")
    plays: list[Card] = []
    revokes: list[int] = []
    leader, stopped = opening_leader, False
    for row in range(0, len(cells), 4):
        first = _columns_from(opening_leader, leader)
        order = [row + (first + n) % 4 for n in range(4)]
        trick = [cells[i] for i in order]
        if stopped and any(trick):
            raise PBNError(f"Trick {row // 4 + 1} has cards after the play stopped")
        played = len(trick) if None not in trick else trick.index(None)
        if any(trick[played:]):
            raise PBNError(f"Trick {row // 4 + 1} has a card after a missing one")
        revokes += [len(plays) + n for n in range(played) if marked[order[n]]]
        plays += trick[:played]  # type: ignore[arg-type]
        stopped = played < 4
        if not stopped:
            leader = _winner(leader, plays[-4:], trumps)
    return tuple(plays), tuple(revokes)


def _columns_from(opening_leader: Seat, seat: Seat) -> int:
    """Which [Play] column holds ``seat``'s cards: column 0 is the opening leader's."""
    return (SEATS.index(seat) - SEATS.index(opening_leader)) % 4


def _winner(leader: Seat, trick: Sequence[Card], trumps: Suit | None) -> Seat:
    return SEATS[(SEATS.index(leader) + trick_winner(trick, trumps)) % 4]


def dump_record(record: PBNRecord) -> str:
    """Write a record as PBN text (LF line endings), the play in seat columns as PBN wants.

    >>> from scoring.cards import deal
    >>> text = dump_record(PBNRecord(board="1", dealer="N", hands=deal(3, "N")))
    >>> set(parse_pbn(text)[0].hands["N"]) == set(deal(3, "N")["N"])
    True
    """
    lines = [f'[Board "{record.board}"]', f'[Dealer "{record.dealer}"]']
    lines.append(f'[Deal "{deal_text(record.hands)}"]')
    for name, value in (
        ("Declarer", record.declarer),
        ("Contract", record.contract),
        ("Result", record.result),
    ):
        if value is not None:
            lines.append(f'[{name} "{value}"]')
    for tag in record.other_tags:
        lines += [f'[{tag.name} "{tag.value}"]', *tag.section]
    if record.opening_leader is not None:
        lines.append(f'[Play "{record.opening_leader}"]')
        lines += _dump_play(record.plays, record.revokes, record.opening_leader, record.trumps)
    return "\n".join(lines) + "\n"


def dump_pbn(records: Sequence[PBNRecord]) -> str:
    """Write several records, separated by blank lines, after PBN's version line."""
    return "% PBN 2.1\n" + "\n".join(dump_record(record) for record in records)


def deal_text(hands: Mapping[Seat, Sequence[Card]], first: Seat = "N") -> str:
    """A ``[Deal]`` value: the hands clockwise from ``first``, each suit's ranks high first.

    PBN's export format starts from the dealer (``first``); any start reads back.

    >>> from scoring.cards import deal
    >>> hands = deal(3, "E")
    >>> text = deal_text(hands, "E")
    >>> text[:2], all(set(parse_deal(text)[s]) == set(hands[s]) for s in SEATS)
    ('E:', True)
    """

    def ranks(hand: Sequence[Card], suit: Suit) -> str:
        held = sorted((card for card in hand if card.suit is suit), key=lambda c: -c.rank)
        return "".join(_pbn_rank(card) for card in held)

    start = SEATS.index(first)
    return f"{first}:" + " ".join(
        ".".join(ranks(hands[SEATS[(start + n) % 4]], suit) for suit in _PBN_SUITS)
        for n in range(4)
    )


def _dump_play(
    plays: Sequence[Card], revokes: Sequence[int], opening_leader: Seat, trumps: Suit | None
) -> list[str]:
    rows: list[str] = []
    leader = opening_leader
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        columns = ["-"] * 4
        first = _columns_from(opening_leader, leader)
        for n, card in enumerate(trick):
            mark = f"{_REVOKE} " if start + n in revokes else ""
            columns[(first + n) % 4] = mark + card.suit.value + _pbn_rank(card)
        rows.append(" ".join(columns))
        if len(trick) == 4:
            leader = _winner(leader, trick, trumps)
    return rows


def _pbn_rank(card: Card) -> str:
    return "T" if card.rank == 10 else card.rank.short
