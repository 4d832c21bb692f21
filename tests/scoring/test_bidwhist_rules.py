"""Bid whist, rule by rule, against the how-to (sources/001, method 2), quoting its lines."""

import doctest
import itertools
from contextlib import contextmanager

import pytest

import scoring.bidwhist
from scoring.bidwhist import (
    ALL_BIDS,
    ERROR_CODES,
    PACK,
    Auction,
    Bid,
    Contract,
    GameScore,
    HandRecord,
    HouseRules,
    Joker,
    Strain,
    deal_hand,
    exchange,
    forced_declarer,
    hand_points,
    legal_plays,
    parse_cards,
    play_hand,
    trick_winner,
    winner_on_points,
)
from scoring.bidwhist import auction as auction_module
from scoring.bidwhist import cards as cards_module
from scoring.bidwhist import contract as contract_module
from scoring.bidwhist import play as play_module
from scoring.bidwhist import players as players_module
from scoring.bidwhist import points as points_module
from scoring.cards import DECK, SEATS, Suit, dealer_for_deal, first_leader
from scoring.errors import BidWhistError, CardError, PlayError, ResultError, RevokeError
from scoring.play import Ranking

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS
UP, DOWN, NT = Strain.UPTOWN, Strain.DOWNTOWN, Strain.NO_TRUMPS


def cards(text):
    return parse_cards(text.split())


@contextmanager
def refused(code):
    """Expect a BidWhistError with this stable code, one of the documented ones."""
    assert code in ERROR_CODES
    with pytest.raises(BidWhistError) as caught:
        yield caught
    assert caught.value.code == code


@pytest.mark.parametrize(
    "module",
    [
        scoring.bidwhist,
        auction_module,
        cards_module,
        contract_module,
        play_module,
        players_module,
        points_module,
    ],
)
def test_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0


# --- the pack and the deal -----------------------------------------------------------------


def test_the_pack_has_54_cards_with_a_big_and_a_little_joker():
    # "Keverjen két különböző Jokert a pakliba ... A paklinak most 54 kártyát kell tartalmaznia."
    assert len(PACK) == len(set(PACK)) == 54
    assert set(PACK) - set(DECK) == {Joker.BIG, Joker.LITTLE}
    assert [str(card) for card in cards("bj LJ 10s TS")] == ["BJ", "LJ", "10S", "10S"]


def test_it_refuses_text_that_is_no_card_of_the_pack():
    with pytest.raises(CardError):
        parse_cards(["XJ"])


@pytest.mark.parametrize("dealer", SEATS)
def test_it_deals_12_each_from_the_dealers_left_and_6_to_the_kitty(dealer):
    # "Osszon 12 kártyát minden játékosnak, és 6-ot a saját halmában. Ezt a hat halom ún a cica."
    for seed in range(20):
        dealt = deal_hand(seed, dealer)
        assert [len(dealt.hands[seat]) for seat in SEATS] == [12] * 4
        assert len(dealt.kitty) == 6
        everything = [card for hand in dealt.hands.values() for card in hand] + list(dealt.kitty)
        assert sorted(map(str, everything)) == sorted(map(str, PACK))
    # One at a time, clockwise from the dealer's left: the same shuffle dealt by the next
    # dealer gives each player the hand their right-hand neighbour had.
    first, second = deal_hand(5, dealer), deal_hand(5, first_leader(dealer))
    assert second.hands[first_leader(first_leader(dealer))] == first.hands[first_leader(dealer)]
    assert second.kitty == first.kitty
    assert deal_hand(5, dealer) == first


def test_the_deal_passes_to_the_left():
    # "Az utolsó osztó bal oldalán lévő játékos az új osztó."
    assert [dealer_for_deal(hand) for hand in range(1, 6)] == list("NESWN")


# --- bids and the auction ------------------------------------------------------------------


def test_a_bid_promises_six_tricks_more_than_its_number():
    # "adjon hozzá 6-ot az ajánlathoz ... A 3-as licit legalább 9 trükk megnyerésének ígérete"
    assert Bid(3).tricks_needed == 9
    # "A "Seven Notrump" ajánlata azt ígéri, hogy ... hét pontot nyer (mind a 13 trükköt)"
    assert Bid(7, NT).tricks_needed == 13


@pytest.mark.parametrize("level", [0, 8, -1, 3.5, True, "4"])
def test_a_bid_is_a_number_from_1_to_7(level):
    # "Minden ajánlatnak tartalmaznia kell 1-től 7-ig terjedő számot"
    with refused("bid_level") as caught:
        Bid(level)
    assert caught.value.code == "bid_level"


