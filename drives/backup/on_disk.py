"""Dated backups kept on a hall laptop's own disk (``HALL_BACKUPS``, set by ``make hall``).

A laptop in a hall has no internet: whatever happens to it afterwards, each club as it
stood when the laptop started serving, and each drive as it finished, stay in files that
``import_club`` (a club) or the club site's publishing page (a drive) take back.
"""

import json
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from drives.backup.club_file import export_club
from drives.models import Club


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
