"""Late arrivals and withdrawals replan the rounds not yet played and never the played ones."""

import pytest
from django.urls import reverse
from django.utils import translation

from drives.errors import DriveError
from drives.evening.entries import entry_check_in, entry_withdraw
from drives.evening.lifecycle import drive_finish, drive_start, round_advance
from drives.models import Seating, SeatRole
from drives.reports.report import drive_report
from tests.conftest import make_drive, make_entries, make_player, make_players, record_tricks

pytestmark = pytest.mark.django_db


def seats(drive, rounds):
    return list(
        Seating.objects.filter(drive=drive, round__in=rounds).values_list(
            "round", "table", "seat", "entry"
        )
    )


def finish_round(drive, tricks=7):
    drive.refresh_from_db()
    number = drive.current_round
    for table in {s.table for s in drive.seatings.filter(round=number)}:
        record_tricks(drive, number, table, dict.fromkeys(drive.deals_of_round(number), tricks))
    round_advance(drive=drive)
    drive.refresh_from_db()


def individual_drive(club, players):
    drive = make_drive(club, movement="individual", deals=8)
    entries = make_entries(drive, make_players(club, players))
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive, entries


def test_a_late_arrival_joins_the_next_round_and_played_rounds_stay(club):
    drive, _ = individual_drive(club, 8)
    finish_round(drive)
    played = seats(drive, [1, 2])
    latecomer = make_player(club, name="Late Lily", role=SeatRole.LADY)
    entry = entry_check_in(drive=drive, player=latecomer, role=SeatRole.LADY).entry
    assert (entry.joined_round, entry.card_number) == (3, 9)
    assert seats(drive, [1, 2]) == played
    for number in range(3, drive.rounds + 1):
        round_seats = Seating.objects.filter(drive=drive, round=number)
        assert round_seats.count() == 8  # two tables; one of the nine sits out
        assert len(set(round_seats.values_list("entry", flat=True))) == 8
    sat_out = drive.rounds - 2 - drive.seatings.filter(entry=entry).count()
    assert 0 <= sat_out <= 2  # the newcomer takes a fair share of sit-outs, no more


def test_a_withdrawal_leaves_from_the_next_round(client, club, organiser):
    drive, entries = individual_drive(club, 9)
    finish_round(drive)
    played = seats(drive, [1, 2])
    leaver = entries[0]
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    leaver.refresh_from_db()
    assert leaver.withdrew_after == 2
    assert f"{leaver.player.name} withdrawn." in response.text
    assert seats(drive, [1, 2]) == played
    assert not drive.seatings.filter(entry=leaver, round__gt=2).exists()
    assert drive.seatings.filter(round=3).count() == 8  # the other eight fill both tables


def test_a_late_arrival_takes_their_usual_seat_role_by_default(client, club, organiser):
    drive, _ = individual_drive(club, 8)
    latecomer = make_player(club, name="Gerald Late", role=SeatRole.GENT)
    client.force_login(organiser)
    client.post(reverse("drives:late_arrival", args=[drive.pk]), {"player": latecomer.pk})
    assert drive.entries.get(player=latecomer).role == SeatRole.GENT


def fixed_drive(club, movement, players, deals):
    drive = make_drive(club, movement=movement, deals=deals)
    entries = make_entries(drive, make_players(club, players))
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive, entries


def pairs_seated(drive, number):
    """The pairs at the tables of a round, each as the set of its two entries' ids."""
    tables = {}
    for seating in drive.seatings.filter(round=number):
        tables.setdefault(seating.table, {})[seating.seat] = seating.entry_id
    return [({t["N"], t["S"]}, {t["E"], t["W"]}) for t in tables.values()]


def late_arrival(client, drive, name):
    player = make_player(club=drive.club, name=name)
    return client.post(
        reverse("drives:late_arrival", args=[drive.pk]), {"player": player.pk}, follow=True
    )


