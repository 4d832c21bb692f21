"""Bid whist's invariants, over many auctions and hands (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.bidwhist import (
    ALL_BIDS,
    Auction,
    Contract,
    HandRecord,
    HouseRules,
    Joker,
    Strain,
    deal_hand,
    hand_points,
    legal_plays,
    play_hand,
    simulate_hand,
    trick_winner,
    winner_on_points,
)
from scoring.bidwhist.cards import PackCard
from scoring.cards import SEATS, SUITS, Card, Rank, Suit, next_seat
from scoring.play import Ranking

seeds = st.integers(min_value=0, max_value=2**32 - 1)
seats = st.sampled_from(SEATS)
minimums = st.integers(min_value=1, max_value=7)


@given(dealer=seats, minimum=minimums, choices=st.lists(st.integers(0, 100), min_size=4))
def test_every_auction_ends_with_exactly_one_contract(dealer, minimum, choices):
    auction = Auction(dealer, minimum)
    for choice in choices:
        if auction.is_over:
            break
        options = ([None] if auction.can_pass else []) + list(auction.legal_bids())
        auction = auction.call(options[choice % len(options)])
    assert auction.is_over and len(auction.calls) == 4
    declarer, bid = auction.result()
    bids = [call for call in auction.calls if call is not None]
    assert bids, "somebody always bids: the dealer must when the first three pass"
    assert bid == bids[-1] == max(bids) and bid.level >= minimum
    assert bids == sorted(bids) and len(set(bids)) == len(bids)
    callers = [next_seat(dealer)]
    while len(callers) < 4:
        callers.append(next_seat(callers[-1]))
    assert declarer == callers[max(i for i, call in enumerate(auction.calls) if call)]
    if auction.calls[:3] == (None, None, None):
        assert declarer == dealer


@given(bid=st.sampled_from(ALL_BIDS), tricks=st.integers(1, 13))
def test_a_hand_is_worth_minus_7_to_plus_7_by_default(bid, tricks):
    points = hand_points(bid, tricks)
    assert -7 <= points <= 7
    assert (points > 0) == (tricks >= bid.tricks_needed)
    assert points == (tricks - 6 if tricks >= bid.tricks_needed else max(0, tricks - 6) - bid.level)


@given(
    bid=st.sampled_from(ALL_BIDS),
    tricks=st.integers(1, 13),
    double=st.booleans(),
    bonus=st.integers(0, 10),
)
def test_house_rules_keep_a_hand_within_their_range(bid, tricks, double, bonus):
    rules = HouseRules(no_trumps_double=double, boston_bonus=bonus)
    low, high = rules.hand_range
    assert low <= hand_points(bid, tricks, rules) <= high


@settings(max_examples=60, deadline=None)
@given(seed=seeds, dealer=seats, minimum=st.sampled_from([1, 4]))
def test_every_hand_plays_12_tricks_and_the_kitty(seed, dealer, minimum):
    hand = simulate_hand(seed, dealer, HouseRules(minimum_bid=minimum))
    assert len(hand.calls) == 4 and hand.contract.bid.level >= minimum
    assert len(hand.plays) == 48 and len(set(hand.plays)) == 48
    assert len(hand.kitty) == 6 and not set(hand.kitty) & set(hand.plays)
    replayed = play_hand(hand.hands, hand.contract, hand.plays)  # every card legal
    assert len(replayed.tricks) == 12
    assert replayed.declarer_tricks + replayed.defender_tricks == 13
    assert replayed.declarer_tricks == hand.tricks
    assert 1 <= hand.tricks <= 13 and -7 <= hand.points <= 7
    assert hand.points == hand_points(hand.contract.bid, hand.tricks)
    dealt = deal_hand(seed, dealer)
    others = {seat for seat in SEATS if seat != hand.contract.declarer}
    assert all(hand.hands[seat] == dealt.hands[seat] for seat in others)


UPTOWN = [*range(2, 15)]
DOWNTOWN = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 14]


def oracle_winner(trick: list[PackCard], trumps: Suit | None, ranking: Ranking) -> int:
    """The winner by the how-to's lists of the cards from lowest to highest."""
    order = UPTOWN if ranking is Ranking.UPTOWN else DOWNTOWN

    def value(card: PackCard) -> int:
        if isinstance(card, Joker):
            return 100 + (card is Joker.BIG)
        return order.index(card.rank)

    if trumps is not None:
        trump_cards = [i for i, c in enumerate(trick) if isinstance(c, Joker) or c.suit is trumps]
        if trump_cards:
            return max(trump_cards, key=lambda i: value(trick[i]))
    suited = [i for i, c in enumerate(trick) if isinstance(c, Card)]
    led = trick[suited[0]].suit  # type: ignore[union-attr]
    followers = [i for i in suited if trick[i].suit is led]  # type: ignore[union-attr]
    return max(followers, key=lambda i: value(trick[i]))


