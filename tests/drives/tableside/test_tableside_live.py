"""The table page follows the drive by itself (its poll), and figures sent from a page out of
date reach the organiser as a late or differing entry."""

import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from drives.evening.lifecycle import drive_finish, round_advance
from drives.models import PendingEntry, PendingState, ResultChange, Seating, TableResult
from drives.tableside import services, tokens
from tests.conftest import link_of, make_started_drive, own_link, record_tricks

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_counting_window")]


def live_url(link):
    return reverse("drives:table_live", args=[link.token])


def send(client, link, side, tricks, *, round_number=None):
    """``side`` sends from its own link at ``link``'s table."""
    link = own_link(link, side)
    drive = link.drive
    drive.refresh_from_db()
    number = round_number or drive.current_round
    data = {"round": number, "side": side, "submission": uuid.uuid4()}
    for deal, ns in zip(drive.deals_of_round(number), tricks, strict=True):
        data[f"d{deal}"] = ns
    return client.post(reverse("drives:table_enter", args=[link.token]), data)


def poll(client, link, etag=None):
    """The page's poll; the page is opened first, as on a phone: it sets the CSRF cookie
    that the forms' tokens, and so the ETag, are made from."""
    if "csrftoken" not in client.cookies:
        client.get(reverse("drives:table_page", args=[link.token]))
    headers = {"if-none-match": etag} if etag else {}
    return client.get(live_url(link), headers=headers)


