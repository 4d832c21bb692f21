"""Boards and results out to PBN and back in, on generated evenings and the real corpus."""

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.boards import Board, deal_board, deal_boards, kept_board
from scoring.cards import Rotation, Suit, check_seat, trumps_for_deal
from scoring.compass import BoardResult, Method
from scoring.errors import PBNError, ScoringError
from scoring.pbn import read_pbn
from scoring.pbn_boards import BoardFile, dump_boards, parse_boards, read_boards
from tests.scoring.test_pbn_corpus import SAMPLE, corpus_dir

SUITS = [*Suit, None]


@st.composite
def boards(draw):
    count = draw(st.integers(min_value=1, max_value=8))
    seed = draw(st.integers(min_value=0, max_value=2**40))
    rotation = draw(st.sampled_from(Rotation))
    made = []
    for number in range(1, count + 1):
        if draw(st.booleans()):
            made.append(deal_board(number, seed, rotation))
        else:  # dealt at the first table and kept
            turned = draw(st.sampled_from(list(Suit))) if rotation is Rotation.TURNED else None
            made.append(kept_board(number, rotation, turned_up=turned))
    return rotation, tuple(made)


@st.composite
def evenings(draw):
    rotation, made = draw(boards())
    results = []
    for board in made:
        tables = draw(st.integers(min_value=0, max_value=6))
        for table in range(tables):
            results.append(
                BoardResult(
                    board.number,
                    2 * table + 1,
                    2 * table + 2,
                    draw(st.integers(min_value=0, max_value=13)),
                    table=draw(st.none() | st.just(table + 1)),
                    round=draw(st.none() | st.integers(min_value=1, max_value=20)),
                )
            )
    event = draw(st.text(st.characters(categories=("L", "N", "P", "Zs")), max_size=20))
    method = draw(st.none() | st.sampled_from(Method))
    return rotation, made, tuple(results), event, method


@settings(max_examples=50, deadline=None)
@given(evenings())
def test_an_exported_evening_reimports_to_the_same_boards_and_results(evening):
    rotation, made, results, event, method = evening
    text = dump_boards(made, results, event=event, method=method)
    # Trumps come from the file, whatever rotation the reader assumes.
    other = Rotation.HDSC if rotation is Rotation.TURNED else Rotation.TURNED
    back = parse_boards(text, rotation=other)
    # An event left empty is written "?", unknown, and PBN's "#" means "as before".
    assert back == BoardFile(made, results, "" if event in ("", "?", "#") else event)


def test_the_export_follows_pbns_export_format():
    board = deal_board(2, seed=4, rotation="hdsc_nt")
    results = [BoardResult(2, 1, 5, 8, table=1, round=3), BoardResult(2, 2, 6, 6, table=2, round=1)]
    text = dump_boards([board], results, method="matchpoints")
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    names = [line[1 : line.index(" ")] for line in lines if line.startswith("[")]
    assert names == [
        *("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer"),
        *("Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"),
        *("DealSeed", "ScoreTable", "Trumps"),  # the others, in alphabetical order
    ]
    assert '[Dealer "E"]' in lines and '[Vulnerable "None"]' in lines
    assert '[Scoring "MatchPoints;MP1"]' in lines and '[Trumps "D"]' in lines
    assert next(line for line in lines if line.startswith("[Deal ")).startswith('[Deal "E:')
    table = lines.index(next(line for line in lines if line.startswith("[ScoreTable")))
    assert lines[table] == (
        '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\1R;'
        'Declarer\\1R;Result\\1R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\6R;Percentage_EW\\6R"]'
    )
    assert lines[table + 1 : table + 3] == [
        "1 3 1 5 - N 8 2.00 0.00 100.00   0.00",
        "2 1 2 6 - N 6 0.00 2.00   0.00 100.00",
    ]


def test_compass_scores_go_in_their_own_columns_with_two_decimals():
    made = [kept_board(1, "hdsc")]
    results = [BoardResult(1, p, p + 10, t) for p, t in ((1, 7), (2, 8), (3, 8))]
    text = dump_boards(made, results, method="compass")
    assert '[Deal "N:- - - -"]' in text and '[Scoring "Compass;Mean"]' in text
    assert "Compass_NS\\5R;Compass_EW\\5R" in text
    assert "- - 1 11 - N 7 -0.67  0.67" in text


def test_results_for_a_board_not_exported_and_a_board_given_twice_are_refused():
    made = deal_boards(2, 1, "hdsc")
    with pytest.raises(ScoringError, match="Board 3 has results but is not among the boards"):
        dump_boards(made, [BoardResult(3, 1, 2, 7)])
    with pytest.raises(ScoringError, match="Board 2 is given twice"):
        dump_boards([*made, made[1]])


def test_an_event_name_on_two_lines_is_written_on_one():
    text = dump_boards(deal_boards(1, 1, "hdsc"), event='Club\nnight "B"')
    assert '[Event "Club night \\"B\\""]' in text.splitlines()
    assert parse_boards(text, rotation="hdsc").event == 'Club night "B"'


def collections():
    yield "sample", SAMPLE
    yield "corpus", corpus_dir()


