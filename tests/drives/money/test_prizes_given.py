"""Prizes as clubs give them: the consolation draw, and a place that would win two prizes."""

import subprocess
from decimal import Decimal

import pytest
from django.urls import reverse

from drives.errors import DriveError
from drives.models import DriveMoney, MoneyChange
from drives.money.services import consolation_draw
from drives.reports.report import drive_report
from scoring.prizes import draw_lot
from tests.drives.money.conftest import finished_paper_drive

pytestmark = pytest.mark.django_db


def pdf_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert content.startswith(b"%PDF")
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    )
    return " ".join(done.stdout.decode().split())


def test_the_standings_say_who_took_another_prize_and_why_the_next_got_the_half_time_prize(
    client, finished
):
    response = client.get(reverse("drives:standings", args=[finished.pk]))

    text = " ".join(response.text.split())
    # Card 1 won and led at half-time, card 2 came 2nd and was next: card 4 takes it.
    assert "Half-time</strong>: Player 004" in text
    assert (
        "Half-time: Player 001 (card 1) came first for it but takes the 1st prize. "
        "A player takes one prize only, so this one goes to the next in line."
    ) in text
    assert "Half-time: Player 002 (card 2) came first for it but takes the 2nd prize." in text


def test_the_results_sheet_says_it_too(client, finished):
    response = client.get(reverse("drives:results_pdf", args=[finished.pk]))

    text = pdf_text(response)
    assert "Half-time: Player 001 (card 1) came first for it but takes the 1st prize." in text


def test_a_half_time_prize_won_outright_has_no_note(client, club):
    drive = finished_paper_drive(
        club,
        {1: (40, 10), 2: (30, 9), 3: (29, 24), 4: (20, 8)},
        half_time_prize=True,
        prize_places=1,
    )
    response = client.get(reverse("drives:standings", args=[drive.pk]))
    assert "came first for it" not in response.text


def test_the_consolation_draw_is_recorded_repeated_from_its_record_and_shown_to_everyone(
    client, organiser, finished
):
    DriveMoney.objects.create(drive=finished, consolation="beside")
    client.force_login(organiser)

    drawn = client.post(reverse("drives:money_draw", args=[finished.pk]), follow=True)

    record = DriveMoney.objects.get(drive=finished)
    # Won nothing: all but 1st (card 1), 2nd (2), half-time (4) and the booby (8).
    assert record.draw_candidates == [3, 5, 6, 7]
    winner = draw_lot(record.draw_seed, record.draw_candidates)
    name = finished.entries.get(card_number=winner).player.name
    assert f"The consolation prize is drawn: {name} (card {winner})." in drawn.text
    history = MoneyChange.objects.get(drive=finished, action="drawn")
    assert history.detail == {"seed": record.draw_seed, "candidates": [3, 5, 6, 7]}

    client.logout()
    public = " ".join(client.get(reverse("drives:standings", args=[finished.pk])).text.split())
    assert f"Consolation</strong>: {name}" in public
    assert (
        "Consolation prize, drawn by lot among the 4 players who won nothing: "
        f"{name} (card {winner})."
    ) in public
    assert (
        "Cards in the draw: 3 (Player 003), 5 (Player 005), 6 (Player 006), 7 (Player 007)"
        in public
    )
    assert f"Seed {record.draw_seed}." in public
    sheet = pdf_text(client.get(reverse("drives:results_pdf", args=[finished.pk])))
    assert f"Seed {record.draw_seed}." in sheet and f"{name} (card {winner})" in sheet


def test_the_same_seed_and_candidates_draw_the_same_player(organiser, club):
    winners = set()
    for _ in range(2):
        drive = finished_paper_drive(club, prize_places=1, booby_prize=False)
        DriveMoney.objects.create(drive=drive, consolation="beside")
        consolation_draw(drive=drive, by="alice", seed="c0ffee")
        report = drive_report(drive)
        winners.add(report.draw.winner.card_number)
        assert report.draw.winner.card_number == draw_lot("c0ffee", list(range(2, 9)))
    assert len(winners) == 1


def test_the_consolation_prize_can_stand_instead_of_the_booby(finished):
    DriveMoney.objects.create(drive=finished, consolation="instead")
    before = [p.name for p in drive_report(finished).prizes]
    assert "Booby" not in before
    # Card 8, at the bottom, is in the draw now that no booby takes them.
    assert 8 in [e.card_number for e in drive_report(finished).draw_candidates]


def test_a_draw_is_refused_before_the_end_and_made_only_once(club, finished):
    running = finished_paper_drive(club, finish=False)
    DriveMoney.objects.create(drive=running, consolation="beside")
    with pytest.raises(DriveError, match="the drive is running"):
        consolation_draw(drive=running, by="alice")

    DriveMoney.objects.create(drive=finished, consolation="beside")
    consolation_draw(drive=finished, by="alice")
    seed = DriveMoney.objects.get(drive=finished).draw_seed
    with pytest.raises(DriveError, match="already been drawn"):
        consolation_draw(drive=finished, by="alice")
    assert DriveMoney.objects.get(drive=finished).draw_seed == seed


def test_no_draw_without_a_consolation_prize(finished):
    with pytest.raises(DriveError, match="gives no consolation prize"):
        consolation_draw(drive=finished, by="alice")
    assert not DriveMoney.objects.filter(drive=finished).exclude(draw_seed="").exists()


def test_the_consolation_prize_takes_its_share_of_the_fund(finished):
    from drives.money.accounts import drive_accounts

    DriveMoney.objects.create(
        drive=finished,
        consolation="beside",
        prize_money="fixed",
        placing_amounts="5",
        consolation_amount=Decimal("2.50"),
    )
    consolation_draw(drive=finished, by="alice", seed="1")
    paid = {p.name: p.total for p in drive_accounts(finished).prizes}
    assert paid["Consolation"] == Decimal("2.50") and paid["1st"] == Decimal("5.00")


def test_the_standings_say_why_no_booby_is_given_when_the_bottom_won_a_placing(client, club):
    drive = finished_paper_drive(
        club, {1: (40, 20), 2: (30, 15), 3: (29, 14), 4: (20, 8)}, prize_places=4
    )

    response = client.get(reverse("drives:standings", args=[drive.pk]))

    assert response.status_code == 200
    text = " ".join(response.text.split())
    assert "Booby</strong>" not in text
    assert (
        "No booby prize: Player 004 (card 4) is at the bottom of the list but takes the 4th "
        "prize, and a player takes one prize only."
    ) in text
    assert [p.name for p in drive_report(drive).prizes] == ["1st", "2nd", "3rd", "4th"]


def test_no_such_note_when_the_booby_is_given(client, club):
    drive = finished_paper_drive(
        club, {1: (40, 20), 2: (30, 15), 3: (29, 14), 4: (20, 8)}, prize_places=3
    )

    response = client.get(reverse("drives:standings", args=[drive.pk]))

    assert "Booby</strong>: Player 004" in " ".join(response.text.split())
    assert "No booby prize" not in response.text
