import doctest
from dataclasses import dataclass
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import play
from scoring.cards import DECK, SEATS, SUITS, Card, Rank, Seat, Suit, deal, parse_card, parse_hand
from scoring.errors import CardError, PlayError, RevokeError
from scoring.play import Ranking, legal_plays, play_deal, trick_winner

PROPERTY = settings(max_examples=150, deadline=None)


def cards(text: str) -> tuple[Card, ...]:
    return parse_hand(text.split())


def test_docstring_examples_hold():
    assert doctest.testmod(play).failed == 0


@pytest.mark.parametrize(
    ("trick", "trumps", "ranking", "winner"),
    [
        ("QH AH 2H 3H", None, Ranking.UPTOWN, 1),
        ("QH AH 2S 3H", Suit.SPADES, Ranking.UPTOWN, 2),
        ("QH AH 2S 3S", Suit.SPADES, Ranking.UPTOWN, 3),
        ("QH AS KS 3H", None, Ranking.UPTOWN, 0),
        ("2H AS KS 3H", Suit.CLUBS, Ranking.UPTOWN, 3),
        ("10D JD 9D 2C", Suit.DIAMONDS, Ranking.UPTOWN, 1),
        ("KH 2H QH 3H", None, Ranking.DOWNTOWN, 1),
        ("KH 2H AH 3H", None, Ranking.DOWNTOWN, 2),
        ("KH 2H 5S 3H", Suit.SPADES, Ranking.DOWNTOWN, 2),
        ("KH 2H 5S 2S", Suit.SPADES, Ranking.DOWNTOWN, 3),
        ("KH", None, Ranking.UPTOWN, 0),
        ("5C 9C", Suit.HEARTS, Ranking.UPTOWN, 1),
    ],
    ids=[
        "highest-of-suit-led",
        "only-trump",
        "higher-trump",
        "discards-never-win",
        "low-card-of-suit-led-beats-discards",
        "trumps-led",
        "downtown-2-beats-king",
        "downtown-ace-still-highest",
        "downtown-trump-wins",
        "downtown-lower-trump-wins",
        "one-card-so-far",
        "two-cards-so-far",
    ],
)
def test_it_finds_the_trick_winner(trick, trumps, ranking, winner):
    assert trick_winner(cards(trick), trumps, ranking) == winner


def test_the_plain_signature_plays_uptown():
    assert trick_winner(cards("KH 2H QH 3H"), None) == 0


def test_an_empty_trick_has_no_winner():
    with pytest.raises(PlayError):
        trick_winner((), None)


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        ("2H KS 4H", "AH", "2H 4H"),
        ("2H KS 4H", "AD", "2H KS 4H"),
        ("2H KS 4H", "", "2H KS 4H"),
        ("2H KS 4H", "AS 3H", "KS"),
    ],
    ids=["must-follow", "void-plays-anything", "leader-plays-anything", "suit-led-counts"],
)
def test_it_lists_legal_plays(hand, trick, legal):
    assert legal_plays(cards(hand), cards(trick)) == cards(legal)


ENDING = {
    "N": cards("AH 2S"),
    "E": cards("3H 4D"),
    "S": cards("KH 5D"),
    "W": cards("2C 9D"),
}


def test_it_plays_out_a_deal_and_counts_tricks_per_side():
    played = play_deal(ENDING, "N", Suit.CLUBS, cards("AH 3H KH 2C  9D 2S 4D 5D"))
    assert played.winners == ("W", "W")
    assert (played.ns_tricks, played.ew_tricks) == (0, 2)
    assert [trick.leader for trick in played.tricks] == ["N", "W"]
    assert played.tricks[1].seats == ("W", "N", "E", "S")


def test_it_does_not_count_an_unfinished_trick():
    played = play_deal(ENDING, "N", None, cards("AH 3H KH 2C  2S"))
    assert (played.ns_tricks, played.ew_tricks, played.winners) == (1, 0, ("N",))
    assert played.tricks[-1].winner is None


def test_it_names_the_trick_player_and_card_of_a_revoke():
    with pytest.raises(RevokeError) as caught:
        play_deal(ENDING, "N", None, cards("AH 4D"))
    assert str(caught.value) == "Trick 1: E played 4D but holds a heart and hearts were led"


def test_it_refuses_a_card_from_the_wrong_hand_without_calling_it_a_revoke():
    with pytest.raises(PlayError, match="Trick 1: E played KH but does not hold it") as caught:
        play_deal(ENDING, "N", None, cards("AH KH"))
    assert not isinstance(caught.value, RevokeError)


def test_it_refuses_a_card_played_twice():
    with pytest.raises(PlayError, match="Trick 2: N played AH but does not hold it"):
        play_deal(ENDING, "N", None, cards("AH 3H KH 2C  AH"))


