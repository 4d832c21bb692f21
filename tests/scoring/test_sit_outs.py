"""Who sits a round out, and what each deal sat out earns as part of a standing."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.standings import Competitor, DealScore, SitOut, sits_out, standings, two_places


@dataclass(frozen=True)
class Attendance:
    """An entry's rounds as the drive keeps them: a late start, one gap at most."""

    joined: int = 1
    withdrew_after: int | None = None
    returned: int | None = None

    def plays_in(self, round_number: int) -> bool:
        return self.joined <= round_number and (
            self.withdrew_after is None
            or round_number <= self.withdrew_after
            or (self.returned is not None and round_number >= self.returned)
        )


@st.composite
def attendances(draw):
    joined = draw(st.integers(1, 6))
    withdrew = draw(st.none() | st.integers(joined - 1, 8))
    returned = None if withdrew is None else draw(st.none() | st.integers(withdrew + 2, 10))
    return Attendance(joined, withdrew, returned)


# No deadline: the suite shares two cores with other work.
@settings(deadline=None)
@given(attendances(), st.integers(1, 10), st.booleans())
def test_a_round_is_played_sat_out_or_missed_and_only_one_of_them(player, round_number, seated):
    # A seating only ever seats players in play, so "seated" implies in play.
    seated = seated and player.plays_in(round_number)
    out = sits_out(player, round_number, seated=seated)
    missed = not player.plays_in(round_number)
    assert [seated, out, missed].count(True) == 1


def test_nobody_sits_out_the_rounds_before_a_late_arrival_or_after_a_withdrawal():
    late, gone, away = Attendance(joined=3), Attendance(withdrew_after=2), Attendance(1, 2, 5)
    assert [sits_out(late, r, seated=False) for r in (1, 2, 3)] == [False, False, True]
    assert [sits_out(gone, r, seated=False) for r in (2, 3)] == [True, False]
    assert [sits_out(away, r, seated=False) for r in (2, 3, 4, 5)] == [True, False, False, True]


deal_points = st.lists(st.integers(0, 13), min_size=1, max_size=4)


# No deadline: the suite shares two cores with other work.
@settings(deadline=None)
@given(
    played=deal_points,
    sat_out=st.integers(1, 4),
    rule=st.sampled_from(["average", "fixed"]),
    fixed=st.integers(0, 13) | st.decimals("0", "13", places=3),
)
def test_a_standing_carries_the_credit_its_total_counted_for_each_deal_sat_out(
    played, sat_out, rule, fixed
):
    scores = [DealScore(1, 1, deal, points, 7) for deal, points in enumerate(played, start=1)]
    (row,) = standings(
        scores,
        [Competitor(1, "either")],
        rounds=[(1, len(played)), (2, sat_out)],
        sit_outs=[SitOut(1, 2, sat_out)],
        sit_out_rule=rule,
        fixed_sit_out_points=fixed,
    )
    fixed_credit = Decimal(fixed).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    # The average is worked exactly, never from its rounded figure, and each total is
    # rounded once.
    exact_average = Fraction(sum(played), len(played))
    expected = exact_average if rule == "average" else Fraction(fixed_credit)
    assert row.sit_out_credit == expected
    assert row.round_points[1] == two_places(expected * sat_out)
    assert row.points == two_places(sum(played) + expected * row.sat_out_deals)


def test_a_player_who_has_played_nothing_is_credited_nothing_on_average():
    (row,) = standings([], [Competitor(1, "lady")], rounds=[(1, 2)], sit_outs=[SitOut(1, 1, 2)])
    assert (row.sit_out_credit, row.points) == (Decimal("0.00"), Decimal("0.00"))
