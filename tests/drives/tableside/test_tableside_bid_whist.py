"""Bid whist hands entered from the table's phone: checked with their points, confirmed by
the other side, disputed, resent, and shown on the dashboard, the history and the hall."""

import re
import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from drives import games
from drives.errors import FiguresRefused
from drives.games.bidwhist.game import BidWhist
from drives.games.figures import Problem
from drives.models import Game, PendingEntry, ResultSource, TableResult
from drives.reports.report import drive_report
from tests.conftest import link_of, own_link
from tests.drives.games.test_bid_whist_drives import started_drive

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_counting_window")]


def hand(declarers="NS", level=4, strain="downtown", trumps="S", tricks=10, forced=False):
    return {
        "declarers": declarers,
        "level": level,
        "strain": strain,
        "trumps": trumps,
        "tricks": tricks,
        "forced": forced,
    }


def hand_data(drive, side, hands, *, step="send", submission=None):
    """What the table page posts for a side's hands (one dict per hand of the round)."""
    data = {
        "round": drive.current_round,
        "side": side,
        "step": step,
        "submission": submission or uuid.uuid4(),
    }
    for deal, typed in zip(drive.deals_of_round(drive.current_round), hands, strict=True):
        for part, value in typed.items():
            if part == "forced":
                if value:
                    data[f"b{deal}_forced"] = "on"
            else:
                data[f"b{deal}_{part}"] = "" if value is None else value
    return data


def post(client, link, side, hands, *, step="send", submission=None, language=""):
    """Post a side's hands from its own link's table page, at ``link``'s table."""
    link = own_link(link, side)
    link.drive.refresh_from_db()
    data = hand_data(link.drive, side, hands, step=step, submission=submission)
    with translation.override(language or "en-gb"):
        url = reverse("drives:table_enter", args=[link.token])
    return client.post(url, data)


def bid_drive(club, **fields):
    # Two hands a round at a Mitchell drive of two tables: hand 1 dealt by N, hand 2 by E.
    return started_drive(club, game=Game.BID, **fields)


def test_the_phone_asks_for_each_hand_and_says_who_deals(client, club):
    drive = bid_drive(club)
    link = link_of(drive)
    page = client.get(reverse("drives:table_page", args=[link.token]))
    assert page.status_code == 200
    north = drive.seatings.get(round=1, table=1, seat="N").entry.player.name
    east = drive.seatings.get(round=1, table=1, seat="E").entry.player.name
    assert "Hand 1" in page.text and "N deals</span>" not in page.text
    assert f"N ({north}) deals" in page.text and f"E ({east}) deals" in page.text
    for part in ("declarers", "forced", "level", "strain", "trumps", "tricks"):
        assert f'name="b1_{part}"' in page.text and f'name="b2_{part}"' in page.text
    assert "Everyone passed: the dealer had to bid" in page.text
    assert 'id="check-hands"' in page.text and 'id="send-hands"' not in page.text


def test_checking_shows_the_points_scoring_counts_and_stores_nothing(client, club):
    drive = bid_drive(club)
    link = link_of(drive)
    # 4 downtown made with 10 tricks: +4; 3 no trumps with 7 tricks: one made, two short.
    hands = [hand(), hand("EW", 3, "nt", "", 7)]
    page = post(client, link, "NS", hands, step="check")
    assert page.status_code == 200
    assert "N–S 4 downtown ♠, 10 tricks: +4" in page.text
    assert "E–W 3 no trumps, 7 tricks: -2" in page.text
    assert 'id="send-hands"' in page.text
    assert 'name="step" value="send"' in page.text
    assert not PendingEntry.objects.exists() and not TableResult.objects.exists()


