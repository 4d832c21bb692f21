"""Checks on the totals typed from players' paper cards: they warn, they never refuse.

A club that plays on paper hands in one card per player; the organiser types each
card's total (and perhaps its half-time total). A mis-added card cannot be proved
wrong from totals alone, but some are impossible and some sums must agree:

* **Range**: a card cannot exceed the most a deal can give (:func:`most_per_deal`)
  times the deals it played, and its half-time total cannot exceed its total, nor
  the most the first half's deals could give.
* **Grand total** (all tricks, no honours): the two sides at a table take 13 tricks
  a deal, so the four cards at it gain 26. Over the whole drive the cards add up to
  26 per table per deal played. A difference means some card is mis-added.
* **Partners** (fixed partners all evening): partners score alike on every deal, so
  their totals must be equal; a pair that differs names its two cards, and when the
  grand total is off by exactly their difference, the card that differs by it.
* **Double entry**: a second typist's figures against the first's (:func:`differences`).

Every check returns :class:`TotalWarning` values (a kind, the cards concerned and the
figures) for the web application to word in the reader's language.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.results import Counting

TRICKS_PER_TABLE_DEAL = 26  # the four cards at a table: each side's 13 tricks, twice
MOST_ODD_TRICKS = 7
MOST_HONOURS = 4


@dataclass(frozen=True, slots=True)
class Card:
    """A typed card: its number, its totals, and the deals its player played at a table."""

    number: int
    total: int
    half_time: int | None = None
    played_deals: int = 0
    first_half_deals: int = 0


@dataclass(frozen=True, slots=True)
class TotalWarning:
    """Something that looks wrong; ``figure`` is what was typed, ``limit`` what it should be."""

    kind: str  # "total_too_high", "half_too_high", "half_over_total", "grand_total", "partners"
    cards: tuple[int, ...]
    figure: int
    limit: int


def most_per_deal(counting: Counting | str, *, honours: bool = False) -> int:
    """The most one player can score on one deal.

    >>> most_per_deal("odd"), most_per_deal("all"), most_per_deal("odd", honours=True)
    (7, 13, 11)
    """
    most = MOST_ODD_TRICKS if Counting(counting) is Counting.ODD else 13
    return most + (MOST_HONOURS if honours else 0)


def range_warnings(cards: Iterable[Card], *, most: int) -> list[TotalWarning]:
    """Cards beyond what their deals could give, and half-times larger than their totals.

    >>> range_warnings([Card(1, 100, 30, 12, 6), Card(2, 40, 45, 12, 6)], most=7)
    [TotalWarning(kind='total_too_high', cards=(1,), figure=100, limit=84), \
TotalWarning(kind='half_over_total', cards=(2,), figure=45, limit=40)]
    """
    warnings = []
    for card in cards:
        if card.total > most * card.played_deals:
            warnings.append(
                TotalWarning("total_too_high", (card.number,), card.total, most * card.played_deals)
            )
        if card.half_time is None:
            continue
        if card.half_time > card.total:
            warnings.append(
                TotalWarning("half_over_total", (card.number,), card.half_time, card.total)
            )
        elif card.half_time > most * card.first_half_deals:
            limit = most * card.first_half_deals
            warnings.append(TotalWarning("half_too_high", (card.number,), card.half_time, limit))
    return warnings


def partner_warnings(
    cards: Mapping[int, Card], partners: Iterable[tuple[int, int]]
) -> list[TotalWarning]:
    """Fixed partners whose totals differ (pairs with a card not yet typed are skipped).

    >>> partner_warnings({1: Card(1, 50), 2: Card(2, 52), 3: Card(3, 40), 4: Card(4, 40)},
    ...                  [(1, 2), (3, 4)])
    [TotalWarning(kind='partners', cards=(1, 2), figure=50, limit=52)]
    """
    warnings = []
    for first, second in partners:
        a, b = cards.get(first), cards.get(second)
        if a is not None and b is not None and a.total != b.total:
            warnings.append(TotalWarning("partners", (first, second), a.total, b.total))
    return warnings


def grand_total_warning(
    cards: Sequence[Card], *, table_deals: int, partners: Iterable[tuple[int, int]] = ()
) -> TotalWarning | None:
    """All-tricks drives: the cards must add up to 26 per table per deal played.

    Call it once every card is typed. ``partners`` (fixed partners only) narrow the
    suspects: in a pair whose totals differ by the amount the grand total is off, the
    card that is off by it; otherwise every card of a pair that differs.

    >>> cards = [Card(1, 20), Card(2, 20), Card(3, 6), Card(4, 7)]
    >>> grand_total_warning(cards, table_deals=2, partners=[(1, 2), (3, 4)])
    TotalWarning(kind='grand_total', cards=(4,), figure=53, limit=52)
    >>> cards[1] = Card(2, 21)  # two cards wrong: every card of a pair that differs
    >>> grand_total_warning(cards, table_deals=2, partners=[(1, 2), (3, 4)])
    TotalWarning(kind='grand_total', cards=(1, 2, 3, 4), figure=54, limit=52)
    """
    expected = TRICKS_PER_TABLE_DEAL * table_deals
    total = sum(card.total for card in cards)
    if total == expected:
        return None
    by_number = {card.number: card for card in cards}
    excess = total - expected
    suspects: list[int] = []
    for pair in partner_warnings(by_number, partners):
        first, second = pair.cards
        if pair.figure - pair.limit == excess:
            suspects.append(first)
        elif pair.limit - pair.figure == excess:
            suspects.append(second)
    if not suspects:
        suspects = [
            number for pair in partner_warnings(by_number, partners) for number in pair.cards
        ]
    return TotalWarning("grand_total", tuple(sorted(suspects)), total, expected)


@dataclass(frozen=True, slots=True)
class Difference:
    """A card the two typists read differently; ``None`` where one of them typed nothing."""

    number: int
    first: tuple[int | None, ...]
    second: tuple[int | None, ...]


def differences(
    first: Mapping[int, tuple[int | None, ...]], second: Mapping[int, tuple[int | None, ...]]
) -> list[Difference]:
    """Cards whose figures differ between two typists, in card order.

    A card only one typist has typed is listed too: nothing is settled until both agree.

    >>> differences({1: (50, 20), 2: (40, None), 3: (30, 10)}, {1: (50, 20), 2: (41, None)})
    [Difference(number=2, first=(40, None), second=(41, None)), \
Difference(number=3, first=(30, 10), second=(None, None))]
    """
    listed = []
    for number in sorted(first.keys() | second.keys()):
        a, b = first.get(number), second.get(number)
        width = len(a or b or ())
        a, b = a or (None,) * width, b or (None,) * width
        if a != b:
            listed.append(Difference(number, tuple(a), tuple(b)))
    return listed