def test_a_bare_number_is_uptown():
    # "egy nem meghatározott ajánlatot (pl. "Öt") Uptown-ajánlatnak kell tekinteni."
    assert Bid(5) == Bid(5, UP)


def test_there_is_no_no_trumps_uptown_or_downtown_bid():
    # "Nem tehet "Notrump Uptown" vagy "Notrump Downtown" ajánlatot."
    assert list(Strain) == [UP, DOWN, NT]
    with refused("bid_strain") as caught:
        Bid(4, "nt_uptown")
    assert caught.value.code == "bid_strain"
    assert len(ALL_BIDS) == 21


@pytest.mark.parametrize(
    ("lower", "higher", "line"),
    [
        (Bid(3, NT), Bid(4), 'Bármely "négyes" ajánlat legyőzi a "három" ajánlatot.'),
        (Bid(4), Bid(4, DOWN), 'A "belvárosi" ajánlat magasabb ... azonos összegű'),
        (Bid(4, DOWN), Bid(4, NT), 'A "Notrump" ajánlat magasabb, mint bármely más'),
        (Bid(4), Bid(4, NT), 'A "Notrump" ajánlat magasabb, mint bármely más'),
    ],
)
def test_bids_rank_by_number_then_uptown_downtown_no_trumps(lower, higher, line):
    assert lower < higher, line
    assert not higher < lower
    assert list(ALL_BIDS) == sorted(ALL_BIDS)


def test_the_player_left_of_the_dealer_calls_first_and_each_calls_once():
    # "Az osztó bal oldalán lévő játékos ajánlatot tesz vagy passzol" and "Minden játékos
    # az óramutató járásával megegyező sorrendben licitál vagy passzol".
    auction = Auction(dealer="W")
    seen = []
    for call in (Bid(1), None, Bid(2), None):
        seen.append(auction.to_call)
        auction = auction.call(call)
    assert seen == ["N", "E", "S", "W"]
    assert auction.is_over and auction.to_call is None
    with refused("auction_over") as caught:
        auction.call(None)
    assert caught.value.code == "auction_over"


def test_when_the_other_three_pass_the_last_bid_wins():
    # "Amikor a másik 3 játékos passzol, az utoljára elhangzott licit nyer"
    auction = Auction(dealer="N")
    for call in (Bid(2), Bid(3, DOWN), None, None):
        auction = auction.call(call)
    assert auction.result() == ("S", Bid(3, DOWN))


def test_a_bid_must_beat_the_last_bid():
    # "Minden ajánlatnak magasabbnak kell lennie, mint az utolsó elhangzott ajánlat"
    auction = Auction(dealer="N").call(Bid(4, DOWN))
    with refused("bid_not_higher") as caught:
        auction.call(Bid(4))
    assert (caught.value.code, caught.value.params["highest"]) == ("bid_not_higher", "4 downtown")
    with refused("bid_not_higher"):
        auction.call(Bid(4, DOWN))
    assert auction.call(Bid(4, NT)).highest == Bid(4, NT)
    assert auction.legal_bids()[0] == Bid(4, NT)


def test_if_the_first_three_pass_the_dealer_must_bid_and_wins():
    # "Ha az első három játékos ... passzol, az osztónak ajánlatot kell tennie, és
    # automatikusan megnyeri a licitet."
    auction = Auction(dealer="E").call(None).call(None).call(None)
    assert auction.to_call == "E" and not auction.can_pass
    with refused("dealer_must_bid") as caught:
        auction.call(None)
    assert caught.value.code == "dealer_must_bid"
    assert auction.call(Bid(1)).result() == ("E", Bid(1))
    # What a table records when everyone passed: the dealer declared.
    assert [forced_declarer(seat) for seat in "NESW"] == ["N", "E", "S", "W"]


def test_a_club_may_set_a_minimum_opening_bid():
    # "Az ajánlattételi kockázatok kockázatosabb változatához sok játékos minimum ...
    # ajánlatot igényel." (tournaments often start at 4)
    auction = Auction(dealer="S", minimum=4)
    with refused("bid_below_minimum") as caught:
        auction.call(Bid(3, NT))
    assert caught.value.params == {"level": 3, "minimum": 4}
    assert min(auction.legal_bids()) == Bid(4)
    forced = auction.call(None).call(None).call(None)
    assert min(forced.legal_bids()) == Bid(4)
    with refused("minimum_bid"):
        Auction(dealer="S", minimum=8)


def test_an_unfinished_auction_has_no_result():
    with refused("auction_not_over") as caught:
        Auction(dealer="S").call(Bid(2)).result()
    assert caught.value.code == "auction_not_over"


