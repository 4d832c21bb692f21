"""The organiser's evening pages as a first-time organiser meets them (issue 15)."""

import io
import re
from decimal import Decimal
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from drives.errors import DriveError
from drives.evening import seating
from drives.evening.entries import entry_check_in, entry_withdraw, entry_withdraw_undo
from drives.evening.lifecycle import drive_finish, round_advance
from drives.models import Drive, DriveStatus, Player, ResultChange, TableResult
from drives.reports.report import drive_report
from tests.conftest import (
    drive_form,
    make_drive,
    make_entries,
    make_player,
    make_players,
    make_season,
    make_started_drive,
    record_tricks,
)

pytestmark = pytest.mark.django_db


# --- point 13: a favicon and titles that say where you are -------------------------------


def test_it_serves_a_favicon_instead_of_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
    assert 'rel="icon"' in client.get("/").text


def test_page_titles_say_where_you_are(client, club, organiser):
    drive = make_started_drive(club, title="Christmas Drive", deals=8, movement="individual")
    client.force_login(organiser)
    title = "<title>Round 1 of 8 · Christmas Drive</title>"
    assert title in client.get(reverse("drives:round", args=[drive.pk, 1])).text
    assert (
        "<title>Standings · Christmas Drive, 4 Dec 2026</title>"
        in client.get(reverse("drives:standings", args=[drive.pk])).text
    )
    assert (
        "<title>Christmas Drive, 4 Dec 2026 · Hollybush Whist Club</title>"
        in client.get(drive.get_absolute_url()).text
    )
    assert (
        "<title>Set up a drive · Hollybush Whist Club</title>"
        in client.get(reverse("drives:drive_new", args=[club.slug])).text
    )


# --- point 12: the language in the address -------------------------------------------------


@pytest.mark.parametrize(
    ("prefix", "lang", "word"), [("", "en-gb", "Standings"), ("/fr", "fr", "Classement")]
)
def test_the_language_is_in_the_address(client, club, prefix, lang, word):
    drive = make_started_drive(club, deals=8, movement="individual")
    response = client.get(f"{prefix}/drives/{drive.pk}/standings/")
    assert response.status_code == 200 and response["Content-Language"] == lang
    assert word in response.text
    # Links on the page keep the reader in their language.
    assert f'href="{prefix}/drives/{drive.pk}/"' in response.text


def test_a_hungarian_address_serves_hungarian_whatever_the_cookie(client, club):
    client.cookies["django_language"] = "fr"
    response = client.get(f"/hu/clubs/{club.slug}/")
    assert response.status_code == 200 and response["Content-Language"] == "hu"


# --- points 6, 7, 9 and 12: the round page -------------------------------------------------


def post_round(client, drive, number, data):
    return client.post(reverse("drives:round", args=[drive.pk, number]), data)


def test_a_refused_table_keeps_what_was_typed_beside_its_error(client, club, organiser):
    drive = make_started_drive(club, players=12, deals=8, deals_per_round=2, movement="individual")
    client.force_login(organiser)
    data = {"t1_v": 0, "t1_d1": 8, "t1_d2": 5, "t2_v": 0, "t2_d1": 7, "t2_d2": "x"}
    data |= {"t3_v": 0, "t3_d1": 14, "t3_d2": 6}
    response = post_round(client, drive, 1, data)
    assert response.status_code == 200  # shown again, not redirected to an empty sheet
    assert set(TableResult.objects.values_list("table", flat=True)) == {1}
    page = response.text
    # Table 2's valid box keeps its 7; the bad one its text and the error beside it.
    assert 'name="t2_d1" value="7"' in page and 'name="t2_d2" value="x"' in page
    assert 'class="card has-errors" id="table-2"' in page
    assert 'class="card has-errors" id="table-3"' in page and 'name="t3_d1" value="14"' in page
    assert "Table 2 not saved: Deal 2, N–S tricks: Enter a whole number." in page
    assert "Table 2 not saved: Table 2" not in page and "None:" not in page
    assert "Table 3: N–S tricks must be a whole number from 0 to 13, not 14" in page
    # The saved table now carries its version: posting the page again does not refuse it.
    assert 'name="t1_v" value="1"' in page
    data |= {"t1_v": 1, "t2_d2": 6, "t3_d1": 7}
    response = post_round(client, drive, 1, data)
    assert response.status_code == 302
    assert TableResult.objects.filter(drive=drive).count() == 6


