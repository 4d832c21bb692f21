"""The trick engine against real card play: a sample kept here, and the PBN corpus.

The sample (tests/data/pbn, 14 records cut from the corpus) runs every time; the full
corpus in shared/corpus/pbn (or the folder WHIST_PBN_CORPUS names) runs the same tests when
present. Their READMEs give the counts asserted here. Small hand-written records below pin
down the format points one at a time.
"""

import doctest
import os
from collections import Counter
from pathlib import Path

import pytest

from scoring import pbn
from scoring.cards import Suit, parse_hand
from scoring.errors import PBNError, RevokeError
from scoring.pbn import PBNRecord, dump_pbn, dump_record, parse_pbn, read_pbn
from scoring.play import play_deal

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "pbn"

#: What a correct replay gives, from each collection's README.
REPLAYS = {
    "sample": {
        "13 tricks recorded": 4,
        "12 recorded, 13th forced": 3,
        "claim, legal so far": 3,
        "revoke refused": 2,
        "without play": 2,
    },
    "corpus": {
        "13 tricks recorded": 732,
        "12 recorded, 13th forced": 16,
        "claim, legal so far": 587,
        "revoke refused": 2,
        "without play": 14,
    },
}


def corpus_dir() -> Path:
    default = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "pbn"
    return Path(os.environ.get("WHIST_PBN_CORPUS", default))


@pytest.fixture(scope="module", params=["sample", "corpus"])
def collection(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def corpus(collection) -> list[tuple[str, PBNRecord]]:
    folder = SAMPLE if collection == "sample" else corpus_dir()
    files = sorted(folder.glob("*.pbn"))
    if not files and collection == "corpus":
        pytest.skip(f"no PBN corpus at {folder} (set WHIST_PBN_CORPUS to its folder)")
    assert files, f"the sample of deal records is missing from {folder}"
    return [(path.name, record) for path in files for record in read_pbn(path)]


def test_every_complete_play_replays_to_the_declarers_tricks(corpus, collection):
    counts: Counter[str] = Counter()
    for name, record in corpus:
        if record.opening_leader is None:
            counts["without play"] += 1
            continue
        plays = record.forced_plays()
        if record.revokes:
            with pytest.raises(RevokeError):
                play_deal(record.hands, record.opening_leader, record.trumps, plays)
            counts["revoke refused"] += 1
            continue
        played = play_deal(record.hands, record.opening_leader, record.trumps, plays)
        if len(plays) < 52:
            counts["claim, legal so far"] += 1
            continue
        declarers = played.ns_tricks if record.declarer in ("N", "S") else played.ew_tricks
        assert declarers == record.result, f"{name} board {record.board}"
        counts["13 tricks recorded" if len(record.plays) == 52 else "12 recorded, 13th forced"] += 1
    print(f"\nPBN {collection}:", ", ".join(f"{what} {n}" for what, n in sorted(counts.items())))
    assert counts == REPLAYS[collection]


def test_the_two_marked_revokes_are_refused_at_the_marked_card(corpus):
    messages = {}
    for name, record in corpus:
        if record.revokes:
            with pytest.raises(RevokeError) as caught:
                play_deal(record.hands, record.opening_leader, record.trumps, record.plays)
            messages[(name, record.board)] = str(caught.value)
            assert str(record.plays[record.revokes[0]]) in str(caught.value)
    assert messages == {
        ("eyc00_A1A10101.pbn", "9"): "Trick 5: E played 4D but holds a heart and hearts were led",
        ("eyc00_A1A10101.pbn", "17"): "Trick 7: N played 8C but holds a spade and spades were led",
    }


def test_every_record_survives_a_round_trip_through_the_writer(corpus):
    records = [record for _, record in corpus]
    assert parse_pbn(dump_pbn(records)) == records


def test_it_reads_the_iso_8859_1_byte(corpus):
    notes = [tag.value for _, record in corpus for tag in record.other_tags if tag.name == "Note"]
    assert "1:minörs" in notes


def test_docstring_examples_hold():
    assert doctest.testmod(pbn).failed == 0


# Format points, one at a time. Hands: N all hearts … each seat one suit, 4 cards.
HEADER = (
    '[Board "7"]\r\n[Dealer "N"]\r\n'
    '[Deal "N:.AKQJ.. ..AKQJ. ...AKQJ AKQJ..."]\r\n'
    '[Declarer "S"]\r\n[Contract "2SX"]\r\n[Result "3"]\r\n'
)


def record_with_play(rows: str, leader: str = "E") -> PBNRecord:
    return parse_pbn(HEADER + f'[Play "{leader}"]\r\n' + rows.replace("\n", "\r\n"))[0]


def test_it_reads_a_deal_and_a_doubled_contracts_trumps():
    record = record_with_play("")
    assert record.hands["E"] == parse_hand(["AD", "KD", "QD", "JD"])
    assert record.trumps is Suit.SPADES
    assert (record.board, record.dealer, record.declarer, record.result) == ("7", "N", "S", 3)


def test_it_turns_each_row_into_play_order_from_the_last_winner():
    # Columns are E S W N. W wins trick 1 with a trump, so trick 2 starts in W's column.
    record = record_with_play("DA CA SA HA\nDK CK SK HK\n")
    assert [str(card) for card in record.plays] == ["AD", "AC", "AS", "AH", "KS", "KH", "KD", "KC"]


def test_it_stops_at_a_claim_in_the_middle_of_a_trick_and_ignores_empty_rows():
    record = record_with_play("DA CA SA HA\n- - SK HK\n- - - -\n*\n")
    assert [str(card) for card in record.plays] == ["AD", "AC", "AS", "AH", "KS", "KH"]


def test_it_notes_where_a_revoke_was_marked():
    record = record_with_play("DA CA SA ^R HA\n")
    assert record.revokes == (3,)
    assert "^R HA" in dump_record(record)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("DA - SA HA\n", "a card after a missing one"),
        ("DA CA - -\nDK CK SK HK\n", "cards after the play stopped"),
        ("DA CA SA\n", "part-way through a row"),
        ("DA CA SA XX\n", "'XX' is not a card"),
    ],
    ids=["gap-in-trick", "play-after-claim", "short-row", "bad-card"],
)
def test_it_refuses_a_malformed_play(rows, message):
    with pytest.raises(PBNError, match=message):
        record_with_play(rows)


def test_it_refuses_a_record_without_a_deal():
    with pytest.raises(PBNError, match="Board 3: a record needs a \\[Dealer\\] and a \\[Deal\\]"):
        parse_pbn('[Board "3"]\n[Dealer "N"]\n')


def test_it_completes_a_forced_last_trick_the_record_left_out():
    record = record_with_play("DA CA SA HA\nDK CK SK HK\nDQ CQ SQ HQ\n")
    assert [str(card) for card in record.forced_plays()[-4:]] == ["JS", "JH", "JD", "JC"]


def test_it_writes_hands_for_export_and_reads_them_back(tmp_path):
    record = PBNRecord(board="1", dealer="S", hands=record_with_play("").hands)
    path = tmp_path / "export.pbn"
    path.write_text(dump_pbn([record]), encoding="utf-8")
    assert read_pbn(path) == [record]
    assert '[Deal "N:.AKQJ.. ..AKQJ. ...AKQJ AKQJ..."]' in path.read_text(encoding="utf-8")
