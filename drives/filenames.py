"""What a download is saved as, the same for every CSV and PDF the site writes.

A drive's files start with its date, a season's with the club's short name:
``2026-12-04-christmas-drive-scorecards.pdf``, ``hollybush-2026-27-ladies-league.csv``.
File names stay in English whatever the page's language, like the CSV columns.
"""

import re

from django.utils.text import slugify

from drives.models import Drive, Season

ROLE_NAMES = {"lady": "ladies", "gent": "gents"}


def download_name(*parts: str, extension: str) -> str:
    # slugify drops dashes like the one in "2026–27"; a hyphen keeps the years readable.
    slugs = (slugify(re.sub(r"[–—/]", "-", part)) for part in parts if part)
    return "-".join(slug for slug in slugs if slug) + f".{extension}"


def drive_download_name(drive: Drive, kind: str, *, extension: str) -> str:
    return download_name(f"{drive.date:%Y-%m-%d}", drive.title, kind, extension=extension)


def season_download_name(
    season: Season, kind: str, *, extension: str, role: str | None = None
) -> str:
    role_name = ROLE_NAMES.get(role or "", "")
    return download_name(season.club.slug, season.name, role_name, kind, extension=extension)
