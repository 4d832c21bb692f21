"""Paper drives: typing the cards' totals, the checks, double entry, standings and the league."""

import csv
import datetime as dt
import io
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.league import play_drive
from drives.errors import DriveError
from drives.evening.lifecycle import drive_reopen, drive_start
from drives.league.records import SeasonData, season_league
from drives.models import CardTotal, CardTotalChange, DriveStatus, LeagueRule, Seating, Typist
from drives.paper import services
from tests.conftest import (
    drive_form,
    make_club,
    make_drive,
    make_entries,
    make_players,
    make_season,
    make_user,
    record_tricks,
)

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def paper_drive(club, players, **fields):
    """A started paper drive: every round seated for a static movement, round 1 otherwise."""
    fields.setdefault("movement", "individual")
    fields.setdefault("counting", "all")
    fields.setdefault("deals", 4)
    drive = make_drive(club, on_paper=True, **fields)
    make_entries(drive, players)
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def honest_totals(drive, *, seed=0):
    """card number → (total, half-time) as the players' cards would add up, all tricks."""
    rng = random.Random(seed)
    half_round = drive.rounds // 2
    totals = {e.card_number: [0, 0] for e in drive.entries.all()}
    tables = {}
    for seating in Seating.objects.filter(drive=drive).select_related("entry"):
        tables.setdefault((seating.round, seating.table), {})[seating.seat] = seating.entry
    for (round_number, _), seats in sorted(tables.items()):
        for _deal in drive.deals_of_round(round_number):
            ns = rng.randint(0, 13)
            for seat, entry in seats.items():
                tricks = ns if seat in "NS" else 13 - ns
                totals[entry.card_number][0] += tricks
                if round_number <= half_round:
                    totals[entry.card_number][1] += tricks
    return {card: tuple(figures) for card, figures in totals.items()}


def type_card(
    client, drive, card, total, half="", *, typist=1, version=None, ten_trick_deals="", **extra
):
    if version is None:
        stored = CardTotal.objects.filter(
            entry__drive=drive, entry__card_number=card, typist=typist
        ).first()
        version = stored.version if stored else 0
    data = {"card": card, "typist": typist, "version": version, "total": total, "half_time": half}
    data["ten_trick_deals"] = ten_trick_deals
    return client.post(reverse("drives:paper_card", args=[drive.pk]), data, **extra)


def type_all(client, drive, totals, *, typist=1):
    for card, (total, half) in totals.items():
        assert type_card(client, drive, card, total, half, typist=typist, **JSON).status_code == 200


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def drive(club):
    return paper_drive(club, make_players(club, 8))


def standings_names(client, drive):
    text = client.get(reverse("drives:standings", args=[drive.pk])).text
    names = [e.player.name for e in drive.entries.select_related("player")]
    return sorted(names, key=text.index)


# Typing -------------------------------------------------------------------------------------


def test_it_saves_a_card_and_answers_with_the_leaders(organiser_client, drive):
    response = type_card(organiser_client, drive, 3, 30, 12, **JSON)
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1
    card = CardTotal.objects.get(entry__card_number=3, entry__drive=drive)
    assert (card.total, card.half_time, card.typist) == (30, 12, Typist.FIRST)
    assert card.entry.player.name in body["panel"]
    assert "1 card of 8 typed" in body["panel"]


def test_without_the_script_a_row_posts_and_the_page_reloads(organiser_client, drive):
    response = type_card(organiser_client, drive, 2, 25)
    assert response.status_code == 302
    assert CardTotal.objects.get(entry__card_number=2, entry__drive=drive).total == 25
    page = organiser_client.get(response.url)
    assert 'value="25"' in page.text


@pytest.mark.parametrize(
    ("total", "half", "message"),
    [
        ("abc", "", "Enter a whole number."),
        ("-3", "", "greater than or equal to 0"),
        ("", "", "required"),
    ],
)
def test_bad_figures_are_refused_with_a_message_and_nothing_saved(
    organiser_client, drive, total, half, message
):
    response = type_card(organiser_client, drive, 1, total, half, **JSON)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not CardTotal.objects.exists()


def test_an_unknown_card_is_refused(organiser_client, drive):
    response = type_card(organiser_client, drive, 99, 20, **JSON)
    assert response.status_code == 400
    assert "Card 99 is not one of this drive's." in response.json()["error"]


