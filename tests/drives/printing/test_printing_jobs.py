"""Sheets rendered once per state of the data, in the background, with their progress."""

import io
import os

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from pypdf import PdfReader

from drives.evening.lifecycle import drive_start
from drives.models import (
    Drive,
    MovementType,
    PrintedSheet,
    Seating,
    SheetKind,
    SheetStatus,
    TableResult,
)
from drives.printing import jobs, pool, render, sheets
from drives.printing.sheets import Layout
from tests.conftest import make_drive, make_entries, make_players
from tests.drives.printing.test_pdf import cards_of, content_of, pages_of

DUMMY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


def scorecards_url(drive):
    return reverse("drives:scorecards_pdf", args=[drive.pk])


@pytest.fixture
def count_renders(monkeypatch):
    """How many PDF documents WeasyPrint renders from here on."""
    renders = []
    write_pdf = pool.write_pdf

    def counting(html, base_url):
        renders.append(html)
        return write_pdf(html, base_url)

    monkeypatch.setattr(pool, "write_pdf", counting)
    return renders


def test_an_unchanged_sheet_is_served_from_its_file_without_rendering(
    client, running_drive, count_renders
):
    first = client.get(scorecards_url(running_drive))
    rendered = len(count_renders)
    second = client.get(scorecards_url(running_drive))

    assert rendered >= 1
    assert len(count_renders) == rendered
    assert content_of(second) == content_of(first)
    assert PrintedSheet.objects.filter(drive=running_drive).count() == 1


def test_a_corrected_result_prints_afresh_and_the_old_file_goes(client, running_drive):
    seats = Seating.objects.filter(drive=running_drive, round=1, table=1)
    client.get(scorecards_url(running_drive))
    old = PrintedSheet.objects.get(drive=running_drive)
    old_path = old.file.path
    TableResult.objects.create(drive=running_drive, round=1, table=1, deal=1, ns_tricks=9)

    response = client.get(scorecards_url(running_drive))

    new = PrintedSheet.objects.get(drive=running_drive)
    assert new.pk != old.pk and new.status == SheetStatus.READY
    assert not PrintedSheet.objects.filter(pk=old.pk).exists()
    assert not os.path.exists(old_path)
    north = seats.get(seat="N").entry.card_number
    card = cards_of(pages_of(response))[north]
    assert card["lines"][0]["rest"].endswith(" 3 3")  # 9 tricks: three odd tricks


@override_settings(TASKS=DUMMY)
def test_a_large_sheet_answers_at_once_with_its_progress_and_a_second_request_joins_it(
    client, running_drive, count_renders
):
    response = client.get(scorecards_url(running_drive))
    again = client.get(scorecards_url(running_drive))

    sheet = PrintedSheet.objects.get(drive=running_drive)
    page = reverse("drives:sheet", args=[running_drive.pk, sheet.pk])
    assert response.status_code == again.status_code == 302
    assert response["Location"] == again["Location"] == page
    assert count_renders == []
    assert sheet.status == SheetStatus.QUEUED
    waiting = client.get(page)
    assert "0 of 12 cards printed." in waiting.text
    assert "seconds to go" in waiting.text
    assert "js/sheet-progress.js" in waiting.text

    jobs.run(sheet.pk, processes=1)

    status = client.get(reverse("drives:sheet_status", args=[running_drive.pk, sheet.pk]))
    assert "Your sheet is ready." in status.text
    download = client.get(reverse("drives:sheet_file", args=[running_drive.pk, sheet.pk]))
    assert len(cards_of(pages_of(download))) == 12


@override_settings(TASKS=DUMMY)
def test_progress_counts_the_cards_as_chunks_finish(client, running_drive, monkeypatch):
    monkeypatch.setattr("drives.printing.render.CHUNK_CARDS", 4)
    client.get(scorecards_url(running_drive))
    sheet = PrintedSheet.objects.get(drive=running_drive)
    done_at_each_chunk = []
    write_pdf = pool.write_pdf

    def watching(html, base_url):
        done_at_each_chunk.append(PrintedSheet.objects.get(pk=sheet.pk).done)
        return write_pdf(html, base_url)

    monkeypatch.setattr(pool, "write_pdf", watching)
    jobs.run(sheet.pk, processes=1)

    sheet.refresh_from_db()
    assert done_at_each_chunk == [0, 4, 8]
    assert sheet.done == sheet.total == 12


