"""A paper drive's standings from its card totals, by the rules of :mod:`scoring.standings`.

Players keep their own cards and the organiser types each card's total, and perhaps its
half-time total; :func:`standings_from_totals` ranks them with the same sit-out credit,
countback (on the second half) and shared places as a drive scored deal by deal.
:mod:`scoring.paper` checks the totals.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from scoring.errors import StandingsError
from scoring.standings import (
    Competitor,
    SitOutRule,
    Standing,
    TieBreak,
    as_choice,
    check_competitors,
    fixed_sit_out_credit,
    rank_columns,
)


@dataclass(frozen=True, slots=True)
class CardTotal:
    """A player's card as the organiser typed it, for a drive played on paper.

    ``total`` is what the card adds up to at the tables; ``half_time`` the total after
    the half-time round, if typed. ``played`` and ``sat_out`` count the deals in the
    first and the second half, which the caller reads from the seatings.
    """

    player: int
    total: int
    half_time: int | None = None
    played: tuple[int, int] = (0, 0)
    sat_out: tuple[int, int] = (0, 0)
    ten_trick_deals: int = 0

    def __post_init__(self) -> None:
        if self.total < 0 or (self.half_time is not None and self.half_time < 0):
            raise StandingsError(f"Player {self.player}: a card's total cannot be negative.")


def standings_from_totals(
    cards: Iterable[CardTotal],
    competitors: Iterable[Competitor],
    *,
    sit_out_rule: SitOutRule = SitOutRule.AVERAGE,
    fixed_sit_out_points: int | Decimal = 0,
    tie_break: TieBreak = TieBreak.COUNTBACK,
) -> tuple[list[Standing], list[Standing]]:
    """The final and half-time standings of a paper drive, by the rules of :func:`standings`.

    Only the players with a card are ranked. Totals know no rounds, so the countback
    sees two halves: with every card's half-time typed, players level on total are
    separated by their second half; otherwise they share. The half-time table ranks
    the cards whose half-time was typed.

    >>> final, half = standings_from_totals(
    ...     [CardTotal(1, 90, 40, (12, 12)), CardTotal(2, 90, 50, (12, 12))],
    ...     [Competitor(1, "lady"), Competitor(2, "gent")],
    ... )
    >>> [(s.player, s.rank, str(s.points)) for s in final], [s.player for s in half]
    ([(1, 1, '90.00'), (2, 2, '90.00')], [2, 1])
    """
    roles = check_competitors(competitors)
    cards = list(cards)
    seen: set[int] = set()
    for card in cards:
        if card.player not in roles:
            raise StandingsError(f"A card is for player {card.player}, who is not entered.")
        if card.player in seen:
            raise StandingsError(f"Player {card.player} has two cards.")
        seen.add(card.player)
    credit = fixed_sit_out_credit(sit_out_rule, fixed_sit_out_points)
    countback = as_choice(TieBreak, tie_break, "tie-break") is TieBreak.COUNTBACK
    halves = all(card.half_time is not None for card in cards)

    def columns(card: CardTotal) -> list[tuple[int, int, int, int]]:
        """(points, played, ten-trick deals, sat out) per half, or one column for both."""
        (played_1, played_2), (out_1, out_2) = card.played, card.sat_out
        if not halves or card.half_time is None:
            return [(card.total, played_1 + played_2, card.ten_trick_deals, out_1 + out_2)]
        second = card.total - card.half_time
        return [
            (card.half_time, played_1, 0, out_1),
            (second, played_2, card.ten_trick_deals, out_2),
        ]

    final = rank_columns(
        *_flat([columns(c) for c in cards], cards),
        2 if halves else 1,
        fixed_credit=credit,
        countback=countback and halves,
    )
    typed = [c for c in cards if c.half_time is not None]
    half = [[(c.half_time, c.played[0], 0, c.sat_out[0])] for c in cards if c.half_time is not None]
    return final, rank_columns(*_flat(half, typed), 1, fixed_credit=credit, countback=False)


def _flat(
    columns: list[list[tuple[int, int, int, int]]], cards: list[CardTotal]
) -> tuple[dict[int, int], list[list[int]]]:
    """Per-player columns laid out as the standings lay out rounds (:func:`rank_columns`)."""
    width = max((len(c) for c in columns), default=1)
    start = {card.player: i * width for i, card in enumerate(cards)}
    figures: list[list[int]] = [[], [], [], []]
    for player_columns in columns:
        for column in player_columns:
            for figure, value in zip(figures, column, strict=True):
                figure.append(value)
    return start, figures
