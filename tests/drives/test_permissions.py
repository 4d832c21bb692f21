"""Every URL that changes data refuses anonymous users, other clubs' organisers and, beyond
running the evening, the club's own helpers."""

import pytest
from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from drives.models import ClubRole, Drive, DriveStatus, Seating, TableResult
from tests.conftest import (
    make_club,
    make_drive,
    make_entries,
    make_players,
    make_season,
    make_user,
    record_tricks,
)

# Pages anyone may read; every other pattern in the app is the organisers' alone.
PUBLIC = {
    # In hall mode, how to keep the table pages on phones: the certificate holds no secret,
    # and phones open it without logging in (tests/drives/test_hall_mode.py).
    "hall_certificate_page",
    # A compass drive's pairs' standings, sheets and PBN file: the cards stay the
    # organisers' until the drive is over (tests/drives/boards).
    "compass_standings",
    "board_sheet",
    "boards_pbn",
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
    "hall_manifest",
    "tableside_manifest",
    "club_calendar",
    "club_results_feed",
    "guide",
}
# The table pages open with the table's secret link instead of a login.
TOKEN_GUARDED = {"table_page", "table_enter", "table_confirm", "table_live"}
# Any signed-in user: importing a club from its file makes them its one organiser.
SIGNED_IN = {"club_import"}
# The link in a results e-mail stops them, signed for its member, without a login.
# A hall laptop publishing a drive: a club's publishing key instead of a login.
SIGNED = {"results_stop", "publish_with_key"}


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
        "line_pk": 1,
        "token": "not-a-table-link-0000000000",
        "kind": "travellers",
    }
    return drive, players, season, values


def url_for(pattern, values, player, season):
    kwargs = {name: values[name] for name in pattern.pattern.converters}
    if pattern.name in {"player", "player_edit", "member_contact", "member_export", "member_erase"}:
        kwargs["pk"] = player.pk
    if pattern.name in {"season", "season_edit", "league_csv", "league_pdf", "season_accounts_csv"}:
        kwargs["pk"] = season.pk
    return reverse(f"drives:{pattern.name}", kwargs=kwargs)


@pytest.mark.django_db
def test_every_organiser_url_refuses_strangers_and_changes_nothing(client, world):
    _drive, players, season, values = world
    stranger = make_user("mallory")
    make_club(organiser=stranger)  # an organiser, but of another club
    patterns = [
        p for p in drive_patterns() if p.name not in PUBLIC | TOKEN_GUARDED | SIGNED_IN | SIGNED
    ]
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
def test_publishing_opens_nothing_without_a_clubs_key(client, world):
    before = snapshot()
    url = reverse("drives:publish_with_key")
    assert client.get(url).status_code == 405
    assert client.post(url, "{}", content_type="application/json").status_code == 401
    wrong = client.post(
        url, "{}", content_type="application/json", headers={"Authorization": "Bearer x"}
    )
    assert wrong.status_code == 401
    assert snapshot() == before


@pytest.mark.django_db
def test_table_pages_open_nothing_without_a_known_link(client, world):
    _drive, players, season, values = world
    before = snapshot()
    for pattern in drive_patterns():
        if pattern.name in TOKEN_GUARDED:
            url = url_for(pattern, values, players[0], season)
            response = client.post(url, {"round": 1, "side": "NS", "d1": 7})
            polled = pattern.name == "table_live"  # only read
            assert response.status_code == (405 if polled else 404), pattern.name
            readable = pattern.name in ("table_page", "table_live")  # the others only take posts
            assert client.get(url).status_code == (404 if readable else 405), pattern.name
    assert snapshot() == before


# What a helper may do beside the organisers: check players in, enter results, watch the
# tables and settle their disputes (drives.permissions). Every other organiser page is refused.
HELPER_ALLOWED = {
    "check_in",
    "late_arrival",
    # At check-in, as a late arrival can be: who cannot move from one table.
    "stays",
    "tableside_dashboard",
    "tableside_tiles",
    "tableside_settle",
    "tableside_late",
    "tableside_history",
    "paper_totals",
    "paper_card",
    "paper_settle",
    # At the door: who has paid their entry fee (the fees and prizes are the organisers').
    "money",
    "money_fee",
}


