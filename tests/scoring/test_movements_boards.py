"""Board movements: Mitchell (plain, skip, share-and-relay) and Howell with board sets."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import MovementError
from scoring.movements import howell, mitchell
from scoring.movements.boards import (
    HOWELL_MOST_PAIRS,
    HOWELL_OFFSETS,
    EvenTables,
    Kind,
    howell_boards,
    mitchell_boards,
)


def plays(movement):
    """(pair, board) for every board every pair plays, round by round."""
    return [
        (pair, board)
        for r in range(len(movement.sets))
        for sitting in movement.sittings(r)
        for pair in (sitting.ns_pair, sitting.ew_pair)
        for board in movement.boards(sitting.board_set)
    ]


def meetings(movement):
    return Counter(
        frozenset((s.ns_pair, s.ew_pair))
        for r in range(len(movement.sets))
        for s in movement.sittings(r)
    )


def full_rounds(pairs):
    return (pairs + 1) // 2


@st.composite
def mitchells(draw):
    pairs = draw(st.integers(min_value=2, max_value=40))
    rounds = draw(st.integers(min_value=1, max_value=full_rounds(pairs)))
    even = draw(st.sampled_from(EvenTables))
    boards = draw(st.integers(min_value=1, max_value=4))
    return mitchell_boards(pairs, rounds, boards_per_round=boards, even=even)


@st.composite
def howells(draw):
    pairs = draw(st.integers(min_value=2, max_value=HOWELL_MOST_PAIRS))
    circle = pairs if pairs % 2 else pairs - 1
    rounds = draw(st.integers(min_value=1, max_value=circle))
    return howell_boards(pairs, rounds, boards_per_round=draw(st.integers(1, 4)))


@settings(deadline=None)
@given(movement=st.one_of(mitchells(), howells()))
def test_no_pair_ever_plays_a_board_twice(movement):
    played = plays(movement)
    assert len(played) == len(set(played))


@settings(deadline=None)
@given(movement=st.one_of(mitchells(), howells()))
def test_every_table_that_plays_holds_a_set_and_only_shared_sets_are_at_two_tables(movement):
    for r in range(len(movement.sets)):
        held = Counter(s.board_set for s in movement.sittings(r))
        assert {s for s, n in held.items() if n > 1} == set(movement.shared_sets(r))
        assert set(movement.resting_sets(r)).isdisjoint(held)
        assert set(held) | set(movement.resting_sets(r)) == set(range(movement.set_count))


def sit_outs(movement, pairs):
    """Each round's pairs that play no board: the pair drawn against a phantom."""
    return [
        set(range(pairs)) - {p for s in movement.sittings(r) for p in (s.ns_pair, s.ew_pair)}
        for r in range(len(movement.sets))
    ]


@st.composite
def any_board_movement(draw):
    """Any size a drive on boards may ask for: tables, rounds, boards a round, the even
    tables' cure, a Mitchell or a Howell, and a full or a half last table."""
    tables = draw(st.integers(min_value=1, max_value=20))
    odd = draw(st.booleans()) and tables > 1
    pairs = 2 * tables - odd
    boards = draw(st.integers(min_value=1, max_value=4))
    if draw(st.booleans()) or pairs > HOWELL_MOST_PAIRS:
        rounds = draw(st.integers(min_value=1, max_value=tables))
        even = draw(st.sampled_from(EvenTables))
        return pairs, mitchell_boards(pairs, rounds, boards_per_round=boards, even=even)
    circle = pairs if pairs % 2 else pairs - 1
    rounds = draw(st.integers(min_value=1, max_value=circle))
    return pairs, howell_boards(pairs, rounds, boards_per_round=boards)


