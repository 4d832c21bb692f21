"""Every URL that changes data refuses anonymous users and other clubs' organisers."""

import pytest
from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from drives.models import Drive, DriveStatus, Seating, TableResult
from tests.conftest import make_club, make_drive, make_entries, make_players, make_season, make_user

# Pages anyone may read; every other pattern in the app is the organisers' alone.
PUBLIC = {
    "home",
    "club",
    "drive",
    "round",
    "standings",
    "standings_csv",
    "results_csv",
    "player",
    "season",
    "league_csv",
    "league_pdf",
    "scorecards_pdf",
    "table_cards_pdf",
    "results_pdf",
    "sheet",
    "sheet_status",
    "sheet_file",
    "sheet_retry",
    "season_sheet",
    "season_sheet_status",
    "season_sheet_file",
    "season_sheet_retry",
    "hall",
    "hall_live",
}
# The table pages open with the table's secret link instead of a login.
TOKEN_GUARDED = {"table_page", "table_enter", "table_confirm"}


def drive_patterns():
    def walk(patterns):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "drives":
                    yield from (p for p in pattern.url_patterns if isinstance(p, URLPattern))
                else:
                    yield from walk(pattern.url_patterns)

    return list(walk(get_resolver().url_patterns))


def snapshot():
    return {
        model.__name__: sorted(map(repr, model.objects.values()))
        for model in apps.get_app_config("drives").get_models()
    }


@pytest.fixture
def world(club, organiser):
    players = make_players(club, 8)
    drive = make_drive(club, status=DriveStatus.RUNNING, current_round=1, deals=4)
    entries = make_entries(drive, players)
    for table, four in enumerate([entries[:4], entries[4:]], start=1):
        Seating.objects.bulk_create(
            Seating(drive=drive, round=1, table=table, seat=seat, entry=entry)
            for seat, entry in zip("NESW", four, strict=True)
        )
    TableResult.objects.create(drive=drive, round=1, table=1, deal=1, ns_tricks=7)
    season = make_season(club)
    values = {
        "slug": club.slug,
        "pk": drive.pk,
        "entry_pk": entries[0].pk,
        "number": 1,
        "table": 1,
        "sheet_pk": 1,
        "token": "not-a-table-link-0000000000",
    }
    return drive, players, season, values


def url_for(pattern, values, player, season):
    kwargs = {name: values[name] for name in pattern.pattern.converters}
    if pattern.name in {"player", "player_edit"}:
        kwargs["pk"] = player.pk
    if pattern.name in {"season", "season_edit", "league_csv", "league_pdf"}:
        kwargs["pk"] = season.pk
    return reverse(f"drives:{pattern.name}", kwargs=kwargs)


@pytest.mark.django_db
def test_every_organiser_url_refuses_strangers_and_changes_nothing(client, world):
    _drive, players, season, values = world
    stranger = make_user("mallory")
    make_club(organiser=stranger)  # an organiser, but of another club
    patterns = [p for p in drive_patterns() if p.name not in PUBLIC | TOKEN_GUARDED]
    assert len(patterns) >= 12  # the walk really found the app's patterns
    before = snapshot()
    for pattern in patterns:
        url = url_for(pattern, values, players[0], season)
        client.logout()
        for method in (client.get, client.post):
            response = method(url, {"ns_tricks": 13, "name": "Intruder", "role": "gent"})
            assert response.status_code == 302, (pattern.name, method)
            assert response["Location"].startswith(reverse("login")), pattern.name
        client.force_login(stranger)
        for method in (client.get, client.post):
            response = method(url, {"name": "Intruder", "role": "gent"})
            assert response.status_code in (403, 405), (pattern.name, response.status_code)
    assert snapshot() == before


@pytest.mark.django_db
def test_public_pages_do_not_let_strangers_post_changes(client, world):
    drive, players, season, values = world
    stranger = make_user("mallory")
    make_club(organiser=stranger)
    before = snapshot()
    codes = {}
    for user in (None, stranger):
        if user:
            client.force_login(user)
        for pattern in drive_patterns():
            if pattern.name in PUBLIC:
                url = url_for(pattern, values, players[0], season)
                response = client.post(url, {"t1_d1": 13, "t1_v": 1, "t2_d1": 5, "t2_v": 0})
                codes.setdefault(pattern.name, set()).add(response.status_code)
    # Reading pages refuse a post (405): only the round page takes one, from organisers.
    refused = {"round": 403, "player": 405, "sheet_retry": 404, "season_sheet_retry": 404}
    expected = {name: {refused.get(name, 405)} for name in PUBLIC}
    assert codes == expected
    assert snapshot() == before
    assert Drive.objects.get(pk=drive.pk).status == DriveStatus.RUNNING


@pytest.mark.django_db
def test_table_pages_open_nothing_without_a_known_link(client, world):
    _drive, players, season, values = world
    before = snapshot()
    for pattern in drive_patterns():
        if pattern.name in TOKEN_GUARDED:
            url = url_for(pattern, values, players[0], season)
            response = client.post(url, {"round": 1, "side": "NS", "d1": 7})
            assert response.status_code == 404, (pattern.name, response.status_code)
            readable = pattern.name == "table_page"  # the others only take posts
            assert client.get(url).status_code == (404 if readable else 405), pattern.name
    assert snapshot() == before
