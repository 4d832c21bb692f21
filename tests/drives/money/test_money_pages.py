"""The money page: fees paid or owing, takings and costs, prize money, history."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from drives.models import ClubRole, DriveMoney, EntryFee, MoneyChange, MoneyLine
from drives.money.accounts import drive_accounts, fee_version
from drives.money.services import setup_version
from drives.numbers import money
from tests.conftest import make_drive, make_entries, make_players, make_user
from tests.drives.money.conftest import evening_money, finished_paper_drive

pytestmark = pytest.mark.django_db


def page(client, drive):
    return client.get(reverse("drives:money", args=[drive.pk]))


def setup_data(drive, **changes):
    stored = DriveMoney.objects.filter(drive=drive).first() or DriveMoney(drive=drive)
    data = {
        "member_fee": "2.00",
        "visitor_fee": "3.00",
        "prize_money": "fixed",
        "share_percent": "50",
        "placing_amounts": "10, 6, 4",
        "booby_amount": "1",
        "half_time_amount": "0",
        "ten_trick_amount": "0",
        "consolation_amount": "0",
        "consolation": "none",
        "version": setup_version(stored),
    }
    return data | changes


def test_it_shows_the_evenings_totals_worked_from_the_fees_and_lines(client, organiser, finished):
    evening_money(finished)
    client.force_login(organiser)

    response = page(client, finished)

    assert response.status_code == 200
    text = response.content.decode()
    # 5 members at £2.50 and a visitor at £3.00 paid, a £12 raffle: £27.50; a £10 hall.
    assert '<td class="num" id="takings">£27.50</td>' in text
    assert '<td class="num" id="costs">£10.00</td>' in text
    # Half of £17.50 in prizes, 60:40:10: £4.77, £3.18 and the booby £0.80.
    assert '<td class="num" id="prizes-paid">£8.75</td>' in text
    assert "<strong>£8.75</strong>" in text
    assert '<td class="num" id="owing">£2.50</td>' in text
    for amount in ("£4.77", "£3.18", "£0.80"):
        assert amount in text
    assert "Prize fund: 50% of the takings after costs, £8.75." in text


def test_the_prizes_never_pay_out_more_than_the_fund(organiser, finished):
    evening_money(finished)
    accounts = drive_accounts(finished)
    assert accounts.fund == Decimal("8.75")
    assert accounts.prizes_paid <= accounts.fund
    assert [(p.name, [a for _, a in p.winners]) for p in accounts.prizes] == [
        ("1st", [Decimal("4.77")]),
        ("2nd", [Decimal("3.18")]),
        ("Booby", [Decimal("0.80")]),
        ("Half-time", [Decimal("0.00")]),
    ]


def test_a_helper_ticks_a_player_as_paid(client, club, finished):
    helper = make_user("helper")
    club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(helper)
    entry = finished.entries.get(card_number=3)

    response = client.post(
        reverse("drives:money_fee", args=[finished.pk, entry.pk]),
        {"kind": "visitor", "paid": "on", "version": fee_version(None)},
        follow=True,
    )

    assert response.status_code == 200
    fee = EntryFee.objects.get(entry=entry)
    assert (fee.kind, fee.paid) == ("visitor", True)
    assert f"{entry.player.name} has paid (Visitor)." in response.text
    assert MoneyChange.objects.get(drive=finished).changed_by == "helper"
    # Helpers tick fees; only organisers set the fees and prizes.
    assert "Save fees and prizes" not in response.text


def test_a_tick_from_a_stale_page_is_refused_and_changes_nothing(client, organiser, finished):
    client.force_login(organiser)
    entry = finished.entries.get(card_number=3)
    stale = fee_version(None)
    EntryFee.objects.create(entry=entry, kind="free", paid=False)

    response = client.post(
        reverse("drives:money_fee", args=[finished.pk, entry.pk]),
        {"kind": "member", "paid": "on", "version": stale},
        follow=True,
    )

    assert "was changed by someone else since you opened this page" in response.text
    fee = EntryFee.objects.get(entry=entry)
    assert (fee.kind, fee.paid) == ("free", False)


def test_the_money_page_is_for_the_clubs_team_only(client, finished):
    assert page(client, finished).status_code == 302  # to the log-in
    client.force_login(make_user("stranger"))
    assert page(client, finished).status_code in (403, 404)


def test_it_saves_the_fees_and_prizes_typed_with_a_decimal_comma(client, organiser, finished):
    client.force_login(organiser)

    response = client.post(
        reverse("drives:money_setup", args=[finished.pk]),
        setup_data(finished, member_fee="2,50"),
        follow=True,
    )

    assert "Fees and prizes saved." in response.text
    money_row = DriveMoney.objects.get(drive=finished)
    assert money_row.member_fee == Decimal("2.50")
    assert money_row.placing_amounts == "10, 6, 4"
    # Fixed amounts: £10 and £6 for 1st and 2nd, £1 the booby; no fund.
    paid = {p.name: p.total for p in drive_accounts(finished).prizes}
    assert paid == {
        "1st": Decimal("10.00"),
        "2nd": Decimal("6.00"),
        "Booby": Decimal("1.00"),
        "Half-time": Decimal("0.00"),
    }
    assert "Fees and prizes changed. Entry fee for members: 0 → 2.50;" in response.text
    assert "prizes in money: Prizes are not paid in money → Fixed amounts;" in response.text


def test_amounts_it_cannot_read_are_refused_and_nothing_changes(client, organiser, finished):
    client.force_login(organiser)

    response = client.post(
        reverse("drives:money_setup", args=[finished.pk]),
        setup_data(finished, placing_amounts="ten, six", visitor_fee="-1"),
    )

    assert response.status_code == 400
    assert "Some amounts were not understood; nothing changed." in response.text
    assert "Give amounts separated by commas" in response.text
    assert "An amount cannot be less than nothing." in response.text
    assert not DriveMoney.objects.filter(drive=finished).exists()


def test_settings_saved_from_a_stale_page_are_refused(client, organiser, finished):
    client.force_login(organiser)
    stale = setup_data(finished)
    DriveMoney.objects.create(drive=finished, member_fee=Decimal(5))

    response = client.post(reverse("drives:money_setup", args=[finished.pk]), stale)

    assert response.status_code == 409
    assert DriveMoney.objects.get(drive=finished).member_fee == Decimal(5)


def test_a_cost_added_and_taken_off_is_kept_in_the_history(client, organiser, finished):
    client.force_login(organiser)
    add = reverse("drives:money_line_add", args=[finished.pk])

    added = client.post(add, {"kind": "cost", "label": " Hall  hire ", "amount": "25"}, follow=True)

    line = MoneyLine.objects.get(drive=finished)
    assert (line.label, line.amount) == ("Hall hire", Decimal(25))
    assert "Cost added: Hall hire, £25.00." in added.text
    removed = client.post(
        reverse("drives:money_line_remove", args=[finished.pk, line.pk]), follow=True
    )
    assert not MoneyLine.objects.exists()
    assert "Taken off: Hall hire, £25.00." in removed.text
    assert "Added: Hall hire, £25.00." in removed.text
    again = client.post(
        reverse("drives:money_line_remove", args=[finished.pk, line.pk]), follow=True
    )
    assert "That line has already been taken off; nothing changed." in again.text


def test_amounts_are_written_as_the_pages_language_writes_money():
    amount = Decimal("1234.5")
    with translation.override("en-gb"):
        assert money(amount, "GBP") == "£1,234.50"
        assert money(Decimal(1230), "HUF") == "1,230\xa0Ft"
    with translation.override("fr"):
        assert money(amount, "GBP") == "1\xa0234,50\xa0£"
        assert money(amount, "EUR") == "1\xa0234,50\xa0€"
    with translation.override("hu"):
        assert money(amount, "GBP") == "1\xa0234,50\xa0£"
        assert money(Decimal(1230), "HUF") == "1\xa0230\xa0Ft"


def test_the_club_keeps_its_accounts_in_its_own_currency(client, organiser, club, finished):
    club.currency = "EUR"
    club.save()
    evening_money(finished)
    client.force_login(organiser)
    with translation.override("fr"):
        url = reverse("drives:money", args=[finished.pk])
    response = client.get(url)
    assert '<td class="num" id="takings">27,50\xa0€</td>' in response.text


def count_queries(client, url):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def test_the_money_page_reads_the_same_queries_whatever_the_number_of_players(
    client, organiser, club
):
    client.force_login(organiser)
    counts = []
    for players in (8, 20):
        totals = {card: (60 - card, 30 - card // 2) for card in range(1, players + 1)}
        drive = finished_paper_drive(club, totals, prize_places=3)
        evening_money_for(drive)
        counts.append(count_queries(client, reverse("drives:money", args=[drive.pk])))
    # The session, the user, the drive and club, the role checks; the money row, the entries with
    # their fees, the lines, the history; the report's entries, seatings and card totals
    # and its prize-money row: none grows with the players or the drives.
    assert counts == [13, 13]


def evening_money_for(drive):
    DriveMoney.objects.create(drive=drive, member_fee=Decimal(2), prize_money="share")
    for entry in drive.entries.all():
        EntryFee.objects.create(entry=entry, paid=entry.card_number % 2 == 0)
    MoneyLine.objects.create(drive=drive, kind="taking", label="Raffle", amount=5)


def test_the_check_in_offers_the_entry_fees(client, organiser, club):
    drive = make_drive(club)
    make_entries(drive, make_players(club, 4))
    DriveMoney.objects.create(drive=drive, member_fee=Decimal(2))
    client.force_login(organiser)

    response = client.get(drive.get_absolute_url())

    assert "Entry fees: who has paid" in response.text
    assert reverse("drives:money", args=[drive.pk]) in response.text
    money_page = page(client, drive)
    assert money_page.status_code == 200
    assert "Member: 0 paid, 4 owing" in money_page.text
