"""One finished drive as a file, and its publication on the club's hosted site.

A drive played on a hall laptop reaches the club's site afterwards as a drive file: the
drive's own rows of a club file (``club_file``: the same fields, read by the same streamed,
checked reader), with its season and the players it seated. ``publish_drive`` takes it into
a club of this site:

- **The drive** is known by its identity, ``Drive.uid``, made once where the drive was
  created and carried by every club file and drive file. A drive whose uid the club
  already holds is not copied again: if its results are the file's (``results_of``: the
  entries, seatings, tricks and card totals by card number, and the status), publishing
  again changes nothing; if they differ, the publication is refused, and nothing changes.
- **Its players** are the club's members where they can be found: by ``Player.uid`` (a
  laptop whose club came from this site's club file), else by member number, else by a
  name only one member has. Anyone else (a walk-in added on the night) becomes a member,
  keeping the uid, so the next drive they play finds them.
- **Its season** is the club's season of the same name and start, or a new one.
- Seatings, results and their history (corrections, status changes, the tables' own
  entries, card totals) come with new ids, users linked by user name as in a club file.
"""

import datetime as dt
import json
import uuid
from dataclasses import dataclass
from typing import BinaryIO

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from drives.backup import club_file
from drives.backup.club_file import _Importer, _key, _timestamps_as_given, model_rows
from drives.backup.reading import ClubFile
from drives.errors import DriveError
from drives.models import (
    Board,
    BoardChange,
    BoardPlan,
    CardTotal,
    CardTotalChange,
    Club,
    Drive,
    DriveStatus,
    DriveStatusChange,
    Entry,
    MoveRepair,
    PendingEntry,
    Player,
    ResultChange,
    Season,
    Seating,
    TableResult,
)

FORMAT = "whist-drive-drive"
VERSION = 1
#: The drive's own rows, in import order, and the lookup from each model to the drive.
DRIVE_ROWS = {
    Drive: "pk",
    BoardPlan: "drive",
    Board: "drive",
    BoardChange: "drive",
    Entry: "drive",
    Seating: "drive",
    TableResult: "drive",
    ResultChange: "result__drive",
    DriveStatusChange: "drive",
    MoveRepair: "drive",
    PendingEntry: "drive",
    CardTotal: "entry__drive",
    CardTotalChange: "card__entry__drive",
}
TOP_LEVEL = {
    "format",
    "version",
    "exported_at",
    "club_name",
    _key(Season),
    _key(Player),
    *(_key(model) for model in DRIVE_ROWS),
}
RESULT_FIELDS = (
    "round",
    "table",
    "deal",
    "ns_tricks",
    "ns_honours",
    "trumps",
    "dealer",
    "declarers",
    "bid_level",
    "bid_strain",
)


def export_drive(drive: Drive) -> dict:
    """``drive`` with its season, players, seatings, results and history, as plain JSON."""
    User = get_user_model()
    users = dict(User.objects.values_list("pk", User.USERNAME_FIELD))
    document: dict = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "club_name": drive.club.name,
        _key(Season): model_rows(Season, Season.objects.filter(drives=drive), users),
        _key(Player): model_rows(Player, Player.objects.filter(entries__drive=drive), users),
    }
    for model, lookup in DRIVE_ROWS.items():
        rows = model._default_manager.filter(**{lookup: drive.pk})
        document[_key(model)] = model_rows(model, rows, users)
    return document


def file_name(drive: Drive) -> str:
    return f"{drive.club.slug}-{drive.date:%Y-%m-%d}-drive-{drive.pk}.json"


def results_of(rows) -> str:
    """What a drive's results are, whatever the ids: entries, seatings, tricks and card
    totals by card number, and the drive's status. ``rows(key)`` gives a list's rows."""
    entries = list(rows(_key(Entry)))
    card = {row.get("id"): row.get("card_number") for row in entries}
    drive: dict = next(iter(rows(_key(Drive))), {})

    def sorted_json(items) -> list[str]:
        return sorted(json.dumps(item) for item in items)

    return json.dumps(
        [
            [drive.get(name) for name in ("status", "game", "deals", "deals_per_round")],
            sorted_json(
                [row.get(name) for name in ("card_number", "role", "joined_round")]
                + [row.get("withdrew_after"), row.get("returned_round")]
                for row in entries
            ),
            sorted_json(
                [row.get("round"), row.get("table"), row.get("seat"), card.get(row.get("entry"))]
                for row in rows(_key(Seating))
            ),
            sorted_json(
                [row.get(name) for name in RESULT_FIELDS] for row in rows(_key(TableResult))
            ),
            sorted_json(
                [card.get(row.get("entry"))]
                + [row.get(name) for name in ("typist", "total", "half_time", "ten_trick_deals")]
                for row in rows(_key(CardTotal))
            ),
        ]
    )


@dataclass(frozen=True)
class Published:
    drive: Drive
    created: bool  # False: the site had it already, with the same results
    players_found: int = 0
    players_added: int = 0


