"""A link for each side: a side's link sends its own figures and confirms only the other
side's; each side's link is withdrawn and reissued on its own; a link printed before sides
had their own keeps working for both and is shown as such."""

import uuid

import pytest
from django.urls import reverse

from drives.models import ClubRole, PendingEntry, ResultSource, TableLink, TableResult
from drives.tableside import services, tokens
from tests.conftest import checked_tricks, link_of, make_started_drive, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_counting_window")]


def url(link, action=""):
    name = {
        "": "drives:table_page",
        "enter": "drives:table_enter",
        "confirm": "drives:table_confirm",
    }
    return reverse(name[action], args=[link.token])


def send(client, link, side, tricks=7, submission=None):
    data = {"round": 1, "side": side, "submission": submission or uuid.uuid4(), "d1": tricks}
    return client.post(url(link, "enter"), data)


def confirm(client, link, entry, submission=None):
    return client.post(
        url(link, "confirm"), {"entry": entry.pk, "submission": submission or uuid.uuid4()}
    )


def old_link(drive, table=1):
    """A link as every table had one before sides had their own: for both sides."""
    token = tokens.new_token()
    return TableLink.objects.create(
        drive=drive, table=table, token=token, digest=tokens.digest(token)
    )


# ---------------------------------------------------------------- who sends, who confirms


def test_the_side_that_sent_cannot_confirm_its_own_figures(client, club):
    drive = make_started_drive(club)
    north_south = link_of(drive, 1, "NS")
    page = send(client, north_south, "NS", 8)
    assert "Waiting for E–W to confirm." in page.text
    assert "E–W confirm them on their own phone, from their own link." in page.text
    assert 'action="' + url(north_south, "confirm") not in page.text  # no button to press
    waiting = PendingEntry.objects.get()

    refused = confirm(client, north_south, waiting)

    assert refused.status_code == 409
    assert (
        "These are your own side&#x27;s figures: E–W confirm them from their own link. "
        "Nothing was changed." in refused.text
    )
    waiting.refresh_from_db()
    assert waiting.state == "waiting" and PendingEntry.objects.count() == 1
    assert not TableResult.objects.exists()


def test_the_service_refuses_a_side_confirming_itself_whatever_the_page_showed(club):
    drive = make_started_drive(club)
    north_south = link_of(drive, 1, "NS")
    sent = services.entry_submit(
        link=north_south,
        round_number=1,
        side="NS",
        figures=checked_tricks(drive, {1: 8}),
        submission=uuid.uuid4(),
    )
    with pytest.raises(services.DriveError, match="your own side's figures"):
        services.entry_confirm(link=north_south, entry_pk=sent.entry.pk, submission=uuid.uuid4())
    assert list(PendingEntry.objects.values_list("state", flat=True)) == ["waiting"]


def test_the_other_side_confirms_from_its_own_link(client, club):
    drive = make_started_drive(club)
    send(client, link_of(drive, 1, "NS"), "NS", 8)
    east_west = link_of(drive, 1, "EW")
    page = client.get(url(east_west))
    assert "N–S entered:" in page.text and "E–W: these figures are right" in page.text
    waiting = PendingEntry.objects.get()

    confirmed = confirm(client, east_west, waiting)

    assert confirmed.status_code == 200 and "Result stored" in confirmed.text
    result = TableResult.objects.get()
    assert (result.ns_tricks, result.source) == (8, ResultSource.TABLE)
    assert list(PendingEntry.objects.values_list("side", "state")) == [
        ("NS", "confirmed"),
        ("EW", "confirmed"),
    ]


def test_a_confirmation_sent_twice_is_stored_once(client, club):
    drive = make_started_drive(club)
    send(client, link_of(drive, 1, "NS"), "NS", 8)
    east_west, waiting = link_of(drive, 1, "EW"), PendingEntry.objects.get()
    submission = uuid.uuid4()
    confirm(client, east_west, waiting, submission)
    again = confirm(client, east_west, waiting, submission)
    assert again.status_code == 200 and "nothing was stored twice" in again.text
    assert PendingEntry.objects.count() == 2 and TableResult.objects.count() == 1


def test_a_sides_link_sends_that_sides_figures_only(client, club):
    drive = make_started_drive(club)
    page = send(client, link_of(drive, 1, "NS"), "EW", 8)
    assert page.status_code == 409
    assert (
        "This is N–S&#x27;s link: it sends N–S&#x27;s figures only. Nothing was saved: "
        "E–W send theirs from their own link." in page.text
    )
    assert not PendingEntry.objects.exists() and not TableResult.objects.exists()


