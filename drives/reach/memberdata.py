"""One member's data, as a club must handle it: exported whole, or erased.

A member who never played is deleted with their unplayed entries. A member who played
is anonymised instead: their results stay in every standing and league, under a name
that says no more than "Former member 12", and their contact details and consent
history go.
"""

import datetime as dt
from enum import StrEnum

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.models import (
    ConsentChange,
    ConsentSource,
    DriveStatus,
    Entry,
    Player,
    ResultsMailing,
)
from drives.reports.summaries import drive_summaries

FORMAT = "whist-drive-member"
VERSION = 1


class Erased(StrEnum):
    DELETED = "deleted"
    ANONYMISED = "anonymised"


def _moment(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def member_export(player: Player) -> dict:
    """Everything the club keeps about the member, as plain JSON values."""
    entries = list(
        Entry.objects.filter(player=player).select_related("drive").order_by("drive__date", "pk")
    )
    finished = [entry.drive for entry in entries if entry.drive.status == DriveStatus.FINISHED]
    summaries = drive_summaries(finished)
    sent = ResultsMailing.objects.filter(drive__in=[entry.drive_id for entry in entries])
    # Oldest first, so each drive keeps its latest send.
    mailings = {m.drive_id: m for m in sent.order_by("requested_at") if player.pk in m.sent_to}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": {"name": player.club.name, "short_name": player.club.slug},
        "member": {
            "name": player.name,
            "usual_seat_role": player.role,
            "member_number": player.member_number,
            "active": player.active,
            "email": player.email,
            "language_of_emails": player.language,
            "agreed_to_results_by_email_at": _moment(player.results_consent_at),
            "anonymised_at": _moment(player.anonymised_at),
        },
        "consent_history": [
            {
                "consented": change.consented,
                "how": change.source,
                "recorded_by": change.changed_by.get_username() if change.changed_by else None,
                "at": _moment(change.changed_at),
            }
            for change in player.consent_changes.select_related("changed_by")
        ],
        "entries": [_entry(entry, summaries, mailings) for entry in entries],
    }


def _entry(entry: Entry, summaries, mailings) -> dict:
    drive = entry.drive
    line: dict = {
        "drive": drive.title,
        "date": drive.date.isoformat(),
        "status": drive.status,
        "card_number": entry.card_number,
        "seat_role": entry.role,
        "joined_from_round": entry.joined_round,
        "withdrew_after_round": entry.withdrew_after,
        "back_from_round": entry.returned_round,
    }
    summary = summaries.get(drive.pk)
    placing = summary and next((p for p in summary.placings if p.player == entry.player_id), None)
    if summary and placing:
        line["place"] = placing.rank_label
        line["points"] = str(placing.points)
        line["prizes"] = [
            {"prize": prize.name, "category": prize.category}
            for prize in summary.prizes
            if entry.player_id in prize.players
        ]
    if mailing := mailings.get(drive.pk):
        line["results_emailed_at"] = _moment(mailing.finished_at or mailing.requested_at)
    return line


def has_played(player: Player) -> bool:
    played = Q(seatings__isnull=False) | Q(card_totals__isnull=False)
    return Entry.objects.filter(played, player=player).exists()


@transaction.atomic
def member_erase(*, player: Player, user) -> Erased:
    """Delete a member who never played; anonymise one who did, keeping their results."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.anonymised_at is not None:
        raise DriveError(_("This member’s details were erased already."))
    if not has_played(player):
        running = Entry.objects.filter(player=player, drive__status=DriveStatus.RUNNING).first()
        if running is not None:
            raise DriveError(
                _("%(name)s is checked in to %(drive)s, which is under way: erase them after it.")
                % {"name": player.name, "drive": running.drive.title}
            )
        Entry.objects.filter(player=player).delete()  # unplayed: planned drives' check-ins
        player.delete()
        return Erased.DELETED
    player.name = _("Former member %(number)d") % {"number": player.pk}
    player.member_number = ""
    player.email = ""
    player.results_consent_at = None
    player.active = False
    player.anonymised_at = timezone.now()
    player.save()
    player.consent_changes.all().delete()
    ConsentChange.objects.create(
        player=player, consented=False, source=ConsentSource.ERASURE, changed_by=user
    )
    return Erased.ANONYMISED
