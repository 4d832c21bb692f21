"""Writes to a paper drive's card totals: keyword-only, atomic, versioned, history kept."""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.models import CardTotal, CardTotalChange, Drive, DriveStatus, Entry, Typist
from drives.permissions import require_team
from drives.reports import summaries

Figures = tuple[int, int | None, int | None]  # total, half-time, deals with 10+ tricks


@dataclass(frozen=True)
class Recorded:
    """What saving a card did; ``replaced`` holds the figures it overwrote, if any."""

    card: CardTotal
    replaced: Figures | None


def _paper_drive(drive: Drive, *, action: str) -> Drive:
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if not drive.on_paper:
        raise DriveError(_("This drive is scored deal by deal, not from card totals."))
    if drive.status != DriveStatus.RUNNING:
        raise DriveError(
            _("You cannot %(action)s: the drive is %(status)s.")
            % {"action": action, "status": drive.get_status_display().lower()}
        )
    return drive


@transaction.atomic
def card_total_record(
    *, drive: Drive, entry: Entry, typist: int, figures: Figures, version: int, user
) -> Recorded:
    """Save one typist's figures for one card.

    ``version`` is the card's version the page showed (0 when it showed none): a card
    changed by someone else since, or typed in another window, is refused rather than
    overwritten. A change to saved figures is a correction and goes into the history.
    """
    require_team(user, drive.club)
    drive = _paper_drive(drive, action=_("type card totals"))
    if entry.drive_id != drive.pk:
        raise DriveError(_("That card is not one of this drive's."))
    total, half_time, ten_tricks = figures
    card = CardTotal.objects.select_for_update().filter(entry=entry, typist=typist).first()
    stored = card.version if card else 0
    if version != stored:
        raise DriveError(
            _(
                "Card %(card)d was changed elsewhere since this page showed it; nothing was "
                "saved. It now reads %(total)d: check it and type it again."
            )
            % {"card": entry.card_number, "total": card.total if card else 0}
        )
    if card is None:
        card = CardTotal.objects.create(
            entry=entry,
            typist=typist,
            total=total,
            half_time=half_time,
            ten_trick_deals=ten_tricks,
            entered_by=user,
        )
        return Recorded(card, None)
    old = card.figures
    if old == figures:
        return Recorded(card, None)
    CardTotalChange.objects.create(
        card=card,
        old_total=card.total,
        new_total=total,
        old_half_time=card.half_time,
        new_half_time=half_time,
        old_ten_trick_deals=card.ten_trick_deals,
        new_ten_trick_deals=ten_tricks,
        changed_by=user,
    )
    card.total, card.half_time, card.ten_trick_deals = figures
    card.version += 1
    card.entered_by = user
    card.save()
    return Recorded(card, old)


@transaction.atomic
def card_settle(*, drive: Drive, entry: Entry, take_second: bool, user) -> None:
    """Settle a card the two typists read differently: one reading becomes both."""
    require_team(user, drive.club)
    drive = _paper_drive(drive, action=_("settle differences"))
    cards = {c.typist: c for c in CardTotal.objects.select_for_update().filter(entry=entry)}
    source, target = (Typist.SECOND, Typist.FIRST) if take_second else (Typist.FIRST, Typist.SECOND)
    if source not in cards:
        raise DriveError(
            _("Card %(card)d has no figures from that typist to keep.")
            % {"card": entry.card_number}
        )
    card_total_record(
        drive=drive,
        entry=entry,
        typist=target,
        figures=cards[source].figures,
        version=cards[target].version if target in cards else 0,
        user=user,
    )


@transaction.atomic
def paper_drive_finish(*, drive: Drive) -> None:
    """Lock the totals once every card that played has one; checks only warn, they never block."""
    drive = _paper_drive(drive, action=_("finish the drive"))
    missing = list(
        drive.entries.exclude(card_totals__typist=Typist.FIRST).values_list(
            "card_number", flat=True
        )
    )
    if missing:
        raise DriveError(
            _("Type a total on every card before finishing; still to type: %(cards)s.")
            % {"cards": ", ".join(str(number) for number in missing)}
        )
    drive.status = DriveStatus.FINISHED
    drive.save(update_fields=["status"])
    transaction.on_commit(lambda: summaries.drive_summaries([drive]))
