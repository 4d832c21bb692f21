"""A club as one JSON document, and back into any database with new ids.

The document is versioned (``FORMAT``, ``VERSION``). Each exported model has a list
of rows; a row holds the model's concrete fields by name, foreign keys as the old id
of the row they point to (renumbered on import), users by username (re-linked
when the importing database has that user, else left empty). Fields are read from
the models, so a field added later is exported without touching this module, and an
older file simply lacks it: the import leaves the model's default. A new model that
holds a club's data goes in ``EXPORTED`` (in an order where every row's foreign keys
come first); a model deliberately left out goes in ``NOT_EXPORTED`` with the reason.
``tests/drives/backup/test_backup.py`` fails while any model of the app is in neither.
"""

import datetime as dt
import decimal
import itertools
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.backup.checks import RowError, checked_reference, checked_value, expect
from drives.backup.reading import ClubFile
from drives.errors import DriveError
from drives.models import (
    Board,
    BoardChange,
    BoardPlan,
    CardTotal,
    CardTotalChange,
    Club,
    ClubRole,
    ConsentChange,
    Drive,
    DriveMoney,
    DriveStatusChange,
    Entry,
    EntryFee,
    HallState,
    Invitation,
    Membership,
    MoneyChange,
    MoneyLine,
    MoveRepair,
    PendingEntry,
    Player,
    PrintedSheet,
    PublishingKey,
    PublishingTarget,
    RateCount,
    ResultChange,
    ResultsMailing,
    Season,
    Seating,
    TableLink,
    TableResult,
    TeamChange,
)

FORMAT = "whist-drive-club"
VERSION = 1

# Model → the lookup from its rows to their club, in import order.
EXPORTED: dict[type[models.Model], str] = {
    Club: "pk",
    Player: "club",
    ConsentChange: "player__club",
    Season: "club",
    Drive: "club",
    BoardPlan: "drive__club",
    Board: "drive__club",
    BoardChange: "drive__club",
    Entry: "drive__club",
    Seating: "drive__club",
    TableResult: "drive__club",
    ResultChange: "result__drive__club",
    DriveStatusChange: "drive__club",
    MoveRepair: "drive__club",
    PendingEntry: "drive__club",
    CardTotal: "entry__drive__club",
    CardTotalChange: "card__entry__drive__club",
    DriveMoney: "drive__club",
    EntryFee: "entry__drive__club",
    MoneyLine: "drive__club",
    MoneyChange: "drive__club",
}
# The club's team, by user name in the document: a file of version 1 has organisers only.
TEAM_KEYS = {"organisers": ClubRole.ORGANISER, "helpers": ClubRole.HELPER}
NOT_EXPORTED: dict[type[models.Model], str] = {
    TableLink: "secret links to the tables' pages: the organiser prints new ones",
    HallState: "the hall display's timer and freeze: set again on the night",
    Membership: "the document's organisers and helpers lists, by user name (TEAM_KEYS)",
    Invitation: "pending links to join the team, sent from this server only",
    TeamChange: "who joined or left the team, kept by the server that saw it",
    PrintedSheet: "rendered PDFs: printed again from the data on the next request",
    RateCount: "requests counted per address for the rate limits: they start again",
    ResultsMailing: "a log of results e-mails sent: a copy of the club sends none again",
    PublishingKey: "keys that let a laptop publish to this site: made again where wanted",
    PublishingTarget: "a laptop's key to another site: given again by that site",
}


def _key(model: type[models.Model]) -> str:
    name = model._meta.model_name
    assert name is not None, "every exported model is concrete, so it has a model_name"
    return name


def _json(value):
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    return value


def _is_user(field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def export_club(club: Club) -> dict:
    """Everything of ``club`` as plain JSON values."""
    users = dict(get_user_model().objects.values_list("pk", get_user_model().USERNAME_FIELD))
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        **{
            key: sorted(
                users[pk]
                for pk in club.memberships.filter(role=role).values_list("user", flat=True)
            )
            for key, role in TEAM_KEYS.items()
        },
    }
    for model, lookup in EXPORTED.items():
        rows = model._default_manager.filter(**{lookup: club.pk})
        document[_key(model)] = model_rows(model, rows, users)
    return document


def model_rows(model: type[models.Model], queryset, users: dict[int, str]) -> list[dict]:
    """The rows of ``queryset`` as the file holds them: every concrete field by name, users
    by user name (``users``: id → name)."""
    fields = model._meta.concrete_fields
    rows = []
    for obj in queryset.order_by("pk"):
        row = {}
        for field in fields:
            value = field.value_from_object(obj)
            if _is_user(field):
                value = users.get(value)
            row[field.name] = _json(value)
        rows.append(row)
    return rows