def test_a_side_corrects_its_own_figures_from_its_link(client, club):
    drive = make_started_drive(club)
    send(client, link_of(drive, 1, "NS"), "NS", 7)
    send(client, link_of(drive, 1, "EW"), "EW", 6)  # a dispute
    page = send(client, link_of(drive, 1, "NS"), "NS", 6)
    assert "Result stored" in page.text
    assert TableResult.objects.get().ns_tricks == 6
    states = list(PendingEntry.objects.values_list("side", "state"))
    assert states == [("NS", "replaced"), ("EW", "confirmed"), ("NS", "confirmed")]


def test_with_one_side_entering_either_sides_figures_stand_at_once(client, club):
    drive = make_started_drive(club, table_entry="one_side")
    page = send(client, link_of(drive, 1, "EW"), "EW", 4)
    assert "the table&#x27;s result is stored" in page.text
    assert TableResult.objects.get().ns_tricks == 4
    assert "Result stored" in client.get(url(link_of(drive, 1, "NS"))).text


@pytest.mark.parametrize(
    ("language", "said"),
    [("", "You are E–W"), ("/fr", "Vous êtes E–O"), ("/hu", "Az Ön oldala: K–Ny")],
)
def test_the_page_says_which_side_it_is_for_and_asks_no_more(client, club, language, said):
    drive = make_started_drive(club)
    link = link_of(drive, 1, "EW")
    page = client.get(language + url(link))
    assert said in page.text
    assert '<input type="hidden" name="side" value="EW">' in page.text
    assert 'type="radio" name="side"' not in page.text


# ---------------------------------------------------------------- withdrawing and reissuing


def test_withdrawing_one_sides_link_leaves_the_other_working(client, club):
    drive = make_started_drive(club)
    north_south, east_west = link_of(drive, 1, "NS"), link_of(drive, 1, "EW")

    assert tokens.link_revoke(drive=drive, table=1, side="EW", reissue=False) is None

    assert client.get(url(east_west)).status_code == 410
    assert client.get(url(north_south)).status_code == 200
    reissued = tokens.link_revoke(drive=drive, table=1, side="EW", reissue=True)
    assert reissued.side == "EW" and reissued.token != east_west.token
    assert client.get(url(reissued)).status_code == 200
    assert link_of(drive, 1, "NS").token == north_south.token


def test_a_side_that_is_not_one_is_refused(club):
    drive = make_started_drive(club)
    with pytest.raises(services.DriveError, match="Say which side's link"):
        tokens.link_revoke(drive=drive, table=1, side="NE", reissue=True)


# ---------------------------------------------------------------- a link printed before


def test_an_old_link_for_both_sides_keeps_working_as_it_did(client, club):
    drive = make_started_drive(club)
    old = old_link(drive)
    page = client.get(url(old))
    assert page.status_code == 200
    assert 'type="radio" name="side"' in page.text and "You are" not in page.text
    send(client, old, "NS", 9)
    # As before sides had their own links, either side confirms on it.
    confirmed = confirm(client, old, PendingEntry.objects.get())
    assert "Result stored" in confirmed.text and TableResult.objects.get().ns_tricks == 9


def test_the_links_page_shows_both_sides_and_an_old_link_as_such(client, club, organiser):
    drive = make_started_drive(club)
    old = old_link(drive, 2)
    client.force_login(organiser)
    links_page = reverse("drives:tableside_links", args=[drive.pk])

    page = client.get(links_page)

    for table in (1, 2):
        for side in ("NS", "EW"):
            row = page.text.split(f'id="link-{table}-{side}"')[1].split("</tr>")[0]
            assert f"/t/{link_of(drive, table, side).token}/" in row
            assert "Withdraw and reissue" in row
    row = page.text.split('id="link-2-both"')[1].split("</tr>")[0]
    assert "Old link for both sides" in row and f"/t/{old.token}/" in row
    assert "Withdraw and reissue" not in row and "Withdraw" in row

    withdrawn = client.post(links_page, {"table": 2, "side": ""}, follow=True)

    assert "Table 2&#x27;s old link for both sides is withdrawn." in withdrawn.text
    assert client.get(url(old)).status_code == 410
    assert 'id="link-2-both"' not in withdrawn.text
    assert client.get(url(link_of(drive, 2, "NS"))).status_code == 200


@pytest.mark.parametrize("players", [8, 40])
def test_the_links_page_costs_the_same_whatever_the_drive_size(
    client, club, organiser, players, django_assert_num_queries
):
    drive = make_started_drive(club, players=players)
    old_link(drive)
    client.force_login(organiser)
    page = reverse("drives:tableside_links", args=[drive.pk])
    client.get(page)  # the links issued
    # The session, the user, the drive, the organiser check, then in a savepoint: the
    # drive locked, its live links, its round's tables.
    with django_assert_num_queries(9):
        assert client.get(page).status_code == 200


# ---------------------------------------------------------------- the dashboard


