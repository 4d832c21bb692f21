"""Simple computer players for bid whist, so that demos, tests and benchmarks can play it.

They bid by a rule of thumb, name trumps, exchange with the kitty and play only legal
cards, with jokers and either ranking:

* bidding: count the hand's sure tricks for each way of playing it (a top card of a
  suit is one, a guarded second card half, each trump beyond three one; a joker is one
  unless at no trumps), add the kitty and three tricks from partner, and bid the best of
  those if it beats the bid so far (the dealer, forced, bids the minimum or better);
* trumps: the suit with the most cards, jokers counted, the stronger on a tie; at no
  trumps, the ranking with more top cards;
* the exchange: keep the twelve strongest cards (trumps first; jokers last at no trumps);
* play: as :mod:`scoring.simulate`'s players: lead the highest card of the longest
  suit, follow with the lowest card that wins the trick so far, else the lowest;
  unable to follow, trump with the lowest winning trump, else throw the lowest card
  (a worthless joker first at no trumps).

>>> hand = simulate_hand(3, dealer="N")
>>> len(hand.plays), 1 <= hand.tricks <= 13, hand.points in range(-7, 8)
(48, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.bidwhist.auction import Auction, Bid, Call, Strain
from scoring.bidwhist.cards import Joker, PackCard, deal_hand
from scoring.bidwhist.contract import Contract, exchange
from scoring.bidwhist.play import (
    led_suit,
    legal_plays,
    play_hand,
    strength,
    suit_of,
    trick_winner,
)
from scoring.bidwhist.points import DEFAULT_RULES, HouseRules, hand_points
from scoring.cards import SUITS, Seat, Suit, next_seat
from scoring.play import Ranking

_PARTNER_TRICKS = 3
_RANKINGS = (Ranking.UPTOWN, Ranking.DOWNTOWN)


def _sure_tricks(hand: Sequence[PackCard], trumps: Suit | None, ranking: Ranking) -> float:
    estimate = 0.0
    for suit in SUITS:
        held = sorted(
            (strength(card, trumps, ranking) for card in hand if suit_of(card, trumps) is suit),
            reverse=True,
        )
        tops = sorted(
            (
                strength(card, None, ranking)
                for card in hand
                if not isinstance(card, Joker) and card.suit is suit
            ),
            reverse=True,
        )
        if tops and tops[0] == 14:
            estimate += 1
        if len(tops) > 1 and tops[1] == 13:
            estimate += 0.5
        if trumps is None and tops and tops[0] == 14:
            estimate += max(0, len(tops) - 4)  # a long suit headed by its top card runs
        if suit is trumps:
            estimate += max(0, len(held) - 3) + sum(value > 14 for value in held)
    return estimate


def _best_trumps(hand: Sequence[PackCard], ranking: Ranking) -> Suit:
    return max(
        SUITS,
        key=lambda suit: (
            sum(not isinstance(card, Joker) and card.suit is suit for card in hand),
            _sure_tricks(hand, suit, ranking),
        ),
    )


def _offers(hand: Sequence[PackCard]) -> list[tuple[float, Bid]]:
    """The bids the hand would make, each with the sure tricks it counts, the best first."""
    offers = []
    for strain in Strain:
        if strain is Strain.NO_TRUMPS:
            sure = max(_sure_tricks(hand, None, ranking) for ranking in _RANKINGS)
        else:
            ranking = Ranking(strain.value)
            sure = _sure_tricks(hand, _best_trumps(hand, ranking), ranking)
        level = min(7, int(sure) + 1 + _PARTNER_TRICKS - 6)
        if level >= 1:
            offers.append((sure, Bid(level, strain)))
    return sorted(offers, key=lambda offer: offer[0], reverse=True)


def choose_call(hand: Sequence[PackCard], auction: Auction) -> Call:
    """The computer's bid or pass (``None``) for ``hand`` at its turn in ``auction``."""
    legal = auction.legal_bids()
    offers = [bid for _, bid in _offers(hand)]
    if auction.can_pass:
        return next((bid for bid in offers if bid in legal), None)
    strain = offers[0].strain if offers else Strain.UPTOWN
    return next(bid for bid in legal if bid.strain is strain)