def test_a_late_pair_joins_a_howell_drive_once_both_have_arrived(client, club, organiser):
    drive, entries = fixed_drive(club, "howell", 8, deals=7)
    finish_round(drive)  # round 2 is under way
    before = seats(drive, range(1, 8))
    client.force_login(organiser)
    response = late_arrival(client, drive, "Early Edna")
    assert response.status_code == 200
    assert "Early Edna is checked in and waits for a partner" in response.text
    edna = drive.entries.get(player__name="Early Edna")
    assert edna.joined_round == drive.rounds + 1
    assert seats(drive, range(1, 8)) == before  # nothing moves for a player alone
    assert "waits for a partner" in client.get(drive.get_absolute_url()).text

    response = late_arrival(client, drive, "Late Larry")
    assert "Early Edna and Late Larry join as a pair from round 3." in response.text
    larry = drive.entries.get(player__name="Late Larry")
    edna.refresh_from_db()
    assert (edna.joined_round, larry.joined_round) == (3, 3)
    assert seats(drive, [1, 2]) == [s for s in before if s[0] in (1, 2)]
    pairs = [{e.pk for e in entries[i : i + 2]} for i in range(0, 8, 2)] + [{edna.pk, larry.pk}]
    rested = dict.fromkeys(range(5), 0)
    previous = None
    for number in range(3, 8):
        seated = pairs_seated(drive, number)
        assert len(seated) == 2  # five pairs: two tables, one pair sits out
        at_tables = [pair for table in seated for pair in table]
        assert all(pair in pairs for pair in at_tables)  # partners stay together
        (out,) = [i for i, pair in enumerate(pairs) if pair not in at_tables]
        assert out != previous  # never twice running
        rested[out] += 1
        previous = out
    assert sorted(rested.values()) == [1] * 5  # five rests, one each


def test_a_withdrawn_pair_leaves_a_mitchell_drive_and_the_rest_is_replanned(
    client, club, organiser
):
    drive, entries = fixed_drive(club, "mitchell", 12, deals=6)
    finish_round(drive)  # round 2 is under way
    played = seats(drive, [1, 2])
    leaver, partner = entries[0], entries[1]
    client.force_login(organiser)
    page = client.get(reverse("drives:withdraw", args=[drive.pk, leaver.pk]))
    assert f"Fixed partners leave as a pair: {partner.player.name} withdraws too." in page.text
    response = client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    assert (
        f"{leaver.player.name} and {partner.player.name} withdrawn: fixed partners leave as a pair."
        in response.text
    )
    leaver.refresh_from_db()
    partner.refresh_from_db()
    assert (leaver.withdrew_after, partner.withdrew_after) == (2, 2)
    assert seats(drive, [1, 2]) == played
    for number in range(3, drive.rounds + 1):
        seated = pairs_seated(drive, number)
        assert len(seated) == 2  # five pairs left: one sits out each round
        assert not {leaver.pk, partner.pk} & {e for table in seated for p in table for e in p}

    undo = client.post(reverse("drives:withdraw_undo", args=[drive.pk, leaver.pk]), follow=True)
    assert f"{leaver.player.name} plays on." in undo.text
    partner.refresh_from_db()
    assert partner.withdrew_after is None  # the pair comes back together
    assert len(pairs_seated(drive, 3)) == 3


def test_a_late_arrival_still_waiting_can_withdraw(client, club, organiser):
    drive, _ = fixed_drive(club, "howell", 8, deals=7)
    client.force_login(organiser)
    late_arrival(client, drive, "Brief Bob")
    bob = drive.entries.get(player__name="Brief Bob")
    response = client.post(reverse("drives:withdraw", args=[drive.pk, bob.pk]), follow=True)
    assert "Brief Bob no longer waits for a partner." in response.text
    assert not drive.entries.filter(pk=bob.pk).exists()


def test_a_fixed_drive_keeps_at_least_two_pairs(client, club, organiser):
    drive, entries = fixed_drive(club, "howell", 4, deals=4)
    before = seats(drive, range(1, 5))
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, entries[2].pk]), follow=True)
    assert "Fewer than four players would be left to play." in response.text
    entries[2].refresh_from_db()
    entries[3].refresh_from_db()
    assert entries[2].withdrew_after is None and entries[3].withdrew_after is None
    assert seats(drive, range(1, 5)) == before