def test_it_refuses_more_cards_than_were_dealt():
    with pytest.raises(PlayError, match="9 cards were played but only 8 were dealt"):
        play_deal(ENDING, "N", None, cards("AH 3H KH 2C 9D 2S 4D 5D 6D"))


def test_it_refuses_bad_hands_before_playing():
    with pytest.raises(CardError):
        play_deal({**ENDING, "W": cards("AH 9D")}, "N", None, ())


# Property tests. The oracle below restates the rules independently of trick_winner.


def oracle_winner(trick: list[Card], trumps: Suit | None, ranking: Ranking) -> int:
    def order(card: Card) -> int:
        if ranking is Ranking.DOWNTOWN:
            return 99 if card.rank is Rank.ACE else -card.rank
        return card.rank

    contenders = [c for c in trick if c.suit is trumps] or [
        c for c in trick if c.suit is trick[0].suit
    ]
    return trick.index(max(contenders, key=order))


@dataclass
class Moment:
    """What a player faced before one play: used to pick an illegal card there."""

    seat: Seat
    hand: frozenset[Card]
    trick: tuple[Card, ...]


@st.composite
def legal_deals(draw):
    hands = deal(draw(st.integers(0, 2**32)), draw(st.sampled_from(SEATS)))
    leader: Seat = draw(st.sampled_from(SEATS))
    trumps = draw(st.sampled_from([*SUITS, None]))
    ranking = draw(st.sampled_from(list(Ranking)))
    remaining = {seat: list(hand) for seat, hand in hands.items()}
    plays: list[Card] = []
    moments: list[Moment] = []
    seat = leader
    for _ in range(13):
        trick: list[Card] = []
        for step in range(4):
            player = SEATS[(SEATS.index(seat) + step) % 4]
            moments.append(Moment(player, frozenset(remaining[player]), tuple(trick)))
            options = [c for c in remaining[player] if not trick or c.suit is trick[0].suit]
            card = draw(st.sampled_from(options or remaining[player]))
            remaining[player].remove(card)
            trick.append(card)
        plays += trick
        seat = SEATS[(SEATS.index(seat) + oracle_winner(trick, trumps, ranking)) % 4]
    return hands, leader, trumps, ranking, plays, moments


@PROPERTY
@given(legal_deals())
def test_any_legal_play_gives_13_tricks_split_between_the_sides(game):
    hands, leader, trumps, ranking, plays, _ = game
    played = play_deal(hands, leader, trumps, plays, ranking)
    assert len(played.winners) == 13
    assert played.ns_tricks + played.ew_tricks == 13
    assert played.ns_tricks == sum(seat in "NS" for seat in played.winners)


@PROPERTY
@given(legal_deals())
def test_each_trick_goes_to_the_highest_trump_or_else_the_highest_card_led(game):
    hands, leader, trumps, ranking, plays, _ = game
    for trick in play_deal(hands, leader, trumps, plays, ranking).tricks:
        position = oracle_winner(list(trick.cards), trumps, ranking)
        assert trick.winner == trick.seats[position]


@PROPERTY
@given(legal_deals())
def test_the_winner_of_each_trick_leads_the_next(game):
    hands, leader, trumps, ranking, plays, _ = game
    tricks = play_deal(hands, leader, trumps, plays, ranking).tricks
    assert tricks[0].leader == leader
    assert all(after.leader == before.winner for before, after in pairwise(tricks))


@PROPERTY
@given(legal_deals(), st.data())
def test_swapping_in_an_illegal_card_is_always_caught(game, data):
    hands, leader, trumps, ranking, plays, moments = game
    position = data.draw(st.integers(0, 51))
    moment = moments[position]
    led = moment.trick[0].suit if moment.trick else None
    revokes = [
        c
        for c in moment.hand
        if led and c.suit is not led and any(h.suit is led for h in moment.hand)
    ]
    illegal = sorted({*DECK} - moment.hand, key=DECK.index) + sorted(revokes, key=DECK.index)
    bad = data.draw(st.sampled_from(illegal))
    with pytest.raises(PlayError) as caught:
        play_deal(hands, leader, trumps, [*plays[:position], bad, *plays[position + 1 :]], ranking)
    assert str(caught.value).startswith(f"Trick {position // 4 + 1}: {moment.seat} played {bad}")
    assert isinstance(caught.value, RevokeError) == (bad in moment.hand)


def test_it_accepts_cards_given_as_the_same_values_parse_card_returns():
    hands = deal(5, "S")
    first = parse_card(str(hands["W"][0]))
    assert play_deal(hands, "W", None, [first]).tricks[0].cards == (first,)