@contextmanager
def _timestamps_as_given() -> Iterator[None]:
    """Let a restore keep when results were entered and changes made, not the restore's time."""
    automatic = [
        field
        for model in EXPORTED
        for field in model._meta.concrete_fields
        if isinstance(field, models.DateField) and (field.auto_now or field.auto_now_add)
    ]
    saved = [(field, field.auto_now, field.auto_now_add) for field in automatic]
    for field in automatic:
        field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in saved:
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


#: The file versions this site reads: exactly these whole numbers (``true`` is not 1).
SUPPORTED_VERSIONS = (1,)
TOP_LEVEL = {"format", "version", "exported_at", *TEAM_KEYS, *(_key(m) for m in EXPORTED)}
BATCH = 2000
MEMO_SIZE = 4096  # checked values kept per field


def open_club_file(stream: BinaryIO) -> ClubFile:
    """The file checked for size, shape, format and version; its rows are read later."""
    club_file = ClubFile(stream, keys=TOP_LEVEL)
    scalars = club_file.header.scalars
    if scalars.get("format") != FORMAT:
        raise DriveError(_("This is not a Whist Drive club file."))
    version = scalars.get("version")
    if type(version) is not int or version not in SUPPORTED_VERSIONS:
        raise DriveError(
            _("This club file is version %(version)s; this site reads version %(versions)s.")
            % {
                "version": json.dumps(version)[:20],
                "versions": ", ".join(str(v) for v in SUPPORTED_VERSIONS),
            }
        )
    return club_file


def check_slug(slug) -> str:
    """A short name as the club form takes it: in club addresses, so letters, digits,
    hyphens and underscores only."""
    field = Club._meta.get_field("slug")
    try:
        return field.clean(slug, None) if isinstance(slug, str) else field.clean("", None)
    except ValidationError as error:
        raise DriveError(
            _("“%(slug)s” cannot be a club's short name: %(problem)s")
            % {"slug": str(slug)[:60], "problem": " ".join(error.messages)}
        ) from None


@transaction.atomic
def import_club(club_file: ClubFile, *, slug: str | None = None, organiser=None) -> Club:
    """Create the club of ``club_file`` with new ids; all of it or, on any error, nothing.

    ``slug`` replaces the file's short name, so a club can be copied beside itself. The
    file's list of organisers grants nothing: ``organiser`` (the importing user) is the
    club's one organiser, or nobody is when a command gives none.
    """
    club_rows = list(itertools.islice(club_file.rows(_key(Club)), 2))
    if len(club_rows) != 1:
        raise DriveError(_("The club file is damaged: it must hold exactly one club."))
    slug = check_slug(slug or club_rows[0].get("slug"))
    if Club.objects.filter(slug=slug).exists():
        raise DriveError(
            _("A club called “%(slug)s” already exists; give the copy another short name.")
            % {"slug": slug}
        )
    importer = _Importer()
    models_by_key = {_key(model): model for model in EXPORTED}
    with _timestamps_as_given():
        for key, rows in club_file.rows_in_order(list(models_by_key)):
            if key == _key(Club):
                rows = iter([{**club_rows[0], "slug": slug}])
            importer.create(models_by_key[key], rows)
    club = Club.objects.get(pk=next(iter(importer.new_ids[Club].values())))
    if organiser is not None:
        Membership.objects.create(club=club, user=organiser, role=ClubRole.ORGANISER)
    importer.renumber_rested_entries()
    return club


