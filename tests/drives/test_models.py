"""The database itself refuses rows that break the rules of a drive."""

import pytest
from django.db import DataError, IntegrityError, transaction

from drives import models
from drives.models import (
    DEALS_PER_ROUND_RANGE,
    DEALS_RANGE,
    Entry,
    LeagueRule,
    Player,
    SeatRole,
)
from scoring import cards, results, standings
from scoring.league import LeagueKind
from scoring.standings import Role
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
@pytest.mark.parametrize(("deals", "deals_per_round"), [(4, 1), (4, 4), (52, 4), (24, 3), (12, 4)])
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


@pytest.mark.parametrize(
    ("choices", "enum"),
    [
        (SeatRole, Role),
        (LeagueRule, LeagueKind),
        (models.Rotation, cards.Rotation),
        (models.Counting, results.Counting),
        (models.SitOutRule, standings.SitOutRule),
        (models.TieBreak, standings.TieBreak),
    ],
    ids=lambda kind: kind.__name__,
)
def test_each_choice_set_has_exactly_the_rules_own_options(choices, enum):
    assert {str(value) for value in choices.values} == {member.value for member in enum}
    assert all(choices(member.value).label for member in enum)


@pytest.mark.django_db
def test_the_database_refuses_a_drive_size_the_form_would_refuse(club):
    for deals in (DEALS_RANGE.start - 1, DEALS_RANGE.stop):
        refused(lambda deals=deals: make_drive(club, deals=deals, deals_per_round=1))
    # PostgreSQL may meet "deals divide into rounds" first and refuse 0 as a division by zero.
    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        make_drive(club, deals=24, deals_per_round=DEALS_PER_ROUND_RANGE.start - 1)
    refused(lambda: make_drive(club, deals=24, deals_per_round=DEALS_PER_ROUND_RANGE.stop))
    assert not club.drives.exists()
