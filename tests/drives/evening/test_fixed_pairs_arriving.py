"""Fixed partners who arrive late or leave early, through the drive's own services.

A pair that arrives between rounds plays every round left except its fair
share of sit-outs (a phantom pair makes the count even); the played rounds
never move.
"""

from itertools import pairwise

import pytest
from django.urls import reverse

from drives.evening.lifecycle import drive_start
from tests.conftest import make_drive, make_entries, make_player, make_players
from tests.drives.evening.test_arrivals_and_withdrawals import finish_round, pairs_seated, seats

pytestmark = pytest.mark.django_db


def rests_by_round(drive, pairs, rounds):
    """For each round, the pairs (indices into ``pairs``) who sat out."""
    result = []
    for number in rounds:
        seated = pairs_seated(drive, number)
        assert len(seated) == len(pairs) // 2  # one pair sits out when the count is odd
        at_tables = [pair for four in seated for pair in four]
        assert all(pair in pairs for pair in at_tables)  # partners stay together
        result.append([i for i, pair in enumerate(pairs) if pair not in at_tables])
    return result


def test_a_late_pair_plays_the_rest_of_a_mitchell_drive_with_fair_sit_outs(client, club, organiser):
    drive = make_drive(club, movement="mitchell", deals=7)
    entries = make_entries(drive, make_players(club, 8))  # four pairs, seven rounds
    drive_start(drive=drive)
    drive.refresh_from_db()
    finish_round(drive)  # round 2 is under way
    played = seats(drive, [1, 2])
    client.force_login(organiser)
    for name in ("Tardy Tom", "Tardy Tess"):
        player = make_player(club=drive.club, name=name)
        client.post(reverse("drives:late_arrival", args=[drive.pk]), {"player": player.pk})
    late = {e.pk for e in drive.entries.filter(player__name__startswith="Tardy")}
    pairs = [{e.pk for e in entries[i : i + 2]} for i in range(0, 8, 2)] + [late]

    assert seats(drive, [1, 2]) == played
    rests = rests_by_round(drive, pairs, range(3, drive.rounds + 1))
    assert all(len(out) == 1 for out in rests)  # five pairs: the phantom's opponents rest
    assert all(a != b for a, b in pairwise(rests))  # never twice running
    counts = [sum(out == [pair] for out in rests) for pair in range(5)]
    assert max(counts) - min(counts) <= 1  # five rests among five pairs: one each
    assert counts[4] <= 1  # the late pair plays the rest but for its one turn


def test_a_withdrawn_pair_leaves_the_sit_outs_fair_for_the_pairs_left(client, club, organiser):
    drive = make_drive(club, movement="howell", deals=9)
    entries = make_entries(drive, make_players(club, 12))  # six pairs, nine rounds
    drive_start(drive=drive)
    drive.refresh_from_db()
    finish_round(drive)
    finish_round(drive)  # round 3 is under way
    client.force_login(organiser)
    client.post(reverse("drives:withdraw", args=[drive.pk, entries[2].pk]))
    pairs = [{e.pk for e in entries[i : i + 2]} for i in range(0, 12, 2) if i != 2]

    rests = rests_by_round(drive, pairs, range(4, drive.rounds + 1))
    assert all(len(out) == 1 for out in rests)
    assert all(a != b for a, b in pairwise(rests))
    counts = [sum(out == [pair] for out in rests) for pair in range(5)]
    assert max(counts) - min(counts) <= 1  # six rests among five pairs