@pytest.mark.parametrize(("name", "folder"), list(collections()), ids=["sample", "corpus"])
def test_the_corpus_boards_and_tables_round_trip(name, folder):
    files = sorted(folder.glob("*.pbn"))
    if not files:
        pytest.skip(f"no PBN corpus at {folder}")
    counts = {}
    for path in files:
        records = read_pbn(path)
        read = read_boards(path, rotation="hdsc_nt")
        counts[path.name] = len(read.boards)
        # Each board has the cards and dealer of every record that plays it.
        by_number = {board.number: board for board in read.boards}
        for record in records:
            board = by_number[int(record.board)]
            assert board.dealer == record.dealer
            assert all(set(board.hand(s)) == set(record.hands[s]) for s in "NESW")
            assert board.trumps == trumps_for_deal(board.number, "hdsc_nt")
        # The tables' tricks, pairs named by their players, out and back in.
        results = tuple(corpus_results(records))
        text = dump_boards(read.boards, results, event=read.event, method="matchpoints")
        assert parse_boards(text, rotation="turned") == BoardFile(read.boards, results, read.event)
    if name == "corpus":  # the boards of each event (see the corpus README)
        assert counts == {
            "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn": 12,
            "eyc00_A1A10101.pbn": 20,
            "wronie_9533_pairs_2720_przyjaciele_wronia.pbn": 18,
        }


def corpus_results(records):
    """Each record's N–S tricks as a result, board by board, its pairs numbered by names."""
    pairs: dict[tuple[str, str], int] = {}

    def pair(*names):
        return pairs.setdefault(names, len(pairs) + 1)

    results = []
    for record in sorted(records, key=lambda r: int(r.board)):
        if record.result is None or record.declarer is None:
            continue  # passed out: no tricks
        names = {tag.name: tag.value for tag in record.other_tags}
        declarers_side = "NS" if check_seat(record.declarer) in "NS" else "EW"
        ns_tricks = record.result if declarers_side == "NS" else 13 - record.result
        results.append(
            BoardResult(
                int(record.board),
                pair(names.get("North", "?"), names.get("South", "?")),
                pair(names.get("East", "?"), names.get("West", "?")),
                ns_tricks,
            )
        )
    return results


def test_the_corpus_results_are_what_the_records_say():
    records = read_pbn(SAMPLE / "wronie_9533_pairs_2720_przyjaciele_wronia.pbn")
    results = corpus_results(records)
    # Board 1, first table: South declared 3CX and made 9 tricks.
    assert results[0].board == 1 and results[0].ns_tricks == 9
    assert Counter(r.board for r in results) == {1: len(results)}


DEAL = "N:AKQJ.AKQJ.AKQJ.A T987.T987.T987.K 6543.6543.6543.Q 2.2.2.JT98765432"


def record(board="1", *extra, deal=DEAL):
    return "\n".join([f'[Board "{board}"]', '[Dealer "N"]', f'[Deal "{deal}"]', *extra]) + "\n"


def test_trumps_come_from_the_file_else_the_rotation_and_turned_trumps_need_the_file():
    assert parse_boards(record("3"), rotation="hdsc").boards[0].trumps is Suit.SPADES
    named = record("3", '[Trumps "NT"]')
    assert parse_boards(named, rotation="hdsc").boards[0].trumps is None
    assert parse_boards(named, rotation="turned").boards[0].trumps is None
    with pytest.raises(PBNError, match="Board 3: the record names no trumps"):
        parse_boards(record("3"), rotation="turned")
    with pytest.raises(PBNError, match="should be H, D, S, C or NT"):
        parse_boards(record("3", '[Trumps "X"]'), rotation="hdsc")


def test_a_board_given_twice_must_have_the_same_cards():
    other = "N:T987.T987.T987.K AKQJ.AKQJ.AKQJ.A 6543.6543.6543.Q 2.2.2.JT98765432"
    with pytest.raises(PBNError, match="Board 1 is given twice with different cards"):
        parse_boards(record() + "\n" + record(deal=other), rotation="hdsc")
    again = parse_boards(record() + "\n" + record(), rotation="hdsc")
    assert len(again.boards) == 1


def test_it_reads_another_scorers_score_table():
    """A row as Ruter writes one: any declarer, a bye row, quoted scores, extra columns."""
    table = (
        '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;'
        'Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R"]\n'
        '4 2 6 5 5HX E 7 SA "800" -\n'
        '2 5 7 3 4S S 11 CA "450" -\n'
        '3 3 - 2 - - - - "Bye" "Bye"\n'
    )
    read = parse_boards(record("1", table), rotation="hdsc")
    assert read.results == (
        BoardResult(1, 6, 5, 6, table=4, round=2),
        BoardResult(1, 7, 3, 11, table=2, round=5),
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('[ScoreTable "PairId_NS;PairId_EW;Result"]\n1 2 7\n', "lacks the column Declarer"),
        ('[ScoreTable "PairId_NS;PairId_EW;Declarer;Result"]\n1 2 N\n', "has not 4 values"),
        ('[ScoreTable "PairId_NS;PairId_EW;Declarer;Result"]\nA 2 N 7\n', "cannot be read"),
        ('[ScoreTable "PairId_NS;PairId_EW;Declarer;Result"]\n1 2 N 14\n', "cannot be read"),
    ],
)
def test_a_score_table_it_cannot_read_is_refused(extra, message):
    with pytest.raises(PBNError, match=message):
        parse_boards(record("1", extra), rotation="hdsc")


def test_a_board_without_a_number_or_with_a_bad_deal_is_refused():
    with pytest.raises(PBNError, match="should be a board number"):
        parse_boards(record("x"), rotation="hdsc")
    with pytest.raises(PBNError, match="Board 1:"):
        parse_boards(record(deal="N:AKQ - - -"), rotation="hdsc")


def test_a_file_is_read_from_disk_in_either_character_set(tmp_path):
    path = Path(tmp_path) / "boards.pbn"
    made = (Board(1, "N", Suit.HEARTS, deal_board(1, 2, "hdsc").hands),)
    path.write_bytes(dump_boards(made, event="Soirée").encode("iso-8859-1"))
    assert read_boards(path, rotation="hdsc") == BoardFile(made, (), "Soirée")
