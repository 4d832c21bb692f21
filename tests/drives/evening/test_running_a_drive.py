"""The evening itself: start, enter tricks round by round, correct, finish, standings."""

import csv
import io
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import pairwise

import pytest
from django.core.management import call_command
from django.urls import reverse

from drives.errors import DriveError
from drives.evening.entries import entry_withdraw
from drives.models import DriveStatus, ResultChange, TableResult
from tests.conftest import make_drive, make_players, make_started_drive, record_tricks

pytestmark = pytest.mark.django_db


def post_scores(client, drive, round_number, tables):
    """tables: {table: [N–S tricks per deal]}; versions 0 unless given as (tricks, version)."""
    data = {}
    deals = list(drive.deals_of_round(round_number))
    for table, value in tables.items():
        tricks, version = value if isinstance(value, tuple) else (value, 0)
        data[f"t{table}_v"] = version
        for deal, ns in zip(deals, tricks, strict=True):
            data[f"t{table}_d{deal}"] = ns
    url = reverse("drives:round", args=[drive.pk, round_number])
    return client.post(url, data, follow=True)


def test_starting_seats_round_one_and_shows_it(client, club, organiser):
    drive = make_started_drive(club, players=9, movement="individual", deals=8)
    assert drive.status == DriveStatus.RUNNING and drive.current_round == 1
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert page.status_code == 200
    assert "Table 1" in page.text and "Table 2" in page.text
    assert "Sitting out" in page.text
    assert "♥ hearts" in page.text
    # A static movement seats every round at the start.
    assert drive.seatings.filter(round=8).count() == 8


def test_23_players_over_25_rounds_never_meet_the_same_partner(client, club, organiser):
    # 25 rounds of five tables partner 250 of the 253 pairs: the fullest a drive of 23 can be.
    drive = make_started_drive(club, players=23, movement="individual", deals=25)
    partnerships, sat_out = [], {entry.pk: [] for entry in drive.entries.all()}
    for number in range(1, 26):
        seats = {(s.table, s.seat): s.entry_id for s in drive.seatings.filter(round=number)}
        tables = {table for table, _ in seats}
        partnerships += [
            frozenset((seats[table, a], seats[table, b]))
            for table in tables
            for a, b in ("NS", "EW")
        ]
        for entry in set(sat_out) - set(seats.values()):
            sat_out[entry].append(number)
    assert len(partnerships) == len(set(partnerships)) == 250
    times = sorted(len(rounds) for rounds in sat_out.values())
    assert times[0] >= 3 and times[-1] <= 4
    assert not any(b - a == 1 for rounds in sat_out.values() for a, b in pairwise(rounds))
    client.force_login(organiser)
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert page.status_code == 200
    assert "Table 5" in page.text and "Table 6" not in page.text and "Sitting out" in page.text


def test_it_saves_good_tables_and_refuses_bad_ones_alone(client, club, organiser):
    drive = make_started_drive(club, players=12, movement="individual", deals=4)
    client.force_login(organiser)
    response = post_scores(client, drive, 1, {1: [8], 2: [14], 3: [-1]})
    assert list(TableResult.objects.values_list("table", "ns_tricks")) == [(1, 8)]
    assert "Saved 1 table." in response.text
    assert "Table 2: N–S tricks must be a whole number from 0 to 13, not 14" in response.text
    assert "Table 3: N–S tricks must be a whole number from 0 to 13, not -1" in response.text


def test_the_same_result_posted_twice_is_refused(client, club, organiser):
    drive = make_started_drive(club, players=8, movement="individual", deals=4)
    client.force_login(organiser)
    post_scores(client, drive, 1, {1: [9]})
    response = post_scores(client, drive, 1, {1: [4]})
    assert TableResult.objects.get(table=1).ns_tricks == 9
    assert "Table 1 already has its result for round 1" in response.text


def test_a_correction_from_a_stale_page_is_refused(client, club, organiser):
    drive = make_started_drive(club, players=8, movement="individual", deals=4)
    client.force_login(organiser)
    post_scores(client, drive, 1, {1: [9]})
    post_scores(client, drive, 1, {1: ([10], 1)})  # a correction from an up-to-date page
    response = post_scores(client, drive, 1, {1: ([3], 1)})  # the old page, posted again
    result = TableResult.objects.get(table=1)
    assert (result.ns_tricks, result.version) == (10, 2)
    assert "changed by someone else since you opened this page" in response.text
    assert list(ResultChange.objects.values_list("old_ns_tricks", "new_ns_tricks")) == [(9, 10)]


def test_scores_for_a_round_that_is_not_open_are_refused(client, club, organiser):
    drive = make_started_drive(club, players=8, movement="individual", deals=4)
    client.force_login(organiser)
    response = post_scores(client, drive, 2, {1: [7]})
    assert response.status_code == 404
    assert not TableResult.objects.exists()
    with pytest.raises(DriveError, match="Round 2 is not open for scores"):
        record_tricks(drive, 2, 1, {2: 7}, user=organiser)


