"""Sheets kept in an S3-compatible object store, as several servers share them: rendered into
it, served from it through the views with their permissions, never seen half-uploaded, and
tidied by ``prune_sheets``. Against a real S3 server (moto's server mode) the tests start,
not a mocked client."""

import datetime as dt
import io
import secrets

import pytest
from botocore.exceptions import ClientError
from django.core.files.base import File
from django.core.files.storage import storages
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from bench.s3_server import S3Server
from config.settings import sheet_storage
from drives.management.commands import prune_sheets
from drives.models import PrintedSheet, SheetFailure, SheetStatus
from drives.printing import jobs
from drives.printing.storage import AtomicFileSystemStorage
from tests.conftest import make_user
from tests.drives.printing.test_pdf import pages_of
from tests.drives.printing.test_printing_jobs import DUMMY, scorecards_url


@pytest.fixture(scope="session")
def s3_server():
    server = S3Server()
    try:
        server.start()
    except (RuntimeError, OSError) as error:
        pytest.skip(f"moto's S3 server (pip install 'moto[server]') could not start: {error}")
    yield server
    server.stop()


@pytest.fixture
def bucket(s3_server, monkeypatch, settings, tmp_path):
    """A fresh bucket, and the site's sheets kept in it as production's settings say; this
    server's own media folder empty, so a sheet written to the disk instead would show."""
    settings.MEDIA_ROOT = tmp_path
    name = f"sheets-{secrets.token_hex(6)}"
    s3_server.client().create_bucket(Bucket=name)
    for key, value in s3_server.environment(name).items():
        monkeypatch.setenv(key, value)
    settings.STORAGES = {**settings.STORAGES, "default": sheet_storage()}
    return name


def objects_in(s3_server, bucket) -> dict[str, int]:
    listed = s3_server.client().list_objects_v2(Bucket=bucket)
    return {item["Key"]: item["Size"] for item in listed.get("Contents", [])}


def test_without_a_bucket_sheets_stay_on_the_file_system(monkeypatch):
    monkeypatch.delenv("S3_BUCKET", raising=False)

    chosen = sheet_storage()

    assert chosen == {"BACKEND": "drives.printing.storage.AtomicFileSystemStorage"}
    assert isinstance(storages.create_storage(chosen), AtomicFileSystemStorage)


def test_a_sheet_is_rendered_into_the_bucket_and_downloaded_through_the_view(
    client, running_drive, bucket, s3_server, settings
):
    response = client.get(scorecards_url(running_drive))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages = pages_of(response)
    assert len(pages) == 6 and "Card 12" in pages[-1]  # twelve cards, two to a sheet
    sheet = PrintedSheet.objects.get(drive=running_drive)
    stored = objects_in(s3_server, bucket)
    assert list(stored) == [sheet.file.name] and stored[sheet.file.name] > 1000
    assert not list(settings.MEDIA_ROOT.rglob("*.pdf"))  # nothing on this server's disk
    again = client.get(scorecards_url(running_drive))
    assert len(pages_of(again)) == 6
    assert PrintedSheet.objects.filter(drive=running_drive).count() == 1


def test_organiser_sheets_in_the_bucket_keep_their_permissions(
    client, running_drive, bucket, organiser
):
    url = reverse("drives:table_cards_qr_pdf", args=[running_drive.pk])
    client.force_login(organiser)
    assert client.get(url).status_code == 200
    sheet = PrintedSheet.objects.get(drive=running_drive)
    file_url = reverse("drives:sheet_file", args=[running_drive.pk, sheet.pk])

    client.force_login(make_user("stranger"))
    assert client.get(file_url).status_code == 404
    client.logout()
    assert client.get(file_url).status_code == 404


def test_a_sheet_whose_object_was_lost_is_rendered_again(client, running_drive, bucket, s3_server):
    client.get(scorecards_url(running_drive))
    first = PrintedSheet.objects.get(drive=running_drive)
    s3_server.client().delete_object(Bucket=bucket, Key=first.file.name)

    response = client.get(scorecards_url(running_drive))

    assert len(pages_of(response)) == 6
    second = PrintedSheet.objects.get(drive=running_drive)
    assert second.pk != first.pk and list(objects_in(s3_server, bucket)) == [second.file.name]


