"""Who plays: the check-in list, walk-ins, late arrivals, withdrawals and returns.

Each function is atomic and keyword-only; after the start a change of players keeps the
rounds played and re-plans the rest (``seating.replan``). Each says what it did (a
:class:`CheckIn`, a :class:`Withdrawal`), for the page to put into words.
"""

from dataclasses import dataclass
from enum import StrEnum

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from drives import games
from drives.errors import DriveError, refusing
from drives.evening import seating
from drives.evening.guards import drive_locked, require_status
from drives.models import Drive, DriveStatus, Entry, Player
from drives.versions import require_unchanged, version_of


class Joining(StrEnum):
    """How a player checked in plays."""

    CHECKED_IN = "checked in"  # before the start: seated when the drive starts
    JOINS = "joins"  # from the next round; with a partner, as a pair
    WAITS = "waits"  # the first of a late pair, unseated until a partner arrives
    BACK = "back"  # a withdrawn player (or pair) plays again from the next round
    PLAYS_ON = "plays on"  # withdrew in the round still open: the withdrawal is undone


@dataclass(frozen=True)
class CheckIn:
    """What a check-in did: the entry, how it plays, from which round, and the partner it
    joins or comes back with (fixed partners)."""

    entry: Entry
    how: Joining
    from_round: int = 1
    partner: Entry | None = None


class Leaving(StrEnum):
    """What a withdrawal did."""

    REMOVED = "removed"  # before the start: off the check-in list
    WITHDRAWN = "withdrawn"  # out from the next round; with a partner, as a pair
    NO_LONGER_WAITING = "no longer waiting"  # a late arrival waiting for a partner, gone
    RETURN_UNDONE = "return undone"  # re-admitted by mistake: away as before


@dataclass(frozen=True)
class Withdrawal:
    """What a withdrawal did: ``undo_until`` is the round whose opening ends the "Undo"."""

    entry: Entry
    how: Leaving
    undo_until: int
    partner: Entry | None = None


def can_join(drive: Drive) -> bool:
    """Whether a player may still join: before the start, or while a round is left to play."""
    if drive.status == DriveStatus.PLANNED:
        return True
    return drive.status == DriveStatus.RUNNING and drive.current_round < drive.rounds


def _refuse_stranger(drive: Drive, player: Player) -> None:
    if player.club_id != drive.club_id:
        raise DriveError(
            _("%(name)s is not a member of %(club)s.")
            % {"name": player.name, "club": drive.club.name}
        )
    if not player.active:
        raise DriveError(
            _("%(name)s is marked inactive; mark them active on the players page first.")
            % {"name": player.name}
        )


def _refuse_replan(drive: Drive) -> None:
    reason = games.of(drive).fixed_players
    if reason is not None:
        raise DriveError(reason)


def _refuse_late(drive: Drive) -> None:
    if not can_join(drive):
        raise DriveError(_("The last round is under way: nobody can join now."))


