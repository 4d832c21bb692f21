"""Bid whist drives: set-up, the round page's hand records, standings, CSVs, simulation;
and classic drives with trumps turned up at each table."""

import csv
import io
from collections import defaultdict
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from drives.evening.lifecycle import drive_start, round_advance
from drives.models import Drive, DriveStatus, Game, ResultChange, TableResult
from drives.reports.report import drive_report
from tests.conftest import drive_form, make_club, make_drive, make_entries, make_players

pytestmark = pytest.mark.django_db


def started_drive(club, players=8, **fields):
    fields.setdefault("game", Game.BID)
    fields.setdefault("movement", "mitchell")
    fields.setdefault("deals", 8)
    fields.setdefault("deals_per_round", 2)
    drive = make_drive(club, **fields)
    make_entries(drive, make_players(club, players))
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def hand(dealer="N", declarers="NS", level=3, strain="uptown", trumps="S", tricks=9):
    return {
        "dealer": dealer,
        "declarers": declarers,
        "level": level,
        "strain": strain,
        "trumps": trumps,
        "tricks": tricks,
    }


def post_hands(client, drive, round_number, tables, language=""):
    """tables: {table: [hand dict per deal of the round]} (or ([...], version))."""
    data = {}
    deals = list(drive.deals_of_round(round_number))
    for table, value in tables.items():
        hands, version = value if isinstance(value, tuple) else (value, 0)
        data[f"t{table}_v"] = version
        for deal, record in zip(deals, hands, strict=True):
            for part, typed in record.items():
                data[f"t{table}_d{deal}_{part}"] = "" if typed is None else typed
    with translation.override(language or "en-gb"):
        url = reverse("drives:round", args=[drive.pk, round_number])
    return client.post(url, data, follow=True)


def test_the_round_page_shows_whose_deal_it_is_and_asks_for_each_hand(client, club, organiser):
    drive = started_drive(club)
    client.force_login(organiser)
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert page.status_code == 200
    assert "hand 1: N deals" in page.text and "hand 2: E deals" in page.text
    north = drive.seatings.get(round=1, table=1, seat="E").entry.player.name
    assert f"dealer E ({north})" in page.text
    assert 'name="t1_d2_tricks"' in page.text and 'name="t1_d1_strain"' in page.text
    assert "Tricks with the kitty" in page.text


def test_a_table_records_its_hands_and_only_the_declarers_score(client, club, organiser):
    drive = started_drive(club)
    client.force_login(organiser)
    response = post_hands(
        client,
        drive,
        1,
        {
            1: [hand(tricks=11), hand("E", "EW", 4, "nt", "", 8)],
            2: [hand(declarers="EW", level=7, strain="downtown", trumps="H", tricks=9), hand("E")],
        },
    )
    assert "Saved 2 tables." in response.text
    stored = TableResult.objects.get(table=1, deal=2)
    assert (stored.declarers, stored.bid_level, stored.bid_strain, stored.trumps) == (
        "EW",
        4,
        "nt",
        "",
    )
    assert (stored.ns_tricks, stored.declarer_tricks, stored.dealer) == (5, 8, "E")
    # "ha a nyerő licit Hét volt, és ez a csapat csak három pontot szerez (9 trükk), akkor az
    # a csapat négy pontot veszít" (sources/001): E–W at table 2 lose four.
    assert "Points: N–S 0, E–W -4." in response.text
    assert "Points: N–S 5, E–W 0." in response.text
    report = drive_report(drive)
    points = {row.entry.pk: row.standing.points for row in report.overall}
    seats = {s.seat: s.entry.pk for s in drive.seatings.filter(round=1, table=1)}
    assert points[seats["N"]] == points[seats["S"]] == Decimal("5.00")  # 5 + 0
    assert points[seats["E"]] == points[seats["W"]] == Decimal("-2.00")  # 0 + (8 tricks, bid 4)
    seats = {s.seat: s.entry.pk for s in drive.seatings.filter(round=1, table=2)}
    assert points[seats["E"]] == Decimal("-4.00") and points[seats["N"]] == Decimal("3.00")


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (hand(level=8), "Table 1, hand 1: A bid is a number from 1 to 7, not 8."),
        (hand(level=0), "Table 1, hand 1: A bid is a number from 1 to 7, not 0."),
        (
            hand(strain="nt", trumps="H"),
            "Table 1, hand 1: A no-trump bid has no trump suit: leave trumps empty.",
        ),
        (hand(trumps=""), "Table 1, hand 1: An uptown or downtown bid needs its trump suit."),
        (
            hand(tricks=14),
            "Table 1, hand 1: The declarers take from 1 to 13 tricks, the kitty included, not 14.",
        ),
        (
            hand(tricks=0),
            "Table 1, hand 1: The declarers take from 1 to 13 tricks, the kitty included, not 0.",
        ),
        (hand(declarers=""), "Table 1, hand 1: enter the declaring side."),
        (hand(level=None, tricks=None), "Table 1, hand 1: enter the bid, the declarers&#x27;"),
    ],
    ids=["bid-8", "bid-0", "nt-with-a-suit", "suit-bid-without-trumps", "14-tricks", "no-tricks",
         "no-declarers", "no-bid-nor-tricks"],
)  # fmt: skip
def test_impossible_hands_get_a_clear_message_and_change_nothing(
    client, club, organiser, record, message
):
    drive = started_drive(club)
    client.force_login(organiser)
    response = post_hands(client, drive, 1, {1: [record, hand("E")], 2: [hand(), hand("E")]})
    assert message in response.text
    assert set(TableResult.objects.values_list("table", flat=True)) == {2}