def test_saved_counts_only_the_tables_that_changed(client, club, organiser):
    drive = make_started_drive(club, players=12, deals=8, movement="individual")
    client.force_login(organiser)
    post_round(client, drive, 1, {"t1_v": 0, "t1_d1": 8, "t2_v": 0, "t2_d1": 6})
    data = {"t1_v": 1, "t1_d1": 8, "t2_v": 1, "t2_d1": 6, "t3_v": 0, "t3_d1": 9}
    response = client.post(reverse("drives:round", args=[drive.pk, 1]), data, follow=True)
    assert "Saved 1 table." in response.text
    response = client.post(reverse("drives:round", args=[drive.pk, 1]), data, follow=True)
    assert "Nothing to save: no table's figures changed." in unescape(response.text)
    assert "Saved" not in response.text
    assert not ResultChange.objects.exists()


def test_a_missing_version_does_not_read_none(client, club, organiser):
    drive = make_started_drive(club, players=8, deals=8, movement="individual")
    client.force_login(organiser)
    response = post_round(client, drive, 1, {"t1_v": "abc", "t1_d1": 8})
    assert "None:" not in response.text
    assert "Table 1 not saved: The page's version (reload the page)" in unescape(response.text)


def test_a_round_level_on_tricks_says_how_it_was_decided(client, club, organiser):
    drive = make_started_drive(club, players=8, deals=8, deals_per_round=2, movement="progressive")
    client.force_login(organiser)
    post_round(client, drive, 1, {"t1_v": 0, "t1_d1": 6, "t1_d2": 7, "t2_v": 0})
    page = client.get(reverse("drives:round", args=[drive.pk, 1])).text
    assert "Level on tricks, 13–13: the pair that won the last deal wins the round." in page
    assert "N–S won the round." in page
    assert page.count('class="tie"') == 1  # table 2 has no result yet


@pytest.mark.parametrize(
    ("prefix", "letters"), [("", "NESW"), ("/fr", "NESO"), ("/hu", ["É", "K", "D", "Ny"])]
)
def test_seats_are_lettered_in_the_readers_language(client, club, prefix, letters):
    drive = make_started_drive(club, players=8, deals=8, movement="individual")
    page = client.get(f"{prefix}/drives/{drive.pk}/rounds/1/").text
    assert re.findall(r"<tr><th scope=\"row\">([^<]+)</th><td>", page)[:4] == list(letters)


# --- point 1: a walk-in who is already a member ----------------------------------------------


def test_a_walk_in_with_a_members_name_is_offered_the_member(client, club, organiser):
    drive = make_drive(club)
    member = make_player(club, name="Zoé  Lefèvre", role="lady")
    client.force_login(organiser)
    url = reverse("drives:walk_in", args=[drive.pk])
    response = client.post(url, {"name": "zoe lefevre", "role": "lady"})
    assert response.status_code == 400
    assert Player.objects.filter(club=club).count() == 1 and not drive.entries.exists()
    page = unescape(response.text)
    assert "The club already has Zoé  Lefèvre" in page
    assert 'value="zoe lefevre"' in page  # what was typed stays
    assert f'name="player" value="{member.pk}"' in page and "Check in Zoé  Lefèvre" in page
    # The offered button checks the member in: no second player.
    client.post(
        reverse("drives:late_arrival", args=[drive.pk]), {"player": member.pk, "role": "lady"}
    )
    assert list(drive.entries.values_list("player", flat=True)) == [member.pk]


def test_a_namesake_is_added_only_when_asked_for(client, club, organiser):
    drive = make_drive(club)
    make_player(club, name="John Smith")
    client.force_login(organiser)
    url = reverse("drives:walk_in", args=[drive.pk])
    response = client.post(url, {"name": "John Smith", "role": "gent", "namesake": "on"})
    assert response.status_code == 302
    assert Player.objects.filter(club=club, name="John Smith").count() == 2
    assert drive.entries.count() == 1


# --- point 2: withdrawals are confirmed and can be undone ------------------------------------