pack_cards = st.one_of(
    st.builds(Card, st.sampled_from(SUITS), st.sampled_from(list(Rank))),
    st.sampled_from(list(Joker)),
)


@given(
    trick=st.lists(pack_cards, min_size=4, max_size=4, unique=True).filter(
        lambda cards: any(isinstance(card, Card) for card in cards)
    ),
    trumps=st.one_of(st.none(), st.sampled_from(SUITS)),
    ranking=st.sampled_from(list(Ranking)),
)
def test_the_trick_winner_agrees_with_the_how_tos_card_order(trick, trumps, ranking):
    assert trick_winner(trick, trumps, ranking) == oracle_winner(trick, trumps, ranking)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, dealer=seats, data=st.data())
def test_any_legal_play_replays_and_counts_13_tricks(seed, dealer, data):
    dealt = deal_hand(seed, dealer)
    bid = data.draw(st.sampled_from(ALL_BIDS))
    declarer = data.draw(seats)
    if bid.strain.value == "nt":
        contract = Contract.named(declarer, bid, ranking=data.draw(st.sampled_from(list(Ranking))))
    else:
        contract = Contract.named(declarer, bid, trumps=data.draw(st.sampled_from(SUITS)))
    remaining = {seat: list(hand) for seat, hand in dealt.hands.items()}
    plays: list[PackCard] = []
    seat = declarer
    for _ in range(12):
        trick: list[PackCard] = []
        leader = seat
        for _ in range(4):
            card = data.draw(st.sampled_from(legal_plays(remaining[seat], trick, contract.trumps)))
            remaining[seat].remove(card)
            trick.append(card)
            seat = next_seat(seat)
        plays.extend(trick)
        seat = leader
        for _ in range(trick_winner(trick, contract.trumps, contract.ranking)):
            seat = next_seat(seat)
    played = play_hand(dealt.hands, contract, plays)
    assert played.declarer_tricks + played.defender_tricks == 13
    for trick in played.tricks:
        winning_card = trick.cards[(SEATS.index(trick.winner) - SEATS.index(trick.leader)) % 4]
        if contract.trumps is None:  # "a tréfások értéktelenek ... soha nem tudnak trükköt nyerni"
            assert not isinstance(winning_card, Joker)


def _record(dealer, side, level, strain, trumps, tricks):
    # No trumps at a no-trump bid: the record refuses them otherwise.
    trumps = None if strain is Strain.NO_TRUMPS else trumps
    return HandRecord(dealer, side, level, strain, trumps, tricks)


hand_records = st.builds(
    _record,
    seats,
    st.sampled_from(["NS", "EW"]),
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Suit)),
    st.integers(1, 13),
)


@given(
    hands=st.lists(hand_records, min_size=1, max_size=4),
    double=st.booleans(),
    bonus=st.integers(0, 10),
)
def test_a_round_always_has_one_winner_who_swaps_with_the_seats(hands, double, bonus):
    rules = HouseRules(no_trumps_double=double, boston_bonus=bonus)
    points = [hand.side_points(rules) for hand in hands]
    winner = winner_on_points(points)
    margin = sum(ns - ew for ns, ew in points)
    if margin:
        assert winner == ("NS" if margin > 0 else "EW")
    # The same hands with N–S and E–W exchanged go to the other pair: never a tie.
    swapped = winner_on_points([(ew, ns) for ns, ew in points])
    assert {winner, swapped} == {"NS", "EW"}
