"""Each table's secret link: a random token, found by its digest, revocable and reissuable."""

import base64
import hashlib
import hmac
import secrets

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.evening import seating
from drives.models import Drive, DriveStatus, TableLink
from drives.site import absolute_url

TOKEN_BYTES = 16  # 128 bits


def new_token() -> str:
    """26 characters of lower-case base32: no 0/O or 1/l to confuse when typed by hand."""
    raw = secrets.token_bytes(TOKEN_BYTES)
    return base64.b32encode(raw).decode("ascii").rstrip("=").lower()


def digest(token: str) -> str:
    return hashlib.sha256(token.strip().lower().encode("utf-8")).hexdigest()


def mask(token: str) -> str:
    """What logs and the organiser's lists may show of a token."""
    return f"{token[:4]}…"


def short_link(link: TableLink) -> str:
    """The address printed beside the QR code, in the language of the page that shows it,
    on the configured site address (never the request's Host)."""
    return absolute_url(reverse("drives:table_page", args=[link.token]))


def link_for_token(token: str) -> TableLink | None:
    """The link a token opens, revoked or not; None when no link has that token.

    The lookup goes through the digest (an index on a hash, not on the secret), and the
    token itself is then compared in constant time.
    """
    if not 20 <= len(token) <= 40:
        return None
    link = (
        TableLink.objects.select_related("drive", "drive__club")
        .filter(digest=digest(token))
        .first()
    )
    if link is None or not hmac.compare_digest(link.token, token.strip().lower()):
        return None
    return link


def _create(drive: Drive, table: int) -> TableLink:
    token = new_token()
    return TableLink.objects.create(drive=drive, table=table, token=token, digest=digest(token))


@transaction.atomic
def links_issue(*, drive: Drive) -> list[TableLink]:
    """A live link for every table of the current round (existing links are kept)."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_not_running())
    live = {link.table: link for link in drive.table_links.filter(revoked_at__isnull=True)}
    for table in sorted(seating.tables_of_round(drive, drive.current_round) - set(live)):
        live[table] = _create(drive, table)
    return [live[table] for table in sorted(live)]


@transaction.atomic
def link_revoke(*, drive: Drive, table: int, reissue: bool) -> TableLink | None:
    """Revoke the table's link (say a photo of its QR code went round); ``reissue`` makes
    a new one at once."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_not_running())
    in_play = seating.tables_of_round(drive, drive.current_round)
    if table not in in_play and not drive.table_links.filter(table=table).exists():
        raise DriveError(_("There is no table %(table)d.") % {"table": table})
    drive.table_links.filter(table=table, revoked_at__isnull=True).update(revoked_at=timezone.now())
    return _create(drive, table) if reissue else None


def _not_running() -> str:
    return _("Table links exist only while the drive is running.")