def test_a_card_typed_again_is_a_correction_kept_in_the_history(organiser_client, drive):
    type_card(organiser_client, drive, 4, 30, **JSON)
    response = type_card(organiser_client, drive, 4, 31, **JSON)
    assert "Card 4 had been typed before (30); it now reads 31." in response.json()["notice"]
    change = CardTotalChange.objects.get()
    assert (change.old_total, change.new_total) == (30, 31)
    assert CardTotal.objects.get().version == 2
    history = panel_of(organiser_client, drive)
    history = history[history.index('id="history"') :]
    assert "<td>30</td>" in history and "<td>31</td>" in history and "alice" in history


def test_a_stale_page_cannot_overwrite_a_card(organiser_client, drive):
    type_card(organiser_client, drive, 4, 30, **JSON)
    response = type_card(organiser_client, drive, 4, 35, version=0, **JSON)
    assert response.status_code == 400
    assert "Card 4 was changed elsewhere" in response.json()["error"]
    assert CardTotal.objects.get().total == 30


def test_only_the_clubs_organisers_type_totals(client, drive):
    client.force_login(make_user())
    assert type_card(client, drive, 1, 20).status_code == 403
    assert client.get(reverse("drives:paper_totals", args=[drive.pk])).status_code == 403
    assert not CardTotal.objects.exists()


def test_a_drive_scored_deal_by_deal_has_no_totals_page(organiser_client, club):
    drive = make_drive(club)
    assert organiser_client.get(reverse("drives:paper_totals", args=[drive.pk])).status_code == 404


def test_a_paper_drive_refuses_tricks_by_table(drive, organiser):
    with pytest.raises(DriveError, match="played on paper"):
        record_tricks(drive, 1, 1, {1: 7}, user=organiser)


def test_the_totals_page_runs_the_same_queries_for_12_or_40_players(organiser_client, organiser):
    counts = []
    for size in (12, 40):
        club = make_club(organiser=organiser)
        drive = paper_drive(club, make_players(club, size))
        type_all(organiser_client, drive, honest_totals(drive))
        with CaptureQueriesContext(connection) as context:
            assert (
                organiser_client.get(reverse("drives:paper_totals", args=[drive.pk])).status_code
                == 200
            )
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]


# Checks: they warn and never block ----------------------------------------------------------


def panel_of(client, drive):
    return client.get(reverse("drives:paper_totals", args=[drive.pk])).text


def test_honest_cards_raise_no_warning(organiser_client, drive):
    type_all(organiser_client, drive, honest_totals(drive))
    assert "Nothing looks wrong so far." in panel_of(organiser_client, drive)


def test_a_mis_added_card_is_reported_by_the_grand_total(organiser_client, drive):
    totals = honest_totals(drive)
    totals[5] = (totals[5][0] + 3, totals[5][1])
    type_all(organiser_client, drive, totals)
    page = panel_of(organiser_client, drive)
    # 2 tables x 4 deals x 26 tricks
    assert f"The cards add up to {208 + 3}, but the tables took 208 tricks" in page
    assert "3 too many" in page
    assert "A card is probably mis-added." in page


def test_impossible_totals_are_flagged_on_their_rows(organiser_client, drive):
    response = type_card(organiser_client, drive, 2, 53, 60, **JSON)  # 4 deals: 52 at most
    assert response.status_code == 200  # saved all the same: the organiser decides
    assert response.json()["warn"] == [2]
    page = panel_of(organiser_client, drive)
    assert "Card 2: 53 is more than its deals could give (at most 52)." in page
    assert "Card 2: the half-time 60 is larger than the total 53." in page
    assert '<tr data-card="2" data-name="' in page and 'class="warn"' in page


def test_fixed_partners_narrow_the_grand_total_to_one_card(organiser_client, club):
    drive = paper_drive(club, make_players(club, 8), movement="mitchell")
    totals = honest_totals(drive)
    north = Seating.objects.get(drive=drive, round=1, table=1, seat="N").entry.card_number
    totals[north] = (totals[north][0] - 2, totals[north][1])
    type_all(organiser_client, drive, totals)
    page = panel_of(organiser_client, drive)
    assert "2 too few" in page
    assert f"Check card {north}." in page
    assert "are partners all evening but read" in page


def test_a_progressive_drive_with_sit_outs_says_the_grand_total_cannot_be_checked(
    organiser_client, club
):
    drive = paper_drive(club, make_players(club, 9), movement="progressive")
    type_all(organiser_client, drive, dict.fromkeys(range(1, 10), (20, "")))
    assert "The grand total cannot be checked" in panel_of(organiser_client, drive)


# Double entry -------------------------------------------------------------------------------


