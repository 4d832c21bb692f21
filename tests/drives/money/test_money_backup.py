"""A club's file carries its drives' money: fees, lines, settings, the draw, the history."""

import io

import pytest
from django.core.management import call_command

from drives.models import Club, DriveMoney, MoneyChange
from drives.money.accounts import drive_accounts
from drives.money.services import consolation_draw
from drives.reports.report import drive_report
from tests.conftest import make_user
from tests.drives.money.conftest import evening_money

pytestmark = pytest.mark.django_db


def test_the_money_travels_with_the_club_file(club, finished, tmp_path):
    evening_money(finished)
    DriveMoney.objects.filter(drive=finished).update(consolation="beside")
    consolation_draw(drive=finished, by="alice", seed="5eed")
    before = drive_accounts(finished)
    path = tmp_path / "club.json"
    call_command("export_club", club.slug, "-o", str(path), stderr=io.StringIO())
    make_user("importer")

    call_command(
        "import_club", str(path), "--slug", "copy", "--organiser", "importer", stdout=io.StringIO()
    )

    copy = Club.objects.get(slug="copy").drives.get()
    after = drive_accounts(copy)
    assert (after.takings, after.costs, after.prizes_paid, after.balance, after.fees_owing) == (
        before.takings,
        before.costs,
        before.prizes_paid,
        before.balance,
        before.fees_owing,
    )
    assert (
        drive_report(copy).draw.winner.card_number == drive_report(finished).draw.winner.card_number
    )
    assert MoneyChange.objects.filter(drive=copy, action="drawn").exists()
