import doctest

import pytest

from scoring import simulate
from scoring.cards import SEATS, SUITS, Suit, deal, next_seat, parse_hand
from scoring.errors import CardError
from scoring.play import play_deal
from scoring.simulate import simulate_deal, simulate_hands

H, S = Suit.HEARTS, Suit.SPADES


def test_docstring_examples_hold():
    assert doctest.testmod(simulate).failed == 0


@pytest.mark.parametrize("trumps", [*SUITS, None], ids=["H", "D", "S", "C", "NT"])
@pytest.mark.parametrize("dealer", SEATS)
def test_its_plays_replay_through_play_deal_to_the_same_tricks(trumps, dealer):
    for seed in range(150):
        simulated = simulate_deal(seed, trumps, dealer=dealer)
        replayed = play_deal(deal(seed, dealer), next_seat(dealer), trumps, simulated.plays)
        assert replayed.winners == simulated.winners, f"seed {seed}"
        assert (replayed.ns_tricks, replayed.ew_tricks) == (
            simulated.ns_tricks,
            simulated.ew_tricks,
        )


def test_it_plays_the_same_way_for_the_same_seed():
    assert simulate_deal(11, H) == simulate_deal(11, H)
    assert simulate_deal(11, H).plays != simulate_deal(12, H).plays


def test_the_player_left_of_the_dealer_leads():
    # "Le joueur à la gauche du croupier mène au premier tour" (sources/000).
    assert simulate_deal(3, None).plays[0] in deal(3, "S")["W"]  # dealer S by default
    for dealer, leader in zip(SEATS, ("E", "S", "W", "N"), strict=True):
        assert simulate_deal(3, None, dealer=dealer).plays[0] in deal(3, dealer)[leader]


def test_simulating_hands_matches_simulating_the_seed_they_came_from():
    assert simulate_hands(deal(8, "W"), S, "N") == simulate_deal(8, S, dealer="W")


def play(hands: dict[str, str], trumps, leader="N") -> list[str]:
    parsed = {seat: parse_hand(text.split()) for seat, text in hands.items()}
    return [str(card) for card in simulate_hands(parsed, trumps, leader).plays]


def test_it_leads_the_highest_card_of_its_longest_suit():
    hands = {"N": "2H 5S 9S 3S", "E": "AH KH QH JH", "S": "2C 3C 4C 5C", "W": "2D 3D 4D 5D"}
    assert play(hands, None)[0] == "9S"


def test_it_follows_with_the_lowest_card_that_wins_else_the_lowest():
    hands = {"N": "10H 2S", "E": "AH JH", "S": "3H 4S", "W": "QH KS"}
    assert play(hands, None)[:4] == ["10H", "JH", "3H", "QH"]


def test_it_trumps_with_the_lowest_trump_that_wins():
    hands = {"N": "AH 2C", "E": "5S 9S", "S": "3H 4C", "W": "7S KS"}
    assert play(hands, S)[:4] == ["AH", "5S", "3H", "7S"]


def test_it_discards_its_lowest_card_outside_trumps_when_it_cannot_win():
    hands = {"N": "AH 2C", "E": "9S 3D", "S": "3H 4C", "W": "2S 5C"}
    assert play(hands, S)[:4] == ["AH", "9S", "3H", "5C"]


def test_it_plays_its_lowest_trump_when_only_losing_trumps_are_left():
    hands = {"N": "AH 2C", "E": "9S 8S", "S": "3H 4C", "W": "2S 5S"}
    assert play(hands, S)[:4] == ["AH", "8S", "3H", "2S"]


def test_it_refuses_hands_that_are_not_a_deal():
    with pytest.raises(CardError):
        simulate_hands({"N": parse_hand(["AH"])}, None, "N")


@pytest.mark.parametrize("trumps", [H, None], ids=["H", "NT"])
def test_players_who_slip_play_legally_and_the_same_way_for_the_same_seed(trumps):
    spread = set()
    for slips in range(100):
        hands = deal(5, "N")
        slipped = simulate_hands(hands, trumps, "E", slips=slips)
        replayed = play_deal(hands, "E", trumps, slipped.plays)  # refuses an illegal card
        assert replayed.winners == slipped.winners
        assert simulate_hands(hands, trumps, "E", slips=slips) == slipped
        spread.add(slipped.ns_tricks)
    # The same cards take a trick or two more or less as the players slip, not all of them.
    plain = simulate_hands(deal(5, "N"), trumps, "E").ns_tricks
    assert len(spread) > 1 and plain in spread