def test_the_message_is_in_the_pages_language(client, club, organiser):
    drive = started_drive(club)
    client.force_login(organiser)
    response = post_hands(client, drive, 1, {1: [hand(level=9), hand("E")]}, language="fr")
    assert "Table 1, donne 1\u00a0: Une enchère est un nombre de 1 à 7, pas 9." in response.text
    response = post_hands(client, drive, 1, {1: [hand(strain="nt"), hand("E")]}, language="hu")
    assert "Szan adu licitnek nincs aduja" in response.text
    assert not TableResult.objects.exists()


def test_the_drives_minimum_opening_bid_is_enforced(client, club, organiser):
    drive = started_drive(club, minimum_bid=4)
    client.force_login(organiser)
    response = post_hands(client, drive, 1, {1: [hand(level=3), hand("E", level=4)]})
    assert "This drive&#x27;s lowest bid is 4, not 3." in response.text
    assert not TableResult.objects.exists()


def test_a_correction_is_versioned_and_kept_in_the_history(client, club, organiser):
    drive = started_drive(club)
    client.force_login(organiser)
    post_hands(client, drive, 1, {1: [hand(), hand("E")]})
    response = post_hands(
        client, drive, 1, {1: ([hand(strain="downtown", trumps="C"), hand("E")], 1)}
    )
    assert "Saved 1 table." in response.text
    change = ResultChange.objects.get()
    assert change.old_details["bid_strain"] == "uptown"
    assert (change.new_details["bid_strain"], change.new_details["trumps"]) == ("downtown", "C")
    assert set(TableResult.objects.filter(table=1).values_list("version", flat=True)) == {2}
    stale = post_hands(client, drive, 1, {1: ([hand(tricks=12), hand("E")], 1)})
    assert "changed by someone else" in stale.text
    assert TableResult.objects.get(table=1, deal=1).declarer_tricks == 9


def test_house_rules_count_no_trumps_double_and_pay_a_boston(client, club, organiser):
    drive = started_drive(club, no_trumps_double=True, boston_bonus=4)
    client.force_login(organiser)
    response = post_hands(
        client,
        drive,
        1,
        {1: [hand(strain="nt", trumps="", level=2, tricks=10), hand("E", tricks=13)]},
    )
    assert "Points: N–S 8, E–W 0." in response.text  # (10 − 6) × 2
    assert "Points: N–S 11, E–W 0." in response.text  # 7 + the Boston's 4