@pytest.fixture
def helper(club):
    user = make_user("helen")
    club.memberships.create(user=user, role=ClubRole.HELPER)
    return user


@pytest.mark.django_db
def test_a_helper_is_refused_every_organisers_page_and_changes_nothing(client, world, helper):
    _drive, players, season, values = world
    patterns = [
        p
        for p in drive_patterns()
        if p.name not in PUBLIC | TOKEN_GUARDED | SIGNED_IN | SIGNED | HELPER_ALLOWED
    ]
    assert {"drive_new", "drive_delete", "player_list", "season_edit", "finish"} <= {
        p.name for p in patterns
    }
    # A helper never sees members' contact details, nor sends or erases anything.
    assert {"member_contact", "member_export", "member_erase", "results_mail"} <= {
        p.name for p in patterns
    }
    client.force_login(helper)
    before = snapshot()
    for pattern in patterns:
        url = url_for(pattern, values, players[0], season)
        for method in (client.get, client.post):
            response = method(url, {"name": "Intruder", "role": "gent", "reason": "x"})
            assert response.status_code in (403, 405), (pattern.name, response.status_code)
    assert snapshot() == before


@pytest.mark.django_db
def test_a_helper_opens_the_pages_that_run_the_evening(client, world, helper):
    drive, players, season, values = world
    client.force_login(helper)
    for name in HELPER_ALLOWED - {"paper_totals", "paper_card", "paper_settle"}:
        pattern = next(p for p in drive_patterns() if p.name == name)
        response = client.get(url_for(pattern, values, players[0], season))
        # 405: the door takes only a post; either way the helper was let through it.
        assert response.status_code in (200, 304, 405), (name, response.status_code)
    paper = make_drive(drive.club, status=DriveStatus.RUNNING, current_round=1, on_paper=True)
    assert client.get(reverse("drives:paper_totals", args=[paper.pk])).status_code == 200


@pytest.mark.django_db
def test_a_helper_enters_results_on_the_round_page(client, world, helper):
    drive, *_ = world
    client.force_login(helper)
    page = client.get(reverse("drives:round", args=[drive.pk, 1]))
    assert 'name="t2_d1"' in page.text  # the boxes to type tricks into
    assert "Open round 2" not in page.text  # moving on is the organisers'
    response = client.post(
        reverse("drives:round", args=[drive.pk, 1]),
        {"t2_d1": 8, "t2_d2": 6, "t2_d3": 7, "t2_d4": 5, "t2_v": 0},
        follow=True,
    )
    assert response.status_code == 200
    result = TableResult.objects.get(drive=drive, round=1, table=2, deal=1)
    assert (result.ns_tricks, result.entered_by) == (8, helper)


@pytest.mark.django_db
def test_a_helper_removed_from_the_team_is_refused_at_the_next_request(client, world, helper):
    drive, *_ = world
    client.force_login(helper)
    dashboard = reverse("drives:tableside_dashboard", args=[drive.pk])
    assert client.get(dashboard).status_code == 200
    drive.club.memberships.filter(user=helper).delete()
    assert client.get(dashboard).status_code == 403


@pytest.mark.django_db
def test_the_services_refuse_a_helper_an_organisers_change(world, helper):
    from django.core.exceptions import PermissionDenied

    from drives.evening.lifecycle import drive_cancel

    drive, *_ = world
    with pytest.raises(PermissionDenied):
        drive_cancel(drive=drive, user=helper, reason="Snow")
    stranger = make_user("mallory")
    with pytest.raises(PermissionDenied):
        record_tricks(drive, 1, 2, {1: 7, 2: 7, 3: 7, 4: 7}, user=stranger)
    assert Drive.objects.get(pk=drive.pk).status == DriveStatus.RUNNING
    assert not TableResult.objects.filter(drive=drive, table=2).exists()
