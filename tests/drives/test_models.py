"""The database itself refuses rows that break the rules of a drive."""

import pytest
from django.db import IntegrityError, transaction

from drives.models import Entry, Player
from tests.conftest import make_drive, make_player


def refused(create):
    with pytest.raises(IntegrityError), transaction.atomic():
        create()


@pytest.mark.django_db
def test_it_refuses_a_player_entered_twice(club):
    drive = make_drive(club)
    player = make_player(club)
    Entry.objects.create(drive=drive, player=player, card_number=1)
    refused(lambda: Entry.objects.create(drive=drive, player=player, card_number=2))
    assert drive.entries.count() == 1


@pytest.mark.django_db
def test_it_refuses_a_duplicate_card_number(club):
    drive = make_drive(club)
    Entry.objects.create(drive=drive, player=make_player(club), card_number=7)
    refused(lambda: Entry.objects.create(drive=drive, player=make_player(club), card_number=7))
    assert list(drive.entries.values_list("card_number", flat=True)) == [7]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("deals", "deals_per_round"),
    [(0, 1), (53, 1), (24, 5), (13, 2)],
    ids=["no-deals", "more-than-52", "24-not-divisible-by-5", "13-not-divisible-by-2"],
)
def test_it_refuses_an_impossible_number_of_deals(club, deals, deals_per_round):
    refused(lambda: make_drive(club, deals=deals, deals_per_round=deals_per_round))


@pytest.mark.django_db
@pytest.mark.parametrize(("deals", "deals_per_round"), [(1, 1), (52, 4), (24, 3), (12, 4)])
def test_it_accepts_deals_that_divide_into_rounds(club, deals, deals_per_round):
    drive = make_drive(club, deals=deals, deals_per_round=deals_per_round)
    assert drive.rounds == deals // deals_per_round


@pytest.mark.django_db
def test_it_refuses_a_member_number_used_twice_in_one_club(club):
    make_player(club, member_number="A1")
    refused(lambda: make_player(club, member_number="A1"))
    make_player(club, member_number="")
    make_player(club, member_number="")
    assert Player.objects.filter(member_number="").count() == 2


@pytest.mark.django_db
def test_deals_of_a_round_run_on_from_the_previous_round(club):
    drive = make_drive(club, deals=24, deals_per_round=3)
    assert list(drive.deals_of_round(1)) == [1, 2, 3]
    assert list(drive.deals_of_round(4)) == [10, 11, 12]