def test_a_withdrawal_is_confirmed_first_and_can_be_undone_in_its_round(client, club, organiser):
    drive = make_started_drive(club, players=9, deals=8, movement="individual")
    entry = drive.entries.order_by("card_number").first()
    client.force_login(organiser)
    url = reverse("drives:withdraw", args=[drive.pk, entry.pk])
    confirm = client.get(url)
    assert confirm.status_code == 200
    entry.refresh_from_db()
    assert entry.withdrew_after is None  # asking changes nothing
    assert "From round 2 the tables are planned without" in confirm.text
    assert "the scores already played are kept" in confirm.text
    round_one = sorted(drive.seatings.filter(round=1).values_list("table", "seat", "entry"))
    client.post(url)
    entry.refresh_from_db()
    assert entry.withdrew_after == 1
    assert not drive.seatings.filter(entry=entry, round__gt=1).exists()
    assert "Undo the withdrawal" in client.get(drive.get_absolute_url()).text
    client.post(reverse("drives:withdraw_undo", args=[drive.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.withdrew_after is None
    # Back in the plan for the rounds to come; the round under way is untouched.
    assert drive.seatings.filter(entry=entry, round__gt=1).exists()
    assert sorted(drive.seatings.filter(round=1).values_list("table", "seat", "entry")) == round_one


def test_a_withdrawal_cannot_be_undone_once_the_next_round_opened(club):
    drive = make_started_drive(club, players=9, deals=8, movement="individual")
    entry = drive.entries.first()
    entry_withdraw(drive=drive, entry=entry)
    drive.current_round = 2
    drive.save()
    with pytest.raises(DriveError, match="can only be undone in the round it was made"):
        entry_withdraw_undo(drive=drive, entry=entry)


# --- point 4: starting is confirmed; nobody joins after the last round ----------------------


def test_starting_shows_what_will_happen_before_it_happens(client, club, organiser):
    drive = make_drive(club, deals=24)
    make_entries(drive, make_players(club, 19))
    client.force_login(organiser)
    page = client.get(reverse("drives:start", args=[drive.pk]))
    assert page.status_code == 200
    drive.refresh_from_db()
    assert drive.status == DriveStatus.PLANNED
    facts = unescape(page.text)
    for fact in ["19 players checked in", "4 tables, 3 sit out each round", "24 rounds"]:
        assert fact in facts
    assert "Player 001" in facts and "Player 019" in facts
    response = client.post(reverse("drives:start", args=[drive.pk]))
    assert response.status_code == 302
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING


def test_nobody_is_offered_a_round_after_the_last(client, club, organiser):
    drive = make_started_drive(club, players=8, deals=4, movement="individual")
    drive.current_round = drive.rounds
    drive.save()
    make_player(club, name="Late Comer")
    client.force_login(organiser)
    page = client.get(drive.get_absolute_url()).text
    assert "Join from round 5" not in page and "A late arrival" not in page
    assert "A walk-in" not in page and "Withdraw…" not in page


# --- point 5: delete a planned drive; a new drive like this one -------------------------------


def test_a_planned_drive_can_be_deleted_after_a_confirmation(client, club, organiser):
    drive = make_drive(club)
    make_entries(drive, make_players(club, 4))
    client.force_login(organiser)
    url = reverse("drives:drive_delete", args=[drive.pk])
    assert "Delete this drive?" in client.get(url).text
    assert Drive.objects.filter(pk=drive.pk).exists()
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == club.get_absolute_url()
    assert not Drive.objects.filter(pk=drive.pk).exists()


def test_a_started_drive_cannot_be_deleted(client, club, organiser):
    drive = make_started_drive(club, players=8, deals=8, movement="individual")
    client.force_login(organiser)
    response = client.post(reverse("drives:drive_delete", args=[drive.pk]), follow=True)
    assert Drive.objects.filter(pk=drive.pk).exists()
    assert "You cannot delete the drive: the drive is running." in response.text


def test_a_new_drive_like_this_one_copies_the_set_up_and_the_players(client, club, organiser):
    source = make_drive(
        club, deals=12, deals_per_round=3, movement="individual", honours=True, venue="Hall"
    )
    players = make_players(club, 6)
    make_entries(source, players)
    Player.objects.filter(pk=players[0].pk).update(active=False)  # left the club since
    client.force_login(organiser)
    url = reverse("drives:drive_new", args=[club.slug]) + f"?like={source.pk}"
    form = client.get(url).context["form"]
    assert form["deals"].value() == 12 and form["movement"].value() == "individual"
    assert form["honours"].value() is True and form["venue"].value() == "Hall"
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data |= {"date": "2026-12-11", "title": "Next week", "season": ""}
    data = {k: v for k, v in data.items() if v is not False}
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    copy = Drive.objects.get(title="Next week")
    assert (copy.deals, copy.deals_per_round, copy.honours) == (12, 3, True)
    assert sorted(copy.entries.values_list("player", flat=True)) == [p.pk for p in players[1:]]


def test_a_new_drive_like_a_bid_whist_drive_keeps_the_game_and_its_house_rules(
    client, club, organiser
):
    source = make_drive(
        club, game="bid", no_trumps_double=True, boston_bonus=4, minimum_bid=3, on_paper=True
    )
    client.force_login(organiser)
    url = reverse("drives:drive_new", args=[club.slug]) + f"?like={source.pk}"
    form = client.get(url).context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data |= {"date": "2026-12-11", "title": "Bid whist again", "season": ""}
    data = {k: v for k, v in data.items() if v is not False}
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    copy = Drive.objects.get(title="Bid whist again")
    assert (copy.game, copy.no_trumps_double, copy.boston_bonus, copy.minimum_bid) == (
        "bid",
        True,
        4,
        3,
    )
    assert copy.on_paper is True


def test_every_setting_of_the_set_up_form_is_one_a_new_drive_copies():
    """One list: a setting added to the form is copied by "new drive like this one"."""
    from drives.evening.forms import USUAL_SETTINGS, DriveForm

    assert set(DriveForm.base_fields) - set(USUAL_SETTINGS) == {"date", "title", "season"}


# --- point 10: a new drive starts from sensible defaults --------------------------------------


def test_a_new_drive_defaults_to_today_the_current_season_and_the_usual_set_up(
    client, club, organiser
):
    today = timezone.localdate()
    make_season(
        club,
        name="Old",
        start=today.replace(year=today.year - 2),
        end=today.replace(year=today.year - 1),
    )
    current = make_season(
        club, name="Now", start=today.replace(day=1), end=today.replace(year=today.year + 1)
    )
    make_drive(
        club,
        deals=20,
        deals_per_round=4,
        rotation="hdsc_nt",
        date=today.replace(year=today.year - 1),
    )
    client.force_login(organiser)
    response = client.get(reverse("drives:drive_new", args=[club.slug]))
    form = response.context["form"]
    assert form["date"].value() == today and form["season"].value() == current.pk
    assert (form["deals"].value(), form["deals_per_round"].value()) == (20, 4)
    assert form["rotation"].value() == "hdsc_nt"
    assert "The league this drive counts towards" in unescape(response.text)
    assert 'type="date"' in response.text


def test_every_set_up_field_has_help_text_under_it(client, club, organiser):
    client.force_login(organiser)
    response = client.get(reverse("drives:drive_new", args=[club.slug]))
    form = response.context["form"]
    assert [name for name, field in form.fields.items() if not field.help_text] == []
    page = unescape(response.text)
    for field in form.fields.values():
        assert str(field.help_text) in page


# --- point 12: Hungarian articles, French colons ----------------------------------------------


def test_hungarian_never_hedges_its_article():
    """ "a(z)" is what a translator writes when the article depends on the word after it."""
    catalogue = (settings.BASE_DIR / "locale/hu/LC_MESSAGES/django.po").read_text()
    assert "a(z)" not in catalogue and "A(z)" not in catalogue


def test_french_puts_a_space_before_the_colon(client, club, organiser):
    """A non-breaking space, so that the colon never starts a line of its own."""
    drive = make_drive(club)
    make_players(club, 4)
    client.force_login(organiser)
    page = unescape(client.get(f"/fr/drives/{drive.pk}/").text)
    assert re.search(r"Cochés\u00a0:\s*<strong", page)
    assert re.search(r"tables\u00a0:\s*<strong", page)
    drive = make_started_drive(club, players=8, deals=8, movement="individual")
    page = unescape(client.get(f"/fr/drives/{drive.pk}/rounds/1/").text)
    assert "Atout\u00a0:" in page and "donne 1\u00a0:" in page
    catalogue = (settings.BASE_DIR / "locale/fr/LC_MESSAGES/django.po").read_text()
    assert not re.search(r"^msgstr.* [:;?!]", catalogue, re.M)


# --- points 3 and 13: who withdrew wins nothing and is counted apart ------------------------


def play_out(drive, user, *, loser=None):
    """Every round scored and the drive finished, through the services; N–S's tricks
    vary with the table and the deal so that the players end on different totals.

    With a ``loser``, their side takes no trick and every other table splits 7–6: in a
    drive counting all tricks they end last on 0 whatever the seating."""
    while True:
        drive.refresh_from_db()
        number = drive.current_round
        for table in sorted(seating.tables_of_round(drive, number)):
            deals = list(drive.deals_of_round(number))
            tricks = {deal: (5 * table + 3 * deal) % 14 for deal in deals}
            if loser is not None:
                seat = drive.seatings.filter(round=number, table=table, entry=loser).first()
                side = 7 if seat is None else (0 if seat.seat in "NS" else 13)
                tricks = dict.fromkeys(deals, side)
            record_tricks(drive, number, table, tricks, user=user)
        if number == drive.rounds:
            drive_finish(drive=drive)
            return
        round_advance(drive=drive)


def test_a_player_who_withdrew_wins_no_prize_and_is_counted_apart(client, club, organiser):
    drive = make_started_drive(
        club, players=9, deals=6, movement="individual", booby_prize=True, counting="all"
    )
    leaver = drive.seatings.filter(round=1).order_by("table", "seat").first().entry
    entry_withdraw(drive=drive, entry=leaver)
    play_out(drive, organiser, loser=leaver)
    drive.refresh_from_db()
    report = drive_report(drive)
    assert report.overall[-1].standing.played_deals == 1
    assert report.overall[-1].entry == leaver  # last on points: they stopped after round 1
    booby = next(p for p in report.prizes if p.name == "Booby")
    assert leaver not in booby.entries and booby.entries
    assert all(leaver not in prize.entries for prize in report.prizes)
    page = client.get(drive.get_absolute_url()).text
    assert "8 players played, 1 withdrew" in page


def test_a_drive_can_let_a_player_who_withdrew_win_a_prize(client, club, organiser):
    drive = make_started_drive(
        club,
        players=9,
        deals=6,
        movement="individual",
        booby_prize=True,
        withdrawn_win_prizes=True,
        counting="all",
    )
    leaver = drive.seatings.filter(round=1).order_by("table", "seat").first().entry
    entry_withdraw(drive=drive, entry=leaver)
    play_out(drive, organiser, loser=leaver)
    drive.refresh_from_db()
    report = drive_report(drive)
    assert report.overall[-1].entry == leaver
    booby = next(p for p in report.prizes if p.name == "Booby")
    assert booby.entries == (leaver,)  # last on points, and the drive lets them win
    page = client.get(drive.get_absolute_url()).text
    assert "8 players played, 1 withdrew" in page  # still counted apart


def test_a_player_who_withdrew_and_came_back_can_win_a_prize(client, club, organiser):
    drive = make_started_drive(club, players=9, deals=6, movement="individual", booby_prize=True)
    leaver = drive.seatings.filter(round=1).order_by("table", "seat").first().entry
    entry_withdraw(drive=drive, entry=leaver)
    while True:
        drive.refresh_from_db()
        number = drive.current_round
        if number == 2:
            entry_check_in(drive=drive, player=leaver.player, role=leaver.role)
        for table in sorted(seating.tables_of_round(drive, number)):
            seat = drive.seatings.filter(round=number, table=table, entry=leaver).first()
            # The returner's side takes no trick: they end last, on 0.
            tricks = 7 if seat is None else (0 if seat.seat in "NS" else 13)
            record_tricks(drive, number, table, {number: tricks})
        if number == drive.rounds:
            break
        round_advance(drive=drive)
    drive_finish(drive=drive)
    drive.refresh_from_db()
    leaver.refresh_from_db()
    assert leaver.returned_round == 3
    report = drive_report(drive)
    assert report.overall[-1].standing.points == 0
    booby = next(p for p in report.prizes if p.name == "Booby")
    assert leaver in booby.entries  # back in play, they are one of the field
    page = client.get(drive.get_absolute_url()).text
    assert "9 players played" in page and "withdrew" not in page.split("played")[1][:30]


def test_the_set_up_form_offers_prizes_for_players_who_withdrew_in_each_language(
    client, club, organiser
):
    client.force_login(organiser)
    url = reverse("drives:drive_new", args=[club.slug])
    assert "Players who withdrew can win prizes" in client.get(url).text
    french = unescape(client.get("/fr" + url).text)
    assert "Les joueurs qui se sont retirés peuvent gagner un prix" in french
    hungarian = unescape(client.get("/hu" + url).text)
    assert "A kilépett játékosok is nyerhetnek díjat" in hungarian
    source = make_drive(club, withdrawn_win_prizes=True)
    form = client.get(url + f"?like={source.pk}").context["form"]
    assert form["withdrawn_win_prizes"].value() is True  # "new drive like this one" copies it


def test_the_set_up_form_starts_the_round_timer_by_itself_unless_unticked(client, club, organiser):
    client.force_login(organiser)
    url = reverse("drives:drive_new", args=[club.slug])
    response = client.get(url)
    assert response.context["form"]["round_timer_starts"].value() is True
    assert "The round timer starts by itself as each round opens" in unescape(response.text)
    french = unescape(client.get("/fr" + url).text)
    assert "Le minuteur du tour démarre de lui-même" in french
    assert "A fordulóidő minden forduló megnyitásakor" in unescape(client.get("/hu" + url).text)
    client.post(url, drive_form(title="Clockless", round_timer_starts=""))
    assert Drive.objects.get(title="Clockless").round_timer_starts is False
    client.post(url, drive_form(title="Clocked"))
    assert Drive.objects.get(title="Clocked").round_timer_starts is True


# --- points 9 and 14: the standings explain ties and sit-out credit ---------------------------


def test_the_standings_say_how_a_sit_out_was_credited(client, club, organiser):
    drive = make_started_drive(club, players=9, deals=9, movement="individual")
    play_out(drive, organiser)
    report = drive_report(drive)
    page = unescape(client.get(reverse("drives:standings", args=[drive.pk])).text)
    assert "(+" not in page  # no bare "(+4 sat out)" nobody can check
    assert "sat out 1 deal†" in page
    assert "points = points played + average × deals sat out" in page
    # The rule as written is the arithmetic: anyone can check a total with it.
    # (The average shown is rounded to the cent: allow half a cent a deal.)
    for row in report.overall:
        s = row.standing
        deals = s.played_deals + s.sat_out_deals
        slack = Decimal("0.005") * deals + Decimal("0.01")
        assert abs(s.points - s.average_per_deal * deals) <= slack


# --- point 12: the rules core's refusals in the page's language ------------------------------


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("", "Table 2: N–S tricks must be a whole number from 0 to 13, not 14"),
        ("/fr", "Table 2 : Les levées N–S doivent être un nombre entier de 0 à 13, pas 14"),
        ("/hu", "É–D ütései 0 és 13 közötti egész szám lehet, nem 14"),
    ],
)
def test_the_rules_cores_refusals_are_translated(client, club, organiser, prefix, words):
    drive = make_started_drive(club, players=8, deals=8, movement="individual")
    client.force_login(organiser)
    response = client.post(f"{prefix}/drives/{drive.pk}/rounds/1/", {"t2_v": 0, "t2_d1": 14})
    # French spaces before a colon do not break: compare them as plain spaces.
    assert words in re.sub(r"[\u00a0\u202f]", " ", unescape(response.text))


# --- point 12: a PDF carries the language of the page it was opened from ---------------------


def pdf_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_a_pdf_opened_from_a_french_page_is_in_french(client, club):
    drive = make_started_drive(club, players=8, deals=8, movement="individual")
    page = client.get(f"/fr/drives/{drive.pk}/").text
    assert f'href="/fr/drives/{drive.pk}/table-cards.pdf"' in page
    pdf = client.get(f"/fr/drives/{drive.pk}/table-cards.pdf")
    assert pdf.status_code == 200 and pdf["Content-Language"] == "fr"
    text = pdf_text(pdf)
    assert "Atout" in text and "Trumps" not in text
    english = client.get(f"/drives/{drive.pk}/table-cards.pdf")
    text = pdf_text(english)
    assert "Trumps" in text


def test_a_shared_place_says_it_is_shared_and_why(client, club, organiser):
    drive = make_started_drive(club, players=8, deals=4, movement="individual", tie_break="shared")
    play_out(drive, organiser)
    report = drive_report(drive)
    assert any(row.standing.shared for row in report.overall)
    page = unescape(client.get(reverse("drives:standings", args=[drive.pk])).text)
    assert "= level on points: the place is shared." in page


@pytest.mark.parametrize("value", [None, 0, 7, '<x">'])
@pytest.mark.parametrize(
    "attrs", [None, {"id": "id_t1_d1", "aria-invalid": "true", "required": True}]
)
def test_the_sheets_inputs_are_drawn_as_djangos_templates_draw_them(value, attrs):
    from django import forms

    from drives.games.forms import TricksInput, VersionInput

    numeric = {"min": 0, "max": 13, "inputmode": "numeric"}
    for fast, usual in [
        (TricksInput(attrs=numeric), forms.NumberInput(attrs=numeric)),
        (VersionInput(), forms.HiddenInput()),
    ]:
        assert fast.render("t1_d1", value, attrs) == usual.render("t1_d1", value, attrs)