def test_the_late_pair_message_is_in_french(client, club, organiser):
    drive, _ = fixed_drive(club, "mitchell", 8, deals=4)
    client.force_login(organiser)
    player = make_player(club, name="Zoé Tardive")
    with translation.override("fr"):
        url = reverse("drives:late_arrival", args=[drive.pk])
    response = client.post(url, {"player": player.pk}, follow=True, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Zoé Tardive est inscrit·e et attend un partenaire" in response.text
    assert drive.entries.get(player=player).joined_round == drive.rounds + 1


def test_ladies_and_gents_get_their_own_standings_and_prizes(client, club):
    drive = make_drive(club, movement="progressive", deals=4, prizes_by_role=True, prize_places=1)
    make_entries(drive, make_players(club, 8))
    drive_start(drive=drive)
    for _ in range(drive.rounds - 1):
        finish_round(drive, tricks=8)
    drive.refresh_from_db()
    for table in (1, 2):
        record_tricks(drive, drive.rounds, table, {4: 9})
    drive_finish(drive=drive)
    page = client.get(reverse("drives:standings", args=[drive.pk]))
    assert "<h2>Ladies</h2>" in page.text and "<h2>Gents</h2>" in page.text
    assert "1st (ladies)" in page.text and "1st (gents)" in page.text


def test_honours_are_entered_with_the_tricks_and_scored(client, club, organiser):
    drive = make_drive(club, movement="individual", deals=4, honours=True)
    make_entries(drive, make_players(club, 4))
    drive_start(drive=drive)
    client.force_login(organiser)
    client.post(reverse("drives:round", args=[drive.pk, 1]), {"t1_v": 0, "t1_d1": 7, "t1_h1": 4})
    result = drive.results.get()
    assert (result.ns_tricks, result.ns_honours) == (7, 4)
    rows = client.get(reverse("drives:standings_csv", args=[drive.pk])).content.decode("utf-8-sig")
    # N–S: one odd trick and four honours; E–W: nothing.
    assert rows.count(",5.00,") == 2 and rows.count(",0.00,") >= 2


@pytest.mark.parametrize("movement", ["progressive", "semi_partner", "individual"])
def test_a_withdrawal_that_would_leave_fewer_than_four_is_refused(
    client, club, organiser, movement
):
    drive = make_drive(club, movement=movement, deals=4)
    entries = make_entries(drive, make_players(club, 5))
    drive_start(drive=drive)
    entry_withdraw(drive=drive, entry=entries[0])
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, entries[1].pk]), follow=True)
    entries[1].refresh_from_db()
    assert entries[1].withdrew_after is None
    assert "Fewer than four players would be left to play." in response.text
    finish_round(drive)  # the drive can still go on
    assert drive.current_round == 2


@pytest.mark.parametrize("players", [7, 11])
def test_progressive_sit_outs_take_turns_round_after_round(club, players):
    """Nobody sits out a second time before everyone has sat out once."""
    drive = make_drive(club, movement="progressive", deals=12)
    entries = make_entries(drive, make_players(club, players))
    drive_start(drive=drive)
    for number in range(drive.rounds - 1):
        finish_round(drive, tricks=4 + number % 6)
    seated = {}
    for seating in drive.seatings.all():
        seated.setdefault(seating.round, set()).add(seating.entry_id)
    sat_out = [sum(e.pk not in seated[r] for r in seated) for e in entries]
    assert max(sat_out) - min(sat_out) <= 1


# --- a withdrawn player comes back later, through the late-arrival path -----------------------


def sat_out_rounds(drive, entry, rounds):
    seated = set(drive.seatings.filter(entry=entry).values_list("round", flat=True))
    return [r for r in rounds if r not in seated and entry.plays_in(r)]


def test_a_withdrawn_player_comes_back_from_the_next_round(club):
    drive, entries = individual_drive(club, 9)
    leaver = entries[0]
    entry_withdraw(drive=drive, entry=leaver)  # leaves after round 1
    finish_round(drive)  # round 2 is under way, without them
    played = seats(drive, [1, 2])
    entry = entry_check_in(drive=drive, player=leaver.player, role=leaver.role).entry
    leaver.refresh_from_db()
    assert entry.pk == leaver.pk and drive.entries.count() == 9  # the same card, no second
    assert (leaver.withdrew_after, leaver.returned_round) == (1, 3)
    assert [leaver.plays_in(r) for r in (1, 2, 3, 8)] == [True, False, True, True]
    assert seats(drive, [1, 2]) == played  # played rounds untouched
    assert not drive.seatings.filter(entry=leaver, round=2).exists()
    later = range(3, drive.rounds + 1)
    for number in later:
        assert drive.seatings.filter(round=number).count() == 8  # two tables, one sits out
    # Sit-outs from round 3 on are shared: nobody sits out twice before another has once.
    outs = [len(sat_out_rounds(drive, entry, later)) for entry in drive.entries.all()]
    assert max(outs) - min(outs) <= 1


