"""A drive's game is one object: chosen once from ``Drive.game``, complete (every method and
every partial a page includes), and the one checker both doors of a table's figures use."""

import uuid

import pytest
from django.template.loader import get_template

from drives import games
from drives.errors import DriveError, FiguresRefused, refusing
from drives.evening import guards, results
from drives.games.base import DriveGame
from drives.games.bidwhist.game import BidWhist
from drives.games.classic.game import ClassicWhist
from drives.games.forms import PhoneForm, RoundForm
from drives.models import Game, PendingEntry, TableResult
from drives.tableside import services as tableside
from scoring.errors import MovementError
from tests.conftest import checked_tricks, link_of, make_drive, make_started_drive
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db


def test_a_drive_is_played_at_the_game_it_names(club):
    assert isinstance(games.of(make_drive(club)), ClassicWhist)
    assert isinstance(games.of(make_drive(club, game=Game.BID)), BidWhist)
    assert games.named(None) is ClassicWhist and games.named(Game.BID) is BidWhist


@pytest.mark.parametrize("game", games.GAMES.values(), ids=lambda game: game.__name__)
def test_every_game_says_everything_a_page_asks(club, game):
    # Nothing left abstract, and every partial its pages include exists: what a new game
    # must provide, checked.
    assert not game.__abstractmethods__
    for name, template in vars(game.partials).items():
        assert get_template(template), name
    assert issubclass(game, DriveGame) and game.csv_header and game.scorecard_units
    assert issubclass(game.round_form_class, RoundForm)
    assert issubclass(game.phone_form_class, PhoneForm)
    assert game.table_card_headings and game.deal_heading


def test_each_game_names_a_tables_deals_as_its_players_find_them(club, organiser):
    # Classic whist: deal 3 is deal 3 at every table. Compass: table 3 of an 8-pair skip
    # Mitchell holds boards 5 and 6 in round 1, 7 and 8 in round 2; a pair off the tables
    # holds none.
    classic = games.of(make_started_drive(club, deals=4, deals_per_round=2))
    assert [name.title for name in classic.deal_names(2, 3)] == ["Deal 3", "Deal 4"]
    assert classic.deal_name(2, None, 3).shown == "3"
    compass = games.of(make_compass_drive(club, organiser, pairs=8, boards=8))
    assert [name.title for name in compass.deal_names(1, 3)] == ["Board 5", "Board 6"]
    assert [name.word for name in compass.deal_names(2, 3)] == ["board 7", "board 8"]
    assert compass.deal_name(1, None, 1).shown == ""
    assert compass.deals_by_table and not classic.deals_by_table


def round_post(table, deal_parts):
    """What the round page posts for one table: its parts per deal, as ``t1_d1`` etc."""
    return {f"t{table}_v": 0} | {
        name.format(table=table, deal=deal): value
        for deal, parts in deal_parts.items()
        for name, value in parts.items()
    }


def test_classic_figures_come_alike_through_both_doors(club):
    drive = make_started_drive(club, rotation="turned", honours=True)
    game = games.of(drive)
    deals = game.deals(1)
    page = game.round_form(
        round_post(1, {1: {"t{table}_d{deal}": 8, "t{table}_s{deal}": "C", "t{table}_h{deal}": 4}}),
        deals=deals,
        tables=[1],
        stored={},
    )
    [checked] = page.checked_tables()
    phone = game.phone_form(
        {"round": 1, "side": "NS", "submission": uuid.uuid4(), "d1": 8, "t1": "C", "h1": 4},
        table=1,
        round_number=1,
    )
    assert phone.is_valid(), phone.errors
    assert checked.figures == phone.figures
    assert checked.figures.deals[1].columns() == {
        "ns_tricks": 8,
        "ns_honours": 4,
        "trumps": "C",
        "dealer": "",
        "declarers": "",
        "bid_level": None,
        "bid_strain": "",
    }


def test_bid_whist_hands_come_alike_through_both_doors(club):
    drive = make_started_drive(club, game=Game.BID, movement="individual", deals=4)
    game = games.of(drive)
    hand = {"declarers": "EW", "level": 3, "strain": "nt", "trumps": "", "tricks": 7}
    page = game.round_form(
        round_post(1, {1: {f"t{{table}}_d{{deal}}_{part}": v for part, v in hand.items()}})
        | {"t1_d1_dealer": "N"},
        deals=game.deals(1),
        tables=[1],
        stored={},
    )
    [checked] = page.checked_tables()
    phone = game.phone_form(
        {"round": 1, "side": "NS", "submission": uuid.uuid4(), "step": "send"}
        | {f"b1_{part}": value for part, value in hand.items() if part != "trumps"}
        | {"b1_trumps": "NT"},
        table=1,
        round_number=1,
    )
    assert phone.is_valid(), phone.errors
    assert checked.figures == phone.figures
    assert checked.figures.deals[1].ns_tricks == 6  # E–W took 7, the kitty included


def test_one_wording_for_a_refusal_whichever_door(client, club, organiser):
    drive = make_started_drive(club, players=12, movement="individual", deals=4)
    game = games.of(drive)
    page = game.round_form(round_post(2, {1: {"t{table}_d{deal}": 14}}), deals=game.deals(1),
                           tables=[2], stored={})  # fmt: skip
    [checked] = page.checked_tables()
    phone = game.phone_form(
        {"round": 1, "side": "NS", "submission": uuid.uuid4(), "d1": 14}, table=2, round_number=1
    )
    assert not phone.is_valid()
    words = "Table 2: N–S tricks must be a whole number from 0 to 13, not 14"
    assert str(checked.refused) == words == phone.error_summary()


def test_a_pending_entry_keeps_the_checked_figures(club):
    for drive in (
        make_started_drive(club, rotation="turned", honours=True),
        make_started_drive(club, game=Game.BID, movement="individual", deals=4),
    ):
        game = games.of(drive)
        typed = game.play_table(1, 1, {1: 7})
        figures = game.check(1, game.deals(1), typed)
        entry = PendingEntry(**game.pending_fields(figures))
        assert game.sent_figures(entry) == figures


def test_the_results_service_stores_only_figures_for_the_rounds_deals(club):
    drive = make_started_drive(club, deals=24, deals_per_round=2)
    with pytest.raises(DriveError):
        results.results_record(
            drive=drive,
            round_number=1,
            table=1,
            figures=checked_tricks(drive, {3: 7, 4: 6}),  # round 2's deals
            version=0,
            user=None,
        )
    assert not TableResult.objects.exists()


def test_a_phones_post_takes_the_tables_lock_once(club, monkeypatch):
    drive = make_started_drive(club, table_entry="one_side")
    taken = []

    def counted(*args):
        taken.append(args)
        return guards.table_locked(*args)

    monkeypatch.setattr(tableside, "table_locked", counted)
    monkeypatch.setattr(results, "table_locked", counted)
    tableside.entry_submit(
        link=link_of(drive),
        round_number=1,
        side="NS",
        figures=checked_tricks(drive, {1: 9}),
        submission=uuid.uuid4(),
    )
    assert len(taken) == 1
    assert TableResult.objects.get().ns_tricks == 9


def test_a_services_scoring_refusal_reaches_the_view_as_a_drive_error():
    @refusing
    def seat():
        raise MovementError("too few", code="too_few_players")

    with pytest.raises(DriveError, match="A movement needs at least four players") as raised:
        seat()
    assert isinstance(raised.value.__cause__, MovementError)
    assert not isinstance(raised.value, FiguresRefused)
