"""The "Put right a wrong move" page: links to it, what it saves and says, what it refuses."""

import html

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from drives.evening.lifecycle import drive_reopen, round_advance
from drives.evening.repairs import players_swap, repair_version
from drives.models import ClubRole, MoveRepair, Seating, TableResult
from tests.conftest import (
    make_club,
    make_played_drive,
    make_started_drive,
    make_user,
    record_tricks,
)


@pytest.fixture
def drive(club):
    """Eight players, round 1 played, round 2 seated and not yet played."""
    drive = make_started_drive(club, players=8, deals=4, movement="progressive")
    record_tricks(drive, 1, 1, {1: 9})
    record_tricks(drive, 1, 2, {1: 5})
    round_advance(drive=drive)
    drive.refresh_from_db()
    return drive


def at(drive, round_number, table, seat):
    return Seating.objects.get(drive=drive, round=round_number, table=table, seat=seat).entry


def repair_url(drive, number=1, language=""):
    return language + reverse("drives:repair", args=[drive.pk, number])


def text(response):
    return html.unescape(response.content.decode())


def players_post(drive, first, second, **overrides):
    return {
        "kind": "players",
        "players-first": first.pk,
        "players-second": second.pk,
        "players-reason": "Mrs Smith went to table 2",
        "players-version": repair_version(drive, 1),
    } | overrides


def test_the_round_and_drive_pages_offer_it_to_organisers_only(client, organiser, drive):
    client.force_login(organiser)
    round_page = text(client.get(reverse("drives:round", args=[drive.pk, 1])))
    assert f'href="{repair_url(drive)}"' in round_page
    assert "Put right a wrong move" in round_page
    drive_page = client.get(drive.get_absolute_url())
    assert reverse("drives:repair_latest", args=[drive.pk]) in text(drive_page)
    latest = client.get(reverse("drives:repair_latest", args=[drive.pk]))
    assert latest.status_code == 302 and latest.url == repair_url(drive)
    # Round 2 is not played yet: nothing to put right there.
    assert "Put right a wrong move" not in text(
        client.get(reverse("drives:round", args=[drive.pk, 2]))
    )
    assert client.get(repair_url(drive, 2)).status_code == 404
    helper = make_user("harry")
    drive.club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(helper)
    assert "Put right a wrong move" not in text(
        client.get(reverse("drives:round", args=[drive.pk, 1]))
    )
    assert client.get(repair_url(drive)).status_code == 403


def test_the_page_lists_the_rounds_players_where_they_sat(client, organiser, drive):
    client.force_login(organiser)
    page = text(client.get(repair_url(drive)))
    north = at(drive, 1, 1, "N")
    assert f"{north.player.name} (card {north.card_number}): table 1, seat N" in page
    assert "Table 2" in page
    assert "No move has been put right at this drive." in page


def test_swapping_two_players_saves_and_says_what_it_did(client, organiser, drive):
    client.force_login(organiser)
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")

    response = client.post(repair_url(drive), players_post(drive, first, second))

    assert response.status_code == 302
    assert response.url == reverse("drives:round", args=[drive.pk, 1])
    assert at(drive, 1, 1, "N") == second and at(drive, 1, 2, "E") == first
    record = MoveRepair.objects.get(drive=drive)
    assert record.reason == "Mrs Smith went to table 2"
    page = text(client.get(response.url))
    assert (
        f"Swapped {first.player.name} and {second.player.name} in round 1; "
        "standings recalculated." in page
    )
    assert "Round 2 was seated again from the corrected round." in page
    history = text(client.get(repair_url(drive)))
    assert f"Swapped {first.player.name} and {second.player.name} in round 1" in history
    assert "Mrs Smith went to table 2" in history


def test_swapping_two_tables_results(client, organiser, drive):
    client.force_login(organiser)
    response = client.post(
        repair_url(drive),
        {
            "kind": "tables",
            "tables-first": 1,
            "tables-second": 2,
            "tables-reason": "Cards handed in under the wrong numbers",
            "tables-version": repair_version(drive, 1),
        },
        follow=True,
    )
    assert response.status_code == 200
    tricks = dict(TableResult.objects.filter(drive=drive).values_list("table", "ns_tricks"))
    assert tricks == {1: 5, 2: 9}
    assert "Swapped the results of tables 1 and 2 in round 1; standings recalculated." in text(
        response
    )


def test_a_missing_reason_is_asked_for_and_nothing_changes(client, organiser, drive):
    client.force_login(organiser)
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")
    response = client.post(
        repair_url(drive), players_post(drive, first, second, **{"players-reason": ""})
    )
    assert response.status_code == 200
    assert "This field is required." in text(response)
    assert at(drive, 1, 1, "N") == first
    assert not MoveRepair.objects.exists()


def test_a_stale_form_is_refused_and_says_so(client, organiser, drive):
    client.force_login(organiser)
    first, second = at(drive, 1, 1, "N"), at(drive, 1, 2, "E")
    stale = players_post(drive, first, second)
    players_swap(
        drive=drive,
        round_number=1,
        first=first,
        second=second,
        reason="Another organiser's tab",
        version=None,
        user=organiser,
    )
    response = client.post(repair_url(drive), stale)
    assert response.status_code == 200
    assert (
        "Round 1's record was changed by someone else since you opened this page; "
        "nothing was saved." in text(response)
    )
    assert at(drive, 1, 1, "N") == second  # as the other tab left it
    assert MoveRepair.objects.count() == 1


def test_a_refusal_is_worded_on_the_page(client, organiser, drive):
    client.force_login(organiser)
    first = at(drive, 1, 1, "N")
    response = client.post(repair_url(drive), players_post(drive, first, first))
    assert f"Choose two different players: {first.player.name} was chosen twice." in text(response)


@pytest.mark.parametrize(
    ("language", "heading"),
    [("/fr", "Corriger un mauvais déplacement"), ("/hu", "Rossz helycsere javítása")],
)
def test_the_page_speaks_french_and_hungarian(client, organiser, drive, language, heading):
    client.force_login(organiser)
    assert heading in text(client.get(repair_url(drive, language=language)))


def test_the_page_runs_the_same_queries_for_4_tables_as_for_16(client, organiser):
    counts = []
    for players in (16, 64):
        drive = make_played_drive(
            make_club(organiser=organiser), players=players, movement="individual", deals=4
        )
        drive_reopen(drive=drive)
        players_swap(
            drive=drive,
            round_number=2,
            first=at(drive, 2, 1, "N"),
            second=at(drive, 2, 2, "N"),
            reason="Wrong table",
            version=None,
            user=organiser,
        )
        client.force_login(organiser)
        with CaptureQueriesContext(connection) as context:
            response = client.get(repair_url(drive, 2))
        assert response.status_code == 200
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]