def test_it_answers_an_unchanged_poll_not_modified(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    first = poll(client, link)
    assert first.status_code == 200 and 'id="tableside"' in first.text
    again = poll(client, link, first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert float(again["X-Server-Time"]) > 0  # the phone's clock offset, as the hall's


def test_a_poll_brings_the_other_sides_confirmation(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    send(client, link, "NS", [7])
    waiting = poll(client, link)
    assert 'data-state="waiting"' in waiting.text
    send(client, link, "EW", [7])  # the other phone confirms
    fresh = poll(client, link, waiting["ETag"])
    assert fresh.status_code == 200
    assert 'data-state="confirmed"' in fresh.text and "Result stored" in fresh.text


def test_a_poll_brings_a_dispute_and_its_settlement(client, club, organiser):
    drive = make_started_drive(club)
    link = link_of(drive)
    send(client, link, "NS", [7])
    send(client, link, "EW", [6])
    disputed = poll(client, link)
    assert 'data-state="disputed"' in disputed.text
    entry = PendingEntry.objects.get(side="NS", state=PendingState.DISPUTED)
    services.dispute_settle(drive=drive, entry_pk=entry.pk, user=organiser)
    settled = poll(client, link, disputed["ETag"])
    assert settled.status_code == 200 and 'data-state="confirmed"' in settled.text


def test_a_poll_brings_the_next_rounds_seats_and_trumps(client, club):
    drive = make_started_drive(club, table_entry="one_side")
    links = [table.ns for table in tokens.links_issue(drive=drive)]
    for link in links:
        send(client, link, "NS", [7])
    before = poll(client, links[0])
    assert f'data-key="{links[0].pk}-1"' in before.text
    round_advance(drive=drive)
    after = poll(client, links[0], before["ETag"])
    assert after.status_code == 200
    assert f'data-key="{links[0].pk}-2"' in after.text
    assert after.context["state"].round_number == 2
    assert 'name="d2"' in after.text  # the new round's deal, its form empty


def test_a_poll_says_when_the_drive_has_finished(client, club):
    drive = make_started_drive(club, deals=4, deals_per_round=2, table_entry="one_side")
    links = [table.ns for table in tokens.links_issue(drive=drive)]
    for number in (1, 2):
        for link in links:
            send(client, link, "NS", [7, 6], round_number=number)
        if number == 1:
            round_advance(drive=drive)
    etag = poll(client, links[0])["ETag"]
    drive_finish(drive=drive)
    finished = poll(client, links[0], etag)
    assert finished.status_code == 410
    assert "The drive has finished: thank you for playing." in finished.text


@pytest.mark.parametrize("players", [8, 80])
def test_an_unchanged_poll_costs_the_same_queries_whatever_the_drive(
    client, club, players, django_assert_num_queries
):
    drive = make_started_drive(club, players=players, table_entry="one_side")
    link = link_of(drive)
    send(client, link, "NS", [7])
    etag = poll(client, link)["ETag"]
    # The link with its drive and club; the table's fingerprint; its players' names.
    with django_assert_num_queries(3):
        assert poll(client, link, etag).status_code == 304


def test_another_tables_post_leaves_this_phones_poll_not_modified(client, club):
    drive = make_started_drive(club)
    first, second = (table.ns for table in tokens.links_issue(drive=drive))
    etag = poll(client, first)["ETag"]
    send(client, second, "NS", [7])
    send(client, second, "EW", [7])
    assert poll(client, first, etag).status_code == 304


def test_a_renamed_player_shows_at_the_next_poll(client, club):
    drive = make_started_drive(club)
    link = link_of(drive)
    etag = poll(client, link)["ETag"]
    player = Seating.objects.filter(drive=drive, round=1, table=1).first().entry.player
    player.name = "Ada Lovelace"
    player.save()
    fresh = poll(client, link, etag)
    assert fresh.status_code == 200 and "Ada Lovelace" in fresh.text


def test_polls_do_not_count_against_the_hall_addresss_limit(client, club, settings):
    settings.TABLESIDE_RATE_LIMITS = settings.TABLESIDE_RATE_LIMITS | {"requests": (3, 60)}
    link = link_of(make_started_drive(club))
    for _ in range(5):
        assert poll(client, link).status_code == 200
    assert client.get(reverse("drives:table_page", args=[link.token])).status_code == 200


# ---------------------------------------------------------------- posts from old pages


def test_figures_from_a_closed_round_go_to_the_organiser_with_what_the_phone_showed(
    client, club, organiser
):
    # A static movement: the organiser may open round 2 without table 1's tricks.
    drive = make_started_drive(club, movement="individual", deals=8)
    round_advance(drive=drive, allow_missing=True)
    link = link_of(drive)
    response = send(client, link, "EW", [8], round_number=1)
    assert response.status_code == 200
    assert "Round 1 had already closed: your figures went to the organiser" in response.text
    assert "Enter N–S tricks" not in response.text
    late = PendingEntry.objects.get()
    assert (late.state, late.round, late.table, late.side, late.tricks) == (
        PendingState.LATE,
        1,
        1,
        "EW",
        {"1": 8},
    )
    assert not TableResult.objects.exists()
    client.force_login(organiser)
    dashboard = client.get(reverse("drives:tableside_dashboard", args=[drive.pk])).text
    assert "Sent from a page out of date" in dashboard and "Table 1, round 1" in dashboard
    accepted = client.post(
        reverse("drives:tableside_late", args=[drive.pk]), {"entry": late.pk, "accept": "yes"}
    )
    assert accepted.status_code == 302
    assert TableResult.objects.get(drive=drive, table=1, deal=1).ns_tricks == 8
    late.refresh_from_db()
    assert late.state == PendingState.SETTLED


def test_the_organiser_dismisses_differing_figures_and_the_stored_result_stands(
    client, club, organiser
):
    drive = make_started_drive(club, table_entry="one_side")
    link = link_of(drive)
    send(client, link, "NS", [7])
    send(client, link, "EW", [5])
    differs = PendingEntry.objects.get(state=PendingState.DIFFERS)
    client.force_login(organiser)
    client.post(
        reverse("drives:tableside_late", args=[drive.pk]), {"entry": differs.pk, "accept": "no"}
    )
    differs.refresh_from_db()
    assert differs.state == PendingState.REJECTED
    assert TableResult.objects.get(drive=drive, table=1).ns_tricks == 7
    assert not ResultChange.objects.exists()


def test_accepting_differing_figures_corrects_the_result_and_keeps_the_old_one(
    client, club, organiser
):
    drive = make_started_drive(club, table_entry="one_side")
    link = link_of(drive)
    send(client, link, "NS", [7])
    send(client, link, "EW", [5])
    differs = PendingEntry.objects.get(state=PendingState.DIFFERS)
    services.late_settle(drive=drive, entry_pk=differs.pk, accept=True, user=organiser)
    assert TableResult.objects.get(drive=drive, table=1).ns_tricks == 5
    assert ResultChange.objects.filter(old_ns_tricks=7, new_ns_tricks=5).exists()


def test_a_stale_post_is_worded_in_the_pages_language(client, club):
    drive = make_started_drive(club, movement="individual", deals=8)
    round_advance(drive=drive, allow_missing=True)
    with translation.override("fr"):
        response = send(client, link_of(drive), "NS", [7], round_number=1)
    assert response.status_code == 200
    assert "Le tour 1 était déjà clos" in response.text
    assert PendingEntry.objects.get().state == PendingState.LATE


def test_bad_figures_from_a_closed_round_say_so_and_store_nothing(client, club):
    drive = make_started_drive(club, movement="individual", deals=8)
    round_advance(drive=drive, allow_missing=True)
    response = send(client, link_of(drive), "NS", [15], round_number=1)
    assert response.status_code == 400
    assert "Round 1 has closed, and these figures could not be sent" in response.text
    assert "not 15" in response.text
    assert not PendingEntry.objects.exists()


def test_a_confirmation_from_a_closed_rounds_page_goes_to_the_organiser(client, club):
    drive = make_started_drive(club, movement="individual", deals=8)
    link = link_of(drive)
    send(client, link, "NS", [8])
    waiting = PendingEntry.objects.get()
    round_advance(drive=drive, allow_missing=True)
    response = client.post(
        reverse("drives:table_confirm", args=[link_of(drive, 1, "EW").token]),
        {"entry": waiting.pk, "submission": uuid.uuid4()},
    )
    assert response.status_code == 200
    assert "Round 1 had already closed: your figures went to the organiser" in response.text
    late = PendingEntry.objects.get(state=PendingState.LATE)
    assert (late.round, late.side, late.tricks) == (1, "EW", {"1": 8})


def test_accepting_late_figures_after_a_progressive_drive_moved_on_says_the_seats_stand(
    client, club, organiser
):
    drive = make_started_drive(club)  # progressive: round 2 is seated from round 1's winners
    for table in (1, 2):
        record_tricks(drive, 1, table, {1: 7})
    round_advance(drive=drive)
    send(client, link_of(drive), "NS", [4], round_number=1)
    late = PendingEntry.objects.get(round=1)
    client.force_login(organiser)
    accepted = client.post(
        reverse("drives:tableside_late", args=[drive.pk]),
        {"entry": late.pk, "accept": "yes"},
        follow=True,
    )
    assert TableResult.objects.get(drive=drive, round=1, table=1).ns_tricks == 4
    assert "Later rounds were seated from the old result; they stay as played." in accepted.text
