"""Bid whist (contract whist), method 2 of the Hungarian how-to (``sources/001``).

What lives here, beside classic whist (:mod:`scoring.cards`, :mod:`scoring.play`,
:mod:`scoring.results`) and built on them; like the rest of :mod:`scoring` it imports
only the standard library and :mod:`scoring`:

* :mod:`~scoring.bidwhist.cards`: the 54-card pack with the Big and the Little Joker,
  and the deal of 12 cards each and a kitty of 6;
* :mod:`~scoring.bidwhist.auction`: bids (1–7, uptown, downtown, no trumps), their
  order, and the auction in which each player bids once or passes;
* :mod:`~scoring.bidwhist.contract`: the winner's choices (trumps, or at no trumps the
  ranking) and the exchange with the kitty, which is the declarer's first trick;
* :mod:`~scoring.bidwhist.play`: jokers, uptown and downtown ranking, following suit;
* :mod:`~scoring.bidwhist.points`: a hand's points, a table's record of a hand, a game
  to ±5, and the clubs' house rules;
* :mod:`~scoring.bidwhist.players`: computer players for demos, tests and benchmarks.

Its errors are :class:`scoring.errors.BidWhistError`, whose ``code`` is one of
:data:`ERROR_CODES`, so that the web application can word them in the page's language.

>>> hand = simulate_hand(11, dealer="W")
>>> hand.contract.declarer in "NESW", hand.tricks + (12 - (hand.tricks - 1)) == 13
(True, True)
"""

from scoring.bidwhist.auction import ALL_BIDS, Auction, Bid, Call, Strain, forced_declarer
from scoring.bidwhist.cards import PACK, DealtHand, Joker, PackCard, deal_hand, parse_cards
from scoring.bidwhist.contract import Contract, Exchange, exchange
from scoring.bidwhist.play import PlayedHand, legal_plays, play_hand, trick_winner
from scoring.bidwhist.players import SimulatedHand, simulate_hand
from scoring.bidwhist.points import (
    DEFAULT_RULES,
    GameScore,
    HandRecord,
    HouseRules,
    hand_points,
    winner_on_points,
)

#: The stable codes of :class:`scoring.errors.BidWhistError`, one for each kind of mistake.
ERROR_CODES = frozenset(
    {
        "bid_level",  # a bid's number is not 1–7
        "bid_below_minimum",  # under the club's minimum opening bid
        "bid_strain",  # neither uptown, downtown nor no trumps
        "bid_not_higher",  # does not beat the bid before it
        "minimum_bid",  # the club's minimum opening bid is not 1–7
        "dealer_must_bid",  # the dealer passed after three passes
        "auction_over",
        "auction_not_over",
        "nt_with_trumps",  # a no-trump bid given a trump suit
        "trumps_needed",  # a suit bid with no trump suit
        "ranking_needed",  # no trumps without uptown or downtown
        "ranking_mismatch",  # a suit bid played in the other ranking
        "exchange_cards",  # the exchange does not put aside six cards held
        "tricks_range",  # declarers' tricks, kitty included, not 1–13
        "dealer",  # the dealer is not a seat
        "declaring_side",  # the declaring side is not NS or EW
        "game_target",
        "boston_bonus",
        "game_over",
        "round_hands",  # a round with no hands to decide it
    }
)

__all__ = [
    "ALL_BIDS",
    "DEFAULT_RULES",
    "ERROR_CODES",
    "PACK",
    "Auction",
    "Bid",
    "Call",
    "Contract",
    "DealtHand",
    "Exchange",
    "GameScore",
    "HandRecord",
    "HouseRules",
    "Joker",
    "PackCard",
    "PlayedHand",
    "SimulatedHand",
    "Strain",
    "deal_hand",
    "exchange",
    "forced_declarer",
    "hand_points",
    "legal_plays",
    "parse_cards",
    "play_hand",
    "simulate_hand",
    "trick_winner",
    "winner_on_points",
]
