"""Each table's secret links, one for each side: a random token, found by its digest,
revocable and reissuable side by side."""

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.evening import seating
from drives.models import Drive, DriveStatus, Entry, Side, TableLink
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


@dataclass(frozen=True)
class TableLinks:
    """A table's live links: one for each side, and an old one for both sides while it
    has not been withdrawn."""

    table: int
    ns: TableLink | None = None
    ew: TableLink | None = None
    both: TableLink | None = None  # printed before each side had its own link

    @property
    def sides(self) -> list[TableLink]:
        return [link for link in (self.ns, self.ew) if link is not None]


def _create(drive: Drive, table: int, side: str) -> TableLink:
    token = new_token()
    return TableLink.objects.create(
        drive=drive, table=table, side=side, token=token, digest=digest(token)
    )


def by_table(links) -> dict[int, TableLinks]:
    """Live links gathered by table."""
    tables: dict[int, TableLinks] = {}
    for link in links:
        held = tables.get(link.table) or TableLinks(link.table)
        key = {Side.NS: "ns", Side.EW: "ew"}.get(link.side, "both")
        tables[link.table] = replace(held, **{key: link})
    return tables


@transaction.atomic
def links_issue(*, drive: Drive) -> list[TableLinks]:
    """A live link for each side of every table of the current round (existing links,
    an old one for both sides included, are kept), by table."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_not_running())
    live = list(drive.table_links.filter(revoked_at__isnull=True))
    have = {(link.table, link.side) for link in live}
    for table in sorted(seating.tables_of_round(drive, drive.current_round)):
        live += [_create(drive, table, side) for side in Side.values if (table, side) not in have]
    tables = by_table(live)
    return [tables[table] for table in sorted(tables)]


def side_links(*, drive: Drive) -> list[TableLink]:
    """The live side links of every table of the current round, N–S then E–W by table:
    what the table cards print."""
    return [link for links in links_issue(drive=drive) for link in links.sides]


@transaction.atomic
def link_revoke(*, drive: Drive, table: int, side: str, reissue: bool) -> TableLink | None:
    """Revoke one side's link of the table (say a photo of its QR code went round), or
    the old link for both sides (``side`` ""); ``reissue`` makes a new one for that side
    at once. The other side's link is left as it was."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(_not_running())
    if side not in (*Side.values, ""):
        raise DriveError(_("Say which side's link: N–S or E–W."))
    in_play = seating.tables_of_round(drive, drive.current_round)
    if table not in in_play and not drive.table_links.filter(table=table).exists():
        raise DriveError(_("There is no table %(table)d.") % {"table": table})
    drive.table_links.filter(table=table, side=side, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    # No new link for both sides: the sides' own links replace it.
    return _create(drive, table, side) if reissue and side else None


def _not_running() -> str:
    return _("Table links exist only while the drive is running.")


#: The seats each side's link is for.
SEATS_OF: dict[str, tuple[str, str]] = {Side.NS: ("N", "S"), Side.EW: ("E", "W")}


def kept_players(
    seats: Mapping[tuple[int, int], Mapping[str, Entry]], table: int, side: str, rounds: int
) -> list[Entry]:
    """The two players the movement keeps at ``side`` of ``table`` in every one of the
    drive's ``rounds`` (a Mitchell's N–S pair), whom that side's printed link may name;
    none when the side's players change, or some rounds are not seated yet.

    ``seats``: each (round, table)'s players by seat.
    """
    held = {
        tuple(seats.get((number, table), {}).get(seat) for seat in SEATS_OF[side])
        for number in range(1, rounds + 1)
    }
    if len(held) != 1:
        return []
    pair = [entry for entry in held.pop() if entry is not None]
    return pair if len(pair) == 2 else []