def test_the_next_round_opens_only_when_every_table_has_its_tricks(client, club, organiser):
    drive = make_started_drive(club, players=8, movement="individual", deals=4)
    client.force_login(organiser)
    post_scores(client, drive, 1, {1: [7]})
    response = client.post(reverse("drives:advance", args=[drive.pk]), follow=True)
    drive.refresh_from_db()
    assert drive.current_round == 1
    assert "Round 1 is not complete" in response.text
    post_scores(client, drive, 1, {2: [6]})
    client.post(reverse("drives:advance", args=[drive.pk]))
    drive.refresh_from_db()
    assert drive.current_round == 2


def play_to_the_end(client, drive, tricks=7):
    for round_number in range(drive.current_round, drive.rounds + 1):
        tables = drive.seatings.filter(round=round_number).values_list("table", flat=True)
        post_scores(
            client, drive, round_number, {t: [tricks] * drive.deals_per_round for t in set(tables)}
        )
        action = "advance" if round_number < drive.rounds else "finish"
        client.post(reverse(f"drives:{action}", args=[drive.pk]))
    drive.refresh_from_db()


def test_a_finished_drive_is_read_only_until_reopened(client, club, organiser):
    drive = make_started_drive(club, players=8, movement="individual", deals=4)
    client.force_login(organiser)
    play_to_the_end(client, drive)
    assert drive.status == DriveStatus.FINISHED
    response = post_scores(client, drive, 1, {1: ([13], 1)})
    assert "reopen it to correct scores" in response.text
    assert TableResult.objects.get(deal=1, table=1).ns_tricks == 7
    client.post(reverse("drives:reopen", args=[drive.pk]))
    post_scores(client, drive, 1, {1: ([13], 1)})
    assert TableResult.objects.get(deal=1, table=1).ns_tricks == 13


def test_correcting_a_progressive_round_warns_that_later_seatings_stand(client, club, organiser):
    drive = make_started_drive(club, players=8, movement="progressive", deals=4)
    client.force_login(organiser)
    post_scores(client, drive, 1, {1: [9], 2: [3]})
    client.post(reverse("drives:advance", args=[drive.pk]))
    round_two = list(drive.seatings.filter(round=2).values_list("entry", "table", "seat"))
    response = post_scores(client, drive, 1, {1: ([2], 1)})
    assert "Later rounds were seated from the old result; they stay as played." in response.text
    assert list(drive.seatings.filter(round=2).values_list("entry", "table", "seat")) == round_two


def read_csv(response):
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.mark.parametrize(
    "movement", ["progressive", "semi_partner", "individual", "mitchell", "howell"]
)
@pytest.mark.parametrize("counting", ["odd", "all"])
def test_standings_equal_a_recomputation_from_results_csv(client, club, movement, counting):
    players = 14 if movement in ("mitchell", "howell") else 13  # both leave sit-outs
    drive = make_drive(club, movement=movement, counting=counting, deals=8, deals_per_round=2)
    make_players(club, players)
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED

    points, played = {}, {}
    for row in read_csv(client.get(reverse("drives:results_csv", args=[drive.pk]))):
        ns, ew = int(row["ns tricks"]), int(row["ew tricks"])
        assert ns + ew == 13
        for seat, tricks in (("north", ns), ("south", ns), ("east", ew), ("west", ew)):
            score = max(tricks - 6, 0) if counting == "odd" else tricks
            points[row[seat]] = points.get(row[seat], 0) + score
            played[row[seat]] = played.get(row[seat], 0) + 1
    standings = read_csv(client.get(reverse("drives:standings_csv", args=[drive.pk])))
    assert len(standings) == players
    assert any(int(row["deals sat out"]) for row in standings)
    for row in standings:
        name = row["name"]
        sat_out = drive.deals - played[name]
        # The credit is the exact average times the deals sat out, rounded once.
        exact = points[name] + Fraction(points[name], played[name]) * sat_out
        shown = Decimal(exact.numerator) / Decimal(exact.denominator)
        assert int(row["deals played"]) == played[name]
        assert Decimal(row["points"]) == shown.quantize(Decimal("0.01"), ROUND_HALF_UP), name
    totals = [Decimal(row["points"]) for row in standings]
    assert totals == sorted(totals, reverse=True)


def test_the_round_page_says_where_the_losers_go_while_the_tables_stay(client, club, organiser):
    drive = make_started_drive(club, players=9, movement="progressive", deals=4)
    client.force_login(organiser)
    post_scores(client, drive, 1, {1: [9], 2: [3]})
    page = client.get(reverse("drives:round", args=[drive.pk, 1])).text
    assert "N–S won the round." in page and "E–W won the round." in page
    assert "Losing lady: go to table 2. Losing gent: go to table 2." in page
    # With two players gone only one table is left: the page no longer promises the usual moves.
    for entry in drive.entries.all()[:2]:
        entry_withdraw(drive=drive, entry=entry)
    page = client.get(reverse("drives:round", args=[drive.pk, 1])).text
    assert "N–S won the round." in page and "Losing lady" not in page