def test_the_dashboard_shows_each_tables_side_links_to_its_organisers(client, club, organiser):
    drive = make_started_drive(club)
    tokens.links_issue(drive=drive)
    old_link(drive, 2)
    client.force_login(organiser)
    tiles_url = reverse("drives:tableside_tiles", args=[drive.pk])

    tiles = client.get(tiles_url).text

    one = tiles.split('id="tile-1"')[1].split("</li>")[0]
    assert f"/t/{link_of(drive, 1, 'NS').token}/" in one
    assert f"/t/{link_of(drive, 1, 'EW').token}/" in one
    assert "old link for both sides" not in one
    two = tiles.split('id="tile-2"')[1].split("</li>")[0]
    assert "old link for both sides" in two
    helper = make_user("bert")
    club.memberships.create(user=helper, role=ClubRole.HELPER)
    client.force_login(helper)
    assert "/t/" not in client.get(tiles_url).text  # the links are the organisers'


def test_a_withdrawn_link_shows_at_the_dashboards_next_poll(client, club, organiser):
    drive = make_started_drive(club)
    tokens.links_issue(drive=drive)
    client.force_login(organiser)
    tiles_url = reverse("drives:tableside_tiles", args=[drive.pk])
    first = client.get(tiles_url)
    old = link_of(drive, 1, "EW")

    tokens.link_revoke(drive=drive, table=1, side="EW", reissue=True)

    polled = client.get(tiles_url, headers={"if-none-match": first["ETag"]})
    assert polled.status_code == 200
    assert old.token not in polled.text and link_of(drive, 1, "EW").token in polled.text


@pytest.mark.parametrize("players", [12, 40])
def test_the_dashboards_tiles_cost_the_same_whatever_the_field(
    client, club, organiser, players, django_assert_num_queries
):
    drive = make_started_drive(club, players=players)
    tokens.links_issue(drive=drive)
    old_link(drive)
    client.force_login(organiser)
    tiles_url = reverse("drives:tableside_tiles", args=[drive.pk])
    # The session, the user, the fingerprint's three (the tables' entries, links and
    # hall with the organiser check; the drive's stamp and its names), the drive, the
    # organiser check, the round's tables, results, entries, late entries and live links,
    # the organiser check for the buttons, the hall row.
    with django_assert_num_queries(14):
        assert client.get(tiles_url).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_links_made_before_the_migration_open_their_table_for_both_sides_after_it(client, club):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    drive = make_started_drive(club)
    before = ("drives", "0021_drive_round_timer_starts")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    token = tokens.new_token()
    old_model = executor.loader.project_state([before]).apps.get_model("drives", "TableLink")
    old_model.objects.create(drive_id=drive.pk, table=1, token=token, digest=tokens.digest(token))
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    # Up to today's models, through the side links' migration and the others beside it.
    executor.migrate(executor.loader.graph.leaf_nodes("drives"))

    link = tokens.link_for_token(token)
    assert link is not None and link.for_both_sides and link.revoked_at is None
    assert client.get(reverse("drives:table_page", args=[token])).status_code == 200
    # The sides' own links are issued beside it; it stays until the organiser withdraws it.
    [table] = [links for links in tokens.links_issue(drive=drive) if links.table == 1]
    assert table.both == link and table.ns and table.ew


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "/fr",
            "Ce sont les chiffres de votre propre camp\u00a0: E–O les confirment depuis leur "
            "propre lien. Rien n’a été modifié.",
        ),
        (
            "/hu",
            "Ezek a saját párja számai: K–Ny a saját linkjéről erősíti meg őket. "
            "Semmi sem változott.",
        ),
    ],
)
def test_a_side_confirming_itself_is_told_so_in_the_pages_language(client, club, language, said):
    drive = make_started_drive(club)
    north_south = link_of(drive, 1, "NS")
    send(client, north_south, "NS", 8)

    refused = client.post(
        language + url(north_south, "confirm"),
        {"entry": PendingEntry.objects.get().pk, "submission": uuid.uuid4()},
    )

    assert refused.status_code == 409 and said in refused.text
    assert not TableResult.objects.exists()


def test_the_links_page_names_an_old_link_in_french(client, club, organiser):
    drive = make_started_drive(club)
    old_link(drive)
    client.force_login(organiser)
    page = client.get("/fr" + reverse("drives:tableside_links", args=[drive.pk]))
    assert "Ancien lien pour les deux camps" in page.text
    assert "Retirer et remplacer" in page.text


@pytest.mark.parametrize("players", [12, 40])
def test_the_dashboard_costs_the_same_whatever_the_field(
    client, club, organiser, players, django_assert_num_queries
):
    drive = make_started_drive(club, players=players)
    tokens.links_issue(drive=drive)
    old_link(drive)
    client.force_login(organiser)
    dashboard = reverse("drives:tableside_dashboard", args=[drive.pk])
    # The session, the user, the drive, the organiser check, the hall row, the round's
    # tables, results, entries, late entries and live links, the organiser check for the
    # buttons.
    with django_assert_num_queries(11):
        assert client.get(dashboard).status_code == 200