@override_settings(TASKS=DUMMY)
def test_a_failed_render_says_so_and_can_be_retried(client, running_drive, monkeypatch):
    client.get(scorecards_url(running_drive))
    sheet = PrintedSheet.objects.get(drive=running_drive)

    def broken(html, base_url):
        raise OSError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(pool, "write_pdf", broken)
        jobs.run(sheet.pk, processes=1)
    page = client.get(reverse("drives:sheet", args=[running_drive.pk, sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FAILED and "disk full" in sheet.error
    assert "Printing this sheet failed" in page.text

    retry = client.post(reverse("drives:sheet_retry", args=[running_drive.pk, sheet.pk]))
    sheet.refresh_from_db()
    assert retry.status_code == 302 and sheet.status == SheetStatus.QUEUED
    jobs.run(sheet.pk, processes=1)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.READY


@override_settings(TASKS=DUMMY, PRINT_RATE_LIMIT=2)
def test_anonymous_visitors_start_few_renders_and_organisers_any(client, club, organiser):
    drives = []
    for _ in range(4):
        drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
        make_entries(drive, make_players(club, 12))
        drives.append(drive)

    answers = [client.get(scorecards_url(drive)).status_code for drive in drives[:3]]
    joined = client.get(scorecards_url(drives[0])).status_code
    client.force_login(organiser)
    organisers = client.get(scorecards_url(drives[3])).status_code

    assert answers == [302, 302, 429]
    assert joined == 302  # joining a render under way is not starting one
    assert organisers == 302
    assert PrintedSheet.objects.count() == 3


@override_settings(TASKS=DUMMY)
def test_a_visitors_small_sheet_goes_to_the_worker_and_an_organisers_is_ready_at_once(
    client, club, organiser, count_renders
):
    visitors, organisers = (
        make_drive(club, deals=4, movement=MovementType.INDIVIDUAL) for _ in "ab"
    )
    for drive in (visitors, organisers):
        make_entries(drive, make_players(club, 8))  # eight cards: a sheet of a few pages

    queued = client.get(scorecards_url(visitors))
    client.force_login(organiser)
    ready = client.get(scorecards_url(organisers))

    assert queued.status_code == 302 and len(count_renders) == 1  # the organiser's only
    assert PrintedSheet.objects.get(drive=visitors).status == SheetStatus.QUEUED
    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"


@override_settings(TASKS=DUMMY)
def test_the_blank_packs_progress_is_for_organisers_only(client, organiser, running_drive):
    client.force_login(organiser)
    client.get(reverse("drives:blank_pack_pdf", args=[running_drive.pk]))
    sheet = PrintedSheet.objects.get(drive=running_drive)
    client.logout()

    page = client.get(reverse("drives:sheet", args=[running_drive.pk, sheet.pk]))

    assert page.status_code == 404


def test_starting_a_drive_renders_its_scorecards_and_table_cards_ahead(
    club, django_capture_on_commit_callbacks, settings
):
    settings.PRINT_AHEAD = True
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, 12))

    with django_capture_on_commit_callbacks(execute=True):
        drive_start(drive=drive)

    kinds = set(PrintedSheet.objects.filter(drive=drive).values_list("kind", "status"))
    assert kinds == {("scorecards", "ready"), ("table-cards", "ready")}


def test_a_site_that_prints_nothing_ahead_renders_only_when_asked(
    club, django_capture_on_commit_callbacks, settings
):
    settings.PRINT_AHEAD = False
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, 12))

    with django_capture_on_commit_callbacks(execute=True):
        drive_start(drive=drive)

    assert not PrintedSheet.objects.filter(drive=drive).exists()


