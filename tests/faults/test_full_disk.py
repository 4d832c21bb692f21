"""Sheets printed onto a full disk: a small tmpfs as MEDIA_ROOT, filled to the last byte.

Each render fails saying why, in the page's language, leaves no part of a file behind and
nothing "printing"; the sheets already stored are still served; once space is freed,
Try again prints the sheet."""

import errno
import os
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from drives.models import PrintedSheet, SheetStatus, TableResult
from tests.conftest import make_started_drive
from tests.drives.printing.test_pdf import pages_of

FULL = "the server's disk is full"


@pytest.fixture
def small_disk(tmp_path, settings):
    """A 1 MB tmpfs as MEDIA_ROOT, unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk (tmpfs) needs root")
    mount = tmp_path / "media"
    mount.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True
    )
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    settings.MEDIA_ROOT = mount
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(disk):
    """Take every byte left: the next file written fails with ENOSPC."""
    with open(disk / "filler", "wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return disk / "filler"


def files_on(disk):
    return sorted(path.name for path in disk.rglob("*") if path.is_file())


def sheet_page(sheet, language="en-gb"):
    with translation.override(language):
        return reverse("drives:sheet", args=[sheet.drive_id, sheet.pk])


def test_a_sheet_printed_in_the_request_on_a_full_disk_says_so_and_retry_prints_it(
    client, club, small_disk
):
    drive = make_started_drive(club, players=8, deals=4, movement="individual")
    filler = fill(small_disk)

    response = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))

    sheet = PrintedSheet.objects.get(drive=drive)
    assert response.status_code == 302 and response["Location"] == sheet_page(sheet)
    assert sheet.status == SheetStatus.FAILED and sheet.failure == "disk-full"
    assert "No space left on device" in sheet.error
    page = client.get(sheet_page(sheet))
    assert page.status_code == 200 and FULL in page.text and "Try again" in page.text
    assert files_on(small_disk) == ["filler"]  # no part of the sheet was left

    filler.unlink()
    retried = client.post(reverse("drives:sheet_retry", args=[drive.pk, sheet.pk]))

    sheet.refresh_from_db()
    assert retried["Location"] == sheet_page(sheet)
    assert sheet.status == SheetStatus.READY and sheet.failure == "" and sheet.error == ""
    download = client.get(reverse("drives:scorecards_pdf", args=[drive.pk]))
    assert len(pages_of(download)) == 4  # eight cards, two to a sheet


def test_a_workers_sheet_on_a_full_disk_fails_in_the_pages_language_and_loses_nothing(
    client, running_drive, small_disk
):
    with translation.override("fr"):
        url = reverse("drives:scorecards_pdf", args=[running_drive.pk])
    client.get(url)  # printed while there is room
    stored = PrintedSheet.objects.get(drive=running_drive)
    TableResult.objects.create(drive=running_drive, round=1, table=1, deal=1, ns_tricks=9)
    filler = fill(small_disk)

    french = client.get(url)
    failed = PrintedSheet.objects.exclude(pk=stored.pk).get(drive=running_drive)

    assert failed.status == SheetStatus.FAILED and failed.failure == "disk-full"
    assert french["Location"] == sheet_page(failed, "fr")
    page = client.get(french["Location"])
    assert "le disque du serveur est plein" in page.text and "Réessayer" in page.text
    assert "seconde" not in page.text  # no estimate of a render that has stopped
    # The sheet stored before is still served, whole.
    assert os.path.exists(stored.file.path)
    old = client.get(reverse("drives:sheet_file", args=[running_drive.pk, stored.pk]))
    assert PdfReader(stored.file.path).pages and old.status_code == 200
    assert sorted(files_on(small_disk)) == sorted(["filler", os.path.basename(stored.file.name)])

    filler.unlink()
    client.post(reverse("drives:sheet_retry", args=[running_drive.pk, failed.pk]))

    failed.refresh_from_db()
    assert failed.status == SheetStatus.READY
    assert not PrintedSheet.objects.filter(pk=stored.pk).exists()  # replaced by the new one
    assert files_on(small_disk) == [os.path.basename(failed.file.name)]
