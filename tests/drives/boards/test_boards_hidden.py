"""A compass drive's sheets keep the drive's secrets from the players: the travellers (every
table's tricks, which the standings are made of) while the drive hides its standings, and
the hands (the dealing sheet, the hand records, the PBN file) until the drive is over,
since other tables have still to play those boards. The organisers see everything; a
refusal says why in the page's language and changes nothing."""

import pytest
from django.urls import reverse

from drives.evening.lifecycle import drive_finish, round_advance
from drives.models import Board, Drive, PrintedSheet, TableResult
from tests.conftest import make_user, record_tricks
from tests.drives.boards.conftest import make_compass_drive

pytestmark = pytest.mark.django_db

HIDDEN = "Standings are hidden until the end of the drive."


def saved(drive) -> tuple:
    """What a refused request must leave as it was."""
    row = Drive.objects.get(pk=drive.pk)
    return (
        row.status,
        row.current_round,
        row.standings_hidden_after,
        sorted(TableResult.objects.filter(drive=drive).values_list("table", "deal", "ns_tricks")),
        sorted(Board.objects.filter(drive=drive).values_list("number", "hands")),
        PrintedSheet.objects.filter(drive=drive).count(),
    )


@pytest.fixture
def hiding(club, organiser):
    """Round 2 of 3 under way, the standings hidden after round 1."""
    drive = make_compass_drive(
        club, organiser, pairs=6, boards=6, deals=6, standings_hidden_after=1
    )
    for table in (1, 2, 3):
        record_tricks(drive, 1, table, {1: 7, 2: 8})
    round_advance(drive=drive)
    drive.refresh_from_db()
    assert drive.standings_hidden
    return drive


def test_players_cannot_read_the_travellers_while_the_standings_are_hidden(client, hiding):
    before = saved(hiding)
    url = reverse("drives:board_sheet", args=[hiding.pk, "travellers"])
    player = make_user("player")
    for who in (None, player):
        if who is not None:
            client.force_login(who)
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == reverse("drives:standings", args=[hiding.pk])
        page = client.get(response["Location"])
        assert page.status_code == 200 and HIDDEN in page.text
        assert "Board 1" not in page.text
    # Nor on the boards' standings page, which lists the travellers too.
    page = client.get(reverse("drives:compass_standings", args=[hiding.pk]), follow=True)
    assert HIDDEN in page.text and "Travellers" not in page.text
    assert saved(hiding) == before


def test_the_organiser_reads_the_travellers_while_they_are_hidden(client, organiser, hiding):
    client.force_login(organiser)
    response = client.get(reverse("drives:board_sheet", args=[hiding.pk, "travellers"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The hands are shown once the drive has finished"),
        ("fr", "Les mains sont montrées une fois le tournoi terminé\u00a0:"),
        ("hu", "A leosztások a verseny végén láthatók:"),
    ],
)
def test_the_hands_are_refused_to_players_before_the_drive_is_over(
    client, club, organiser, language, said
):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    before = saved(drive)
    prefix = "" if language == "en" else f"/{language}"
    client.force_login(make_user("player"))
    for path in ("boards/hand-records.pdf", "boards/dealing.pdf", "boards.pbn"):
        response = client.get(f"{prefix}/drives/{drive.pk}/{path}")
        assert response.status_code == 403, path
        assert response["Content-Type"].startswith("text/html")
        assert said in response.text
    assert saved(drive) == before


def test_the_hand_records_are_the_organisers_during_the_drive_and_everyones_after(
    client, organiser, hiding
):
    url = reverse("drives:board_sheet", args=[hiding.pk, "hand-records"])
    client.force_login(organiser)
    assert client.get(url)["Content-Type"] == "application/pdf"
    client.logout()
    assert client.get(url).status_code == 403
    for number in (2, 3):
        for table in (1, 2, 3):
            deals = hiding.deals_of_round(number)
            record_tricks(hiding, number, table, dict.fromkeys(deals, 7))
        if number < 3:
            round_advance(drive=hiding)
    drive_finish(drive=Drive.objects.get(pk=hiding.pk))
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    travellers = client.get(reverse("drives:board_sheet", args=[hiding.pk, "travellers"]))
    assert travellers.status_code == 200
