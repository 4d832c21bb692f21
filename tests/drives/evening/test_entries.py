"""The entries' services say what they did, so the page words it without guessing: how a
player checked in joins, what a withdrawal did, and who can still join."""

import pytest

from drives.errors import DriveError
from drives.evening import entries
from drives.evening.entries import Joining, Leaving
from drives.evening.lifecycle import drive_start
from drives.models import Entry
from tests.conftest import make_drive, make_entries, make_player, make_players
from tests.drives.evening.test_arrivals_and_withdrawals import finish_round

pytestmark = pytest.mark.django_db


def running(club, **fields):
    drive = make_drive(club, **fields)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def test_a_late_arrival_joins_from_the_next_round(club):
    drive = running(club, movement="individual", deals=8)
    late = make_player(club, name="Late Lou")
    check_in = entries.entry_check_in(drive=drive, player=late, role=late.role)
    assert (check_in.how, check_in.from_round, check_in.partner) == (Joining.JOINS, 2, None)
    assert check_in.entry.joined_round == 2


def test_fixed_partners_arrive_as_a_pair_and_leave_as_one(club):
    drive = running(club, movement="mitchell", deals=7)
    first = entries.entry_check_in(drive=drive, player=make_player(club), role="either")
    assert first.how == Joining.WAITS and first.partner is None
    second = entries.entry_check_in(drive=drive, player=make_player(club), role="either")
    assert (second.how, second.from_round) == (Joining.JOINS, 2)
    assert second.partner == first.entry
    withdrawal = entries.entry_withdraw(drive=drive, entry=second.entry)
    assert (withdrawal.how, withdrawal.partner, withdrawal.undo_until) == (
        Leaving.WITHDRAWN,
        first.entry,
        2,
    )
    assert set(Entry.objects.filter(withdrew_after=1).values_list("pk", flat=True)) == {
        first.entry.pk,
        second.entry.pk,
    }


def test_a_late_arrival_still_waiting_for_a_partner_simply_goes(club):
    drive = running(club, movement="mitchell", deals=7)
    waiting = entries.entry_check_in(drive=drive, player=make_player(club), role="either").entry
    withdrawal = entries.entry_withdraw(drive=drive, entry=waiting)
    assert withdrawal.how == Leaving.NO_LONGER_WAITING
    assert not Entry.objects.filter(pk=waiting.pk).exists()


def test_a_withdrawn_player_comes_back_and_a_mistake_is_undone(club):
    drive = running(club, movement="individual", deals=8)
    leaver = drive.entries.first()
    entries.entry_withdraw(drive=drive, entry=leaver)
    again = entries.entry_check_in(drive=drive, player=leaver.player, role=leaver.role)
    assert again.how == Joining.PLAYS_ON  # the withdrawal was made in the round still open
    entries.entry_withdraw(drive=drive, entry=leaver)
    finish_round(drive)
    back = entries.entry_check_in(drive=drive, player=leaver.player, role=leaver.role)
    assert (back.how, back.from_round) == (Joining.BACK, 3)
    undone = entries.entry_withdraw(drive=drive, entry=back.entry)
    assert undone.how == Leaving.RETURN_UNDONE


def test_nobody_joins_in_the_last_round_and_the_page_asks_the_same_rule(club):
    drive = running(club, movement="individual", deals=4, deals_per_round=2)
    assert entries.can_join(drive)
    finish_round(drive)
    assert drive.current_round == drive.rounds and not entries.can_join(drive)
    with pytest.raises(DriveError, match="nobody can join now"):
        entries.entry_check_in(drive=drive, player=make_player(club), role="either")