def open_drive_file(stream: BinaryIO) -> ClubFile:
    # A club file given by mistake passes the shape check, to be named by its format.
    drive_file = ClubFile(stream, keys=TOP_LEVEL | club_file.TOP_LEVEL)
    scalars = drive_file.header.scalars
    if scalars.get("format") != FORMAT:
        raise DriveError(_("This is not a Whist Drive drive file."))
    if scalars.get("version") != VERSION or type(scalars.get("version")) is not int:
        raise DriveError(_("This drive file is of a version this site does not read."))
    return drive_file


def _the_drive_row(drive_file: ClubFile) -> dict:
    rows = list(drive_file.rows(_key(Drive)))
    if len(rows) != 1 or not isinstance(rows[0].get("club"), int):
        raise DriveError(_("The drive file is damaged: it must hold exactly one drive."))
    row = rows[0]
    try:
        row["uid"] = str(uuid.UUID(str(row.get("uid"))))
    except ValueError:
        raise DriveError(_("The drive file is damaged: the drive has no identity.")) from None
    if row.get("status") != DriveStatus.FINISHED:
        raise DriveError(_("Only a finished drive can be published: finish it first."))
    return row


@transaction.atomic
def publish_drive(drive_file: ClubFile, *, club: Club) -> Published:
    """The file's drive in ``club``: created once; all of it or, on any refusal, nothing."""
    row = _the_drive_row(drive_file)
    Club.objects.select_for_update().get(pk=club.pk)  # one publication of a club at a time
    held = Drive.objects.filter(club=club, uid=row["uid"]).first()
    if held is not None:
        if results_of(_DocumentRows(export_drive(held))) != results_of(drive_file.rows):
            raise DriveError(
                _(
                    "The club's site already holds “%(title)s” of %(date)s with other "
                    "results: nothing was changed. Correct the results on one side so "
                    "that both agree, then publish it again."
                )
                % {"title": held.title, "date": date_format(held.date)}
            )
        return Published(held, created=False)
    importer = _Importer()
    importer.new_ids[Club] = {row["club"]: club.pk}
    with _timestamps_as_given():
        importer.new_ids[Season] = _seasons(drive_file, club, importer)
        found, new = _players(drive_file, club)
        counts = {"players_found": len(found), "players_added": len(new)}
        importer.new_ids[Player] = found
        importer.create(Player, iter(new))
        for model in DRIVE_ROWS:
            importer.create(model, drive_file.rows(_key(model)))
    importer.renumber_rested_entries()
    drive = Drive.objects.get(pk=next(iter(importer.new_ids[Drive].values())))
    return Published(drive, created=True, **counts)


class _DocumentRows:
    """``rows(key)`` over a document held in memory, as a drive file's reader gives them."""

    def __init__(self, document: dict):
        self.document = document

    def __call__(self, key: str):
        return iter(self.document.get(key, []))


def _seasons(drive_file: ClubFile, club: Club, importer: _Importer) -> dict[int, int]:
    """The file's season as the club's own of the same name and start, or a new one."""
    ids = {}
    for row in _rows_with_ids(drive_file, _key(Season)):
        try:
            start = dt.date.fromisoformat(str(row.get("start")))
        except ValueError:
            raise DriveError(_("The drive file is damaged: its season has no start.")) from None
        season = Season.objects.filter(club=club, name=str(row.get("name")), start=start).first()
        if season is None:
            importer.create(Season, iter([row]))
        else:
            ids[row["id"]] = season.pk
    return ids | importer.new_ids[Season]


def _rows_with_ids(drive_file: ClubFile, key: str) -> list[dict]:
    rows = list(drive_file.rows(key))
    if any(type(row.get("id")) is not int for row in rows):
        raise DriveError(_("The drive file is damaged: each row needs its own whole number."))
    return rows


def _players(drive_file: ClubFile, club: Club) -> tuple[dict[int, int], list[dict]]:
    """The file's players found among the club's members (old id → member), and the rest.

    Identities first, for every player, then member numbers and names for those left, so
    that no member is found twice (a walk-in who shares a member's name, when the member
    played too, is someone else).
    """
    rows = _rows_with_ids(drive_file, _key(Player))
    members = list(club.players.only("pk", "uid", "member_number", "name"))
    by_uid = {str(member.uid): member.pk for member in members}
    found = {
        row["id"]: by_uid[str(row.get("uid"))] for row in rows if str(row.get("uid")) in by_uid
    }
    free = [member for member in members if member.pk not in set(found.values())]
    by_number = {member.member_number: member.pk for member in free if member.member_number}
    by_name: dict[str, list[int]] = {}
    for member in free:
        by_name.setdefault(member.name.strip().casefold(), []).append(member.pk)
    new = []
    for row in rows:
        if row["id"] in found:
            continue
        named = by_name.get(str(row.get("name", "")).strip().casefold(), [])
        pk = by_number.get(row.get("member_number") or "") or (
            named[0] if len(named) == 1 else None
        )
        if pk is None or pk in found.values():
            new.append(row)
        else:
            found[row["id"]] = pk
    return found, new
