"""The largest evening the site accepts posts whole: nothing refused by the field limit.

Django refuses a request with more than DATA_UPLOAD_MAX_NUMBER_FIELDS fields with a 400
and everything typed is lost, so these post the biggest check-in and round page.
"""

import pytest
from django.urls import reverse

from drives.evening.entries import check_in_version
from drives.evening.lifecycle import drive_start
from drives.models import DriveStatus, Entry, TableResult
from tests.conftest import make_drive, make_entries, make_players

pytestmark = pytest.mark.django_db

PLAYERS = 500  # 125 tables


def test_it_checks_in_five_hundred_players_in_one_post(client, club, organiser):
    drive = make_drive(club)
    players = make_players(club, PLAYERS)
    client.force_login(organiser)
    # The browser also posts the CSRF token: 1,001 fields.
    data = {"csrfmiddlewaretoken": "x", "present": [p.pk for p in players]}
    data["version"] = check_in_version(drive)
    data |= {f"role_{p.pk}": p.role for p in players}
    response = client.post(reverse("drives:check_in", args=[drive.pk]), data)
    assert response.status_code == 302
    assert Entry.objects.filter(drive=drive).count() == PLAYERS


def test_it_saves_a_round_of_125_tables_with_honours_in_one_post(client, club, organiser):
    drive = make_drive(club, deals=52, deals_per_round=4, honours=True, movement="progressive")
    make_entries(drive, make_players(club, PLAYERS))
    drive_start(drive=drive)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING
    client.force_login(organiser)
    data = {"csrfmiddlewaretoken": "x"}
    for table in range(1, PLAYERS // 4 + 1):
        data[f"t{table}_v"] = 0
        for deal in range(1, 5):
            data[f"t{table}_d{deal}"] = table % 14
            data[f"t{table}_h{deal}"] = 2
    assert len(data) > 1_000
    response = client.post(reverse("drives:round", args=[drive.pk, 1]), data)
    assert response.status_code == 302
    assert TableResult.objects.filter(drive=drive, round=1).count() == 125 * 4
    assert set(TableResult.objects.values_list("ns_honours", flat=True)) == {2}