def test_one_side_sends_its_hands_and_the_other_confirms_them(client, club):
    drive = bid_drive(club)
    link = link_of(drive)
    hands = [hand(), hand("EW", 3, "nt", "NT", 7)]
    page = post(client, link, "NS", hands)
    assert page.status_code == 200 and "Waiting for E–W to confirm." in page.text
    assert "N–S 4 downtown ♠, 10 tricks: +4" in page.text
    waiting = PendingEntry.objects.get()
    assert waiting.state == "waiting" and waiting.tricks == {"1": 10, "2": 6}
    assert waiting.hands["1"] == {
        "dealer": "N",
        "declarers": "NS",
        "level": 4,
        "strain": "downtown",
        "trumps": "S",
        "tricks": 10,
    }
    assert waiting.hands["2"]["dealer"] == "E" and waiting.hands["2"]["trumps"] == ""
    assert not TableResult.objects.exists()

    url = reverse("drives:table_confirm", args=[own_link(link, "EW").token])
    page = client.post(url, {"entry": waiting.pk, "submission": uuid.uuid4()})
    assert page.status_code == 200 and "Result stored" in page.text
    assert "E–W 3 no trumps, 7 tricks: -2" in page.text
    first, second = TableResult.objects.order_by("deal")
    assert (first.dealer, first.declarers, first.bid_level, first.bid_strain) == (
        "N",
        "NS",
        4,
        "downtown",
    )
    assert (first.trumps, first.ns_tricks, first.source) == ("S", 10, ResultSource.TABLE)
    assert (second.declarers, second.bid_strain, second.trumps, second.ns_tricks) == (
        "EW",
        "nt",
        "",
        6,
    )
    # Only the declarers score: N–S +4 on hand 1, E–W -2 on hand 2.
    points = {row.entry.pk: row.standing.points for row in drive_report(drive).overall}
    seats = {s.seat: s.entry.pk for s in drive.seatings.filter(round=1, table=1)}
    assert points[seats["N"]] == points[seats["S"]] == 4
    assert points[seats["E"]] == points[seats["W"]] == -2


def test_everyone_passed_makes_the_dealers_side_declare(client, club):
    drive = bid_drive(club, minimum_bid=4)
    link = link_of(drive)
    # Hand 2 is dealt by E: with "everyone passed" ticked the side may be left out.
    hands = [hand(), hand(None, 4, "uptown", "H", 9, forced=True)]
    post(client, link, "NS", hands)
    assert PendingEntry.objects.get().hands["2"]["declarers"] == "EW"
    # Naming the other side beside "everyone passed" is refused where it was typed.
    PendingEntry.objects.all().delete()
    page = post(client, link, "NS", [hand(), hand("NS", 4, "uptown", "H", 9, forced=True)])
    assert page.status_code == 400
    assert "When everyone passes the dealer declares: E–W." in page.text
    assert not PendingEntry.objects.exists()


@pytest.mark.parametrize(
    ("typed", "part", "message"),
    [
        ({"level": 8}, "level", "A bid is a number from 1 to 7, not 8."),
        ({"level": 2}, "level", "This drive&#x27;s lowest bid is 3, not 2."),
        ({"strain": "sideways"}, "strain", "A bid is uptown, downtown or no trumps."),
        ({"strain": "nt"}, "trumps", "A no-trump bid has no trump suit: leave trumps empty."),
        ({"trumps": ""}, "trumps", "An uptown or downtown bid needs its trump suit."),
        ({"tricks": 14}, "tricks", "The declarers take from 1 to 13 tricks"),
        ({"tricks": 0}, "tricks", "The declarers take from 1 to 13 tricks"),
        ({"declarers": "NE"}, "declarers", "Say which side won the bid: N–S or E–W."),
        ({"tricks": None}, "tricks", "Enter the declarers&#x27; tricks, the kitty included."),
    ],
)
def test_an_impossible_hand_is_refused_beside_its_field_and_nothing_is_stored(
    client, club, typed, part, message
):
    drive = bid_drive(club, minimum_bid=3)
    page = post(client, link_of(drive), "NS", [hand(), hand() | typed])
    assert page.status_code == 400
    assert message in page.text
    # The message stands in hand 2's box, after the field it is about.
    box = page.text.split('id="hand-2"')[1].split("</fieldset>")[0]
    assert box.index(f'name="b2_{part}"') < box.index(message)
    assert not PendingEntry.objects.exists() and not TableResult.objects.exists()


def test_the_refusal_is_in_the_pages_language(client, club):
    drive = bid_drive(club)
    for language, message in (
        ("fr", "Une enchère sans atout n’a pas d’atout"),
        ("hu", "Szan adu licitnek nincs aduja"),
    ):
        with translation.override(language):
            page = post(
                client, link_of(drive), "NS", [hand(), hand(strain="nt")], language=language
            )
        assert page.status_code == 400 and message in page.text
    assert not PendingEntry.objects.exists()


