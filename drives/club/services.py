"""Writes to a club's player list that touch several rows at once."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.models import Player
from drives.versions import record_values, require_unchanged


def players_import(*, club, rows) -> tuple[int, int]:
    """Save checked CSV rows: new players created, known ones updated; (new, updated).

    The rows were checked against the list as it was; if someone changed it since,
    the database refuses a clash and nothing is saved.
    """
    new = [Player(club=club, **row.fields) for row in rows if row.pk is None]
    changed = [Player(pk=row.pk, club=club, **row.fields) for row in rows if row.pk and row.changed]
    try:
        with transaction.atomic():
            Player.objects.bulk_create(new)
            Player.objects.bulk_update(changed, ["name", "role", "member_number"])
    except IntegrityError as error:
        raise DriveError(_("The player list changed while importing; please try again.")) from error
    return len(new), len(changed)


@transaction.atomic
def player_update(*, player: Player, changes: dict, version: str | None = None) -> Player:
    """Save a member's record unless someone else saved it since the page showed ``version``."""
    stored = Player.objects.select_for_update().get(pk=player.pk)
    what = _("%(name)s's record") % {"name": stored.name}
    require_unchanged(version, record_values(stored, changes), what=what)
    for name, value in changes.items():
        setattr(stored, name, value)
    stored.save(update_fields=list(changes))
    return stored