@refusing
@transaction.atomic
def entry_check_in(*, drive: Drive, player: Player, role: str, stays: bool = False) -> CheckIn:
    """Enter ``player``; after the start they join from the next round and the rest is replanned.

    ``stays``: they cannot move and keep one table all evening, as a member marked so on
    their record does; refused, changing nothing, when every table already has one.

    In a fixed-partner drive late arrivals play in pairs: the first waits,
    unseated, and the next to arrive partners them. A player who withdrew comes back
    (:func:`entry_readmit`).
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.PLANNED, DriveStatus.RUNNING, action=_("check players in"))
    _refuse_stranger(drive, player)
    earlier = drive.entries.filter(player=player).first()
    if earlier is not None and earlier.has_left and drive.status == DriveStatus.RUNNING:
        if stays and not earlier.stays:
            earlier.stays = True
            earlier.save(update_fields=["stays"])
        return entry_readmit(drive=drive, entry=earlier)
    if earlier is not None:
        raise DriveError(_("%(name)s is already checked in.") % {"name": player.name})
    if drive.status == DriveStatus.PLANNED:
        entry = _new_entry(drive, player, role, joined_round=1, stays=stays)
        return CheckIn(entry, Joining.CHECKED_IN)
    _refuse_replan(drive)
    _refuse_late(drive)
    joined_round = drive.current_round + 1
    waiting = None
    if drive.movement in seating.FIXED_PARTNERS:
        waiting = seating.waiting_for_partner(drive)
        if waiting is None:
            # The first of a late pair plays once a partner arrives to make the pair.
            entry = _new_entry(drive, player, role, joined_round=seating.never(drive), stays=stays)
            return CheckIn(entry, Joining.WAITS)
    entry = _new_entry(drive, player, role, joined_round=joined_round, stays=stays)
    if waiting is not None:
        waiting.joined_round = joined_round
        waiting.save(update_fields=["joined_round"])
    seating.replan(drive)
    return CheckIn(entry, Joining.JOINS, joined_round, partner=waiting)


def _new_entry(drive: Drive, player: Player, role: str, *, joined_round: int, stays: bool) -> Entry:
    last_card = drive.entries.aggregate(last=Max("card_number"))["last"] or 0
    try:
        return Entry.objects.create(
            drive=drive,
            player=player,
            card_number=last_card + 1,
            role=role,
            joined_round=joined_round,
            stays=stays or player.stays,
        )
    except IntegrityError as error:  # a second organiser's check-in won the race
        raise DriveError(_("%(name)s is already checked in.") % {"name": player.name}) from error


@refusing
@transaction.atomic
def drive_check_in(*, drive: Drive, roles: dict[Player, str], version: str | None = None) -> int:
    """Before the start: make the entries exactly the ticked players, with their roles;
    returns how many are checked in.

    ``version`` is the list's version the page showed (``check_in_version``): a list that
    changed since, by any door, is refused rather than un-checking someone.
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.PLANNED, action=_("change the check-in list"))
    require_unchanged(version, check_in_values(drive), what=_("The check-in list"))
    inactive = sorted(p.name for p in roles if not p.active)
    if inactive:
        raise DriveError(
            _("%(names)s: marked inactive; mark them active on the players page first.")
            % {"names": ", ".join(inactive)}
        )
    strangers = sorted(p.name for p in roles if p.club_id != drive.club_id)
    if strangers:
        raise DriveError(
            _("%(names)s: not members of %(club)s.")
            % {"names": ", ".join(strangers), "club": drive.club.name}
        )
    wanted = {player.pk: role for player, role in roles.items()}
    drive.entries.exclude(player_id__in=wanted).delete()
    entries = {entry.player_id: entry for entry in drive.entries.all()}
    next_card = max((e.card_number for e in entries.values()), default=0) + 1
    new_entries = []
    for player, role in sorted(roles.items(), key=lambda item: item[0].name):
        entry = entries.get(player.pk)
        if entry is None:
            new_entries.append(
                Entry(
                    drive=drive,
                    player=player,
                    card_number=next_card,
                    role=role,
                    stays=player.stays,  # the member's standing preference
                )
            )
            next_card += 1
        elif entry.role != role:
            entry.role = role
            entry.save(update_fields=["role"])
    Entry.objects.bulk_create(new_entries)
    return len(wanted)


def check_in_values(drive: Drive) -> list[list]:
    """What the check-in list shows: who is in, with which role tonight."""
    return sorted([list(row) for row in drive.entries.values_list("player_id", "role")])


def check_in_version(drive: Drive) -> str:
    return version_of(check_in_values(drive))


@refusing
@transaction.atomic
def player_walk_in(*, drive: Drive, name: str, role: str) -> CheckIn:
    """A new player who arrived on the night: added to the club and checked in."""
    player = Player.objects.create(club=drive.club, name=name, role=role)
    return entry_check_in(drive=drive, player=player, role=role)


