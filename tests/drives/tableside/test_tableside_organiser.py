"""The organiser's side of table entry: dashboard, polls, settling, next round, hall, QR codes."""

import time
import uuid

import pytest
from django.urls import reverse

from drives.evening import seating
from drives.evening.lifecycle import drive_start, round_advance
from drives.models import HallState, PendingEntry, ResultSource, Seating, TableResult
from drives.tableside import board, services, tokens
from tests.conftest import (
    checked_tricks,
    link_of,
    make_drive,
    make_entries,
    make_played_drive,
    make_started_drive,
    make_user,
    record_tricks,
)

pytestmark = pytest.mark.django_db


def enter(drive, table, side, tricks):
    link = link_of(drive, table, side)
    drive.refresh_from_db()
    return services.entry_submit(
        link=link,
        round_number=drive.current_round,
        side=side,
        figures=checked_tricks(
            drive, dict(zip(drive.deals_of_round(drive.current_round), tricks, strict=True))
        ),
        submission=uuid.uuid4(),
    )


def tile_states(drive):
    return {tile.table: tile.state for tile in board.board(drive).tiles}


def test_the_tiles_follow_each_table(club):
    drive = make_started_drive(club, players=12)
    enter(drive, 1, "NS", [7])
    enter(drive, 2, "NS", [7])
    enter(drive, 2, "EW", [8])
    enter(drive, 3, "NS", [5])
    enter(drive, 3, "EW", [5])
    assert tile_states(drive) == {1: "entered", 2: "disputed", 3: "confirmed"}
    assert board.board(drive).unreported == [1, 2]


def test_the_dashboard_is_for_the_clubs_organisers_only(client, club, organiser, settings):
    settings.DASHBOARD_POLL_SECONDS = 3  # as in production; the suite's default is 1
    drive = make_started_drive(club, players=12)
    url = reverse("drives:tableside_dashboard", args=[drive.pk])
    assert client.get(url).status_code == 302  # to the log-in page
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    response = client.get(url)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Table 1" in text and "not started" in text
    assert 'hx-trigger="every 3s"' in text
    assert "<script>" not in text and "onclick" not in text


def test_an_unchanged_poll_is_answered_not_modified(client, club, organiser):
    drive = make_started_drive(club, players=12)
    client.force_login(organiser)
    url = reverse("drives:tableside_tiles", args=[drive.pk])
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    again = client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    enter(drive, 1, "NS", [7])
    changed = client.get(url, headers={"if-none-match": first["ETag"]})
    assert changed.status_code == 200
    assert 'data-state="entered"' in changed.content.decode()


@pytest.mark.parametrize("players", [12, 40])
def test_an_unchanged_poll_costs_five_queries_whatever_the_field(
    client, club, organiser, django_assert_num_queries, players
):
    drive = make_started_drive(club, players=players)
    client.force_login(organiser)
    url = reverse("drives:tableside_tiles", args=[drive.pk])
    etag = client.get(url)["ETag"]
    # The session, the user, the tables' entries with the organiser check, and the drive's
    # stamp (its row with its results, seats and entries; its club's names).
    with django_assert_num_queries(5):
        assert client.get(url, headers={"if-none-match": etag}).status_code == 304


@pytest.mark.parametrize("players", [12, 40])
def test_an_unchanged_hall_poll_costs_three_queries_whatever_the_field(
    client, club, django_assert_num_queries, players
):
    drive = make_started_drive(club, players=players)
    url = reverse("drives:hall_live", args=[drive.pk])
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(3):
        assert client.get(url, headers={"if-none-match": etag}).status_code == 304


def test_a_renamed_player_or_an_edited_title_shows_at_the_halls_next_poll(client, club):
    # Players who have finished a drive before are named on the public hall.
    make_played_drive(club, players=12, deals=4)
    drive = make_drive(club)
    make_entries(drive, club.players.all())
    drive_start(drive=drive)
    drive.refresh_from_db()
    enter(drive, 1, "NS", [13])
    enter(drive, 1, "EW", [13])  # both sides give N–S's tricks
    url = reverse("drives:hall_live", args=[drive.pk])
    leader = board.hall(drive).overall[0].entry.player
    first = client.get(url)
    assert leader.name in first.content.decode()

    leader.name = "Philippa Renamed"
    leader.save()
    renamed = client.get(url, headers={"if-none-match": first["ETag"]})
    assert renamed.status_code == 200
    assert "Philippa Renamed" in renamed.content.decode()

    drive.title = "Christmas Drive (moved to the Hall)"
    drive.save()
    retitled = client.get(url, headers={"if-none-match": renamed["ETag"]})
    assert retitled.status_code == 200
    assert "Christmas Drive (moved to the Hall)" in retitled.content.decode()