# --- after the auction ---------------------------------------------------------------------


def test_for_a_suit_bid_the_winner_names_trumps_and_the_bid_gives_the_ranking():
    # "Ha a nyertes ajánlat Trump, Uptown, Downtown vagy meg nem határozott ajánlat volt,
    # akkor a nyertes dönti el, hogy melyik kör az ütőkép ebben a körben."
    contract = Contract.named("N", Bid(4, DOWN), trumps=H)
    assert (contract.trumps, contract.ranking, contract.side) == (H, Ranking.DOWNTOWN, "NS")
    with refused("trumps_needed") as caught:
        Contract.named("N", Bid(4))
    assert caught.value.code == "trumps_needed"
    with refused("ranking_mismatch"):
        Contract("N", Bid(4), H, Ranking.DOWNTOWN)


def test_at_no_trumps_the_winner_chooses_uptown_or_downtown():
    # "Ha a nyerő licit Notrump ajánlat volt, a nyertes eldönti, hogy Uptown vagy Downtown
    # rangsorban játszik"
    for ranking in Ranking:
        assert Contract.named("W", Bid(2, NT), ranking=ranking).ranking is ranking
    with refused("ranking_needed"):
        Contract.named("W", Bid(2, NT))
    with refused("nt_with_trumps") as caught:
        Contract.named("W", Bid(2, NT), trumps=S, ranking=Ranking.UPTOWN)
    assert caught.value.params == {"trumps": "S"}


def test_the_kitty_is_shown_unless_the_bid_was_no_trumps():
    # "Hacsak a nyerő licit a Notrump volt, a nyertes minden játékos előtt feltárja a cica lapjait."
    assert Contract.named("S", Bid(1), trumps=C).kitty_shown
    assert not Contract.named("S", Bid(1, NT), ranking=Ranking.UPTOWN).kitty_shown


def test_the_winner_exchanges_any_number_and_the_others_see_how_many():
    # "A nyertes most titokban tetszőleges számú kártyát kicserélhet a kezében lévő azonos
    # számú cicára. A többi játékos láthatja, hogy hány kártyát cserélnek ki"
    hand = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    kitty = cards("AH BJ LJ 2S 3S 4S")
    unchanged = exchange(hand, kitty, kitty)
    assert (unchanged.hand, unchanged.kitty, unchanged.exchanged) == (hand, kitty, 0)
    swapped = exchange(hand, kitty, cards("2H 3H 4H 5H 6H 7H"))
    assert swapped.exchanged == 6
    assert sorted(map(str, swapped.hand)) == sorted(map(str, cards("8H 9H 10H JH QH KH") + kitty))


@pytest.mark.parametrize(
    "put_aside",
    ["2H 3H 4H 5H 6H", "2H 3H 4H 5H 6H 5C", "2H 2H 3H 4H 5H 6H"],
    ids=["five", "a-card-not-held", "one-card-twice"],
)
def test_the_exchange_puts_aside_six_cards_held(put_aside):
    hand = cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    with refused("exchange_cards") as caught:
        exchange(hand, cards("AH BJ LJ 2S 3S 4S"), cards(put_aside))
    assert caught.value.code == "exchange_cards"


# --- ranking and play ----------------------------------------------------------------------

UPTOWN_ORDER = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS LJ BJ")
DOWNTOWN_ORDER = cards("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS LJ BJ")


@pytest.mark.parametrize(
    ("ranking", "order"),
    [(Ranking.UPTOWN, UPTOWN_ORDER), (Ranking.DOWNTOWN, DOWNTOWN_ORDER)],
    ids=["uptown", "downtown"],
)
def test_cards_rank_uptown_and_downtown_with_aces_and_jokers_high(ranking, order):
    # "Az uptown ... kártya rangsor a legalacsonyabbtól a legmagasabbig: 2, 3, (…), 10, J, Q,
    # K, A, Little Joker, Big Joker" and "Az belvárosi kártya rangsor ...: K, Q, J, 10, (…),
    # 2, A, Little Joker, Big Joker. Mindkét Jokert trumpnek tartják."
    for low, high in itertools.pairwise(order):
        assert trick_winner((low, high), S, ranking) == 1
        assert trick_winner((high, low), S, ranking) == 0


def test_jokers_are_trumps_in_a_suit_contract():
    # "Mindkét Jokert trumpnek tartják."
    assert trick_winner(cards("AH KH LJ QH"), S, Ranking.UPTOWN) == 2
    assert trick_winner(cards("AH LJ 2S QH"), S, Ranking.UPTOWN) == 1
    assert trick_winner(cards("AH LJ BJ QH"), C, Ranking.DOWNTOWN) == 2