@refusing
@transaction.atomic
def entry_withdraw(*, drive: Drive, entry: Entry) -> Withdrawal:
    """Before the start the entry goes; after it, the player leaves from the next round.

    In a fixed-partner drive the partner leaves too, and a late arrival still
    waiting for a partner simply goes.
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.PLANNED, DriveStatus.RUNNING, action=_("withdraw a player"))
    undo_until = drive.current_round + 1
    if drive.status == DriveStatus.PLANNED:
        entry.delete()
        return Withdrawal(entry, Leaving.REMOVED, undo_until)
    _refuse_replan(drive)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if entry.returned_round == drive.current_round + 1:
        _readmit_undo(drive, entry)  # re-admitted by mistake: they never played again
        return Withdrawal(entry, Leaving.RETURN_UNDONE, undo_until)
    _refuse_withdrawal(drive, entry)
    if entry.joined_round == seating.never(drive):
        entry.delete()  # a late arrival still waiting for a partner has played nothing
        return Withdrawal(entry, Leaving.NO_LONGER_WAITING, undo_until)
    # Fixed partners leave as a pair.
    pair = seating.partnership(drive, entry)
    for leaver in pair:
        leaver.withdrew_after = max(drive.current_round, leaver.joined_round - 1)
        leaver.save(update_fields=["withdrew_after"])
    seating.replan(drive)
    return Withdrawal(entry, Leaving.WITHDRAWN, undo_until, partner=_partner(pair))


def _refuse_withdrawal(drive: Drive, entry: Entry) -> None:
    if entry.returned_round is not None:
        raise DriveError(
            _(
                "%(name)s withdrew once and came back: a player can be away only once in a "
                "drive, so they cannot withdraw again."
            )
            % {"name": entry.player.name}
        )
    if entry.withdrew_after is not None:
        raise DriveError(_("%(name)s has already withdrawn.") % {"name": entry.player.name})
    if drive.current_round >= drive.rounds:
        raise DriveError(_("The last round is under way: withdrawals change nothing now."))


def _partner(pair: list[Entry]) -> Entry | None:
    return pair[1] if len(pair) == 2 else None


@refusing
@transaction.atomic
def entry_withdraw_undo(*, drive: Drive, entry: Entry) -> None:
    """Take back a withdrawal made by mistake, while the round it was made in is still open.

    A fixed partnership comes back as a pair.
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.RUNNING, action=_("undo a withdrawal"))
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if entry.withdrew_after is None:
        raise DriveError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    if entry.withdrew_after != drive.current_round:
        raise DriveError(
            _(
                "%(name)s withdrew before round %(round)d opened: the withdrawal can only "
                "be undone in the round it was made."
            )
            % {"name": entry.player.name, "round": drive.current_round}
        )
    for returner in seating.partnership(drive, entry):
        if returner.withdrew_after == drive.current_round:
            returner.withdrew_after = None
            returner.save(update_fields=["withdrew_after"])
    seating.replan(drive)


@refusing
@transaction.atomic
def entry_readmit(*, drive: Drive, entry: Entry) -> CheckIn:
    """Bring back a player who withdrew: they play again from the next round.

    The rounds played stay as they are and the rest are re-planned with them in.
    The rounds they were away count like those before a late arrival: neither
    played nor sat out. Fixed partners come back as the pair that left; a
    withdrawal made in the round still open is simply undone.
    """
    drive = drive_locked(drive)
    require_status(drive, DriveStatus.RUNNING, action=_("re-admit a player"))
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.has_left:
        raise DriveError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    if entry.withdrew_after == drive.current_round:
        entry_withdraw_undo(drive=drive, entry=entry)
        return CheckIn(entry, Joining.PLAYS_ON, drive.current_round)
    _refuse_late(drive)
    back = drive.current_round + 1
    pair = seating.partnership(drive, entry)
    for returner in pair:
        if returner.has_left:
            returner.returned_round = back
            returner.save(update_fields=["returned_round"])
    seating.replan(drive)
    return CheckIn(entry, Joining.BACK, back, partner=_partner(pair))


def _readmit_undo(drive: Drive, entry: Entry) -> None:
    """Take back a re-admission before the player has played again: away as before."""
    for returner in seating.partnership(drive, entry):
        if returner.returned_round == drive.current_round + 1:
            returner.returned_round = None
            returner.save(update_fields=["returned_round"])
    seating.replan(drive)