def test_starting_a_drive_only_queues_the_rendering_ahead(
    club, django_capture_on_commit_callbacks, settings
):
    settings.PRINT_AHEAD = True
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, 12))

    with override_settings(TASKS=DATABASE), django_capture_on_commit_callbacks(execute=True):
        drive_start(drive=drive)

    # The request reads no seating for the sheets: the worker's task does, later.
    assert not PrintedSheet.objects.exists()
    queued = DBTaskResult.objects.values_list("task_path", "args_kwargs")
    assert list(queued) == [
        ("drives.printing.tasks.prerender_drive", {"args": [drive.pk], "kwargs": {}})
    ]


@pytest.mark.django_db(transaction=True)
def test_the_database_worker_renders_a_queued_sheet(client, club, settings):
    settings.PRINT_AHEAD = True
    drive = make_drive(club, deals=4, movement=MovementType.INDIVIDUAL)
    make_entries(drive, make_players(club, 12))
    with override_settings(TASKS=DATABASE):
        drive_start(drive=drive)  # queues the scorecards and table cards
        client.get(scorecards_url(drive))  # joins the queued render
        sheet = PrintedSheet.objects.get(drive=drive, kind="scorecards")
        assert sheet.status == SheetStatus.QUEUED

        call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.READY
    assert len(PdfReader(sheet.file.path).pages) == 6


def test_chunks_rendered_in_two_processes_join_in_order_and_say_their_language():
    chunks = [f'<html lang="fr"><body><p>page {n}</p></body></html>' for n in range(1, 4)]
    finished = []

    content = pool.render_chunks(
        chunks, base_url="file:///", processes=2, language="fr", on_chunk=finished.append
    )

    reader = PdfReader(io.BytesIO(content))
    assert [page.extract_text().strip() for page in reader.pages] == ["page 1", "page 2", "page 3"]
    assert sorted(finished) == [0, 1, 2]
    assert reader.trailer["/Root"]["/Lang"] == "fr"


def test_old_sheets_are_pruned(client, running_drive):
    client.get(scorecards_url(running_drive))
    sheet = PrintedSheet.objects.get(drive=running_drive)
    path = sheet.file.path

    call_command("prune_sheets", "--days", "0", "--dry-run", verbosity=0)
    assert PrintedSheet.objects.filter(pk=sheet.pk).exists()
    call_command("prune_sheets", "--days", "0", verbosity=0)

    assert not PrintedSheet.objects.filter(pk=sheet.pk).exists()
    assert not os.path.exists(path)


def test_a_500_player_drives_scorecards_print(club):
    """Every card of a 500-player field is in the plan, in order, and the two ends print.

    The chunks in between are the same template with other names; rendering all 21 here
    would cost 15 s of processor time, so ``bench.pdf --sizes 500`` prints the whole sheet.
    """
    drive = make_drive(club, deals=4, movement=MovementType.PROGRESSIVE)
    make_entries(drive, make_players(club, 500))
    drive_start(drive=drive)

    chunks = render.CHUNKS[SheetKind.SCORECARDS](sheets.load(drive), Layout(card="a6"))

    assert sum(chunk.items for chunk in chunks) == 500
    assert all(chunk.items % 4 == 0 for chunk in chunks[:-1])  # whole A6 sheets to a chunk
    reader = PdfReader(io.BytesIO(render.render_chunks([chunks[0], chunks[-1]])))
    assert len(reader.pages) == sum(-(-chunk.items // 4) for chunk in (chunks[0], chunks[-1]))
    for page, numbers in ((reader.pages[0], range(1, 5)), (reader.pages[-1], range(497, 501))):
        text = page.extract_text()
        assert [n for n in numbers if f"Card {n}\n" in text] == list(numbers)


def test_a_drive_just_created_and_the_same_drive_read_back_print_alike(running_drive):
    def fingerprint(drive):
        request = jobs.SheetRequest(drive, SheetKind.SCORECARDS, Layout(), "en")
        return jobs.inputs(request).fingerprint

    read_back = Drive.objects.select_related("club").get(pk=running_drive.pk)

    # A choice held in memory (the club's naming rule) is an enum, as stored a string.
    assert fingerprint(running_drive) == fingerprint(read_back)
