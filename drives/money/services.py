"""The drive's money, written: each function keyword-only and atomic under the drive's
lock, refusing a page older than what is stored (``versions``), keeping what it changed
in ``MoneyChange`` and returning what it did for the view to word."""

import secrets
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import ChangedElsewhere, DriveError, refusing
from drives.evening.guards import drive_locked, require_status
from drives.models import (
    Consolation,
    Drive,
    DriveMoney,
    DriveStatus,
    Entry,
    EntryFee,
    FeeKind,
    LineKind,
    MoneyAction,
    MoneyChange,
    MoneyLine,
)
from drives.money.accounts import fee_version
from drives.reports.report import drive_report
from drives.versions import record_values, record_version, require_unchanged

#: The fields of the fees-and-prizes form, whose values make its version.
SETUP_FIELDS = [
    "member_fee",
    "visitor_fee",
    "prize_money",
    "share_percent",
    "placing_amounts",
    "booby_amount",
    "half_time_amount",
    "ten_trick_amount",
    "consolation_amount",
    "consolation",
]


def setup_version(money: DriveMoney) -> str:
    return record_version(money, SETUP_FIELDS)


def _note(drive: Drive, action: str, by: str, **detail) -> MoneyChange:
    return MoneyChange.objects.create(
        drive=drive, action=action, detail=detail, changed_by=by[:150]
    )


def _money_locked(drive: Drive) -> DriveMoney:
    money, _created = DriveMoney.objects.select_for_update().get_or_create(drive=drive)
    return money


@refusing
@transaction.atomic
def money_setup_save(*, drive: Drive, values: dict, version: str | None, by: str) -> list[str]:
    """The drive's fees and prize money as typed; the names of the fields that changed."""
    drive = drive_locked(drive)
    money = _money_locked(drive)
    require_unchanged(version, record_values(money, SETUP_FIELDS), what=_("The money settings"))
    if money.draw_seed and values["consolation"] != money.consolation:
        raise DriveError(
            _("The consolation prize has been drawn: whether it is given can no longer change.")
        )
    changed = [name for name in SETUP_FIELDS if getattr(money, name) != values[name]]
    if not changed:
        return []
    before = {name: str(getattr(money, name)) for name in changed}
    for name in changed:
        setattr(money, name, values[name])
    money.save()
    after = {name: str(getattr(money, name)) for name in changed}
    _note(drive, MoneyAction.SETUP, by, before=before, after=after)
    return changed


@dataclass(frozen=True)
class FeeRecorded:
    entry: Entry
    kind: str
    paid: bool
    changed: bool


@refusing
@transaction.atomic
def fee_record(
    *, drive: Drive, entry: Entry, kind: str, paid: bool, version: str | None, by: str
) -> FeeRecorded:
    """Whether a player pays as a member, a visitor or not at all, and has paid."""
    drive = drive_locked(drive)
    if entry.drive_id != drive.pk:
        raise DriveError(_("That player is not entered in this drive."))
    require_status(
        drive,
        DriveStatus.PLANNED,
        DriveStatus.RUNNING,
        DriveStatus.FINISHED,
        action=_("record an entry fee"),
    )
    fee = EntryFee.objects.select_for_update().filter(entry=entry).first()
    shown = _("%(name)s's entry fee") % {"name": entry.player.name}
    if version is not None and version != fee_version(fee):
        raise ChangedElsewhere(shown)
    before = (fee.kind, fee.paid) if fee is not None else (FeeKind.MEMBER, False)
    if before == (kind, paid):
        return FeeRecorded(entry, kind, paid, changed=False)
    EntryFee.objects.update_or_create(entry=entry, defaults={"kind": kind, "paid": paid})
    _note(
        drive,
        MoneyAction.FEE,
        by,
        card=entry.card_number,
        name=entry.player.name,
        before=list(before),
        after=[kind, paid],
    )
    return FeeRecorded(entry, kind, paid, changed=True)


@refusing
@transaction.atomic
def line_add(*, drive: Drive, kind: str, label: str, amount: Decimal, by: str) -> MoneyLine:
    """A taking (the raffle) or a cost (the hall) for the evening."""
    drive = drive_locked(drive)
    if kind not in LineKind.values:
        raise DriveError(_("Say whether it is a taking or a cost."))
    line = MoneyLine.objects.create(drive=drive, kind=kind, label=label, amount=amount)
    _note(drive, MoneyAction.LINE_ADDED, by, kind=kind, label=label, amount=str(amount))
    return line


@refusing
@transaction.atomic
def line_remove(*, drive: Drive, line_id: int, by: str) -> MoneyLine:
    """A line taken off, kept in the history with what it said."""
    drive = drive_locked(drive)
    line = MoneyLine.objects.filter(drive=drive, pk=line_id).first()
    if line is None:
        raise DriveError(_("That line has already been taken off; nothing changed."))
    line.delete()
    _note(
        drive,
        MoneyAction.LINE_REMOVED,
        by,
        kind=line.kind,
        label=line.label,
        amount=str(line.amount),
    )
    return line


@refusing
@transaction.atomic
def consolation_draw(*, drive: Drive, by: str, seed: str | None = None) -> DriveMoney:
    """Draw the consolation prize among the players who won nothing, once; the seed and
    the candidates' card numbers are kept, so the draw can be repeated from its record."""
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.FINISHED, action=_("draw the consolation prize"))
    money = _money_locked(drive)
    if money.consolation == Consolation.NONE:
        raise DriveError(_("This drive gives no consolation prize: choose one first."))
    if money.draw_seed:
        raise DriveError(_("The consolation prize has already been drawn; nothing changed."))
    candidates = [entry.card_number for entry in drive_report(drive).draw_candidates]
    if not candidates:
        raise DriveError(_("Every player has won a prize: there is nobody to draw among."))
    money.draw_seed = seed or secrets.token_hex(8)
    money.draw_candidates = candidates
    money.drawn_at = timezone.now()
    money.drawn_by = by[:150]
    money.save()
    _note(drive, MoneyAction.DRAWN, by, seed=money.draw_seed, candidates=candidates)
    return money
