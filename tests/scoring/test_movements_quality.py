"""The shape of a movement and the figures that say how balanced it is."""

import pytest

from scoring.errors import MovementError
from scoring.movements import Movement, quality

# Five players, three rounds, one sit-out each round.
SMALL = Movement.build(
    [[(0, 1, 2, 3)], [(0, 2, 1, 4)], [(0, 1, 2, 3)]],
    range(5),
)


def test_sit_outs_are_the_players_at_no_table():
    assert [SMALL.sit_outs(r) for r in range(3)] == [(4,), (3,), (4,)]


def test_as_tuples_gives_plain_lists_of_tables():
    assert SMALL.as_tuples() == [[(0, 1, 2, 3)], [(0, 2, 1, 4)], [(0, 1, 2, 3)]]


def test_quality_counts_partner_excess_and_opponent_deviation():
    q = quality(SMALL)
    # 6 partnership slots over 10 pairs allow one each: 0–2 and 1–3 partner twice.
    assert (q.partner_min, q.partner_max, q.partner_excess) == (0, 2, 2)
    # 12 opponent slots over 10 pairs give a range of 1–2: 1–2 meet three
    # times, 1–3, 2–4 and 3–4 never.
    assert (q.opponent_min, q.opponent_max) == (0, 3)
    assert q.opponent_deviation == 1 + 3


def test_quality_counts_sit_outs_and_consecutive_repeats():
    q = quality(SMALL)
    assert (q.sit_out_min, q.sit_out_max, q.sit_out_spread) == (0, 2, 2)
    assert q.consecutive_sit_outs == 0
    # 1–2 oppose in all three rounds.
    assert q.consecutive_opponents == 2


def test_quality_measures_north_south_against_east_west_seats():
    lopsided = Movement.build([[(0, 1, 2, 3)]] * 3, range(4))
    assert quality(lopsided).seat_imbalance == 4 * 2


def test_the_summary_reads_as_ranges():
    assert quality(SMALL).summary().startswith("partners 0–2 (excess 2), opponents 0–3")


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([[(0, 1, 2)]], "four"),
        ([[(0, 1, 2, 9)]], "not in the drive"),
        ([[(0, 1, 2, 3), (3, 4, 5, 6)]], "twice"),
    ],
)
def test_a_malformed_movement_is_refused(rounds, message):
    with pytest.raises(MovementError, match=message):
        Movement.build(rounds, range(8))


def test_quality_measures_left_and_right_hand_opponents():
    # E sits on N's left at (0, 1, 2, 3); mirrored, (0, 3, 2, 1) puts 1 on 0's right.
    same_side = Movement.build([[(0, 1, 2, 3)]] * 3, range(4))
    alternating = Movement.build([[(0, 1, 2, 3)], [(0, 3, 2, 1)], [(0, 1, 2, 3)]], range(4))
    # Each of the four opposing pairs: 3 times on the same side, 2 beyond the allowed 1.
    assert quality(same_side).hand_imbalance == 4 * 2
    assert quality(alternating).hand_imbalance == 0
