"""Tables entering their own tricks: links, the table page, confirmation, disputes, resends."""

import logging
import re
import uuid

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from drives.errors import FiguresRefused
from drives.evening.lifecycle import drive_finish, round_advance
from drives.models import (
    DriveStatus,
    PendingEntry,
    PendingState,
    ResultChange,
    ResultSource,
    TableResult,
)
from drives.reports.report import drive_report
from drives.tableside import services, tokens
from drives.tableside.logs import mask_tokens
from tests.conftest import (
    checked_tricks,
    drive_form,
    link_of,
    make_started_drive,
    own_link,
    record_tricks,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_counting_window")]


def page_url(link, action=""):
    name = {
        "": "drives:table_page",
        "enter": "drives:table_enter",
        "confirm": "drives:table_confirm",
    }
    return reverse(name[action], args=[link.token])


def send(client, link, side, tricks, *, round_number=None, submission=None, honours=None):
    """Post a side's N–S tricks (one per deal of the current round) from its own link's
    table page, at ``link``'s table."""
    link = own_link(link, side)
    drive = link.drive
    drive.refresh_from_db()
    number = drive.current_round if round_number is None else round_number
    data = {"round": number, "side": side, "submission": submission or uuid.uuid4()}
    for deal, ns in zip(drive.deals_of_round(number), tricks, strict=True):
        data[f"d{deal}"] = ns
    for deal, held in (honours or {}).items():
        data[f"h{deal}"] = held
    return client.post(page_url(link, "enter"), data)


def stored(drive, table=1):
    return {r.deal: r.ns_tricks for r in TableResult.objects.filter(drive=drive, table=table)}


# ---------------------------------------------------------------- links


def test_tokens_are_random_128_bit_and_not_derived_from_ids(club):
    drive = make_started_drive(club)
    links = tokens.side_links(drive=drive)
    # Each table has a link for each side.
    assert [(link.table, link.side) for link in links] == [
        (1, "NS"),
        (1, "EW"),
        (2, "NS"),
        (2, "EW"),
    ]
    assert len({link.token for link in links}) == 4
    for link in links:
        assert len(link.token) == 26  # 128 bits in base32
        assert link.digest == tokens.digest(link.token) != link.token
    # The same table of another drive, or of the same drive after a reissue, gets a new one.
    other = link_of(make_started_drive(club))
    assert other.token not in {link.token for link in links}
    # Issuing again keeps the links: the printed QR codes stay good all evening.
    again = tokens.side_links(drive=drive)
    assert [link.token for link in again] == [link.token for link in links]


def test_it_shows_the_table_page_without_logging_in(client, club):
    drive = make_started_drive(club, deals=24, deals_per_round=2)
    link = link_of(drive, 2)
    response = client.get(page_url(link))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Test Drive" in text
    assert 'id="table-number">2<' in text and 'id="round-number">1<' in text
    assert "Deal 1" in text and "Deal 2" in text and "hearts" in text and "diamonds" in text
    # The deal passes to the left each hand: N deals the first, E the second.
    assert '<span class="dealer">N deals</span>' in text
    assert '<span class="dealer">E deals</span>' in text
    for _seat, entry in response.context["state"].seats:
        assert entry.player.name in text


def test_no_trumps_is_spelt_out_and_honours_asked_only_where_scored(client, club):
    drive = make_started_drive(
        club, deals=8, deals_per_round=4, rotation="hdsc_nt", honours=True, movement="individual"
    )
    # Round 2 holds deal 5, the rotation's no-trump deal; a static movement has it seated.
    type(drive).objects.filter(pk=drive.pk).update(current_round=2)
    response = client.get(page_url(link_of(drive)))
    text = response.content.decode()
    assert "no trumps" in text
    form = response.context["form"]
    # Honours are never scored at no trumps: deal 5 asks for none.
    assert {name for name in form.fields if name.startswith("h")} == {"h6", "h7", "h8"}


def test_an_unknown_or_revoked_token_opens_nothing(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    response = client.get(reverse("drives:table_page", args=["a" * 26]))
    assert response.status_code == 404
    assert "This table link is not known" in response.content.decode()
    new = tokens.link_revoke(drive=drive, table=1, side="NS", reissue=True)
    response = send(client, link, "NS", [7])
    assert response.status_code == 410
    assert "withdrawn" in response.content.decode()
    assert stored(drive) == {} and not PendingEntry.objects.exists()
    assert (new.side, new.table) == ("NS", 1) and new.token != link.token
    assert client.get(page_url(new)).status_code == 200


def test_the_link_ends_when_the_drive_finishes(client, club):
    drive = make_started_drive(club, deals=4, deals_per_round=4)
    link = link_of(drive)
    for table in (1, 2):
        record_tricks(drive, 1, table, dict.fromkeys(range(1, 5), 7))
    drive_finish(drive=drive)
    response = client.get(page_url(link))
    assert response.status_code == 410
    assert "The drive has finished" in response.content.decode()


# ---------------------------------------------------------------- enter and confirm


def test_one_side_enters_and_the_other_confirms(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    response = send(client, link, "NS", [8])
    assert response.status_code == 200
    assert "Waiting for E–W to confirm." in response.content.decode()
    assert stored(drive) == {}
    waiting = PendingEntry.objects.get()
    assert (waiting.side, waiting.state, waiting.tricks) == ("NS", "waiting", {"1": 8})

    response = client.post(
        page_url(own_link(link, "EW"), "confirm"), {"entry": waiting.pk, "submission": uuid.uuid4()}
    )
    assert response.status_code == 200
    assert "the table&#x27;s result is stored" in response.content.decode()
    assert stored(drive) == {1: 8}
    assert TableResult.objects.get().source == ResultSource.TABLE
    assert set(PendingEntry.objects.values_list("state", flat=True)) == {"confirmed"}


def test_two_identical_entries_confirm_each_other(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    send(client, link, "EW", [5])
    response = send(client, link, "NS", [5])
    assert "Result stored" in response.content.decode()
    assert stored(drive) == {1: 5}


def test_different_entries_are_a_dispute_that_never_overwrites(client, club, organiser):
    drive = make_started_drive(club)
    link = link_of(drive)
    send(client, link, "NS", [7])
    response = send(client, link, "EW", [6])
    text = response.content.decode()
    assert "The two sides disagree" in text
    assert stored(drive) == {}
    assert list(PendingEntry.objects.values_list("side", "state")) == [
        ("NS", "disputed"),
        ("EW", "disputed"),
    ]
    # The organiser settles: E–W's figures become the result, N–S's are set aside.
    ew = PendingEntry.objects.get(side="EW")
    services.dispute_settle(drive=drive, entry_pk=ew.pk, user=organiser)
    assert stored(drive) == {1: 6}
    result = TableResult.objects.get()
    assert (result.source, result.entered_by) == (ResultSource.ORGANISER, organiser)
    states = dict(PendingEntry.objects.values_list("side", "state"))
    assert states == {"NS": PendingState.REJECTED, "EW": PendingState.SETTLED}


def test_a_side_corrects_its_own_entry_until_it_is_confirmed(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    send(client, link, "NS", [7])
    send(client, link, "EW", [6])  # disputed
    response = send(client, link, "NS", [6])  # N–S see their mistake
    assert "Result stored" in response.content.decode()
    assert stored(drive) == {1: 6}
    states = list(PendingEntry.objects.values_list("side", "state"))
    assert states == [("NS", "replaced"), ("EW", "confirmed"), ("NS", "confirmed")]


def test_a_stored_result_is_not_changed_from_the_table_but_the_figures_go_to_the_organiser(
    client, club
):
    drive = make_started_drive(club)
    link = link_of(drive)
    send(client, link, "NS", [7])
    send(client, link, "EW", [7])
    response = send(client, link, "EW", [9])
    assert response.status_code == 200
    assert "already stored, with other figures: yours went to the organiser" in response.text
    assert stored(drive) == {1: 7}
    late = PendingEntry.objects.get(state=PendingState.DIFFERS)
    assert (late.round, late.side, late.tricks) == (1, "EW", {"1": 9})


def test_one_side_enters_mode_stores_at_once(client, club):
    drive = make_started_drive(club, table_entry="one_side")
    link = link_of(drive)
    response = send(client, link, "EW", [4])
    assert response.status_code == 200
    assert stored(drive) == {1: 4}
    assert TableResult.objects.get().source == ResultSource.TABLE


def test_a_resend_is_answered_with_what_was_stored_and_never_stored_twice(client, club):
    drive = make_started_drive(club, table_entry="one_side")
    link = link_of(drive)
    submission = uuid.uuid4()
    send(client, link, "NS", [9], submission=submission)
    response = send(client, link, "NS", [9], submission=submission)
    assert response.status_code == 200
    assert "nothing was stored twice" in response.content.decode()
    assert stored(drive) == {1: 9}
    assert PendingEntry.objects.count() == 1
    assert ResultChange.objects.count() == 0


def test_a_resend_while_waiting_changes_nothing(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    submission = uuid.uuid4()
    send(client, link, "NS", [9], submission=submission)
    send(client, link, "NS", [9], submission=submission)
    assert list(PendingEntry.objects.values_list("state", flat=True)) == ["waiting"]


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ([14], "N–S tricks must be a whole number from 0 to 13, not 14"),
        ([-1], "N–S tricks must be a whole number from 0 to 13, not -1"),
        ([""], "Enter N–S tricks for this deal."),
        (["seven"], "Enter a whole number."),
    ],
)
def test_tricks_out_of_range_are_refused_and_change_nothing(client, club, tricks, message):
    drive = make_started_drive(club)
    link = link_of(drive)
    response = send(client, link, "NS", tricks)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not PendingEntry.objects.exists() and stored(drive) == {}


def test_figures_for_a_round_that_is_over_go_to_the_organiser_as_a_late_entry(client, club):
    drive = make_started_drive(club, table_entry="one_side")
    links = [link_of(drive, table) for table in (1, 2)]
    for link in links:
        send(client, link, "NS", [7])
    round_advance(drive=drive)
    response = send(client, links[0], "NS", [3], round_number=1)
    assert response.status_code == 200
    text = response.text
    assert "Round 1 had already closed: your figures went to the organiser" in text
    assert "Enter N–S tricks" not in text
    assert response.context["state"].round_number == 2  # the page shows the open round
    assert stored(drive) == {1: 7}
    late = PendingEntry.objects.get(state=PendingState.LATE)
    assert (late.round, late.table, late.side, late.tricks) == (1, 1, "NS", {"1": 3})


def test_the_page_says_so_in_french(client, club):
    drive = make_started_drive(club)
    with translation.override("fr"):
        response = send(client, link_of(drive), "NS", [15])
    assert response.status_code == 400
    assert "0 à 13" in response.content.decode()


def test_the_table_page_says_where_everyone_goes_after_a_static_round(client, club):
    drive = make_started_drive(
        club, players=8, movement="individual", deals=8, table_entry="one_side"
    )
    link = link_of(drive)
    response = send(client, link, "NS", [7])
    moves = response.context["state"].moves
    assert len(moves) == 4
    assert "Where you go next" in response.content.decode()


SEATS_WRITTEN = {"fr": r"place ([NESO])\b", "hu": r"(É|K|D|Ny) hely"}


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_the_table_page_says_where_everyone_goes_in_the_languages_seats(client, club, language):
    drive = make_started_drive(
        club, players=8, movement="individual", deals=8, table_entry="one_side"
    )
    with translation.override(language):
        response = send(client, link_of(drive), "NS", [7])
        moves = response.context["state"].moves
        expected = sorted(str(move.seat_letter) for move in moves)
    assert sorted(re.findall(SEATS_WRITTEN[language], response.content.decode())) == expected
    assert len(expected) == 4 and "W" not in expected


# ---------------------------------------------------------------- guards


@override_settings(TABLESIDE_RATE_LIMITS={"requests": (3, 60), "lookups": (2, 600)})
def test_the_table_endpoints_are_rate_limited_per_address(client, club):
    drive = make_started_drive(club)
    url = page_url(link_of(drive))
    assert [client.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    other = client.get(url, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 200
    assert "Too many requests" in client.get(url).content.decode()


DATABASE_CACHE = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "whist_cache",
    }
}


@override_settings(
    CACHES=DATABASE_CACHE, TABLESIDE_RATE_LIMITS={"requests": (3, 60), "lookups": (2, 600)}
)
def test_the_limit_holds_whichever_worker_answers(client, club):
    """Each gunicorn worker is a process with its own memory: the counts live in the
    shared cache (here, as in production, the database), not in a worker's memory."""
    from django.core.cache.backends import locmem
    from django.core.management import call_command

    call_command("createcachetable", verbosity=0)
    drive = make_started_drive(club)
    url = page_url(link_of(drive))
    statuses = []
    for _ in range(4):
        locmem._caches.clear()  # the next request is answered by a fresh worker
        statuses.append(client.get(url).status_code)
    assert statuses == [200, 200, 200, 429]
    assert client.get(url, REMOTE_ADDR="10.0.0.9").status_code == 200


@override_settings(TABLESIDE_RATE_LIMITS={"requests": (100, 60), "lookups": (2, 600)})
def test_guessing_tokens_is_cut_off(client, club):
    drive = make_started_drive(club)
    url = page_url(link_of(drive))
    guesses = [client.get(reverse("drives:table_page", args=[f"{n:026d}"])) for n in range(3)]
    assert [r.status_code for r in guesses] == [404, 404, 429]
    # A real table link still opens: the hall's phones may share the guesser's address.
    assert client.get(url).status_code == 200


def test_the_token_is_never_logged_in_full(client, club, caplog):
    token = tokens.new_token()
    with caplog.at_level(logging.WARNING, logger="django.request"):
        client.get(f"/t/{token}/")
    assert caplog.records, "the 404 is logged"
    assert token not in caplog.text
    assert f"/t/{token[:4]}…" in caplog.text
    assert mask_tokens(f"GET /t/{token}/enter/ 200") == f"GET /t/{token[:4]}…/enter/ 200"


def test_nothing_is_entered_before_the_start_or_after_the_finish(club):
    drive = make_started_drive(club)
    link = link_of(drive)
    drive.status = DriveStatus.FINISHED
    drive.save()
    with pytest.raises(services.DriveError):
        services.entry_submit(
            link=link,
            round_number=1,
            side="NS",
            figures=checked_tricks(drive, {1: 7}),
            submission=uuid.uuid4(),
        )


@pytest.mark.parametrize("players", [8, 40])
def test_the_table_page_costs_the_same_whatever_the_drive_size(
    client, club, players, django_assert_num_queries
):
    drive = make_started_drive(club, players=players, movement="individual", deals=12)
    link = link_of(drive)
    with django_assert_num_queries(5):  # link, seats, results, sit-outs, live entries
        assert client.get(page_url(link)).status_code == 200


def test_a_cancelled_drive_opens_no_table_page(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    drive.status = DriveStatus.CANCELLED
    drive.save()
    response = client.get(page_url(link))
    assert response.status_code == 410
    assert "The drive is not running" in response.content.decode()


def test_the_organiser_chooses_one_side_enters_in_the_drive_form(client, club, organiser):
    client.force_login(organiser)
    form = drive_form(title="Quick Drive", rotation="hdsc", table_entry="one_side")
    client.post(reverse("drives:drive_new", args=[club.slug]), form)
    assert club.drives.get(title="Quick Drive").table_entry == "one_side"


# ---------------------------------------------------------------- trumps turned up at each table


def turned_drive(club):
    return make_started_drive(club, rotation="turned", honours=True)


def test_with_trumps_turned_up_one_side_sends_the_suit_and_the_other_confirms(client, club):
    drive = turned_drive(club)
    link = link_of(drive)
    page = client.get(page_url(link))
    assert page.status_code == 200 and "Trumps turned up" in page.text
    # The drive scores honours and the suit turned up is always a suit: the phone asks.
    assert 'name="h1"' in page.text

    response = client.post(
        page_url(link, "enter"),
        {"round": 1, "side": "NS", "submission": uuid.uuid4(), "d1": 8, "t1": "D"},
    )
    assert response.status_code == 200
    waiting = PendingEntry.objects.get()
    assert (waiting.state, waiting.tricks, waiting.trumps) == ("waiting", {"1": 8}, {"1": "D"})
    assert "♦" in response.text and stored(drive) == {}

    response = client.post(
        page_url(own_link(link, "EW"), "confirm"), {"entry": waiting.pk, "submission": uuid.uuid4()}
    )
    assert response.status_code == 200
    result = TableResult.objects.get()
    assert (result.ns_tricks, result.trumps, result.source) == (8, "D", ResultSource.TABLE)
    assert "Result stored" in response.text and "♦" in response.text


def test_with_trumps_turned_up_the_phones_send_honours_and_they_are_scored(client, club):
    drive = turned_drive(club)
    link = link_of(drive)
    sent = {"round": 1, "d1": 8, "t1": "C", "h1": 4}
    client.post(page_url(link, "enter"), sent | {"side": "NS", "submission": uuid.uuid4()})
    assert PendingEntry.objects.get().honours == {"1": 4}
    # The other side remembering the honours differently is a dispute, not a confirmation.
    other = sent | {"side": "EW", "submission": uuid.uuid4(), "h1": ""}
    ew = own_link(link, "EW")
    client.post(page_url(ew, "enter"), other)
    assert set(PendingEntry.objects.values_list("state", flat=True)) == {"disputed"}
    client.post(page_url(ew, "enter"), other | {"h1": 4, "submission": uuid.uuid4()})
    result = TableResult.objects.get()
    assert (result.ns_tricks, result.trumps, result.ns_honours) == (8, "C", 4)
    report = drive_report(drive)
    north = drive.seatings.get(round=1, table=1, seat="N").entry
    points = {row.entry.pk: row.standing.points for row in report.overall}
    assert points[north.pk] == 2 + 4  # two odd tricks and all four honours of clubs


def test_two_sides_naming_different_suits_are_a_dispute(client, club):
    link = link_of(turned_drive(club))
    for side, suit in (("NS", "H"), ("EW", "S")):
        data = {"round": 1, "side": side, "submission": uuid.uuid4(), "d1": 7, "t1": suit}
        client.post(page_url(own_link(link, side), "enter"), data)
    assert set(PendingEntry.objects.values_list("state", flat=True)) == {"disputed"}
    assert not TableResult.objects.exists()


@pytest.mark.parametrize("suit", ["", "X"])
def test_tricks_without_the_suit_turned_up_are_refused(client, club, suit):
    link = link_of(turned_drive(club))
    data = {"round": 1, "side": "NS", "submission": uuid.uuid4(), "d1": 7, "t1": suit}
    response = client.post(page_url(link, "enter"), data)
    assert response.status_code == 400
    assert "trumps turned up" in response.text
    assert not PendingEntry.objects.exists() and not TableResult.objects.exists()


def test_the_games_checker_refuses_figures_without_the_suit(club):
    # The one checker both doors use: the phone's form hands the service checked figures.
    with pytest.raises(FiguresRefused, match="say which suit was turned up for deal 1"):
        checked_tricks(turned_drive(club), {1: 7})
    assert not PendingEntry.objects.exists()


def test_after_the_last_round_the_phone_does_not_promise_a_next_round(client, club):
    drive = make_started_drive(club, deals=4, deals_per_round=2, movement="individual")
    link = link_of(drive)
    send(client, link, "NS", [8, 6])
    waiting = PendingEntry.objects.get()
    client.post(
        page_url(own_link(link, "EW"), "confirm"), {"entry": waiting.pk, "submission": uuid.uuid4()}
    )
    record_tricks(drive, 1, 2, {1: 7, 2: 7})
    round_advance(drive=drive)
    send(client, link, "NS", [5, 9], round_number=2)
    waiting = PendingEntry.objects.get(round=2)
    client.post(
        page_url(own_link(link, "EW"), "confirm"), {"entry": waiting.pk, "submission": uuid.uuid4()}
    )

    text = client.get(page_url(link)).text
    assert "Result stored" in text
    assert "That was the last round: the organiser will finish the drive" in text
    assert "open the next round" not in text


def test_once_stored_each_phone_still_sees_the_honours_and_the_points_they_gave(client, club):
    drive = turned_drive(club)
    link = link_of(drive)
    sent = {"round": 1, "d1": 8, "t1": "C", "h1": 4}
    client.post(page_url(link, "enter"), sent | {"side": "NS", "submission": uuid.uuid4()})
    client.post(
        page_url(own_link(link, "EW"), "enter"), sent | {"side": "EW", "submission": uuid.uuid4()}
    )
    assert TableResult.objects.get().ns_honours == 4
    for side in ("NS", "EW"):
        page = client.get(page_url(own_link(link, side))).text
        assert 'data-state="confirmed"' in page
        stored_part = page.split('data-state="confirmed"')[1]
        # Two odd tricks and all four honours of clubs: 6–0, as the standings count them.
        assert "N–S hold all four" in stored_part and "6–0" in stored_part