def test_the_rounds_away_count_like_a_late_arrivals_and_the_return_is_marked(
    client, club, organiser
):
    drive, entries = individual_drive(club, 9)
    leaver = entries[0]
    entry_withdraw(drive=drive, entry=leaver)
    finish_round(drive)
    entry_check_in(drive=drive, player=leaver.player, role=leaver.role)
    while drive.current_round < drive.rounds:
        finish_round(drive)
    leaver.refresh_from_db()
    report = drive_report(drive)
    assert report.rounds_scored == 7  # one deal a round; the eighth is still open
    row = next(r for r in report.overall if r.entry.pk == leaver.pk)
    scored = range(1, 8)
    seated = drive.seatings.filter(entry=leaver, round__lte=7).count()
    # Round 2 is neither played nor sat out: no credit for the round away.
    assert row.standing.played_deals == seated
    assert row.standing.sat_out_deals == len(sat_out_rounds(drive, leaver, scored)) >= 1
    assert row.standing.played_deals + row.standing.sat_out_deals == 7 - 1
    page = client.get(reverse("drives:standings", args=[drive.pk])).text
    assert "(away after round 1, back from round 3)" in page
    assert "while they were away score nothing: they are neither played nor sat out." in page
    client.force_login(organiser)
    assert "withdrew after round 1, back from round 3" in client.get(drive.get_absolute_url()).text


def test_the_drive_page_offers_the_return_and_undoing_it(client, club, organiser):
    drive, entries = individual_drive(club, 9)
    leaver = entries[0]
    entry_withdraw(drive=drive, entry=leaver)
    finish_round(drive)
    client.force_login(organiser)
    page = client.get(drive.get_absolute_url()).text
    assert "Back from round 3" in page
    form = client.get(drive.get_absolute_url()).context["late_arrival"]
    assert leaver.player in form.fields["player"].queryset  # listed among late arrivals
    response = client.post(
        reverse("drives:late_arrival", args=[drive.pk]),
        {"player": leaver.player_id, "role": leaver.role},
        follow=True,
    )
    name = leaver.player.name
    assert f"{name} is back from round 3; the rounds they missed count like a late" in (
        response.text
    )
    assert drive.seatings.filter(entry=leaver, round=3).exists()
    assert "Undo the return" in response.text
    undo = client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    assert f"{name}’s return is undone: they stay withdrawn." in undo.text.replace("&#x27;", "’")
    leaver.refresh_from_db()
    assert (leaver.withdrew_after, leaver.returned_round) == (1, None)
    assert not drive.seatings.filter(entry=leaver, round__gt=1).exists()


def test_a_withdrawal_in_the_open_round_is_undone_by_the_late_arrival_path(client, club):
    drive, entries = individual_drive(club, 9)
    entry_withdraw(drive=drive, entry=entries[0])
    entry_check_in(drive=drive, player=entries[0].player, role=entries[0].role)
    entries[0].refresh_from_db()
    assert (entries[0].withdrew_after, entries[0].returned_round) == (None, None)


def test_a_player_back_from_a_gap_cannot_withdraw_a_second_time(client, club, organiser):
    drive, entries = individual_drive(club, 9)
    leaver = entries[0]
    entry_withdraw(drive=drive, entry=leaver)
    finish_round(drive)
    entry_check_in(drive=drive, player=leaver.player, role=leaver.role)
    finish_round(drive)  # round 3: they play again
    before = seats(drive, range(1, 9))
    client.force_login(organiser)
    response = client.post(reverse("drives:withdraw", args=[drive.pk, leaver.pk]), follow=True)
    assert "can be away only once in a drive" in response.text
    leaver.refresh_from_db()
    assert (leaver.withdrew_after, leaver.returned_round) == (1, 3)
    assert seats(drive, range(1, 9)) == before


def test_nobody_comes_back_once_the_last_round_is_under_way(club):
    drive, entries = individual_drive(club, 9)
    entry_withdraw(drive=drive, entry=entries[0])
    while drive.current_round < drive.rounds:
        finish_round(drive)
    with pytest.raises(DriveError, match="The last round is under way"):
        entry_check_in(drive=drive, player=entries[0].player, role=entries[0].role)


def test_a_withdrawn_pair_comes_back_to_a_mitchell_drive_as_a_pair(client, club, organiser):
    drive, entries = fixed_drive(club, "mitchell", 10, deals=8)  # five pairs: one sits out
    leaver, partner = entries[0], entries[1]
    finish_round(drive)
    entry_withdraw(drive=drive, entry=leaver)  # the pair leaves after round 2
    finish_round(drive)  # round 3, four pairs
    played = seats(drive, [1, 2, 3])
    client.force_login(organiser)
    response = client.post(
        reverse("drives:late_arrival", args=[drive.pk]),
        {"player": partner.player_id, "role": partner.role},
        follow=True,
    )
    assert (
        f"{partner.player.name} and {leaver.player.name} are back as a pair from round 4"
        in response.text
    )
    leaver.refresh_from_db()
    partner.refresh_from_db()
    assert (leaver.returned_round, partner.returned_round) == (4, 4)
    assert seats(drive, [1, 2, 3]) == played
    pair = {leaver.pk, partner.pk}
    previous = None
    for number in range(4, drive.rounds + 1):
        seated = [p for table in pairs_seated(drive, number) for p in table]
        assert len(seated) == 4  # five pairs again: one sits out each round
        assert all(p == pair or not p & pair for p in seated)  # partners stay together
        out = pair not in seated
        assert not (out and previous)  # never out twice running
        previous = out


