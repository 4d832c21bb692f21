"""The results CSV says who held the honours in words, as the pages do."""

import csv
import io

import pytest
from django.urls import reverse

from drives import games
from drives.evening.results import results_record
from tests.conftest import make_started_drive

pytestmark = pytest.mark.django_db


def test_the_honours_column_says_who_held_them(client, club, organiser):
    drive = make_started_drive(
        club, movement="individual", deals=8, deals_per_round=2, honours=True
    )
    game = games.of(drive)
    deals = game.deals(1)
    held = {deals[0].number: 0}
    typed = {deal.number: {"tricks": 7, "honours": held.get(deal.number, 4)} for deal in deals}
    results_record(
        drive=drive,
        round_number=1,
        table=1,
        figures=game.check(1, deals, typed),
        version=0,
        user=None,
    )
    client.force_login(organiser)
    text = client.get(reverse("drives:results_csv", args=[drive.pk])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["honours"] == "E–W hold all four"
    assert {row["honours"] for row in rows[1:]} == {"N–S hold all four"}