def test_a_poll_with_an_organisers_etag_from_anyone_else_gets_no_answer(client, club, organiser):
    drive = make_started_drive(club, players=12)
    client.force_login(organiser)
    url = reverse("drives:tableside_tiles", args=[drive.pk])
    etag = client.get(url)["ETag"]
    client.force_login(make_user("stranger"))
    response = client.get(url, headers={"if-none-match": etag})
    assert response.status_code == 403
    assert "ETag" not in response


def test_one_click_settles_a_dispute(client, club, organiser):
    drive = make_started_drive(club, players=12)
    enter(drive, 1, "NS", [7])
    enter(drive, 1, "EW", [8])
    ew = PendingEntry.objects.get(side="EW")
    client.force_login(organiser)
    response = client.post(
        reverse("drives:tableside_settle", args=[drive.pk]), {"entry": ew.pk}, follow=True
    )
    assert "Table 1 settled with E–W" in response.content.decode()
    result = TableResult.objects.get(table=1)
    assert (result.ns_tricks, result.source, result.entered_by) == (
        8,
        ResultSource.ORGANISER,
        organiser,
    )
    assert tile_states(drive)[1] == "confirmed"


def test_next_round_asks_before_going_on_without_tables(client, club, organiser):
    drive = make_started_drive(club, players=12, movement="individual", deals=12)
    enter(drive, 1, "NS", [7])
    enter(drive, 1, "EW", [7])
    client.force_login(organiser)
    url = reverse("drives:tableside_next", args=[drive.pk])
    response = client.post(url)
    text = response.content.decode()
    assert "2 tables have not reported" in text and "2, 3" in text
    drive.refresh_from_db()
    assert drive.current_round == 1
    response = client.post(url, {"without_missing": "yes"}, follow=True)
    assert "Round 2 is open." in response.content.decode()
    drive.refresh_from_db()
    assert drive.current_round == 2


def test_a_progressive_drive_waits_for_every_table(client, club, organiser):
    drive = make_started_drive(club, players=12)
    enter(drive, 1, "NS", [7])
    enter(drive, 1, "EW", [7])
    client.force_login(organiser)
    url = reverse("drives:tableside_next", args=[drive.pk])
    response = client.post(url)
    assert "waits for them" in response.content.decode()
    client.post(url, {"without_missing": "yes"})
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_the_round_timer_starts_pauses_and_resets(client, club, organiser):
    drive = make_started_drive(club, players=12)
    client.force_login(organiser)
    url = reverse("drives:tableside_hall_controls", args=[drive.pk])
    client.post(url, {"action": "start"})
    hall = HallState.objects.get(drive=drive)
    assert hall.timer_started_at is not None
    client.post(url, {"action": "pause"})
    hall.refresh_from_db()
    assert hall.timer_started_at is None
    client.post(url, {"action": "reset", "minutes": "12"})
    hall.refresh_from_db()
    assert (hall.timer_minutes, hall.timer_banked) == (12, 0)
    response = client.post(url, {"action": "reset", "minutes": "500"}, follow=True)
    assert "from 1 to 120 minutes" in response.content.decode()


def test_the_hall_display_is_public_and_shows_the_round(client, club):
    drive = make_started_drive(club, players=12, deals=24, deals_per_round=2, prizes_by_role=True)
    enter(drive, 2, "NS", [7, 6])
    enter(drive, 2, "EW", [7, 6])
    response = client.get(reverse("drives:hall", args=[drive.pk]) + "?theme=dark")
    assert response.status_code == 200
    text = response.content.decode()
    assert 'data-theme="dark"' in text
    assert "Round 1 of 12" in text and "hearts" in text and "diamonds" in text
    assert "Waiting for tables 1, 3" in text
    assert "Ladies" in text and "Gents" in text
    assert "<script>" not in text


def test_the_hall_says_where_each_seat_goes_in_a_static_movement(client, club):
    drive = make_started_drive(club, players=12, movement="individual", deals=12)
    hall = board.hall(drive)
    assert [line.table for line in hall.moves] == [1, 2, 3]
    assert [seat for seat, _move in hall.moves[0].moves] == ["N", "E", "S", "W"]
    text = client.get(reverse("drives:hall", args=[drive.pk])).content.decode()
    seat, move = hall.moves[0].moves[0]
    assert f"{seat} → {move.table}{move.seat}" in text


