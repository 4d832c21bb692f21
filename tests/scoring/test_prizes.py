"""Prize eligibility: players who withdrew win nothing unless the drive says they may."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.prizes import Draw, PrizeConfig, draw_lot, prizes, unprized
from scoring.standings import Competitor, DealScore, standings


def table(points_by_player):
    scores = [DealScore(player, 1, 1, points, 7) for player, points in points_by_player.items()]
    competitors = [Competitor(player, "either") for player in points_by_player]
    return standings(scores, competitors, rounds=[(1, 1)]), competitors


def named(awarded):
    return [(prize.name, prize.players) for prize in awarded]


def test_a_player_who_withdrew_wins_no_prize_and_the_prizes_go_down_the_table():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 1})
    config = PrizeConfig(places=2)
    assert named(prizes(final, competitors, config, withdrawn={1})) == [
        ("1st", (2,)),
        ("2nd", (3,)),
        ("Booby", (4,)),
    ]
    # The standings keep the player's place: only the prizes pass them by.
    assert [s.player for s in final] == [1, 2, 3, 4]


def test_the_drive_may_let_players_who_withdrew_win_prizes():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 1})
    config = PrizeConfig(places=2, withdrawn_win_prizes=True)
    assert named(prizes(final, competitors, config, withdrawn={1})) == [
        ("1st", (1,)),
        ("2nd", (2,)),
        ("Booby", (4,)),
    ]


def test_a_half_time_leader_who_withdrew_wins_no_half_time_prize():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 1})
    half, _ = table({1: 1, 2: 2, 3: 9, 4: 8})
    config = PrizeConfig(places=1, booby=False, half_time=True)
    assert named(prizes(final, competitors, config, half_time=half, withdrawn={3})) == [
        ("1st", (1,)),
        ("Half-time", (4,)),
    ]


# No deadline: the suite shares two cores with other work.
@settings(deadline=None)
@given(
    points=st.dictionaries(st.integers(1, 30), st.integers(0, 13), min_size=1, max_size=12),
    left=st.sets(st.integers(1, 30)),
    places=st.integers(1, 4),
)
def test_prizes_with_withdrawals_are_the_prizes_of_the_table_without_them(points, left, places):
    final, competitors = table(points)
    config = PrizeConfig(places=places, most_ten_trick_deals=True)
    awarded = prizes(final, competitors, config, withdrawn=left)
    stayed, _ = table({player: p for player, p in points.items() if player not in left})
    assert not {player for prize in awarded for player in prize.players} & left
    assert named(awarded) == named(prizes(stayed, competitors, config))
    assert all(isinstance(prize.points, Decimal) for prize in awarded)


def test_the_half_time_prize_names_the_leader_who_already_took_a_placing():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 1})
    half, _ = table({1: 9, 2: 1, 3: 8, 4: 2})
    config = PrizeConfig(places=1, booby=False, half_time=True)
    awarded = prizes(final, competitors, config, half_time=half)
    assert named(awarded) == [("1st", (1,)), ("Half-time", (3,))]
    assert awarded[1].passed_over == (1,)
    assert awarded[0].passed_over == ()


def test_a_half_time_prize_won_outright_passes_nobody_over():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 1})
    half, _ = table({1: 1, 2: 2, 3: 9, 4: 8})
    awarded = prizes(final, competitors, PrizeConfig(places=1, half_time=True), half_time=half)
    assert [p.passed_over for p in awarded] == [(), (), ()]


def test_placings_say_which_places_a_tie_covers():
    final, competitors = table({1: 9, 2: 8, 3: 8, 4: 1})
    awarded = prizes(final, competitors, PrizeConfig(places=3, booby=False))
    assert [(p.name, p.covers) for p in awarded] == [("1st", (1,)), ("2nd", (2, 3))]


def test_a_booby_withheld_because_the_bottom_took_a_placing_is_marked_on_that_placing():
    final, competitors = table({1: 9, 2: 8, 3: 7})
    awarded = prizes(final, competitors, PrizeConfig(places=3))
    assert [(p.name, p.bottom_too) for p in awarded] == [
        ("1st", False),
        ("2nd", False),
        ("3rd", True),
    ]
    given = prizes(final, competitors, PrizeConfig(places=2))
    assert [(p.name, p.bottom_too) for p in given] == [
        ("1st", False),
        ("2nd", False),
        ("Booby", False),
    ]


def test_the_consolation_draw_is_among_those_who_won_nothing_and_repeats_from_its_record():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 6, 5: 5, 6: 1})
    config = PrizeConfig(places=2, consolation=True)
    before = prizes(final, competitors, config)
    assert unprized(final, before, config) == [3, 4, 5]
    cards = {30 + p: p for p in (3, 4, 5)}  # the record names them by card number
    draw = Draw("5be1c0de", tuple(cards))
    first = prizes(final, competitors, config, draw=(draw, cards))
    again = prizes(final, competitors, config, draw=(Draw("5be1c0de", (33, 34, 35)), cards))
    assert first == again
    assert first[-1].name == "Consolation" and first[-1].players[0] in {3, 4, 5}
    assert {draw_lot(str(seed), (33, 34, 35)) for seed in range(60)} == {33, 34, 35}


def test_a_player_who_withdrew_is_no_candidate_for_the_consolation_draw():
    final, competitors = table({1: 9, 2: 8, 3: 7, 4: 1})
    config = PrizeConfig(places=1, booby=False, consolation=True)
    awarded = prizes(final, competitors, config, withdrawn={3})
    assert unprized(final, awarded, config, withdrawn={3}) == [2, 4]


# --- fields of their own (a compass Mitchell's N–S and E–W pairs) ---------------------


def test_each_field_gets_its_own_placings_and_booby():
    north, _ = table({1: 9, 2: 8, 3: 2})
    east, _ = table({11: 3, 12: 4, 13: 1})
    competitors = [Competitor(player, "either") for player in (1, 2, 3, 11, 12, 13)]
    awarded = prizes(
        [*north, *east],
        competitors,
        PrizeConfig(places=1),
        fields={"N–S": north, "E–W": east},
    )
    assert [(p.name, p.category, p.players, p.covers) for p in awarded] == [
        ("1st", "N–S", (1,), (1,)),
        ("Booby", "N–S", (3,), ()),
        ("1st", "E–W", (12,), (1,)),
        ("Booby", "E–W", (13,), ()),
    ]


@given(
    north=st.dictionaries(st.integers(1, 20), st.integers(-10, 10), min_size=1, max_size=8),
    east=st.dictionaries(st.integers(21, 40), st.integers(-10, 10), min_size=1, max_size=8),
    left=st.sets(st.integers(1, 40), max_size=4),
    places=st.integers(1, 4),
)
def test_a_field_gets_the_prizes_it_would_get_alone(north, east, left, places):
    # Fields never compare: each field's prizes are those of its table on its own.
    ns, ns_competitors = table(north)
    ew, ew_competitors = table(east)
    config = PrizeConfig(places=places)
    together = prizes(
        [*ns, *ew],
        [*ns_competitors, *ew_competitors],
        config,
        withdrawn=left,
        fields={"N–S": ns, "E–W": ew},
    )
    for category, final, competitors in (("N–S", ns, ns_competitors), ("E–W", ew, ew_competitors)):
        alone = prizes(final, competitors, config, withdrawn=left)
        assert named([p for p in together if p.category == category]) == named(alone)