def test_jokers_never_win_at_no_trumps():
    # "Ha egy Notrump licit nyer, a tréfások értéktelenek ezen a körön, és soha nem tudnak
    # trükköt nyerni."
    assert trick_winner(cards("2H BJ LJ 3H"), None, Ranking.UPTOWN) == 3
    assert trick_winner(cards("2H BJ LJ 3H"), None, Ranking.DOWNTOWN) == 0
    assert trick_winner(cards("BJ 5C 9C LJ"), None, Ranking.UPTOWN) == 2  # the suit is set by 5C


def test_following_suit_counts_jokers_as_trumps():
    # "a játék trükköző része változatlan": follow suit if able; jokers are trumps.
    hand = cards("BJ 7S 9H")
    assert set(legal_plays(hand, cards("AS"), S)) == set(cards("BJ 7S"))
    assert set(legal_plays(hand, cards("LJ"), S)) == set(cards("BJ 7S"))
    assert set(legal_plays(hand, cards("2H"), S)) == set(cards("9H"))
    assert set(legal_plays(hand, cards("2C"), S)) == set(hand)
    # At no trumps a joker follows nothing: it is played only when void.
    assert set(legal_plays(hand, cards("2S"), None)) == set(cards("7S"))
    assert set(legal_plays(hand, cards("LJ"), None)) == set(hand)
    assert set(legal_plays(hand, cards("LJ 2H"), None)) == set(cards("9H"))


def test_the_kitty_is_the_declarers_first_trick_and_the_declarer_leads():
    # "Ebben a "cicában" a hat kártya a első trükk a győztesnek" and "Mivel a licitálási
    # rész győztese elvitte az első trükköt (a cicát), ez a játékos vezet a következő cselhez."
    hands = {"N": cards("AS"), "E": cards("KS"), "S": cards("2S"), "W": cards("3S")}
    contract = Contract.named("E", Bid(1), trumps=H)
    played = play_hand(hands, contract, cards("KS 2S 3S AS"))
    assert played.tricks[0].leader == "E" and played.tricks[0].number == 2
    assert (played.declarer_tricks, played.defender_tricks) == (1, 1)
    with pytest.raises(PlayError):
        play_hand(hands, contract, cards("AS KS 2S 3S"))


def test_playing_a_joker_while_able_to_follow_at_no_trumps_is_a_revoke():
    hands = {"N": cards("AS LJ"), "E": cards("KS 2H"), "S": cards("2S 3H"), "W": cards("3S 4H")}
    contract = Contract.named("E", Bid(1, NT), ranking=Ranking.UPTOWN)
    with pytest.raises(RevokeError, match="N played LJ"):
        play_hand(hands, contract, cards("KS 2S 3S LJ"))
    played = play_hand(hands, contract, cards("KS 2S 3S AS LJ 2H 3H 4H"))
    assert [trick.winner for trick in played.tricks] == ["N", "W"]
    assert played.declarer_tricks == 2  # the kitty and W's 4H


# --- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "points", "line"),
    [
        (
            Bid(7),
            9,
            -4,
            "ha a nyerő licit Hét volt, és ... csak három pontot szerez (9 trükk), "
            "akkor az a csapat négy pontot veszít",
        ),
        (Bid(3), 9, 3, "A 3-as licit legalább 9 trükk megnyerésének ígérete"),
        (Bid(4, DOWN), 10, 4, 'A "Four Downtown" licitje legalább 4 pontot ígér'),
        (Bid(4), 11, 5, "Minden további trükk egy pontot ér."),
        (Bid(7, NT), 13, 7, "hét pontot nyer (mind a 13 trükköt)"),
        (Bid(4), 9, -1, "pontot veszít az alulmaradt összeggel"),
        (Bid(4), 6, -4, "a csapat első hat trükkje nem ad pontot"),
        (Bid(5), 1, -5, 'Ide tartozik ... a "cica" is. (Ez egy trükknek számít.)'),
    ],
)
def test_only_the_declarers_score_their_odd_tricks_or_lose_the_shortfall(bid, tricks, points, line):
    assert hand_points(bid, tricks) == points, line