def test_a_resend_is_answered_with_what_was_stored_and_never_stored_twice(client, club):
    drive = bid_drive(club)
    link = link_of(drive)
    submission = uuid.uuid4()
    post(client, link, "NS", [hand(), hand()], submission=submission)
    page = post(client, link, "NS", [hand(), hand()], submission=submission)
    assert page.status_code == 200
    assert "These figures had already arrived: nothing was stored twice." in page.text
    assert PendingEntry.objects.count() == 1


def test_identical_hands_from_both_sides_confirm_each_other(client, club):
    drive = bid_drive(club)
    link = link_of(drive)
    post(client, link, "NS", [hand(), hand("EW", 3, "nt", "", 7)])
    page = post(client, link, "EW", [hand(), hand("EW", 3, "nt", "", 7)])
    assert "Thank you: the table&#x27;s result is stored." in page.text
    assert TableResult.objects.count() == 2


def test_different_hands_are_a_dispute_the_organiser_settles(client, club, organiser):
    drive = bid_drive(club)
    link = link_of(drive)
    post(client, link, "NS", [hand(), hand("EW", 3, "nt", "", 7)])
    page = post(client, link, "EW", [hand(tricks=9), hand("EW", 3, "nt", "", 7)])
    assert "The two sides disagree" in page.text
    # Both versions stay, side by side, hand by hand: what differs (the tricks and the
    # points) marked, what agrees (declarers, bid) not; hand 2 agrees throughout.
    dispute = page.text.split('class="figures dispute"')[1].split("</table>")[0]
    assert "<td>N–S, 4 downtown ♠, <mark>10 tricks</mark>, <mark>+4</mark></td>" in dispute
    assert "<td>N–S, 4 downtown ♠, <mark>9 tricks</mark>, <mark>-1</mark></td>" in dispute
    assert dispute.count("<td>E–W, 3 no trumps, 7 tricks, -2</td>") == 2
    assert set(PendingEntry.objects.values_list("state", flat=True)) == {"disputed"}
    assert not TableResult.objects.exists()

    client.force_login(organiser)
    tiles = client.get(reverse("drives:tableside_tiles", args=[drive.pk]))
    assert tiles.status_code == 200 and 'data-state="disputed"' in tiles.text
    assert "<td>N–S, 4 downtown ♠, <mark>9 tricks</mark>, <mark>-1</mark></td>" in tiles.text
    east_west = PendingEntry.objects.get(side="EW")
    client.post(reverse("drives:tableside_settle", args=[drive.pk]), {"entry": east_west.pk})
    first = TableResult.objects.get(deal=1)
    assert (first.ns_tricks, first.source, first.entered_by) == (9, "organiser", organiser)
    history = client.get(reverse("drives:tableside_history", args=[drive.pk, 1]))
    assert "N–S 4 downtown ♠, 10 tricks: +4" in history.text
    assert "N–S 4 downtown ♠, 9 tricks: -1" in history.text


def test_a_stored_hand_is_shown_on_the_hall_display(client, club):
    drive = bid_drive(club)
    for table in (1, 2):
        link = link_of(drive, table)
        post(client, link, "NS", [hand(), hand("EW", 3, "nt", "", 7)])
        waiting = PendingEntry.objects.get(table=table)
        client.post(
            reverse("drives:table_confirm", args=[own_link(link, "EW").token]),
            {"entry": waiting.pk, "submission": uuid.uuid4()},
        )
    hall = client.get(reverse("drives:hall", args=[drive.pk]))
    assert hall.status_code == 200
    # Trumps are the bidders' to name: the hall says whose deal each hand is instead.
    deals = hall.text.split('class="hall-trumps"')[1].split("</section>")[0]
    assert "N deals" in deals and "E deals" in deals and "?" not in deals
    assert "Every table has reported." in hall.text
    # Top ten by points: the N–S pairs (+4) lead, the E–W pairs (-2) follow.
    top = hall.text.split('class="hall-top"')[1]
    shown = re.findall(r'<span class="points">(-?\d+)(?:\.00)?</span>', top)
    assert shown == ["4", "4", "4", "4", "-2", "-2", "-2", "-2"]