def read_csv(response):
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_a_simulated_bid_whist_drive_is_finished_and_its_csvs_add_up(client, club, organiser):
    drive = make_drive(club, game=Game.BID, movement="howell", deals=14, deals_per_round=2)
    make_players(club, 16)
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED
    results = read_csv(client.get(reverse("drives:results_csv", args=[drive.pk])))
    assert len(results) == 7 * 4 * 2
    totals = defaultdict(int)
    for row in results:
        assert row["declarers"] in ("NS", "EW") and 1 <= int(row["declarers' tricks"]) <= 13
        assert -7 <= int(row["ns points"]) + int(row["ew points"]) <= 7
        for seat, side in (("north", "ns"), ("south", "ns"), ("east", "ew"), ("west", "ew")):
            totals[row[seat]] += int(row[f"{side} points"])
    standings = read_csv(client.get(reverse("drives:standings_csv", args=[drive.pk])))
    assert {row["name"]: Decimal(row["points"]) for row in standings} == {
        name: Decimal(points) for name, points in totals.items()
    }
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert "Points: N–S" in page.text


def test_a_bid_whist_round_page_runs_the_same_queries_for_any_number_of_tables(client, organiser):
    def played(players):
        drive = make_drive(
            make_club(organiser=organiser), game=Game.BID, movement="mitchell", deals=4,
            deals_per_round=2, title=f"{players}",
        )  # fmt: skip
        make_players(drive.club, players)
        call_command("simulate_drive", drive.pk, stdout=io.StringIO())
        return drive

    def count(drive, page):
        args = [drive.pk, 2] if page == "round" else [drive.pk]
        with CaptureQueriesContext(connection) as context:
            assert client.get(reverse(f"drives:{page}", args=args)).status_code == 200
        return len(context.captured_queries)

    small, large = played(8), played(40)
    client.force_login(organiser)
    for page in ("round", "standings", "results_csv"):
        assert count(small, page) == count(large, page), page


def test_an_organiser_sets_up_a_bid_whist_drive(client, club, organiser):
    client.force_login(organiser)
    form = drive_form(
        date="2026-12-11",
        title="Bid whist night",
        game="bid",
        deals=16,
        deals_per_round=2,
        rotation="hdsc",
        movement="howell",
        minimum_bid=4,
        boston_bonus=3,
        no_trumps_double="on",
    )
    response = client.post(reverse("drives:drive_new", args=[club.slug]), form)
    assert response.status_code == 302
    drive = Drive.objects.get()
    assert (drive.game, drive.minimum_bid, drive.boston_bonus, drive.no_trumps_double) == (
        "bid",
        4,
        3,
        True,
    )
    page = client.get(drive.get_absolute_url())
    assert "Bid whist" in page.text and "bids from 4" in page.text and "Boston +3" in page.text
    refused = client.post(
        reverse("drives:drive_new", args=[club.slug]),
        form | {"honours": "on", "minimum_bid": 8, "title": "Again"},
    )
    assert "Bid whist scores no honours: untick them." in refused.text
    assert "The minimum opening bid is from 1 to 7." in refused.text
    assert Drive.objects.count() == 1


# --- classic whist: trumps turned up at each table ---------------------------------------


def test_trumps_turned_up_are_reported_by_each_table_and_shown(client, club, organiser):
    drive = started_drive(
        club, game=Game.CLASSIC, rotation="turned", movement="individual", deals=4,
        deals_per_round=1, honours=True,
    )  # fmt: skip
    client.force_login(organiser)
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert "turned up" in page.text and 'name="t1_s1"' in page.text and "N deals" in page.text
    url = reverse("drives:round", args=[drive.pk, 1])
    missing = client.post(url, {"t1_v": 0, "t1_d1": 8, "t2_v": 0, "t2_d1": 7}, follow=True)
    assert "Table 1: say which suit was turned up for deal 1." in missing.text
    assert not TableResult.objects.exists()
    client.post(
        url,
        {"t1_v": 0, "t1_d1": 8, "t1_s1": "C", "t1_h1": 4, "t2_v": 0, "t2_d1": 7, "t2_s1": "D"},
        follow=True,
    )
    assert dict(TableResult.objects.values_list("table", "trumps")) == {1: "C", 2: "D"}
    results = read_csv(client.get(reverse("drives:results_csv", args=[drive.pk])))
    assert [row["trumps"] for row in results] == ["♣", "♦"]
    report = drive_report(drive)
    seats = {s.seat: s.entry.pk for s in drive.seatings.filter(round=1, table=1)}
    points = {row.entry.pk: row.standing.points for row in report.overall}
    assert points[seats["N"]] == Decimal("6.00")  # 2 odd tricks and 4 honours of clubs


