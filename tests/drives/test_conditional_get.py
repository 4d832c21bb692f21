"""Public pages answer a refresh with 304 Not Modified until what they show changes."""

import pytest
from django.db.models import F
from django.test import Client
from django.urls import reverse

from bench.league import play_drive
from drives.evening.views import standings as view
from drives.models import Drive, LeagueRule, TableResult
from tests.conftest import make_players, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club):
    season = make_season(club, league_rule=LeagueRule.BEST, best_n=1)
    players = make_players(club, 8)
    drive = Drive.objects.create(
        club=club, season=season, title="Autumn", date="2026-10-02", deals=4
    )
    play_drive(drive, players, seed=1)
    return drive, season, players


def pages(drive, season, players):
    return {
        "standings": reverse("drives:standings", args=[drive.pk]),
        "drive": reverse("drives:drive", args=[drive.pk]),
        "season": reverse("drives:season", args=[season.pk]),
        "player": reverse("drives:player", args=[players[0].pk]),
    }


def etag_of(client, url):
    """The page's ETag once the browser holds its CSRF cookie (set by the first visit)."""
    client.get(url)
    response = client.get(url)
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    return response["ETag"]


def refresh(client, url, etag):
    return client.get(url, headers={"if-none-match": etag})


def test_a_refresh_with_nothing_new_is_answered_304_without_a_body(client, played):
    for name, url in pages(*played).items():
        etag = etag_of(client, url)
        response = refresh(client, url, etag)
        assert response.status_code == 304, name
        assert response.content == b""


def test_a_corrected_result_makes_every_page_send_the_new_figures(client, played):
    drive = played[0]
    etags = {name: etag_of(client, url) for name, url in pages(*played).items()}
    result = TableResult.objects.filter(drive=drive).order_by("pk").first()
    TableResult.objects.filter(pk=result.pk).update(
        ns_tricks=13 - result.ns_tricks, version=F("version") + 1
    )
    for name, url in pages(*played).items():
        response = refresh(client, url, etags[name])
        assert response.status_code == 200, name
        assert response["ETag"] != etags[name]


def test_a_renamed_player_makes_every_page_send_the_new_name(client, played):
    players = played[2]
    etags = {name: etag_of(client, url) for name, url in pages(*played).items()}
    players[0].name = "Margaret Featherstonehaugh"
    players[0].save()
    for name, url in pages(*played).items():
        response = refresh(client, url, etags[name])
        assert response.status_code == 200, name
        assert "Margaret Featherstonehaugh" in response.text


def test_each_language_has_its_own_etag(client, played):
    drive, _, _ = played
    url = reverse("drives:standings", args=[drive.pk])
    english = etag_of(client, url)
    assert refresh(client, "/fr" + url, english).status_code == 200


def test_signed_in_organisers_always_get_the_page_afresh(client, played, organiser):
    drive, _, _ = played
    client.force_login(organiser)
    url = reverse("drives:drive", args=[drive.pk])
    client.get(url)
    response = client.get(url)
    assert "ETag" not in response
    assert refresh(client, url, '"anything"').status_code == 200


def test_a_304_costs_a_handful_of_queries(client, played, django_assert_max_num_queries):
    drive, season, _ = played
    for url, most in [
        # The drive with its club, season and result figures; the club's players.
        (reverse("drives:standings", args=[drive.pk]), 2),
        (reverse("drives:drive", args=[drive.pk]), 2),
        (reverse("drives:season", args=[season.pk]), 8),
    ]:
        etag = etag_of(client, url)
        with django_assert_max_num_queries(most):
            assert refresh(client, url, etag).status_code == 304


def test_readers_share_one_rendering_of_the_standings_until_a_result_changes(played, monkeypatch):
    drive = played[0]
    computed = []
    real = view.drive_report
    monkeypatch.setattr(view, "drive_report", lambda d: computed.append(d.pk) or real(d))
    url = reverse("drives:standings", args=[drive.pk])
    first, second = Client().get(url), Client().get(url)
    assert first.status_code == second.status_code == 200
    assert computed == [drive.pk]
    body = first.text[first.text.index("<main") : first.text.index("</main>")]
    assert body == second.text[second.text.index("<main") : second.text.index("</main>")]
    TableResult.objects.filter(drive=drive).update(version=F("version") + 1)
    Client().get(url)
    assert computed == [drive.pk, drive.pk]


def test_the_drive_stamp_changes_with_card_totals_and_returns_but_not_a_second_typist(club):
    from drives.models import CardTotal, Typist
    from drives.reports.freshness import drive_stamp
    from tests.conftest import make_started_drive

    drive = make_started_drive(club, players=8, on_paper=True, movement="individual", deals=4)
    entry = drive.entries.order_by("card_number").first()
    stamps = [drive_stamp(drive.pk)]
    card = CardTotal.objects.create(entry=entry, typist=Typist.FIRST, total=30)
    stamps.append(drive_stamp(drive.pk))
    CardTotal.objects.create(entry=entry, typist=Typist.SECOND, total=31)
    assert drive_stamp(drive.pk) == stamps[-1]  # a second typist's figures are not counted
    card.total = 29
    card.save()
    stamps.append(drive_stamp(drive.pk))
    away = drive.entries.order_by("card_number").last()
    away.withdrew_after = 1
    away.save()
    stamps.append(drive_stamp(drive.pk))
    away.returned_round = 3
    away.save()
    stamps.append(drive_stamp(drive.pk))
    assert len(set(stamps)) == len(stamps)
    assert drive_stamp(drive.pk + 1000) is None
