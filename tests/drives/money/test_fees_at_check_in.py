"""Entry fees paid or owing at check-in: each checked-in player's mark on the drive page,
and its button, through the money room's service."""

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from drives.evening.lifecycle import drive_start
from drives.models import ClubRole, DriveMoney, EntryFee, MoneyChange
from drives.money.accounts import fee_version
from tests.conftest import make_drive, make_entries, make_player, make_players, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def checked_in(club):
    """A planned drive of 8, fees of £2.50 and £3.00; card 2 a visitor, card 3 free; one
    member not checked in."""
    drive = make_drive(club, movement="individual", deals=4)
    entries = make_entries(drive, make_players(club, 8))
    make_player(club, name="Mrs Absent")
    DriveMoney.objects.create(drive=drive, member_fee=Decimal("2.50"), visitor_fee=Decimal(3))
    EntryFee.objects.create(entry=entries[1], kind="visitor")
    EntryFee.objects.create(entry=entries[2], kind="free")
    return drive


@pytest.fixture
def helper(client, club):
    user = make_user("helper")
    club.memberships.create(user=user, role=ClubRole.HELPER)
    client.force_login(user)
    return user


def row_of(text, player):
    """The check-in list's (or players table's) row of ``player``, its tags stripped."""
    found = re.search(rf'<tr id="player-{player.pk}">(.*?)</tr>', text, re.S)
    assert found, player.name
    # Only spaces collapse: the no-break space of "2,50\xa0€" stays.
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def pay(client, drive, entry, *, version=None, paid=True):
    fee = getattr(entry, "fee", None)
    data = {
        "kind": fee.kind if fee else "member",
        "version": version or fee_version(fee),
        "next": "drive",
    }
    if paid:
        data["paid"] = "on"
    return client.post(reverse("drives:money_fee", args=[drive.pk, entry.pk]), data, follow=True)


def test_the_check_in_list_says_what_each_player_owes(client, helper, checked_in):
    entries = list(checked_in.entries.select_related("player").order_by("card_number"))

    response = client.get(checked_in.get_absolute_url())

    assert response.status_code == 200
    text = response.text
    assert "Owing · Member, £2.50 Mark paid" in row_of(text, entries[0].player)
    assert "Owing · Visitor, £3.00 Mark paid" in row_of(text, entries[1].player)
    assert "Free · Free" in row_of(text, entries[2].player)
    assert "Mark paid" not in row_of(text, entries[2].player)
    absent = checked_in.club.players.get(name="Mrs Absent")
    assert "Owing" not in row_of(text, absent) and "Free" not in row_of(text, absent)
    # The button sends its own form, which cannot sit inside the check-in form.
    assert f'form="fee-{entries[0].pk}"' in text
    assert f'id="fee-{entries[0].pk}" hidden' in text


def test_a_helper_marks_a_player_paid_from_the_check_in_list(client, helper, checked_in):
    entry = checked_in.entries.select_related("player").get(card_number=2)

    response = pay(client, checked_in, entry)

    assert response.status_code == 200
    back = f"{checked_in.get_absolute_url()}#player-{entry.player_id}"
    assert response.redirect_chain[-1][0] == back
    fee = EntryFee.objects.get(entry=entry)
    assert (fee.kind, fee.paid) == ("visitor", True)
    assert MoneyChange.objects.get(drive=checked_in).changed_by == "helper"
    assert f"{entry.player.name} has paid (Visitor)." in response.text
    assert "Paid · Visitor, £3.00 Not paid after all" in row_of(response.text, entry.player)


def test_a_mark_from_a_stale_page_is_refused_and_changes_nothing(client, helper, checked_in):
    entry = checked_in.entries.select_related("player").get(card_number=1)
    shown = fee_version(None)
    EntryFee.objects.create(entry=entry, kind="free")  # someone else, on the money page

    response = pay(client, checked_in, entry, version=shown)

    assert "was changed by someone else since you opened this page" in response.text
    fee = EntryFee.objects.get(entry=entry)
    assert (fee.kind, fee.paid) == ("free", False)
    assert not MoneyChange.objects.filter(drive=checked_in).exists()


def test_the_players_table_marks_the_fees_once_the_drive_runs(client, helper, checked_in):
    drive_start(drive=checked_in)
    entry = checked_in.entries.select_related("player").get(card_number=1)
    pay(client, checked_in, entry)

    response = client.get(checked_in.get_absolute_url())

    assert "Paid · Member, £2.50" in row_of(response.text, entry.player)
    other = checked_in.entries.select_related("player").get(card_number=4)
    assert "Owing · Member, £2.50 Mark paid" in row_of(response.text, other.player)


def test_the_marks_are_in_the_pages_language_and_currency(client, helper, checked_in):
    checked_in.club.currency = "EUR"
    checked_in.club.save()
    entry = checked_in.entries.select_related("player").get(card_number=1)
    with translation.override("fr"):
        url = checked_in.get_absolute_url()

    response = client.get(url)

    assert "Dû · Membre, 2,50\xa0€" in row_of(response.text, entry.player)


def test_no_marks_when_the_drive_charges_nothing(client, helper, club):
    drive = make_drive(club)
    make_entries(drive, make_players(club, 4))

    response = client.get(drive.get_absolute_url())

    assert "Mark paid" not in response.text
    assert '<th scope="col">Entry fee</th>' not in response.text


def test_the_check_in_list_reads_the_same_queries_whatever_the_number_of_players(
    client, helper, club
):
    counts = []
    for players in (8, 24):
        drive = make_drive(club, movement="individual", deals=4)
        entries = make_entries(drive, make_players(club, players))
        DriveMoney.objects.create(drive=drive, member_fee=Decimal(2))
        for entry in entries[::2]:
            EntryFee.objects.create(entry=entry, paid=True)
        with CaptureQueriesContext(connection) as context:
            response = client.get(drive.get_absolute_url())
        assert response.status_code == 200
        assert response.text.count("Mark paid") == players // 2
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]
