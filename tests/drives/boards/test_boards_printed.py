"""A compass drive's sheets are printed by the sheet worker, never in the request: the
request starts the print (or finds it by its fingerprint) and answers the page that waits
for it; the worker renders; the stored file is served until what the sheet shows changes."""

import subprocess

import pytest
import weasyprint
from django.test import override_settings
from django.urls import reverse

from drives.boards import services
from drives.evening.lifecycle import drive_finish
from drives.games.compass.boards import plan_of
from drives.models import Player, PrintedSheet, SheetKind, SheetStatus
from drives.printing import jobs
from tests.conftest import make_user, record_tricks
from tests.drives.boards.conftest import make_compass_drive
from tests.drives.boards.test_boards_play import play_all
from tests.drives.printing.test_pdf import content_of

pytestmark = pytest.mark.django_db

#: Tasks queued and left there, as the worker finds them: the test runs the worker itself.
QUEUED = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


@pytest.fixture
def weasyprint_runs(monkeypatch):
    """Each document WeasyPrint writes from here on."""
    written = []
    write_pdf = weasyprint.HTML.write_pdf

    def counting(self, *args, **kwargs):
        written.append(self)
        return write_pdf(self, *args, **kwargs)

    monkeypatch.setattr(weasyprint.HTML, "write_pdf", counting)
    return written


def pdftotext(response) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"],
        input=content_of(response),
        capture_output=True,
        check=True,
    ).stdout.decode()


def sheet_url(drive, name):
    return reverse("drives:board_sheet", args=[drive.pk, name])


@pytest.fixture
def played(club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    play_all(drive, lambda r, t, d: 5 + t + d % 2)
    return drive


@override_settings(TASKS=QUEUED)
def test_the_request_queues_the_travellers_and_the_worker_prints_them(
    client, played, weasyprint_runs
):
    response = client.get(sheet_url(played, "travellers"))
    again = client.get(sheet_url(played, "travellers"))

    sheet = PrintedSheet.objects.get(drive=played)
    page = reverse("drives:sheet", args=[played.pk, sheet.pk])
    assert response.status_code == again.status_code == 302
    assert response["Location"] == again["Location"] == page  # the second joins the first
    assert sheet.kind == SheetKind.TRAVELLERS and sheet.status == SheetStatus.QUEUED
    assert weasyprint_runs == []
    waiting = client.get(page)
    assert "Travellers" in waiting.text and "Printing the sheet." in waiting.text

    jobs.run(sheet.pk, processes=1)

    assert len(weasyprint_runs) == 1
    assert "Your sheet is ready." in client.get(page).text
    download = client.get(reverse("drives:sheet_file", args=[played.pk, sheet.pk]))
    text = pdftotext(download)
    assert "Travellers" in text
    for number in range(1, 7):
        assert f"Board {number}" in text
    served = client.get(sheet_url(played, "travellers"))
    assert served.status_code == 200 and served["Content-Disposition"].startswith("attachment")
    assert content_of(served) == content_of(download)
    assert len(weasyprint_runs) == 1  # the stored file, not a second print


def _new_result(drive):
    record_tricks(drive, 1, 1, {1: 9, 2: 4})


def _corrected_result(drive):
    record_tricks(drive, 1, 1, {1: 9, 2: 4})
    record_tricks(drive, 1, 1, {1: 3, 2: 4}, version=1)


def _name_changed(drive):
    Player.objects.filter(entries__drive=drive, entries__card_number=1).update(name="Ann Other")


@pytest.mark.parametrize("change", [_new_result, _corrected_result, _name_changed])
@override_settings(TASKS=QUEUED)
def test_a_sheet_whose_data_changed_is_printed_afresh(client, club, organiser, change):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6)
    client.get(sheet_url(drive, "travellers"))
    printed = PrintedSheet.objects.get(drive=drive)
    jobs.run(printed.pk, processes=1)
    assert client.get(sheet_url(drive, "travellers")).status_code == 200  # served as printed

    change(drive)
    response = client.get(sheet_url(drive, "travellers"))

    fresh = PrintedSheet.objects.exclude(pk=printed.pk).get(drive=drive)
    assert response["Location"] == reverse("drives:sheet", args=[drive.pk, fresh.pk])
    assert fresh.status == SheetStatus.QUEUED and fresh.fingerprint != printed.fingerprint
    jobs.run(fresh.pk, processes=1)
    assert not PrintedSheet.objects.filter(pk=printed.pk).exists()  # the old file goes


@override_settings(TASKS=QUEUED)
def test_boards_dealt_again_print_a_new_dealing_sheet(client, club, organiser):
    drive = make_compass_drive(club, organiser, pairs=6, boards=6, deals=6, start=False)
    client.force_login(organiser)
    client.get(sheet_url(drive, "dealing"))
    printed = PrintedSheet.objects.get(drive=drive)
    jobs.run(printed.pk, processes=1)
    first = pdftotext(client.get(sheet_url(drive, "dealing")))

    services.boards_deal(
        drive=drive, user=organiser, count=6, seed=8, version=plan_of(drive).version
    )
    client.get(sheet_url(drive, "dealing"))
    fresh = PrintedSheet.objects.exclude(pk=printed.pk).get(drive=drive)
    jobs.run(fresh.pk, processes=1)

    again = pdftotext(client.get(sheet_url(drive, "dealing")))
    assert "Board 6" in again and again != first  # the other hands


@override_settings(TASKS=QUEUED)
def test_a_player_cannot_start_or_open_the_hand_records_before_the_end(
    client, club, organiser, played
):
    player = make_user("bob")
    client.force_login(player)
    assert client.get(sheet_url(played, "hand-records")).status_code == 403
    assert client.get(sheet_url(played, "dealing")).status_code == 403
    assert not PrintedSheet.objects.exists()  # nothing started

    # The organiser's print: its page and its file stay the organisers' too.
    client.force_login(organiser)
    client.get(sheet_url(played, "hand-records"))
    sheet = PrintedSheet.objects.get(drive=played)
    jobs.run(sheet.pk, processes=1)
    urls = [
        reverse(f"drives:{name}", args=[played.pk, sheet.pk]) for name in ("sheet", "sheet_file")
    ]
    assert all(client.get(url).status_code == 200 for url in urls)
    client.force_login(player)
    assert [client.get(url).status_code for url in urls] == [404, 404]

    drive_finish(drive=played)
    assert [client.get(url).status_code for url in urls] == [200, 200]
    assert client.get(sheet_url(played, "hand-records")).status_code == 302  # printed afresh
