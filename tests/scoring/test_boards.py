"""Boards for compass whist: numbering, seeded deals, trumps in each mode, honours."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.boards import Board, board_dealer, board_seed, deal_board, deal_boards, kept_board
from scoring.cards import DECK, SEATS, Rotation, Suit, deal, parse_hand, trumps_for_deal
from scoring.errors import CardError, ScoringError

seeds = st.integers(min_value=0, max_value=2**63)
numbers = st.integers(min_value=1, max_value=200)


def test_the_dealer_goes_round_the_table_from_north_on_board_one():
    assert [board_dealer(n) for n in range(1, 9)] == ["N", "E", "S", "W"] * 2
    assert board_dealer(17) == "N" and board_dealer(28) == "W"


@settings(deadline=None)
@given(seed=seeds, number=numbers)
def test_a_seeded_board_is_the_same_whenever_it_is_dealt_again(seed, number):
    board = deal_board(number, seed, Rotation.HDSC)
    assert board == deal_board(number, seed, Rotation.HDSC)
    assert board.seed == board_seed(seed, number)
    cards = [card for hand in board.hands for card in hand]
    assert len(cards) == 52 and set(cards) == set(DECK)


def test_boards_of_one_drive_differ_and_so_do_neighbouring_drives():
    first = deal_boards(10, seed=100, rotation="hdsc")
    assert len({b.hands for b in first}) == 10
    assert [b.number for b in first] == list(range(1, 11))
    next_drive = deal_boards(10, seed=101, rotation="hdsc")
    assert not {b.hands for b in first} & {b.hands for b in next_drive}


@settings(deadline=None)
@given(seed=seeds, number=numbers)
def test_turned_up_trumps_are_the_suit_of_the_dealers_last_card_dealt(seed, number):
    board = deal_board(number, seed, Rotation.TURNED)
    dealt = deal(board.seed, board.dealer)
    assert board.trumps is dealt[board.dealer][-1].suit
    # The board keeps the same hands, sorted for a hand record.
    assert all(set(board.hand(seat)) == set(dealt[seat]) for seat in SEATS)


@pytest.mark.parametrize("rotation", [Rotation.HDSC, Rotation.HDSC_NT])
def test_rotation_trumps_follow_the_board_number(rotation):
    boards = deal_boards(10, seed=5, rotation=rotation)
    assert [b.trumps for b in boards] == [trumps_for_deal(n, rotation) for n in range(1, 11)]
    assert boards[4].trumps is (None if rotation is Rotation.HDSC_NT else Suit.HEARTS)


def test_hands_are_sorted_spades_hearts_diamonds_clubs_high_first():
    hand = deal_board(1, 3, "hdsc").hand("N")
    order = [("SHDC".index(card.suit.value), -card.rank) for card in hand]
    assert order == sorted(order)


def test_a_kept_board_has_no_cards_and_its_trumps_come_from_the_rotation_or_the_first_table():
    board = kept_board(7, "hdsc_nt")
    assert (board.dealer, board.trumps, board.hands, board.honours) == (
        "S",
        Suit.DIAMONDS,
        None,
        None,
    )
    assert kept_board(6, "turned", turned_up=Suit.CLUBS).trumps is Suit.CLUBS
    with pytest.raises(ScoringError, match="say which suit the first table turned up"):
        kept_board(6, "turned")
    with pytest.raises(ScoringError, match="none are turned up"):
        kept_board(6, "hdsc", turned_up=Suit.CLUBS)
    with pytest.raises(ScoringError, match="no cards recorded"):
        board.hand("N")


def test_honours_are_counted_from_the_hands_and_none_at_no_trumps():
    hearts, clubs = DECK[:13], DECK[39:]  # 2 … A of each
    north = parse_hand(["AH", "KH", "QH"]) + clubs[:10]  # and the jack of clubs
    east = hearts[:10] + clubs[10:]  # and the jack of hearts
    south = tuple(c for c in DECK if c.suit is Suit.DIAMONDS)
    west = tuple(c for c in DECK if c.suit is Suit.SPADES)
    hands = (north, east, south, west)
    assert Board(1, "N", Suit.HEARTS, hands).honours == (3, 1)
    assert Board(1, "N", Suit.CLUBS, hands).honours == (1, 3)
    assert Board(1, "N", None, hands).honours == (0, 0)


def test_a_board_refuses_short_or_doubled_hands_and_bad_numbers():
    hands = deal_board(1, 1, "hdsc").hands
    with pytest.raises(CardError, match="13 cards"):
        Board(1, "N", None, tuple(hand[:12] for hand in hands))
    with pytest.raises(CardError, match="both"):
        Board(1, "N", None, (hands[0], hands[0], hands[2], hands[3]))
    with pytest.raises(CardError, match="four hands"):
        Board(1, "N", None, hands[:3])
    with pytest.raises(ScoringError, match="numbered from 1"):
        Board(0, "N", None)
    with pytest.raises(ScoringError, match="at least one board"):
        deal_boards(0, seed=1, rotation="hdsc")
