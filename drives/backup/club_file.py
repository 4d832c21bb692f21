"""A club as one JSON document, and back into any database with new ids.

The document is versioned (``FORMAT``, ``VERSION``). Each exported model has a list
of rows; a row holds the model's concrete fields by name, foreign keys as the old id
of the row they point to (renumbered on import), users by username (re-linked
when the importing database has that user, else left empty). Fields are read from
the models, so a field added later is exported without touching this module, and an
older file simply lacks it: the import leaves the model's default. A new model that
holds a club's data goes in ``EXPORTED`` (in an order where every row's foreign keys
come first); a model deliberately left out goes in ``NOT_EXPORTED`` with the reason.
``tests/drives/test_backup.py`` fails while any model of the app is in neither.
"""

import datetime as dt
import decimal
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone

from drives.errors import DriveError
from drives.models import (
    CardTotal,
    CardTotalChange,
    Club,
    ClubRole,
    Drive,
    DriveStatusChange,
    Entry,
    HallState,
    Invitation,
    Membership,
    PendingEntry,
    Player,
    PrintedSheet,
    ResultChange,
    Season,
    Seating,
    TableLink,
    TableResult,
    TeamChange,
)

# Messages are in English: management commands run without a language.
FORMAT = "whist-drive-club"
VERSION = 1

# Model → the lookup from its rows to their club, in import order.
EXPORTED: dict[type[models.Model], str] = {
    Club: "pk",
    Player: "club",
    Season: "club",
    Drive: "club",
    Entry: "drive__club",
    Seating: "drive__club",
    TableResult: "drive__club",
    ResultChange: "result__drive__club",
    DriveStatusChange: "drive__club",
    PendingEntry: "drive__club",
    CardTotal: "entry__drive__club",
    CardTotalChange: "card__entry__drive__club",
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
        fields = model._meta.concrete_fields
        rows = []
        for obj in model._default_manager.filter(**{lookup: club.pk}).order_by("pk"):
            row = {}
            for field in fields:
                value = field.value_from_object(obj)
                if _is_user(field):
                    value = users.get(value)
                row[field.name] = _json(value)
            rows.append(row)
        document[_key(model)] = rows
    return document


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


def check_document(document) -> None:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DriveError("This is not a Whist Drive club file.")
    version = document.get("version")
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise DriveError(
            f"This club file is version {version}; this site reads versions 1 to {VERSION}."
        )


@transaction.atomic
def import_club(document: dict, *, slug: str | None = None) -> Club:
    """Create the club of ``document`` with new ids; all of it or, on any error, nothing.

    ``slug`` replaces the file's short name, so a club can be copied beside itself.
    """
    check_document(document)
    club_rows = document.get(_key(Club))
    if not isinstance(club_rows, list) or len(club_rows) != 1:
        raise DriveError("The club file is damaged: it must hold exactly one club.")
    slug = slug or club_rows[0].get("slug")
    if Club.objects.filter(slug=slug).exists():
        raise DriveError(
            f"A club called “{slug}” already exists; give the copy another short name."
        )
    User = get_user_model()
    users = dict(User.objects.values_list(User.USERNAME_FIELD, "pk"))
    new_ids: dict[type[models.Model], dict[int, int]] = {}
    with _timestamps_as_given():
        for model in EXPORTED:
            rows = document.get(_key(model), [])
            if model is Club:
                rows = [{**rows[0], "slug": slug}]
            try:
                new_ids[model] = _create(model, rows, new_ids, users)
            except (KeyError, TypeError, ValueError, ValidationError) as error:
                raise DriveError(
                    f"The club file is damaged ({_key(model)}: {error}); nothing was imported."
                ) from error
    club = Club.objects.get(pk=next(iter(new_ids[Club].values())))
    # Listed as both (a hand-edited file), a person is an organiser: the later key wins.
    roles = {
        name: role
        for key, role in reversed(TEAM_KEYS.items())
        for name in document.get(key, [])
        if name in users
    }
    Membership.objects.bulk_create(
        Membership(club=club, user_id=users[name], role=role) for name, role in roles.items()
    )
    _renumber_rested_entries(new_ids[Drive], new_ids[Entry])
    return club


def _create(model, rows, new_ids, users) -> dict[int, int]:
    fields = {field.name: field for field in model._meta.concrete_fields}
    objects, old_ids = [], []
    for row in rows:
        unknown = set(row) - set(fields)
        if unknown:
            raise DriveError(
                "The club file has fields this site does not know: "
                f"{_key(model)}.{', '.join(sorted(unknown))}."
            )
        values = {}
        for name, value in row.items():
            field = fields[name]
            if field.primary_key:
                continue
            if _is_user(field):
                values[field.attname] = users.get(value)
            elif field.is_relation:
                related = new_ids[field.related_model]
                values[field.attname] = None if value is None else related[value]
            else:
                values[field.attname] = field.to_python(value)
        objects.append(model(**values))
        old_ids.append(row["id"])
    created = model.objects.bulk_create(objects, batch_size=2000)
    return {old: obj.pk for old, obj in zip(old_ids, created, strict=True)}


def _renumber_rested_entries(drive_ids: dict[int, int], entry_ids: dict[int, int]) -> None:
    """A progressive drive remembers who has rested by entry id; the ids are new now."""
    changed = []
    for drive in Drive.objects.filter(pk__in=drive_ids.values()):
        if drive.rested_entries:
            drive.rested_entries = sorted(entry_ids[pk] for pk in drive.rested_entries)
            changed.append(drive)
    Drive.objects.bulk_update(changed, ["rested_entries"])
