"""Figures in the page's language (issue 15, point 11): a decimal comma and the language's
thousands separator in French and Hungarian, the same rule on every page and sheet;
CSVs stay machine-readable in every language."""

import csv
import io
import re
from decimal import Decimal
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import translation

from drives.evening import seating
from drives.evening.lifecycle import round_advance
from drives.league.tables import contributions_html
from drives.names import PublicNames
from drives.numbers import average, figure
from drives.reports.lines import standing_lines
from drives.reports.report import drive_report
from scoring.league import Contribution
from tests.conftest import make_started_drive, record_tricks

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "big", "whole", "half", "mean", "three"),
    [
        ("en-gb", "1,234.50", "12,345", "23.50", "7.25", "3.00"),
        ("fr", f"1{NBSP}234,50", f"12{NBSP}345", "23,50", "7,25", "3,00"),
        ("hu", f"1{NBSP}234,50", f"12{NBSP}345", "23,50", "7,25", "3,00"),
    ],
)
def test_figures_read_in_the_languages_style(language, big, whole, half, mean, three):
    with translation.override(language):
        assert figure(Decimal("1234.5")) == big
        assert figure(Decimal("23.50")) == half
        assert figure(Decimal("23.00")) == "23"  # as a card is written up
        assert figure(12345) == whole
        assert average(Decimal("7.25")) == mean
        assert average(3) == three


@pytest.mark.parametrize(("language", "separator"), [("fr", NBSP), ("hu", NBSP)])
def test_thousands_are_grouped_in_the_league_cells(language, separator):
    cells = (Contribution(1, Decimal("1250.5"), True), None)
    with translation.override(language):
        assert str(contributions_html(cells)) == f"1{separator}250,50 –"


def scored_drive(club, organiser):
    """Nine players, one sitting out a round: sit-out credit makes fractional points."""
    drive = make_started_drive(club, players=9, deals=4, movement="individual")
    while True:
        drive.refresh_from_db()
        number = drive.current_round
        for table in sorted(seating.tables_of_round(drive, number)):
            tricks = {deal: (5 * table + 3 * deal) % 14 for deal in drive.deals_of_round(number)}
            record_tricks(drive, number, table, tricks)
        if number == drive.rounds:
            return drive
        round_advance(drive=drive)


def by_hand(value: Decimal, comma: bool) -> str:
    """The expected text, written out here rather than by the code under test."""
    text = f"{value:.2f}"
    if text.endswith(".00") and value == value.to_integral_value():
        text = text[:-3]
    return text.replace(".", ",") if comma else text


@pytest.mark.parametrize(("prefix", "comma"), [("", False), ("/fr", True), ("/hu", True)])
def test_the_standings_page_shows_points_and_averages_in_the_pages_style(
    client, club, organiser, prefix, comma
):
    drive = scored_drive(club, organiser)
    report = drive_report(drive)
    page = unescape(client.get(prefix + reverse("drives:standings", args=[drive.pk])).text)
    for row in report.overall:
        points = by_hand(row.standing.points, comma)
        mean = f"{row.standing.average_per_deal:.2f}"
        mean = mean.replace(".", ",") if comma else mean
        assert f'<td class="num">{points}</td>' in page
        assert f'<td class="num">{mean}</td>' in page
    # Every average has two places, so the decimal sign always shows (whether some points
    # are fractional depends on the seating).
    cells = re.findall(r'<td class="num">(-?\d+[.,]\d\d)</td>', page)
    assert cells and all(("," in cell) == comma for cell in cells)


@pytest.mark.parametrize("prefix", ["/fr", "/hu"])
def test_the_standings_csv_stays_machine_readable_in_every_language(
    client, club, organiser, prefix
):
    drive = scored_drive(club, organiser)
    response = client.get(prefix + reverse("drives:standings_csv", args=[drive.pk]))
    text = b"".join(response.streaming_content if response.streaming else [response.content])
    rows = list(csv.reader(io.StringIO(text.decode("utf-8-sig"))))
    lines = standing_lines(
        drive_report(drive).overall, PublicNames.for_drive(drive, AnonymousUser())
    )
    points = {row[2]: row[4] for row in rows[1:]}
    for line in lines:
        assert points[line.name] == str(line.points)  # 12.50, never 12,50
        assert Decimal(points[line.name]) == line.points


@pytest.mark.parametrize(
    ("language", "points", "mean"),
    [("fr", "1\u00a0234,50", "7,25"), ("hu", "1\u00a0234,50", "7,25")],
)
def test_the_printed_standings_lines_use_the_same_rule(language, points, mean):
    """The results sheet (PDF) prints StandingLine's texts: the pages' rule, not a second one."""
    from drives.reports.lines import StandingLine

    line = StandingLine(
        rank=1, shared=False, card=1, name="Ann", role="lady", role_label="Lady",
        points=Decimal("1234.50"), played=20, sat_out=0, average=Decimal("7.25"),
    )  # fmt: skip
    with translation.override(language):
        assert (line.points_text, line.average_text) == (points, mean)
    assert line.csv_cells()[4] == Decimal("1234.50")  # the CSV keeps the number itself