@settings(deadline=None, max_examples=300)
@given(drawn=any_board_movement())
def test_sit_outs_fall_evenly_and_never_twice_running(drawn):
    """A phantom pair's opponents sit out: as evenly as the rounds allow, never two rounds
    running, and nobody meets a board set twice (before the fix, a skip Mitchell with a
    half table over all T rounds sat its first round's sit-out pair out again last)."""
    pairs, movement = drawn
    sets_met = [
        (pair, s.board_set)
        for r in range(len(movement.sets))
        for s in movement.sittings(r)
        for pair in (s.ns_pair, s.ew_pair)
    ]
    assert len(sets_met) == len(set(sets_met))
    out = sit_outs(movement, pairs)
    counts = Counter(pair for resting in out for pair in resting)
    assert max(counts[p] for p in range(pairs)) - min(counts[p] for p in range(pairs)) <= 1
    assert all(not (before & after) for before, after in itertools.pairwise(out))


@pytest.mark.parametrize("pairs", [2, 5, 6, 9, 10, 13, 14, 29, 30])
def test_an_odd_mitchell_meets_every_set_and_every_opponent_once(pairs):
    tables = full_rounds(pairs)
    if tables % 2 == 0:
        pytest.skip("even tables: see the skip and the relay")
    movement = mitchell_boards(pairs, tables, boards_per_round=2)
    assert movement.kind is Kind.MITCHELL and movement.board_count == 2 * tables
    assert movement.movement == mitchell(pairs, tables)  # the seating is the Mitchell's own
    assert set(meetings(movement).values()) == {1}
    north_south = range(pairs // 2)
    sets_played = Counter(pair for pair, _ in plays(movement))
    assert all(sets_played[p] == 2 * tables for p in north_south)


def test_the_boards_move_down_a_table_while_the_east_west_pairs_move_up():
    movement = mitchell_boards(14, 7, boards_per_round=3)
    for r in range(6):
        now, then = movement.sittings(r), movement.sittings(r + 1)
        for t in range(7):
            assert then[t].board_set == now[(t + 1) % 7].board_set
            assert then[(t + 1) % 7].ew_pair == now[t].ew_pair
            assert then[t].ns_pair == now[t].ns_pair == t
    assert [s.board_set for s in movement.sittings(0)] == list(range(7))


@pytest.mark.parametrize("tables", [2, 4, 6, 8, 10, 14])
def test_the_skip_mitchell_moves_east_west_up_two_before_round_half_plus_one(tables):
    movement = mitchell_boards(2 * tables, tables - 1, boards_per_round=1)
    assert movement.kind is Kind.SKIP_MITCHELL
    where = {(r, s.ew_pair): s.table for r in range(tables - 1) for s in movement.sittings(r)}
    for r in range(tables - 2):
        steps = {(where[r + 1, e] - where[r, e]) % tables for e in range(tables, 2 * tables)}
        assert steps == ({2} if r + 1 == tables // 2 else {1})
    # In T−1 rounds nobody meets anyone twice, and no set is shared or left on a stand.
    assert set(meetings(movement).values()) == {1}
    assert not any(movement.shared_sets(r) or movement.resting_sets(r) for r in range(tables - 1))


def test_a_skip_mitchells_last_round_meets_the_first_opponents_over_new_boards():
    movement = mitchell_boards(8, 4, boards_per_round=1)
    first, last = movement.sittings(0), movement.sittings(3)
    assert [(s.ns_pair, s.ew_pair) for s in last] == [(s.ns_pair, s.ew_pair) for s in first]
    assert all(a.board_set != b.board_set for a, b in zip(first, last, strict=True))


@pytest.mark.parametrize("tables", [2, 4, 6, 8, 10, 14])
def test_the_relay_mitchell_plays_every_set_and_meets_every_opponent_in_t_rounds(tables):
    movement = mitchell_boards(2 * tables, tables, boards_per_round=2, even="relay")
    assert movement.kind is Kind.RELAY_MITCHELL
    assert movement.movement == mitchell(2 * tables, tables)
    assert set(meetings(movement).values()) == {1} and len(meetings(movement)) == tables**2
    per_pair = Counter(pair for pair, _ in plays(movement))
    assert set(per_pair.values()) == {2 * tables}
    half = tables // 2
    for r in range(tables):
        sittings = movement.sittings(r)
        assert movement.shared_sets(r) == (sittings[0].board_set,)
        assert sittings[-1].board_set == sittings[0].board_set
        (resting,) = movement.resting_sets(r)
        if r + 1 < tables:  # off the bye stand to the table below it; on from the one above
            assert movement.sittings(r + 1)[half - 1].board_set == resting
            assert movement.resting_sets(r + 1) == (sittings[half].board_set,)


def test_a_phantom_pairs_table_is_empty_and_its_set_rests_there():
    movement = mitchell_boards(5, 3, boards_per_round=1)
    assert all(len(movement.sittings(r)) == 2 for r in range(3))
    assert all(movement.resting_sets(r) == (movement.sets[r][2],) for r in range(3))
    assert Counter(p for out in sit_outs(movement, 5) for p in out) == {2: 1, 3: 1, 4: 1}


@pytest.mark.parametrize("even", list(EvenTables))
@pytest.mark.parametrize("tables", [2, 4, 6, 8])
def test_a_half_table_with_even_tables_is_the_relay_with_the_phantom_at_the_share_table(
    tables, even
):
    """Whichever cure was chosen: a skip would sit one E–W pair out twice in T rounds."""
    pairs = 2 * tables - 1
    movement = mitchell_boards(pairs, tables, boards_per_round=2, even=even)
    assert movement.kind is Kind.RELAY_MITCHELL
    assert movement.movement == mitchell(pairs, tables)
    assert not any(movement.shared_sets(r) for r in range(tables))
    # One set on the bye stand each round, the phantom's table being empty.
    assert all(len(movement.resting_sets(r)) == 1 for r in range(tables))
    out = Counter(p for resting in sit_outs(movement, pairs) for p in resting)
    assert out == dict.fromkeys(range(tables - 1, pairs), 1)


@pytest.mark.parametrize("pairs", range(2, HOWELL_MOST_PAIRS + 1))
def test_a_howell_meets_everyone_once_and_shares_boards_only_where_it_must(pairs):
    circle = pairs if pairs % 2 else pairs - 1
    movement = howell_boards(pairs, circle, boards_per_round=1)
    assert movement.movement == howell(pairs, circle)
    assert set(meetings(movement).values()) == {1}
    shared = sum(len(movement.shared_sets(r)) for r in range(circle))
    assert (shared > 0) == (circle in (3, 5, 9) and pairs != 3)


@pytest.mark.parametrize("circle", [3, 5, 7, 9])
@pytest.mark.parametrize("phantom", [False, True])
def test_the_howell_offsets_share_as_few_sets_as_any_offsets_can(circle, phantom):
    """Exhaustively: every offset choice that keeps pairs off repeated sets shares as much."""

    def shared(offsets):
        playing = offsets[1:] if phantom else offsets
        return len(playing) - len(set(playing))

    def keeps_sets_apart(offsets):
        held = [] if phantom else [offsets[0]]
        held += [(h + sign * i) % circle for i, h in enumerate(offsets) if i for sign in (1, -1)]
        return len(set(held)) == len(held)

    tables = (circle + 1) // 2
    least = min(
        shared((0, *rest))
        for rest in itertools.product(range(circle), repeat=tables - 1)
        if keeps_sets_apart((0, *rest))
    )
    stored = HOWELL_OFFSETS[circle][phantom]
    assert keeps_sets_apart(stored) and shared(stored) == least


def test_rounds_beyond_the_movement_and_other_mistakes_are_refused():
    with pytest.raises(MovementError, match="7 rounds before boards repeat"):
        mitchell_boards(14, 8, boards_per_round=2)
    with pytest.raises(MovementError, match="7 rounds before boards repeat"):
        howell_boards(8, 8, boards_per_round=2)
    with pytest.raises(MovementError, match="up to 20 pairs"):
        howell_boards(22, 3, boards_per_round=2)
    with pytest.raises(MovementError, match="at least one board"):
        mitchell_boards(6, 3, boards_per_round=0)
    with pytest.raises(MovementError, match="no board set 4"):
        mitchell_boards(6, 3, boards_per_round=2).boards(3)