def test_a_second_typist_is_compared_and_the_differences_settled(organiser_client, drive):
    totals = honest_totals(drive)
    type_all(organiser_client, drive, totals)
    second = dict(totals)
    second[3] = (totals[3][0] + 1, totals[3][1])
    type_all(organiser_client, drive, second, typist=2)
    page = panel_of(organiser_client, drive)
    assert "1 card reads differently: choose the right reading." in page
    url = reverse("drives:paper_settle", args=[drive.pk])
    organiser_client.post(url, {"card": 3, "keep": "second"})
    first = CardTotal.objects.get(entry__drive=drive, entry__card_number=3, typist=Typist.FIRST)
    assert first.total == totals[3][0] + 1
    assert CardTotalChange.objects.filter(card=first).count() == 1
    assert "agree with the first" in panel_of(organiser_client, drive)


def test_the_second_typist_does_not_change_the_standings(organiser_client, drive):
    type_card(organiser_client, drive, 1, 30, **JSON)
    type_card(organiser_client, drive, 1, 10, typist=2, **JSON)
    assert CardTotal.objects.get(typist=Typist.FIRST).total == 30
    assert (
        '<td class="num">30</td>'
        in organiser_client.get(reverse("drives:standings", args=[drive.pk])).text
    )


# Finishing, standings, CSVs, corrections ----------------------------------------------------


def test_finishing_needs_every_card_then_gives_standings_and_prizes(organiser_client, drive):
    totals = honest_totals(drive)
    del totals[8]
    type_all(organiser_client, drive, totals)
    url = reverse("drives:paper_finish", args=[drive.pk])
    organiser_client.post(url)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING
    type_card(organiser_client, drive, 8, 26, 13, **JSON)
    response = organiser_client.post(url, follow=True)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED
    assert "The drive is finished and its totals are locked." in response.text
    assert "Prizes" in response.text
    assert "Played on paper" in response.text


def test_standings_rank_the_typed_totals(organiser_client, drive):
    entries = {e.card_number: e.player.name for e in drive.entries.select_related("player")}
    for card, total in zip(range(1, 9), (30, 22, 41, 19, 25, 28, 33, 10), strict=True):
        type_card(organiser_client, drive, card, total, **JSON)
    ordered = [entries[c] for c in (3, 7, 1, 6, 5, 2, 4, 8)]
    assert standings_names(organiser_client, drive) == ordered


