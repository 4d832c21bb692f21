"""Dated backups kept on a hall laptop's own disk (``HALL_BACKUPS``, set by ``make hall``).

A laptop in a hall has no internet: whatever happens to it afterwards, each club as it
stood when the laptop started serving, and each drive as it finished, stay in files that
``import_club`` (a club) or the club site's publishing page (a drive) take back.
"""

import json
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from drives.backup import drive_file
from drives.backup.club_file import export_club
from drives.models import Club, Drive, DriveStatus


def _folder() -> Path | None:
    if not settings.HALL_BACKUPS:
        return None
    folder = Path(settings.HALL_BACKUPS)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json(path: Path, document: dict) -> Path:
    """``document`` written whole under a temporary name, then renamed into place."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", "utf-8")
    partial.replace(path)
    return path


def stamp() -> str:
    return f"{timezone.localtime():%Y-%m-%d-%H%M%S}"


def keep_club_backups() -> list[Path]:
    """Every club of this laptop as a dated club file; nothing when no folder is set."""
    folder = _folder()
    if folder is None:
        return []
    return [
        write_json(folder / f"{club.slug}-{stamp()}.json", export_club(club))
        for club in Club.objects.order_by("slug")
    ]


@receiver(post_save, sender=Drive, dispatch_uid="hall-backup-on-finish")
def keep_finished_drive(sender, instance: Drive, update_fields=None, **kwargs) -> None:
    """Each drive as it finishes, as the drive file the club's site takes (connected in
    ``drives.apps``); finished again after a correction, it is kept again, newer."""
    finished = (
        update_fields and "status" in update_fields and instance.status == DriveStatus.FINISHED
    )
    if settings.HALL_BACKUPS and finished:
        transaction.on_commit(lambda: keep_drive_backup(instance))


def keep_drive_backup(drive: Drive) -> Path | None:
    folder = _folder()
    if folder is None:
        return None
    name = drive_file.file_name(drive).removesuffix(".json") + f"-{stamp()}.json"
    return write_json(folder / name, drive_file.export_drive(drive))