class _Importer:
    """Rows created batch by batch, with the new id of every row that others point at."""

    def __init__(self):
        User = get_user_model()
        self.users = dict(User.objects.values_list(User.USERNAME_FIELD, "pk"))
        targets = {
            field.related_model
            for model in EXPORTED
            for field in model._meta.concrete_fields
            if field.related_model is not None
        }
        self.new_ids: dict[type[models.Model], dict[int, int]] = {m: {} for m in targets}
        # The drive of each entry and result, so that a seating cannot join another drive's.
        self.drive_of: dict[type[models.Model], dict[int, int | None]] = {
            m: {} for m in targets if m is not Drive and _drive_field(m)
        }

    def create(self, model: type[models.Model], rows) -> None:
        key = _key(model)
        plan = _Plan(model, self)
        seen: set[int] = set()
        batch: list[tuple[int, models.Model]] = []
        for row in rows:
            unknown = row.keys() - plan.fields.keys()
            if unknown:
                raise DriveError(
                    _("The club file has fields this site does not know: %(fields)s.")
                    % {"fields": ", ".join(f"{key}.{name}"[:60] for name in sorted(unknown))}
                )
            old_id = row.get("id")
            if type(old_id) is not int or old_id in seen:
                raise RowError(key, old_id, "id", _("each row needs its own whole number"))
            seen.add(old_id)
            batch.append((old_id, model(**plan.values(row))))
            if len(batch) == BATCH:
                self._store(model, batch)
                batch = []
        self._store(model, batch)

    def _store(self, model, batch) -> None:
        if not batch:
            return
        try:
            with transaction.atomic():
                created = model.objects.bulk_create([obj for _old, obj in batch])
        except (IntegrityError, DataError) as error:
            # What only the database checks: a rule across a row's fields or between rows
            # (two players with one member number), named by the constraint it breaks.
            raise DriveError(
                _("The club file is damaged (%(list)s: %(problem)s); nothing was imported.")
                % {"list": _key(model), "problem": _constraint_broken(model, error)}
            ) from None
        if model in self.new_ids:
            ids = self.new_ids[model]
            for (old_id, _obj), obj in zip(batch, created, strict=True):
                ids[old_id] = obj.pk

    def renumber_rested_entries(self) -> None:
        """A progressive drive remembers who has rested by entry id; the ids are new now."""
        entry_ids = self.new_ids[Entry]
        changed = []
        for drive in Drive.objects.filter(pk__in=self.new_ids[Drive].values()):
            if drive.rested_entries:
                if not all(type(pk) is int and pk in entry_ids for pk in drive.rested_entries):
                    raise RowError(
                        _key(Drive), drive.title, "rested_entries", _("entries of no drive")
                    )
                drive.rested_entries = sorted(entry_ids[pk] for pk in drive.rested_entries)
                changed.append(drive)
        Drive.objects.bulk_update(changed, ["rested_entries"])


class _Plan:
    """How each field of one model's rows is read, worked out once for all its rows.

    A value already checked for a field (a round number, a seat, a role) is not checked
    again: most columns of a large file repeat a few values.
    """

    def __init__(self, model: type[models.Model], importer: _Importer):
        self.model, self.key, self.importer = model, _key(model), importer
        self.fields = {field.name: field for field in model._meta.concrete_fields}
        self.users = {name for name, field in self.fields.items() if _is_user(field)}
        self.references = {
            name: importer.new_ids[field.related_model]
            for name, field in self.fields.items()
            if field.related_model is not None and name not in self.users
        }
        self.same_drive = {
            name: importer.drive_of[field.related_model]
            for name, field in self.fields.items()
            if field.related_model is not None
            and field.related_model in importer.drive_of
            and "drive" in self.fields
        }
        self.drive_of = importer.drive_of.get(model)
        self.checked: dict[str, dict] = {name: {} for name in self.fields}

    def values(self, row: dict) -> dict:
        values = {}
        row_id = row["id"]
        for name, value in row.items():
            field = self.fields[name]
            if field.primary_key:
                continue
            if name in self.users:
                if value is not None and not isinstance(value, str):
                    raise RowError(self.key, row_id, name, expect(_("a user name"), value))
                values[field.attname] = self.importer.users.get(value)
            elif name in self.references:
                ids = self.references[name]
                values[field.attname] = checked_reference(self.key, row_id, field, value, ids)
            else:
                values[field.attname] = self._checked(field, row_id, value)
        for name, drives in self.same_drive.items():
            value = row.get(name)
            if value is not None and drives.get(value) != row.get("drive"):
                raise RowError(self.key, row_id, name, _("a row of another drive"))
        if self.drive_of is not None:
            self.drive_of[row_id] = row.get("drive")
        return values

    def _checked(self, field, row_id, value):
        if isinstance(value, dict | list):
            return checked_value(self.model, self.key, row_id, field, value)
        memo = self.checked[field.name]
        found = memo.get((type(value), value), memo)
        if found is memo:
            found = checked_value(self.model, self.key, row_id, field, value)
            if len(memo) < MEMO_SIZE:
                memo[type(value), value] = found
        return found


def _drive_field(model) -> bool:
    return any(field.name == "drive" for field in model._meta.concrete_fields)


def _constraint_broken(model, error: Exception) -> str:
    text = str(error)
    table = model._meta.db_table
    for constraint in model._meta.constraints:
        # PostgreSQL names the constraint; SQLite names a unique one by its columns.
        columns = [model._meta.get_field(name).column for name in getattr(constraint, "fields", ())]
        if constraint.name in text or (
            columns and ", ".join(f"{table}.{column}" for column in columns) in text
        ):
            return str(constraint.get_violation_error_message())
    return _("a value the database refuses")
