"""Compass whist: each pair's tricks on a board against the others who held the same cards.

Every table that plays a board holds the same hands, so a pair is compared only with
the pairs that sat in its direction (N–S or E–W) on that board. Two ways, chosen by
the drive (:class:`Method`):

* **Compass.** On a board played n times, with N–S taking t₁ … tₙ tricks, the mean is
  m = (t₁ + … + tₙ) / n. At the table where N–S took tᵢ, the N–S pair scores tᵢ − m and
  the E–W pair (13 − tᵢ) − (13 − m) = m − tᵢ. The N–S scores of a board add up to 0, and
  so do the E–W ones. Scores are exact fractions (:class:`fractions.Fraction`): three
  results of 7, 8 and 8 tricks score −2/3, 1/3 and 1/3. A pair's total is the sum over
  the boards it played; a board it did not play counts 0, the board's average, so a
  sit-out neither helps nor hurts. A board played once scores 0 for both pairs.
* **Matchpoints.** On a board played n times each N–S result earns 2 for each other N–S
  result with fewer tricks and 1 for each with as many: 0 to the top of 2(n−1); the E–W
  pair at the same table earns the top less that. The N–S matchpoints of a board add up
  to n(n−1). A pair's percentage is its matchpoints over the tops of the boards it
  played, times 100.

  **Neuberg's formula** adjusts a board played fewer times than expected: with n
  results where N were expected (by default the most times any board was played),
  each result's matchpoints M become (M + 1) × N / n − 1, on a top of 2(N − 1). This is
  the usual form of the formula for matchpoints scored 2 a pair beaten (the EBU's White
  Book, 8.90.2, and the WBF's; scored 1 a pair beaten it reads (M + ½) × N / n − ½).
  A lone result gets the average, N − 1, and every board weighs the same in a percentage.

**Honours** lie in the same hands at every table that plays a board, whatever the
trumps, so a drive that counts them adds the same points to every N–S result of a
board and the same to every E–W one: they change no comparison, compass or
matchpoints, and no total. They are shown on travellers and hand records
(:attr:`scoring.boards.Board.honours`), and a table's reported honours are checked
against them; they do not enter the scores. For the same reason the scores compare
tricks, not the odd tricks a classic drive may count: 5 and 6 tricks both score no
odd trick, but 6 beat 5 at the same cards.

**Winners.** In a Mitchell the N–S and E–W pairs form two fields, each with its own
winner; a Howell ranks all its pairs in one field (:func:`rank_pairs`). Compass ranks
on the total, matchpoints on the percentage; pairs level share the place (1, 2, =3,
=3, 5), as bridge clubs rank. A drive that breaks ties by countback, as whist drives
do, asks for it (``countback=True``): pairs level are placed by their figure over the
last round's boards, then the last two rounds', and so on up to all but the first
round, as :func:`scoring.standings.standings` separates players; pairs level all the
way still share.

>>> results = [BoardResult(1, ns, ns + 10, tricks) for ns, tricks in ((1, 7), (2, 8), (3, 8))]
>>> [(str(s.ns), str(s.ew)) for s in compass_scores(results)]
[('-2/3', '2/3'), ('1/3', '-1/3'), ('1/3', '-1/3')]
>>> [(str(s.ns), str(s.ew), str(s.top)) for s in matchpoint_scores(results)]
[('0', '4', '4'), ('3', '1', '4'), ('3', '1', '4')]
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from itertools import groupby

from scoring.cards import Side
from scoring.errors import ScoringError, StandingsError
from scoring.results import check_tricks
from scoring.standings import rank_label

ZERO = Fraction(0)
TRICKS = 13


class Method(StrEnum):
    """How a drive on boards compares results; the values are what the web application stores."""

    COMPASS = "compass"
    MATCHPOINTS = "matchpoints"


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One table's result on one board: the pairs and N–S's tricks (E–W took the rest).

    ``table`` and ``round`` say where it was played, for travellers; the scores do not
    read them.
    """

    board: int
    ns_pair: int
    ew_pair: int
    ns_tricks: int
    table: int | None = None
    round: int | None = None

    def __post_init__(self) -> None:
        check_tricks(self.ns_tricks)
        if self.ns_pair == self.ew_pair:
            raise ScoringError(f"Board {self.board}: pair {self.ns_pair} cannot play itself")

    @property
    def ew_tricks(self) -> int:
        return TRICKS - self.ns_tricks


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A result with each pair's score on the board, exact.

    The scores are kept as whole numbers of 1/``played``, ``played`` being the board's
    number of results (every score of the board has that denominator: the mean's, or
    Neuberg's), so that scoring an evening makes no fraction until one is shown:
    :attr:`ns` and :attr:`ew` are the scores as fractions. ``top`` is the most a pair
    could score on the board (matchpoints; ``None`` with compass scoring, which has none).
    """

    result: BoardResult
    ns_units: int
    ew_units: int
    played: int
    top: int | None = None

    @property
    def ns(self) -> Fraction:
        return Fraction(self.ns_units, self.played)

    @property
    def ew(self) -> Fraction:
        return Fraction(self.ew_units, self.played)


def by_board(results: Iterable[BoardResult]) -> dict[int, list[BoardResult]]:
    """The results of each board, checking that no pair plays a board twice."""
    boards: dict[int, list[BoardResult]] = defaultdict(list)
    seen: set[tuple[int, int]] = set()
    for result in results:
        for pair in (result.ns_pair, result.ew_pair):
            if (result.board, pair) in seen:
                raise StandingsError(f"Board {result.board} has two results for pair {pair}.")
            seen.add((result.board, pair))
        boards[result.board].append(result)
    return dict(boards)


def compass_scores(results: Iterable[BoardResult]) -> list[ScoredResult]:
    """Each result scored against its board's mean, in the order given (see the module)."""
    listed = list(results)
    # n·t − (t₁ + … + tₙ) is n times t's distance from the mean.
    sums = {
        number: (sum(r.ns_tricks for r in board), len(board))
        for number, board in by_board(listed).items()
    }
    scored = []
    for r in listed:
        total, played = sums[r.board]
        units = played * r.ns_tricks - total
        scored.append(ScoredResult(r, units, -units, played))
    return scored


def matchpoint_scores(
    results: Iterable[BoardResult], *, expected: int | None = None
) -> list[ScoredResult]:
    """Each result's matchpoints, in the order given, Neuberg-adjusted to ``expected``
    results a board (by default the most any board has; a board with more is refused)."""
    listed = list(results)
    boards = by_board(listed)
    most = max((len(board) for board in boards.values()), default=0)
    target = most if expected is None else expected
    if target < most:
        raise StandingsError(f"A board was played {most} times, more than the {target} expected.")
    top = 2 * (target - 1)
    # Per board, trick count → (results with fewer tricks, results with as many).
    standing = {number: _below_and_level(board) for number, board in boards.items()}
    scored = []
    for r in listed:
        fewer, level = standing[r.board][r.ns_tricks]
        played = len(boards[r.board])
        units = _neuberg_units(2 * fewer + level - 1, played, target)
        scored.append(ScoredResult(r, units, top * played - units, played, top))
    return scored


def neuberg(matchpoints: int, played: int, expected: int) -> Fraction:
    """Matchpoints on a board played ``played`` times, as if played ``expected`` times.

    The EBU's worked example (Max Bavin, "The Neuberg formula"): 10 results where 11
    were expected, the best one alone beats 9, 18 of 18, and becomes 19.9 of 20.

    >>> neuberg(18, 10, 11), neuberg(0, 1, 9), neuberg(6, 4, 4)
    (Fraction(199, 10), Fraction(8, 1), Fraction(6, 1))
    """
    if not 1 <= played <= expected:
        raise StandingsError(f"A board played {played} times cannot be scored as {expected}.")
    return Fraction(_neuberg_units(matchpoints, played, expected), played)


def _neuberg_units(matchpoints: int, played: int, expected: int) -> int:
    """(M + 1) × N / n − 1 in units of 1/n, that is (M + 1) × N − n."""
    return (matchpoints + 1) * expected - played


def score_boards(
    results: Iterable[BoardResult], method: Method | str, *, expected: int | None = None
) -> list[ScoredResult]:
    """:func:`compass_scores` or :func:`matchpoint_scores`, as the drive chooses."""
    if Method(method) is Method.COMPASS:
        return compass_scores(results)
    return matchpoint_scores(results, expected=expected)


def _below_and_level(board: Sequence[BoardResult]) -> dict[int, tuple[int, int]]:
    counts = Counter(r.ns_tricks for r in board)
    standing, fewer = {}, 0
    for tricks in sorted(counts):
        standing[tricks] = (fewer, counts[tricks])
        fewer += counts[tricks]
    return standing


@dataclass(frozen=True, slots=True)
class PairScore:
    """One pair's line: its total, boards played, and place in its field.

    ``percentage`` is the matchpoints over the tops (``None`` with compass scoring).
    """

    pair: int
    rank: int
    shared: bool
    total: Fraction
    boards: int
    top: int | None
    percentage: Fraction | None

    @property
    def rank_label(self) -> str:
        return rank_label(self.rank, self.shared)


@dataclass(frozen=True, slots=True)
class Field:
    """Pairs ranked together: one direction of a Mitchell (``direction``), or a Howell's all."""

    direction: Side | None
    pairs: tuple[PairScore, ...]


def rank_pairs(
    scored: Iterable[ScoredResult], *, by_direction: bool, countback: bool = False
) -> tuple[Field, ...]:
    """The pairs' totals and places: N–S and E–W fields for a Mitchell, one field for a Howell.

    With ``by_direction`` a pair that sat both ways is refused: a Mitchell's pairs keep
    their direction all evening. With ``countback`` pairs level are separated by their
    last rounds (the results' ``round``).

    >>> results = [BoardResult(b, ns, ns + 2, t) for b, ns, t in ((1, 1, 7), (1, 2, 8),
    ...            (2, 1, 8), (2, 2, 7), (3, 1, 9), (3, 2, 8))]
    >>> fields = rank_pairs(compass_scores(results), by_direction=True)
    >>> [(f.direction, [(p.pair, p.rank_label, str(p.total)) for p in f.pairs]) for f in fields]
    [('NS', [(1, '1', '1/2'), (2, '2', '-1/2')]), ('EW', [(4, '1', '1/2'), (3, '2', '-1/2')])]
    """
    # A pair's scores by round: round → played → units, and round → tops.
    units: dict[int, dict[int, Counter[int]]] = defaultdict(lambda: defaultdict(Counter))
    tops: dict[int, Counter[int]] = defaultdict(Counter)
    boards: Counter[int] = Counter()
    sides: dict[int, set[Side]] = defaultdict(set)
    matchpoints = False
    for s in scored:
        seats: tuple[tuple[int, Side, int], ...] = (
            (s.result.ns_pair, "NS", s.ns_units),
            (s.result.ew_pair, "EW", s.ew_units),
        )
        played_in = s.result.round or 0
        for pair, side, score in seats:
            units[pair][played_in][s.played] += score
            boards[pair] += 1
            sides[pair].add(side)
            if s.top is not None:
                tops[pair][played_in] += s.top
                matchpoints = True
    rounds = sorted({r for by_round in units.values() for r in by_round})
    # Countback windows: the last round, the last two, … all but the first.
    windows = [rounds[-k:] for k in range(1, len(rounds))] if countback else []
    lines = []
    for pair, by_round in units.items():
        line = _pair_line(
            pair,
            _merged(by_round.values()),
            boards[pair],
            sum(tops[pair].values()) if matchpoints else None,
        )
        tie_breaks = tuple(
            _figure(
                _merged(by_round[r] for r in window if r in by_round),
                sum(tops[pair][r] for r in window) if matchpoints else None,
            )
            for window in windows
        )
        lines.append((line, tie_breaks))
    if not by_direction:
        return (Field(None, _places(lines)),)
    both = sorted(pair for pair, seen in sides.items() if len(seen) > 1)
    if both:
        raise StandingsError(f"Pair {both[0]} sat both N–S and E–W: rank them in one field.")
    directions: tuple[Side, ...] = ("NS", "EW")
    return tuple(
        Field(side, _places([line for line in lines if side in sides[line[0].pair]]))
        for side in directions
    )


def _merged(counters: Iterable[Counter[int]]) -> Counter[int]:
    """Counters added up, negative counts kept (``+`` on Counters would drop them)."""
    merged: Counter[int] = Counter()
    for counter in counters:
        merged.update(counter)
    return merged


def _figure(units: Counter[int], top: int | None) -> Fraction:
    """What a pair is ranked on over some boards: its total, or its percentage."""
    total = sum((Fraction(score, played) for played, score in units.items()), ZERO)
    if top is None:
        return total
    return 100 * total / top if top else Fraction(50)


def _pair_line(pair: int, units: Counter[int], boards: int, top: int | None) -> PairScore:
    total = sum((Fraction(score, played) for played, score in units.items()), ZERO)
    if top is None:
        return PairScore(pair, 0, False, total, boards, None, None)
    # Every board played once has a top of 0: each result is the board's average.
    return PairScore(pair, 0, False, total, boards, top, _figure(units, top))


def _places(lines: Sequence[tuple[PairScore, tuple[Fraction, ...]]]) -> tuple[PairScore, ...]:
    """Best first by percentage (matchpoints) or total (compass), then by the countback
    figures given with each line; pairs level on all of them share."""

    def key(line: tuple[PairScore, tuple[Fraction, ...]]) -> tuple[Fraction, ...]:
        score, tie_breaks = line
        first = score.total if score.percentage is None else score.percentage
        return tuple(-figure for figure in (first, *tie_breaks))

    ordered = sorted(lines, key=lambda line: (key(line), line[0].pair))
    ranked: list[PairScore] = []
    for _, group in groupby(ordered, key=key):
        level = [score for score, _ in group]
        rank, shared = len(ranked) + 1, len(level) > 1
        ranked += [replace(line, rank=rank, shared=shared) for line in level]
    return tuple(ranked)


def two_places(figure: Fraction) -> Decimal:
    """A score or percentage as sheets print it: 2 decimal places, half up.

    >>> two_places(Fraction(-2, 3)), two_places(Fraction(1, 8)), two_places(Fraction(-1, 8))
    (Decimal('-0.67'), Decimal('0.13'), Decimal('-0.13'))
    """
    # In whole numbers, so that no decimal rounding comes before the one shown.
    hundredths = (abs(figure.numerator) * 200 + figure.denominator) // (2 * figure.denominator)
    return Decimal(hundredths if figure >= 0 else -hundredths).scaleb(-2)