def test_a_late_arrival_waiting_for_a_partner_is_not_counted_as_playing(client, club, organiser):
    drive, _ = fixed_drive(club, "howell", 8, deals=7)
    client.force_login(organiser)
    late_arrival(client, drive, "Lonely Lou")
    plan = client.get(drive.get_absolute_url()).text
    summary = plan[plan.index('id="plan"') :][:600]
    assert "8 players playing" in summary and "1 waits for a partner" in summary
    assert "2 tables" in summary
    assert "Fixed partners need an even number" not in summary


def test_who_never_played_is_neither_ranked_nor_counted_in_the_field(client, club, organiser):
    drive, _ = fixed_drive(club, "howell", 8, deals=7)
    client.force_login(organiser)
    late_arrival(client, drive, "Lonely Lou")  # waits for a partner to the end
    while drive.current_round < drive.rounds:
        finish_round(drive)
    for table in {s.table for s in drive.seatings.filter(round=drive.rounds)}:
        record_tricks(drive, drive.rounds, table, {drive.rounds: 7})
    drive_finish(drive=drive)
    drive.refresh_from_db()
    report = drive_report(drive)
    assert len(report.overall) == 8
    assert "Lonely Lou" not in {row.entry.player.name for row in report.overall}
    summary = client.get(drive.get_absolute_url()).text
    assert "8 players played" in summary
    assert "Lonely Lou" not in client.get(reverse("drives:standings", args=[drive.pk])).text


@pytest.mark.parametrize("movement", ["progressive", "semi_partner"])
def test_a_withdrawn_player_comes_back_to_a_progressive_drive(club, movement):
    drive = make_drive(club, movement=movement, deals=8)
    entries = make_entries(drive, make_players(club, 9))
    drive_start(drive=drive)
    drive.refresh_from_db()
    leaver = entries[0]
    entry_withdraw(drive=drive, entry=leaver)
    finish_round(drive)  # round 2: eight players, nobody sits out
    assert drive.seatings.filter(round=2).count() == 8
    assert not drive.seatings.filter(round=2, entry=leaver).exists()
    entry_check_in(drive=drive, player=leaver.player, role=leaver.role)
    finish_round(drive, tricks=4)  # round 3 is seated from round 2's winners, with them back
    leaver.refresh_from_db()
    assert leaver.returned_round == 3 and leaver.plays_in(3)
    assert drive.seatings.filter(round=3).count() == 8  # nine again: one sits out
    seated = set(drive.seatings.filter(round__gte=3).values_list("entry", flat=True))
    finish_round(drive, tricks=8)
    seated |= set(drive.seatings.filter(round=4).values_list("entry", flat=True))
    assert leaver.pk in seated  # back at a table within two rounds


def test_the_query_for_who_plays_a_round_agrees_with_plays_in(club):
    """Entry.playing_in (the table page's and dashboard's query) and Entry.plays_in agree,
    for a late arrival, a leaver and a player back after a gap."""
    from drives.models import Entry

    drive = make_drive(club, deals=8)
    entries = make_entries(drive, make_players(club, 4))
    Entry.objects.filter(pk=entries[1].pk).update(joined_round=3)
    Entry.objects.filter(pk=entries[2].pk).update(withdrew_after=4)
    Entry.objects.filter(pk=entries[3].pk).update(withdrew_after=2, returned_round=5)
    entries = list(Entry.objects.filter(drive=drive))
    for number in range(1, 9):
        queried = set(Entry.objects.filter(Entry.playing_in(number), drive=drive))
        assert queried == {e for e in entries if e.plays_in(number)}, number
    assert [entries[3].plays_in(r) for r in range(1, 9)] == [1, 1, 0, 0, 1, 1, 1, 1]


def test_a_return_must_leave_a_gap(club):
    from django.db import IntegrityError, transaction

    from drives.models import Entry

    drive = make_drive(club, deals=8)
    entry = make_entries(drive, make_players(club, 1))[0]
    for withdrew, back in [(None, 3), (2, 3), (4, 2)]:
        with pytest.raises(IntegrityError), transaction.atomic():
            Entry.objects.filter(pk=entry.pk).update(withdrew_after=withdrew, returned_round=back)