def test_the_classic_round_page_says_who_deals(client, club, organiser):
    drive = started_drive(
        club, game=Game.CLASSIC, movement="individual", deals=8, deals_per_round=2, players=8
    )
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert "N deals" in page.text and "E deals" in page.text
    with translation.override("fr"):
        page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert "E donne" in page.text


def test_a_progressive_bid_whist_round_is_won_on_points_not_tricks(client, club, organiser):
    drive = started_drive(club, movement="progressive", deals=4, deals_per_round=1)
    client.force_login(organiser)
    # Table 1: E–W bid 7 no trumps and took 12 (one short: -1); N–S took one trick and
    # won the round. Table 2: N–S bid 2 uptown and made 8 (+2).
    tables = {
        1: [hand(dealer="N", declarers="EW", level=7, strain="nt", trumps="", tricks=12)],
        2: [hand(dealer="N", declarers="NS", level=2, strain="uptown", trumps="H", tricks=8)],
    }
    page = post_hands(client, drive, 1, tables)
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count("N–S won the round.") == 2 and "E–W won the round." not in text

    round_advance(drive=drive)
    before = {s.entry_id: (s.table, s.seat) for s in drive.seatings.filter(round=1)}
    after = {s.entry_id: s.table for s in drive.seatings.filter(round=2)}
    # The winners (N–S at both tables) stay at their table; the losers move.
    for entry, (table, seat) in before.items():
        assert (after[entry] == table) == (seat in "NS"), (entry, table, seat)


def test_fixed_partnerships_are_ranked_as_pairs_with_their_points(client, club):
    drive = make_drive(club, game=Game.BID, movement="howell", deals=6, deals_per_round=2)
    make_players(club, 8)
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    report = drive_report(drive)
    assert len(report.pairs) == 4
    partners = {
        frozenset((s.entry_id, o.entry_id))
        for s in drive.seatings.filter(seat__in="NE")
        for o in drive.seatings.filter(
            round=s.round, table=s.table, seat={"N": "S", "E": "W"}[s.seat]
        )
    }
    assert {frozenset(e.pk for e in pair.entries) for pair in report.pairs} == partners
    points = {row.entry.pk: row.standing.points for row in report.overall}
    for place, pair in enumerate(report.pairs, start=1):
        first, second = pair.entries
        assert points[first.pk] == points[second.pk] == pair.standing.points
        # Placed among the pairs in the players' order (countback included): a place is
        # shared only by pairs the players' standings could not split.
        level = [p for p in report.pairs if p.standing.rank == pair.standing.rank]
        assert pair.shared == (len(level) > 1)
        assert pair.rank == (place if not pair.shared else report.pairs.index(level[0]) + 1)
    assert [p.standing.points for p in report.pairs] == sorted(
        (p.standing.points for p in report.pairs), reverse=True
    )
    page = client.get(reverse("drives:standings", args=[drive.pk]))
    assert "<h2>Pairs</h2>" in page.text and "<h2>Players</h2>" in page.text
    leader = report.pairs[0]
    assert f"{leader.entries[0].card_number} &amp; {leader.entries[1].card_number}" in page.text


def test_a_progressive_drive_lists_no_pairs(client, club, organiser):
    drive = started_drive(club, movement="progressive", deals=4, deals_per_round=1)
    client.force_login(organiser)
    tables = {
        t: [hand(dealer="N", declarers="NS", level=2, strain="uptown", trumps="H", tricks=8)]
        for t in (1, 2)
    }
    post_hands(client, drive, 1, tables)
    assert drive_report(drive).pairs == []
    assert "<h2>Pairs</h2>" not in client.get(reverse("drives:standings", args=[drive.pk])).text