class BrokenAfter(io.RawIOBase):
    """A file whose reading fails after ``good`` bytes: an upload cut off part way."""

    def __init__(self, good: int):
        self.good, self.position = good, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.position >= self.good:
            raise OSError("the connection dropped")
        size = min(len(buffer), self.good - self.position)
        buffer[:size] = b"%" * size
        self.position += size
        return size


def test_an_upload_cut_off_part_way_leaves_no_object_to_serve(bucket, s3_server, settings):
    # Multipart from 5 MB (S3's smallest part): a sheet that large is uploaded in parts,
    # and the object exists only once the last part is in.
    store = storages.create_storage(settings.STORAGES["default"])
    store.transfer_config.multipart_threshold = 5 * 1024 * 1024
    store.transfer_config.multipart_chunksize = 5 * 1024 * 1024
    broken = File(io.BufferedReader(BrokenAfter(12 * 1024 * 1024)), name="big.pdf")
    broken.size = 20 * 1024 * 1024

    with pytest.raises(OSError, match="connection dropped"):
        store.save("sheets/2026/12/big.pdf", broken)

    assert objects_in(s3_server, bucket) == {}
    pending = s3_server.client().list_multipart_uploads(Bucket=bucket)
    assert not pending.get("Uploads")  # abandoned, not left to pile up
    assert not store.exists("sheets/2026/12/big.pdf")


@override_settings(TASKS=DUMMY)
def test_a_store_that_refuses_the_upload_fails_the_sheet_with_no_file_recorded(
    client, running_drive, bucket, s3_server
):
    client.get(scorecards_url(running_drive))
    sheet = PrintedSheet.objects.get(drive=running_drive)
    s3_server.client().delete_bucket(Bucket=bucket)  # the store is there, the bucket is gone

    jobs.run(sheet.pk, processes=1)

    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FAILED and sheet.failure == SheetFailure.ERROR
    assert sheet.file.name == "" and "NoSuchBucket" in sheet.error
    page = client.get(reverse("drives:sheet", args=[running_drive.pk, sheet.pk]))
    assert "Try again" in page.text


@override_settings(TASKS=DUMMY)
def test_a_render_reads_whole_or_nothing_while_it_is_being_uploaded(
    client, running_drive, bucket, s3_server
):
    """A visitor asking while the worker uploads sees the progress page, never a partial
    file: the row says ready only after the object is whole in the store."""
    client.get(scorecards_url(running_drive))
    sheet = PrintedSheet.objects.get(drive=running_drive)
    seen = []
    upload = type(storages["default"])._save

    def watched_save(store, name, content):
        status = PrintedSheet.objects.values_list("status", flat=True)
        seen.append((objects_in(s3_server, bucket), status.get(pk=sheet.pk)))
        saved = upload(store, name, content)
        seen.append((objects_in(s3_server, bucket), status.get(pk=sheet.pk)))
        return saved

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(storages["default"]), "_save", watched_save)
        jobs.run(sheet.pk, processes=1)

    (before, status_before), (after, status_after) = seen
    assert before == {} and status_before == SheetStatus.RUNNING
    assert len(after) == 1 and status_after == SheetStatus.RUNNING  # uploaded, not yet recorded
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.READY and sheet.file.name in after


@override_settings(TASKS=DUMMY)
def test_prune_sheets_deletes_stray_objects_and_keeps_the_named_ones(
    client, running_drive, bucket, s3_server, monkeypatch
):
    client.get(scorecards_url(running_drive))
    sheet = PrintedSheet.objects.get(drive=running_drive)
    jobs.run(sheet.pk, processes=1)
    sheet.refresh_from_db()
    s3 = s3_server.client()
    s3.put_object(Bucket=bucket, Key="sheets/2026/11/stray.pdf", Body=b"%PDF-")
    s3.put_object(Bucket=bucket, Key="elsewhere/kept.txt", Body=b"not a sheet")
    # Any object older than now counts as abandoned (a real store's clock cannot be wound).
    monkeypatch.setattr(prune_sheets, "UNNAMED_GRACE", dt.timedelta(seconds=-5))

    call_command("prune_sheets", verbosity=0)

    assert set(objects_in(s3_server, bucket)) == {sheet.file.name, "elsewhere/kept.txt"}
    with pytest.raises(ClientError):
        s3.head_object(Bucket=bucket, Key="sheets/2026/11/stray.pdf")
