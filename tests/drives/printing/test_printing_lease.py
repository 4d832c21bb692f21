"""Sheets always finish or fail visibly: the lease of a render whose worker died, the
reasons a render fails, the league table printed off the request path, and the tidying.

The worker processes themselves, killed, on a full disk or without their database, are
in tests/faults/."""

import datetime as dt
import os

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from drives.models import MovementType, PrintedSheet, SheetStatus
from drives.printing import jobs, lease, pool, render
from drives.printing.storage import PARTIAL_PREFIX
from tests.conftest import make_played_drive, make_season
from tests.drives.printing.test_pdf import pages_of
from tests.drives.printing.test_printing_jobs import DUMMY, count_renders, scorecards_url  # noqa: F401


def queued_sheet(client, drive) -> PrintedSheet:
    client.get(scorecards_url(drive))
    return PrintedSheet.objects.get(drive=drive)


def died_rendering(sheet: PrintedSheet, *, attempts: int = 1, seconds_ago: int = 7200) -> None:
    """As a worker killed mid-render leaves its sheet: running, 4 cards done, no heartbeat."""
    then = timezone.now() - dt.timedelta(seconds=seconds_ago)
    PrintedSheet.objects.filter(pk=sheet.pk).update(
        status=SheetStatus.RUNNING,
        done=4,
        started_at=then,
        heartbeat_at=then,
        lease="dead-worker",
        attempts=attempts,
    )


def page_of(sheet: PrintedSheet) -> str:
    return reverse("drives:sheet", args=[sheet.drive_id, sheet.pk])


@override_settings(TASKS=DUMMY)
def test_the_sheet_page_hands_on_a_render_whose_worker_died(client, running_drive):
    sheet = queued_sheet(client, running_drive)
    died_rendering(sheet)

    page = client.get(page_of(sheet))

    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.QUEUED and sheet.done == 0 and sheet.lease == ""
    assert "being printed again from the start" in page.text
    # The estimate starts again too: not an hour's wait extrapolated from 4 cards.
    assert "0 of 12 cards printed." in page.text and "About 2 seconds to go." in page.text
    jobs.run(sheet.pk, processes=1)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.READY and sheet.attempts == 2


@override_settings(TASKS=DUMMY)
def test_a_render_still_renewing_its_lease_is_left_alone(client, running_drive):
    sheet = queued_sheet(client, running_drive)
    died_rendering(sheet, seconds_ago=1)  # a heartbeat a second ago: alive

    client.get(page_of(sheet))
    call_command("prune_sheets", verbosity=0)

    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.RUNNING and sheet.lease == "dead-worker"


@override_settings(TASKS=DUMMY)
def test_a_sheet_that_killed_every_worker_fails_saying_so_and_retry_prints_it(
    client, running_drive
):
    sheet = queued_sheet(client, running_drive)
    died_rendering(sheet, attempts=lease.ATTEMPTS)

    page = client.get(page_of(sheet))

    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FAILED and sheet.failure == "worker-lost"
    assert "the printing worker stopped each time it printed it" in page.text
    client.post(reverse("drives:sheet_retry", args=[running_drive.pk, sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.QUEUED and sheet.attempts == 0
    jobs.run(sheet.pk, processes=1)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.READY and sheet.failure == ""


def test_a_worker_that_comes_back_after_its_sheet_was_handed_on_changes_nothing(
    client, running_drive, monkeypatch, tmp_path
):
    write_pdf = pool.write_pdf

    def stalled(html, base_url):
        # The worker freezes mid-render for longer than its lease; another takes the sheet.
        PrintedSheet.objects.filter(pk=sheet.pk).update(
            heartbeat_at=timezone.now() - dt.timedelta(hours=2)
        )
        jobs.sheets_recover()
        return write_pdf(html, base_url)

    with override_settings(TASKS=DUMMY, MEDIA_ROOT=tmp_path):
        sheet = queued_sheet(client, running_drive)
        monkeypatch.setattr(pool, "write_pdf", stalled)
        jobs.run(sheet.pk, processes=1)

    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.QUEUED and sheet.file.name == ""
    assert not [name for _, _, names in os.walk(tmp_path) for name in names]  # its file went


@override_settings(TASKS=DUMMY)
def test_a_missing_font_fails_the_sheet_with_its_reason(client, running_drive, monkeypatch):
    sheet = queued_sheet(client, running_drive)
    monkeypatch.setattr(render, "REQUIRED_FONTS", ("No Such Sans Whist",))

    jobs.run(sheet.pk, processes=1)

    sheet.refresh_from_db()
    page = client.get(page_of(sheet))
    assert sheet.status == SheetStatus.FAILED and sheet.failure == "font-missing"
    assert "No Such Sans Whist" in sheet.error
    assert "a font the sheets need is missing on the server" in page.text


# The league table: printed by the worker, stored, limited like the drive sheets


@pytest.fixture
def season(club):
    season = make_season(club)
    make_played_drive(club, players=8, deals=4, movement=MovementType.INDIVIDUAL, season=season)
    return season


def league_url(season, **query):
    return reverse("drives:league_pdf", args=[season.pk]) + (
        "?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else ""
    )


@override_settings(TASKS=DUMMY)
def test_the_league_pdf_renders_off_the_request_and_is_stored(client, season, count_renders):  # noqa: F811
    response = client.get(league_url(season))

    sheet = PrintedSheet.objects.get(season=season)
    page = reverse("drives:season_sheet", args=[season.pk, sheet.pk])
    assert response.status_code == 302 and response["Location"] == page
    assert count_renders == [] and sheet.status == SheetStatus.QUEUED
    waiting = client.get(page)
    assert "Printing the sheet." in waiting.text and season.name in waiting.text

    jobs.run(sheet.pk, processes=1)

    status = client.get(reverse("drives:season_sheet_status", args=[season.pk, sheet.pk]))
    assert "Your sheet is ready." in status.text
    again = client.get(league_url(season))  # the stored file, not a new render
    assert len(count_renders) == 1 and again.status_code == 200
    assert "Player" in "\n".join(pages_of(again))


@override_settings(TASKS=DUMMY, PRINT_RATE_LIMIT=1)
def test_anonymous_visitors_start_few_league_renders_and_organisers_any(client, season, organiser):
    first = client.get(league_url(season))
    joined = client.get(league_url(season))
    another = client.get(league_url(season, role="lady"))
    client.force_login(organiser)
    organisers = client.get(league_url(season, role="gent"))

    assert [first.status_code, joined.status_code, another.status_code] == [302, 302, 429]
    assert organisers.status_code == 302
    assert PrintedSheet.objects.filter(season=season).count() == 2


@override_settings(TASKS=DUMMY)
def test_prune_sheets_sweeps_the_files_no_sheet_names(client, running_drive):
    sheet = queued_sheet(client, running_drive)
    jobs.run(sheet.pk, processes=1)
    sheet.refresh_from_db()
    folder = os.path.dirname(sheet.file.path)
    leftovers = [os.path.join(folder, f"{PARTIAL_PREFIX}abc"), os.path.join(folder, "old.pdf")]
    for path in leftovers:
        with open(path, "wb") as file:
            file.write(b"%PDF-")
        os.utime(path, (0, 0))  # long ago: no render is still writing it

    call_command("prune_sheets", verbosity=0)

    assert not any(map(os.path.exists, leftovers))
    assert os.path.exists(sheet.file.path)