def test_the_games_checker_checks_each_hand(club):
    # The one checker both doors use: the phone's form hands the service checked hands.
    drive = bid_drive(club)
    game = games.of(drive)
    typed = {
        1: {"declarers": "NS", "level": 4, "strain": "downtown", "trumps": "S", "tricks": 10},
        2: {"declarers": "EW", "level": 3, "strain": "nt", "trumps": "H", "tricks": 7},
    }
    with pytest.raises(FiguresRefused, match="Table 1, hand 2: A no-trump bid has no trump suit"):
        game.check(1, game.deals(1), typed)
    assert not PendingEntry.objects.exists()


@pytest.mark.parametrize("players", [8, 40])
def test_the_bid_whist_phone_costs_the_same_whatever_the_drive_size(
    client, club, players, django_assert_num_queries
):
    drive = bid_drive(club, players=players, movement="howell", deals=2 * (players // 2 - 1))
    link = link_of(drive)
    url = reverse("drives:table_page", args=[link.token])
    with django_assert_num_queries(5):  # link, seats, results, sit-outs, live entries
        assert client.get(url).status_code == 200
    post(client, link, "NS", [hand(), hand("EW", 3, "nt", "", 7)])
    with django_assert_num_queries(5):  # the waiting entry's hands cost nothing more
        assert "Waiting for E–W" in client.get(url).text
    # Checking the points reads nothing but the link and the page.
    data = hand_data(drive, "EW", [hand(), hand()], step="check")
    enter = reverse("drives:table_enter", args=[own_link(link, "EW").token])
    with django_assert_num_queries(5):
        assert client.post(enter, data).status_code == 200


def test_an_organisers_correction_of_a_hand_from_the_phones_is_in_the_history(
    client, club, organiser
):
    from tests.drives.games.test_bid_whist_drives import hand as round_hand
    from tests.drives.games.test_bid_whist_drives import post_hands

    drive = bid_drive(club)
    link = link_of(drive)
    post(client, link, "NS", [hand(), hand("EW", 3, "nt", "", 7)])
    post(client, link, "EW", [hand(), hand("EW", 3, "nt", "", 7)])
    client.force_login(organiser)
    corrected = [
        round_hand("N", "NS", 5, "downtown", "S", 10),
        round_hand("E", "EW", 3, "nt", "", 7),
    ]
    assert "Saved 1 table." in post_hands(client, drive, 1, {1: (corrected, 1)}).text
    result = TableResult.objects.get(table=1, deal=1)
    assert (result.bid_level, result.source, result.entered_by) == (5, "organiser", organiser)
    history = client.get(reverse("drives:tableside_history", args=[drive.pk, 1])).text
    assert "N–S 4 downtown ♠, 10 tricks → N–S 5 downtown ♠, 10 tricks" in history
    assert "table link" in history and "organiser (" in history


def test_one_side_enters_mode_stores_the_hands_at_once_and_the_table_cannot_change_them(
    client, club
):
    drive = bid_drive(club, table_entry="one_side")
    link = link_of(drive)
    page = post(client, link, "EW", [hand(), hand("EW", 3, "nt", "", 7)])
    assert "Thank you: the table&#x27;s result is stored." in page.text
    assert TableResult.objects.filter(table=1).count() == 2
    # The same hands again (the other phone, late) are taken as confirmed; other hands
    # change nothing and go to the organiser: a correction is the organiser's.
    again = post(client, link, "NS", [hand(), hand("EW", 3, "nt", "", 7)])
    assert again.status_code == 200
    other = post(client, link, "NS", [hand(tricks=9), hand("EW", 3, "nt", "", 7)])
    assert other.status_code == 200 and "yours went to the organiser" in other.text
    assert TableResult.objects.get(table=1, deal=1).ns_tricks == 10


def test_a_refusal_about_no_field_of_the_phone_is_said_once_at_the_top(client, club, monkeypatch):
    drive = bid_drive(club)
    text = "Hand 2 is dealt by E, not by N."

    checked = BidWhist.check

    def refuse(self, table, deals, typed):
        if deals[0].number == 2:
            raise FiguresRefused(text, (Problem(2, "dealer", text),))
        return checked(self, table, deals, typed)

    monkeypatch.setattr(BidWhist, "check", refuse)
    page = post(client, link_of(drive), "NS", [hand(), hand()], step="check")
    assert page.status_code == 400
    assert page.text.count("Hand 2 is dealt by E") == 1
    assert "Check the hands marked below" not in page.text  # nothing is marked
    assert not PendingEntry.objects.exists()
