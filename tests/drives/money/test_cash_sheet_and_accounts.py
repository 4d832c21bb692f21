"""The cash sheet (a PDF through the sheet pipeline) and the season's accounts CSV."""

import csv
import io
import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from drives.models import DriveMoney, EntryFee, PrintedSheet, SheetKind, SheetStatus
from drives.money.accounts import drive_accounts
from drives.printing import jobs
from tests.conftest import make_drive, make_entries, make_players, make_season, make_user
from tests.drives.money.conftest import evening_money, finished_paper_drive
from tests.drives.money.test_prizes_given import pdf_text
from tests.drives.printing.test_printing_jobs import DUMMY

pytestmark = pytest.mark.django_db


def amounts(text: str, label: str) -> list[Decimal]:
    return [Decimal(a.replace(",", "")) for a in re.findall(rf"{label} £([\d,]+\.\d\d)", text)]


def test_the_cash_sheets_totals_are_the_evenings_figures(client, organiser, finished):
    evening_money(finished)
    client.force_login(organiser)

    response = client.get(reverse("drives:cash_pdf", args=[finished.pk]), follow=True)

    text = pdf_text(response)
    accounts = drive_accounts(finished)
    fees = sum(f.due for f in accounts.fees if f.paid)
    other = sum(line.amount for line in accounts.takings_lines)
    costs = sum(line.amount for line in accounts.cost_lines)
    paid = sum(amount for prize in accounts.prizes for _, amount in prize.winners)
    assert amounts(text, "Total takings") == [fees + other, fees + other] == [Decimal("27.50")] * 2
    assert amounts(text, "Total costs") == [costs] == [Decimal("10.00")]
    assert amounts(text, "Total prizes paid") == [paid] == [Decimal("8.75")]
    assert amounts(text, "Balance for the club") == [fees + other - costs - paid]
    assert "Entry fees, Member: 5 paid £12.50" in text
    assert "Entry fees, Visitor: 1 paid £3.00" in text
    assert "Raffle £12.00" in text and "Hall hire £10.00" in text
    assert "Entry fees still owed, not counted above: £2.50. Player 008 (8)" in text
    assert "1st Player 001 (1) £4.77" in text
    assert "Half-time: Player 001 (card 1) came first for it but takes the 1st prize." in text


@override_settings(TASKS=DUMMY)
def test_the_cash_sheet_renders_off_the_request(client, organiser, finished):
    client.force_login(organiser)

    response = client.get(reverse("drives:cash_pdf", args=[finished.pk]))

    sheet = PrintedSheet.objects.get(drive=finished, kind=SheetKind.CASH)
    assert response.status_code == 302 and sheet.status == SheetStatus.QUEUED
    jobs.run(sheet.pk, processes=1)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.READY
    # A fee paid since is a new sheet: the money is part of its fingerprint.
    EntryFee.objects.create(entry=finished.entries.first(), paid=True)
    client.get(reverse("drives:cash_pdf", args=[finished.pk]))
    assert PrintedSheet.objects.filter(drive=finished, kind=SheetKind.CASH).count() == 2


def test_the_cash_sheet_is_for_organisers_only(client, finished):
    url = reverse("drives:cash_pdf", args=[finished.pk])
    assert client.get(url).status_code == 302
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code in (403, 404)


def season_csv(client, season):
    response = client.get(reverse("drives:season_accounts_csv", args=[season.pk]))
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_seasons_accounts_have_a_line_a_drive_and_the_seasons_total(client, organiser, club):
    season = make_season(club)
    first = finished_paper_drive(
        club, season=season, prize_places=2, booby_prize=True, half_time_prize=True
    )
    evening_money(first)
    planned = make_drive(club, season=season, title="Next Drive")
    make_entries(planned, make_players(club, 4))
    DriveMoney.objects.create(drive=planned, member_fee=Decimal(2))
    client.force_login(organiser)

    rows = season_csv(client, season)

    assert rows[0] == [
        "date",
        "drive",
        "status",
        "players",
        "entry fees paid (GBP)",
        "entry fees owing (GBP)",
        "other takings (GBP)",
        "takings (GBP)",
        "costs (GBP)",
        "prize money (GBP)",
        "balance (GBP)",
    ]
    assert rows[1] == [
        "2026-12-04",
        "Test Drive",
        "finished",
        "8",
        "15.50",
        "2.50",
        "12.00",
        "27.50",
        "10.00",
        "8.75",
        "8.75",
    ]
    assert rows[2] == [
        "2026-12-04",
        "Next Drive",
        "planned",
        "4",
        "0.00",
        "8.00",
        "0.00",
        "0.00",
        "0.00",
        "0.00",
        "0.00",
    ]
    assert rows[3] == [
        "",
        "season total",
        "",
        "12",
        "15.50",
        "10.50",
        "12.00",
        "27.50",
        "10.00",
        "8.75",
        "8.75",
    ]


def test_the_seasons_accounts_read_the_same_queries_whatever_the_number_of_drives(
    client, organiser, club
):
    client.force_login(organiser)
    counts = []
    for drives in (1, 3):
        season = make_season(club, name=f"Season of {drives}")
        for _ in range(drives):
            evening_money(finished_paper_drive(club, season=season))
        season_csv(client, season)  # the summaries cached, as finishing leaves them
        with CaptureQueriesContext(connection) as context:
            season_csv(client, season)
        counts.append(len(context.captured_queries))
    # The session and user, the season, the role check; its drives, their money, fees and lines;
    # the summaries' fingerprints (cached standings): none grows with the drives.
    assert counts == [13, 13]


def test_the_seasons_accounts_are_for_organisers_only(client, club):
    season = make_season(club)
    url = reverse("drives:season_accounts_csv", args=[season.pk])
    assert client.get(url).status_code == 302
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code in (403, 404)