def test_results_csv_of_a_paper_drive_lists_the_card_totals(organiser_client, drive):
    type_card(organiser_client, drive, 2, 27, 11, **JSON)
    response = organiser_client.get(reverse("drives:results_csv", args=[drive.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["card", "name", "half-time", "total", "deals with 10+ tricks"]
    assert rows[1][0::2] == ["2", "11", ""] and rows[1][3] == "27"


def test_a_finished_paper_drive_refuses_typing(organiser_client, drive):
    type_all(organiser_client, drive, honest_totals(drive))
    services.paper_drive_finish(drive=drive)
    response = type_card(organiser_client, drive, 1, 5, **JSON)
    assert response.status_code == 400
    assert "the drive is finished" in response.json()["error"]


# The league: paper and scored drives in one season ------------------------------------------


def test_a_season_mixes_paper_and_scored_drives_and_a_late_correction_reaches_it(
    organiser_client, club
):
    season = make_season(club, league_rule=LeagueRule.TOTAL)
    players = make_players(club, 8)
    scored = make_drive(club, season=season, deals=4, date=dt.date(2026, 10, 2))
    play_drive(scored, players)
    drive = paper_drive(club, players, season=season, date=dt.date(2026, 10, 9))
    totals = honest_totals(drive)
    type_all(organiser_client, drive, totals)
    services.paper_drive_finish(drive=drive)

    def league():
        return {
            line.player.pk: line.row.figure for line in season_league(SeasonData.load(season)).lines
        }

    scored_points = {
        p.player: p.points for p in SeasonData.load(season).summaries[scored.pk].placings
    }
    first = drive.entries.get(card_number=1)
    assert league()[first.player_id] == scored_points[first.player_id] + totals[1][0]

    drive_reopen(drive=drive)
    type_card(organiser_client, drive, 1, totals[1][0] + 4, totals[1][1], **JSON)
    services.paper_drive_finish(drive=drive)
    assert league()[first.player_id] == scored_points[first.player_id] + totals[1][0] + 4
    assert CardTotalChange.objects.filter(card__entry=first).count() == 1
    page = organiser_client.get(reverse("drives:season", args=[season.pk]))
    assert page.status_code == 200 and first.player.name in page.text


# Pages in other languages and on paper ------------------------------------------------------


def test_the_totals_page_speaks_french(organiser_client, drive):
    type_card(organiser_client, drive, 1, 60, 70, **JSON)  # a half-time above the total
    # French puts a no-break space before a colon.
    text = organiser_client.get(f"/fr/drives/{drive.pk}/totals/").text.replace("\xa0", " ")
    assert "Totaux des cartes" in text and "En tête" in text
    assert "Carte 1 : la mi-temps 70 dépasse le total 60." in text
    assert "Card totals" not in text


def test_the_results_sheet_of_a_paper_drive_says_it_has_no_trick_grid(organiser_client, drive):
    from pypdf import PdfReader

    type_all(organiser_client, drive, honest_totals(drive))
    services.paper_drive_finish(drive=drive)
    response = organiser_client.get(reverse("drives:results_pdf", args=[drive.pk]))
    pdf = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Played on paper" in text
    assert "Tricks by table and deal" not in text
    leader = drive.entries.get(card_number=max(honest_totals(drive).items(), key=lambda i: i[1])[0])
    assert leader.player.name in text, text


def test_a_newly_typed_card_reaches_a_reader_holding_the_standings(client, organiser, drive):
    url = reverse("drives:standings", args=[drive.pk])
    client.get(url)
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    services.card_total_record(
        drive=drive,
        entry=drive.entries.get(card_number=1),
        typist=Typist.FIRST,
        figures=(31, None, None),
        version=0,
        user=organiser,
    )
    response = client.get(url, headers={"if-none-match": etag})
    assert response.status_code == 200 and '<td class="num">31</td>' in response.text


def test_the_second_typist_sees_nothing_of_the_first_reading(organiser_client, drive):
    type_card(organiser_client, drive, 1, 47, **JSON)
    response = type_card(organiser_client, drive, 2, 53, typist=2, **JSON)
    assert response.json()["warn"] == []
    assert "1 card of 8 typed" in response.json()["panel"]
    page = organiser_client.get(reverse("drives:paper_totals", args=[drive.pk]) + "?typist=2").text
    main = page[page.index("<main") : page.index("</main>")]  # not the random CSRF tokens
    # Figures show as field values; "47" alone could be part of an id in a link.
    assert 'value="47"' not in main and "Leaders" not in main and 'value="53"' in main
    assert "the leaders and the checks stay hidden here" in page


def test_a_prize_decided_on_a_figure_some_cards_lack_is_flagged(organiser_client, club):
    drive = paper_drive(club, make_players(club, 8), half_time_prize=True, ten_trick_prize=True)
    type_card(organiser_client, drive, 1, 40, 20, ten_trick_deals=1, **JSON)
    type_card(organiser_client, drive, 2, 41, **JSON)
    type_card(organiser_client, drive, 3, 42, **JSON)
    page = panel_of(organiser_client, drive)
    assert "The half-time prize needs every card&#x27;s half-time; cards 2, 3 have none." in page
    assert "most deals with 10+ tricks needs that count on every card; cards 2, 3 have none" in page


def test_the_drive_form_sets_up_a_paper_drive(organiser_client, club):
    data = drive_form(
        title="Christmas on paper", rotation="hdsc", table_entry="confirm", on_paper="on"
    )
    response = organiser_client.post(reverse("drives:drive_new", args=[club.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    assert club.drives.get(title="Christmas on paper").on_paper


def test_who_sat_out_comes_from_the_seatings_of_a_static_movement(club):
    from drives.reports.paper_totals import card_deals

    drive = paper_drive(club, make_players(club, 9), deals=8)  # one sits out each round
    entries = list(drive.entries.all())
    deals = card_deals(drive, entries, list(Seating.objects.filter(drive=drive)))
    for entry in entries:
        seated = Seating.objects.filter(drive=drive, entry=entry)
        first_half = seated.filter(round__lte=4).count()
        assert deals[entry.pk].played == (first_half, seated.count() - first_half)
        assert sum(deals[entry.pk].played) + sum(deals[entry.pk].sat_out) == 8
    assert sum(sum(d.sat_out) for d in deals.values()) == 8


def test_a_late_arrival_on_a_progressive_paper_drive_plays_from_their_round(club):
    from drives.reports.paper_totals import card_deals

    drive = paper_drive(club, make_players(club, 8), movement="progressive", deals=8)
    late = drive.entries.get(card_number=8)
    late.joined_round, late.withdrew_after = 3, 6
    late.save()
    deals = card_deals(drive, list(drive.entries.all()), list(Seating.objects.filter(drive=drive)))
    assert (deals[late.pk].played, deals[late.pk].sat_out) == ((2, 2), (0, 0))
    assert deals[drive.entries.get(card_number=1).pk].played == (4, 4)