@pytest.mark.parametrize(
    ("hands", "winner"),
    [
        # E–W bid 7 no trumps and took 12: N–S took one trick but won the round on points.
        ([(0, hand_points(Bid(7, Strain.NO_TRUMPS), 12))], "NS"),
        ([(4, 0), (0, 3)], "NS"),
        ([(0, 3), (-1, 0)], "EW"),
        # Level on points: the last hand decides, won by making the bid or beating it.
        ([(2, 0), (0, 2)], "EW"),
        ([(0, 2), (0, -2), (2, 0)], "NS"),
        ([(0, -1), (0, 1)], "EW"),
        ([(3, 0), (0, 4), (-1, 0)], "EW"),
    ],
)
def test_a_progressive_round_is_won_on_points_and_a_tie_by_the_last_hand(hands, winner):
    assert winner_on_points(hands) == winner


def test_a_round_without_hands_has_no_winner():
    with refused("round_hands"):
        winner_on_points([])


@pytest.mark.parametrize("tricks", [0, 14, -1, 7.0, "9", None])
def test_declarers_take_1_to_13_tricks_with_the_kitty(tricks):
    with refused("tricks_range") as caught:
        hand_points(Bid(1), tricks)
    assert caught.value.code == "tricks_range"


def test_house_rules_double_no_trumps_and_pay_a_boston_bonus():
    doubled = HouseRules(no_trumps_double=True)
    assert hand_points(Bid(3, NT), 11, doubled) == 10
    assert hand_points(Bid(3, NT), 8, doubled) == -2
    assert hand_points(Bid(3, DOWN), 11, doubled) == 5
    boston = HouseRules(boston_bonus=5)
    assert hand_points(Bid(2), 13, boston) == 12
    assert hand_points(Bid(2), 12, boston) == 6
    assert HouseRules().hand_range == (-7, 7)
    assert HouseRules(no_trumps_double=True, boston_bonus=3).hand_range == (-14, 17)


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"game_target": 0}, "game_target"),
        ({"boston_bonus": -1}, "boston_bonus"),
        ({"minimum_bid": 8}, "minimum_bid"),
        ({"minimum_bid": True}, "minimum_bid"),
    ],
)
def test_it_refuses_impossible_house_rules(settings, code):
    with refused(code) as caught:
        HouseRules(**settings)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("start", "side", "bid", "tricks", "expected", "winner"),
    [
        ((0, 0), "NS", Bid(2), 9, (3, 0), None),
        ((3, 0), "NS", Bid(2), 8, (5, 0), "NS"),
        ((0, -3), "EW", Bid(2), 5, (0, -5), "NS"),
        ((-2, 4), "NS", Bid(4, NT), 4, (-6, 4), "EW"),
        ((0, 4), "NS", Bid(1), 6, (-1, 4), None),
    ],
    ids=["made", "reaches-plus-5", "falls-to-minus-5", "set-past-minus-5", "set-game-goes-on"],
)
def test_a_game_is_won_at_plus_5_and_lost_at_minus_5(start, side, bid, tricks, expected, winner):
    # "addig kell játszani, amíg az egyik csapat összesen 5 pontot nem szerez (és megnyeri a
    # játékot), vagy -5 pontot (és veszít)."
    score = GameScore(*start).add_hand(side, bid, tricks)
    assert ((score.ns, score.ew), score.winner) == (expected, winner)


def test_a_club_may_play_to_another_target_and_a_finished_game_takes_no_more_hands():
    longer = GameScore(4, 0, HouseRules(game_target=7)).add_hand("NS", Bid(1), 8)
    assert (longer.ns, longer.winner) == (6, None)
    with refused("game_over") as caught:
        GameScore(0, 5).add_hand("NS", Bid(1), 7)
    assert "E–W have won it" in str(caught.value)


@pytest.mark.parametrize(
    ("record", "code"),
    [
        ({"level": 8}, "bid_level"),
        ({"level": 0}, "bid_level"),
        ({"strain": "nt"}, "nt_with_trumps"),
        ({"trumps": None}, "trumps_needed"),
        ({"tricks": 0}, "tricks_range"),
        ({"tricks": 14}, "tricks_range"),
        ({"strain": "sideways"}, "bid_strain"),
        ({"side": "N"}, "declaring_side"),
        ({"dealer": "X"}, "dealer"),
    ],
)
def test_a_table_record_refuses_impossible_entries_with_a_stable_code(record, code):
    good = {"dealer": "N", "side": "NS", "level": 3, "strain": "uptown", "trumps": H, "tricks": 9}
    with refused(code) as caught:
        HandRecord(**(good | record))
    assert caught.value.code == code
    assert isinstance(caught.value, ResultError)


def test_a_table_record_scores_the_declarers_only():
    record = HandRecord(dealer="S", side="EW", level=2, strain=NT, trumps=None, tricks=10)
    assert record.side_points() == (0, 4)
    assert record.side_points(HouseRules(no_trumps_double=True)) == (0, 8)
    assert record.bid == Bid(2, NT)