def choose_contract(hand: Sequence[PackCard], declarer: Seat, bid: Bid) -> Contract:
    """The computer's choice of trumps (or, at no trumps, ranking) after winning the auction."""
    if bid.strain is Strain.NO_TRUMPS:
        ranking = max(_RANKINGS, key=lambda r: _sure_tricks(hand, None, r))
        return Contract.named(declarer, bid, ranking=ranking)
    ranking = Ranking(bid.strain.value)
    return Contract.named(declarer, bid, trumps=_best_trumps(hand, ranking))


def choose_put_aside(
    hand: Sequence[PackCard], kitty: Sequence[PackCard], contract: Contract
) -> tuple[PackCard, ...]:
    """The six cards the computer puts aside from its hand and the kitty: the weakest six."""
    trumps, ranking = contract.trumps, contract.ranking

    def keep(card: PackCard) -> tuple[bool, int]:
        return suit_of(card, trumps) is trumps and trumps is not None, strength(
            card, trumps, ranking
        )

    return tuple(sorted((*hand, *kitty), key=keep)[:6])


def choose_play(
    hand: Sequence[PackCard], trick_so_far: Sequence[PackCard], contract: Contract
) -> PackCard:
    """The computer's card for the trick so far (empty when it leads)."""
    trumps, ranking = contract.trumps, contract.ranking
    legal = legal_plays(hand, trick_so_far, trumps)

    def weakest(cards: Sequence[PackCard]) -> PackCard:
        return min(cards, key=lambda card: strength(card, trumps, ranking))

    if not trick_so_far:
        suited = [card for card in legal if suit_of(card, trumps) is not None] or list(legal)
        by_suit: dict[Suit | None, list[PackCard]] = {}
        for card in suited:
            by_suit.setdefault(suit_of(card, trumps), []).append(card)
        longest = max(by_suit.values(), key=len)
        return max(longest, key=lambda card: strength(card, trumps, ranking))
    winners = [
        card
        for card in legal
        if trick_winner((*trick_so_far, card), trumps, ranking) == len(trick_so_far)
    ]
    if winners:
        return weakest(winners)
    led = led_suit(trick_so_far, trumps)
    if led is not None and suit_of(legal[0], trumps) is led:
        return weakest(legal)
    discards = [card for card in legal if trumps is None or suit_of(card, trumps) is not trumps]
    return weakest(discards or list(legal))


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A hand of bid whist played out by the computer."""

    dealer: Seat
    calls: tuple[Call, ...]
    contract: Contract
    exchanged: int
    hands: dict[Seat, tuple[PackCard, ...]]  # after the exchange
    kitty: tuple[PackCard, ...]  # the six cards put aside
    plays: tuple[PackCard, ...]
    tricks: int  # the declarers', the kitty included
    points: int


def simulate_hand(seed: int, dealer: Seat, rules: HouseRules = DEFAULT_RULES) -> SimulatedHand:
    """Deal for ``seed``, hold the auction, exchange and play the hand out with computer players."""
    dealt = deal_hand(seed, dealer)
    auction = Auction(dealer, rules.minimum_bid)
    while (seat := auction.to_call) is not None:
        auction = auction.call(choose_call(dealt.hands[seat], auction))
    declarer, bid = auction.result()
    contract = choose_contract(dealt.hands[declarer], declarer, bid)
    done = exchange(
        dealt.hands[declarer],
        dealt.kitty,
        choose_put_aside(dealt.hands[declarer], dealt.kitty, contract),
    )
    hands = {**dealt.hands, declarer: done.hand}
    remaining = {seat: list(hand) for seat, hand in hands.items()}
    plays: list[PackCard] = []
    seat = declarer
    for _ in range(12):
        trick: list[PackCard] = []
        leader = seat
        for _ in range(4):
            card = choose_play(remaining[seat], trick, contract)
            remaining[seat].remove(card)
            trick.append(card)
            seat = next_seat(seat)
        plays.extend(trick)
        seat = leader
        for _ in range(trick_winner(trick, contract.trumps, contract.ranking)):
            seat = next_seat(seat)
    tricks = play_hand(hands, contract, plays).declarer_tricks
    return SimulatedHand(
        dealer=dealer,
        calls=auction.calls,
        contract=contract,
        exchanged=done.exchanged,
        hands=hands,
        kitty=done.kitty,
        plays=tuple(plays),
        tricks=tricks,
        points=hand_points(bid, tricks, rules),
    )