def test_frozen_standings_stay_as_they_were(client, club, organiser):
    drive = make_started_drive(
        club, players=12, movement="individual", deals=12, table_entry="one_side"
    )
    for table in (1, 2, 3):
        enter(drive, table, "NS", [13 if table == 1 else 0])
    round_advance(drive=drive)
    drive.refresh_from_db()
    services.standings_freeze(drive=drive, frozen=True)
    before = [row.standing.points for row in board.hall(drive).overall]
    for table in (1, 2, 3):
        enter(drive, table, "NS", [0 if table == 1 else 13])
    assert [row.standing.points for row in board.hall(drive).overall] == before
    services.standings_freeze(drive=drive, frozen=False)
    assert [row.standing.points for row in board.hall(drive).overall] != before


def test_the_qr_sheet_has_a_vector_code_for_each_side_of_each_table(client, club, organiser):
    drive = make_started_drive(club, players=12)
    client.force_login(organiser)
    response = client.get(reverse("drives:tableside_qr", args=[drive.pk]))
    text = response.content.decode()
    assert "3 tables, a link for each side, to print and cut out." in text
    assert text.count("<svg") == 6
    for link in tokens.side_links(drive=drive):
        card = text.split(f'id="qr-{link.table}-{link.side}"')[1].split("</li>")[0]
        assert f"/t/{link.token}/" in card
        seats = "North and South" if link.side == "NS" else "East and West"
        assert f'<p class="qr-side">{link.get_side_display()} <span>{seats}</span>' in card


def test_the_organiser_withdraws_and_reissues_a_link(client, club, organiser):
    drive = make_started_drive(club, players=12)
    old = link_of(drive, 1, "EW")
    kept = link_of(drive, 1, "NS")
    client.force_login(organiser)
    response = client.post(
        reverse("drives:tableside_links", args=[drive.pk]),
        {"table": 1, "side": "EW"},
        follow=True,
    )
    assert "Table 1 has a new E–W link; the old one no longer opens it." in response.text
    assert client.get(reverse("drives:table_page", args=[old.token])).status_code == 410
    new = link_of(drive, 1, "EW")
    assert new.token != old.token
    assert client.get(reverse("drives:table_page", args=[new.token])).status_code == 200
    # The other side's link is left as it was.
    assert link_of(drive, 1, "NS").token == kept.token
    assert client.get(reverse("drives:table_page", args=[kept.token])).status_code == 200
    response = client.post(
        reverse("drives:tableside_links", args=[drive.pk]),
        {"table": "x", "side": "NS"},
        follow=True,
    )
    assert "There is no table 0" in response.content.decode()


def test_a_tables_history_says_where_each_figure_came_from(client, club, organiser):
    drive = make_started_drive(club, players=12)
    enter(drive, 1, "NS", [7])
    enter(drive, 1, "EW", [8])
    services.dispute_settle(
        drive=drive, entry_pk=PendingEntry.objects.get(side="EW").pk, user=organiser
    )
    record_tricks(drive, 1, 1, {1: 9}, version=1, user=organiser)
    client.force_login(organiser)
    response = client.get(reverse("drives:tableside_history", args=[drive.pk, 1]))
    text = response.content.decode()
    assert "N–S sent figures, now set aside by the organiser" in text
    assert "E–W sent figures, now settled by the organiser" in text
    assert "deal 1 corrected" in text and "8 → 9" in text
    assert "organiser (alice)" in text
    assert text.count("table link") == 2


@pytest.mark.parametrize(
    "movement, players, deals",
    [
        ("progressive", 12, 8),
        ("individual", 12, 11),
        ("mitchell", 12, 6),
        ("howell", 12, 5),
    ],
)
def test_the_hall_shows_the_round_its_trumps_and_moves_in_every_movement(
    client, club, movement, players, deals
):
    drive = make_started_drive(club, players=players, movement=movement, deals=deals)
    for table in seating.tables_of_round(drive, 1):
        record_tricks(drive, 1, table, {1: 7})
    round_advance(drive=drive)
    drive.refresh_from_db()
    hall = board.hall(drive)
    assert hall.round_number == 2
    assert [deal.number for deal in hall.deals] == [2]
    text = client.get(reverse("drives:hall", args=[drive.pk])).content.decode()
    assert f"Round 2 of {drive.rounds}" in text and "diamonds" in text
    if not drive.is_static:
        assert hall.moves == [] and hall.rule
        return
    # Each seat of round 2 goes where round 3 seats that player.
    seats = {(s.round, s.entry_id): (s.table, s.seat) for s in Seating.objects.filter(drive=drive)}
    for line in hall.moves:
        for seat, move in line.moves:
            assert seats[2, move.entry.pk] == (line.table, seat)
            assert seats.get((3, move.entry.pk), (None, None)) == (move.table, move.seat)
    assert sum(len(line.moves) for line in hall.moves) == sum(
        round_number == 2 for round_number, _entry in seats
    )
    # Who sits out round 2 is told where to go in round 3.
    for move in hall.coming_in:
        assert (2, move.entry.pk) not in seats
        assert seats[3, move.entry.pk] == (move.table, move.seat)
        assert f"→ {move.table}{move.seat}" in text


def test_the_hall_tells_who_sits_out_where_to_go_next(client, club):
    drive = make_started_drive(club, players=9, movement="individual", deals=9)
    hall = board.hall(drive)
    out = [move.entry for move in hall.coming_in]
    assert len(out) == 1 and not Seating.objects.filter(drive=drive, round=1, entry=out[0])
    text = client.get(reverse("drives:hall", args=[drive.pk])).content.decode()
    # A public page: the player is named by card until they have finished a drive.
    assert f"Sitting out this round:</strong> Card {out[0].card_number} → " in text
    french = client.get("/fr" + reverse("drives:hall", args=[drive.pk])).content.decode()
    assert "Au repos ce tour-ci\u00a0:</strong>" in french


@pytest.mark.parametrize("name", ["drives:hall_live", "drives:tableside_tiles"])
def test_every_poll_answer_carries_the_servers_clock(client, club, organiser, name):
    drive = make_started_drive(club, players=12)
    client.force_login(organiser)
    url = reverse(name, args=[drive.pk])
    before = time.time()
    first = client.get(url)
    unchanged = client.get(url, headers={"if-none-match": first["ETag"]})
    after = time.time()
    assert (first.status_code, unchanged.status_code) == (200, 304)
    # To the millisecond: the screens' clocks agree to well within a second.
    for response in (first, unchanged):
        stamp = response["X-Server-Time"]
        assert len(stamp.split(".")[1]) == 3
        assert before <= float(stamp) <= after + 0.001
    assert float(unchanged["X-Server-Time"]) >= float(first["X-Server-Time"])


def test_the_round_timer_starts_by_itself_when_the_next_round_opens(client, club, organiser):
    drive = make_started_drive(club, players=12, movement="individual", deals=11)
    assert drive.round_timer_starts  # on unless the organiser turns it off
    services.timer_set(drive=drive, action="reset", minutes=10)
    services.timer_set(drive=drive, action="start")
    for table in (1, 2, 3):
        record_tricks(drive, 1, table, {1: 7})
    client.force_login(organiser)
    client.post(reverse("drives:tableside_next", args=[drive.pk]))
    hall = HallState.objects.get(drive=drive)
    assert hall.timer_started_at is not None and hall.timer_banked == 0
    assert hall.timer_minutes == 10
    timer = board.timer(hall)
    assert timer.running and timer.remaining_text in ("10:00", "9:59")
    text = client.get(reverse("drives:tableside_dashboard", args=[drive.pk])).content.decode()
    assert "running" in text and ">Pause<" in text  # the organiser can still pause it
    client.post(reverse("drives:tableside_hall_controls", args=[drive.pk]), {"action": "pause"})
    hall.refresh_from_db()
    assert hall.timer_started_at is None


def test_a_round_opened_from_the_round_page_starts_the_dashboards_clock_at_its_next_poll(
    client, club, organiser
):
    drive = make_started_drive(club, players=12, movement="individual", deals=11)
    client.force_login(organiser)
    url = reverse("drives:tableside_tiles", args=[drive.pk])
    first = client.get(url)
    assert 'data-started=""' in first.text and "stopped" in first.text
    for table in (1, 2, 3):
        record_tricks(drive, 1, table, {1: 7})
    round_advance(drive=drive)
    polled = client.get(url, headers={"if-none-match": first["ETag"]})
    assert polled.status_code == 200
    started = HallState.objects.get(drive=drive).timer_started_at.timestamp()
    assert f'data-started="{started:.3f}"' in polled.text and "running" in polled.text


def test_the_round_timer_waits_for_start_when_the_drive_says_so(club):
    drive = make_started_drive(
        club, players=12, movement="individual", deals=11, round_timer_starts=False
    )
    services.timer_set(drive=drive, action="start")
    for table in (1, 2, 3):
        record_tricks(drive, 1, table, {1: 7})
    round_advance(drive=drive)  # from the round page, as from the dashboard
    hall = HallState.objects.get(drive=drive)
    assert (hall.timer_started_at, hall.timer_banked) == (None, 0)
