"""Operations on a drive that touch several rows: the one bridge to ``scoring``.

Each function reads rows, hands plain values to ``scoring``, and writes what
comes back in one transaction. Every refusal raises :class:`DriveError` (or a
``scoring`` error) with a message for the organiser, and changes nothing.
"""

from dataclasses import dataclass, field

from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from drives.bidwhist.records import HandEntry, check_hand
from drives.errors import ChangedElsewhere, DriveError, refusal_text
from drives.evening import seating, summaries
from drives.models import (
    Drive,
    DriveStatus,
    DriveStatusChange,
    Entry,
    Player,
    ResultChange,
    ResultSource,
    Seating,
    TableResult,
    TrumpSuit,
)
from drives.permissions import require_organiser, require_team
from drives.versions import record_values, require_unchanged, version_of
from scoring.cards import dealer_for_deal
from scoring.errors import ScoringError
from scoring.movements import MIN_PLAYERS
from scoring.results import check_tricks, ns_tricks_of


def _locked(drive: Drive) -> Drive:
    """The drive's row, locked for this transaction, so two organisers never interleave."""
    return Drive.objects.select_for_update().get(pk=drive.pk)


def table_locked(drive: Drive, round_number: int, table: int) -> Drive:
    """The drive's row under a share lock and one table's seats of the round locked.

    For a write that touches one table of a round: the posts of two phones (or of a phone
    and the organiser) for the same table queue one behind the other, posts for other
    tables go on beside them, and whatever locks the whole drive (opening the next round,
    finishing, check-in) waits for the posts under way, which wait for it in turn.
    SQLite has no row locks: its IMMEDIATE transactions serialise every write.
    """
    if connection.vendor == "postgresql":
        table_name = connection.ops.quote_name(Drive._meta.db_table)
        drive = Drive.objects.raw(
            f"SELECT * FROM {table_name} WHERE id = %s FOR SHARE",
            [drive.pk],
        )[0]
    else:
        drive = Drive.objects.get(pk=drive.pk)
    list(
        Seating.objects.select_for_update()
        .filter(drive=drive, round=round_number, table=table)
        .values_list("pk", flat=True)
    )
    return drive


def _require_status(drive: Drive, *statuses: str, action: str) -> None:
    if drive.status not in statuses:
        raise DriveError(
            _("You cannot %(action)s: the drive is %(status)s.")
            % {"action": action, "status": drive.get_status_display().lower()}
        )


def _refuse_paper(drive: Drive) -> None:
    """A paper drive is scored from its cards' totals (``drives.paper``), never deal by deal."""
    if drive.on_paper:
        raise DriveError(
            _("This drive is played on paper: type the card totals and finish it from there.")
        )


@transaction.atomic
def entry_check_in(*, drive: Drive, player: Player, role: str) -> Entry:
    """Enter ``player``; after the start they join from the next round and the rest is replanned.

    In a fixed-partner drive late arrivals play in pairs: the first waits,
    unseated, and the next to arrive partners them.
    """
    drive = _locked(drive)
    _require_status(drive, DriveStatus.PLANNED, DriveStatus.RUNNING, action=_("check players in"))
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
    earlier = drive.entries.filter(player=player).first()
    if earlier is not None and earlier.has_left and drive.status == DriveStatus.RUNNING:
        return entry_readmit(drive=drive, entry=earlier)
    if earlier is not None:
        raise DriveError(_("%(name)s is already checked in.") % {"name": player.name})
    joined_round = 1
    if drive.status == DriveStatus.RUNNING:
        joined_round = drive.current_round + 1
        if joined_round > drive.rounds:
            raise DriveError(_("The last round is under way: nobody can join now."))
    waiting = None
    if drive.status == DriveStatus.RUNNING and drive.movement in seating.FIXED_PARTNERS:
        waiting = seating.waiting_for_partner(drive)
        if waiting is None:
            # The first of a late pair plays once a partner arrives to make the pair.
            joined_round = seating.never(drive)
    last_card = drive.entries.aggregate(last=Max("card_number"))["last"] or 0
    try:
        entry = Entry.objects.create(
            drive=drive,
            player=player,
            card_number=last_card + 1,
            role=role,
            joined_round=joined_round,
        )
    except IntegrityError as error:  # a second organiser's check-in won the race
        raise DriveError(_("%(name)s is already checked in.") % {"name": player.name}) from error
    if waiting is not None:
        waiting.joined_round = joined_round
        waiting.save(update_fields=["joined_round"])
    if drive.status == DriveStatus.RUNNING and joined_round <= drive.rounds:
        seating.replan(drive)
    return entry


@transaction.atomic
def drive_check_in(*, drive: Drive, roles: dict[Player, str], version: str | None = None) -> None:
    """Before the start: make the entries exactly the ticked players, with their roles.

    ``version`` is the list's version the page showed (``check_in_version``): a list that
    changed since, by any door, is refused rather than un-checking someone.
    """
    drive = _locked(drive)
    _require_status(drive, DriveStatus.PLANNED, action=_("change the check-in list"))
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
            new_entries.append(Entry(drive=drive, player=player, card_number=next_card, role=role))
            next_card += 1
        elif entry.role != role:
            entry.role = role
            entry.save(update_fields=["role"])
    Entry.objects.bulk_create(new_entries)


@transaction.atomic
def drive_setup_save(*, drive: Drive, fields: list[str], version: str | None = None) -> None:
    """Save the new values ``drive`` holds for its set-up ``fields``, before the start.

    ``version`` is the set-up's version the page showed (``versions.record_version``): a
    set-up saved by someone else since is refused rather than overwritten.
    """
    stored = _locked(drive)
    _require_status(stored, DriveStatus.PLANNED, action=_("change the set-up"))
    require_unchanged(version, record_values(stored, fields), what=_("The drive's set-up"))
    drive.save(update_fields=fields)


def check_in_values(drive: Drive) -> list[list]:
    """What the check-in list shows: who is in, with which role tonight."""
    return sorted([list(row) for row in drive.entries.values_list("player_id", "role")])


def check_in_version(drive: Drive) -> str:
    return version_of(check_in_values(drive))


@transaction.atomic
def player_walk_in(*, drive: Drive, name: str, role: str) -> Entry:
    """A new player who arrived on the night: added to the club and checked in."""
    player = Player.objects.create(club=drive.club, name=name, role=role)
    return entry_check_in(drive=drive, player=player, role=role)


@transaction.atomic
def entry_withdraw(*, drive: Drive, entry: Entry) -> None:
    """Before the start the entry goes; after it, the player leaves from the next round.

    In a fixed-partner drive the partner leaves too, and a late arrival still
    waiting for a partner simply goes.
    """
    drive = _locked(drive)
    _require_status(drive, DriveStatus.PLANNED, DriveStatus.RUNNING, action=_("withdraw a player"))
    if drive.status == DriveStatus.PLANNED:
        entry.delete()
        return
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if entry.returned_round == drive.current_round + 1:
        _readmit_undo(drive, entry)  # re-admitted by mistake: they never played again
        return
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
    if entry.joined_round == seating.never(drive):
        entry.delete()  # a late arrival still waiting for a partner has played nothing
        return
    # Fixed partners leave as a pair.
    for leaver in seating.partnership(drive, entry):
        leaver.withdrew_after = max(drive.current_round, leaver.joined_round - 1)
        leaver.save(update_fields=["withdrew_after"])
    seating.replan(drive)


@transaction.atomic
def entry_withdraw_undo(*, drive: Drive, entry: Entry) -> None:
    """Take back a withdrawal made by mistake, while the round it was made in is still open.

    A fixed partnership comes back as a pair.
    """
    drive = _locked(drive)
    _require_status(drive, DriveStatus.RUNNING, action=_("undo a withdrawal"))
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


@transaction.atomic
def entry_readmit(*, drive: Drive, entry: Entry) -> Entry:
    """Bring back a player who withdrew: they play again from the next round.

    The rounds played stay as they are and the rest are re-planned with them in.
    The rounds they were away count like those before a late arrival: neither
    played nor sat out. Fixed partners come back as the pair that left; a
    withdrawal made in the round still open is simply undone.
    """
    drive = _locked(drive)
    _require_status(drive, DriveStatus.RUNNING, action=_("re-admit a player"))
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.has_left:
        raise DriveError(_("%(name)s has not withdrawn.") % {"name": entry.player.name})
    if entry.withdrew_after == drive.current_round:
        entry_withdraw_undo(drive=drive, entry=entry)
        return entry
    back = drive.current_round + 1
    if back > drive.rounds:
        raise DriveError(_("The last round is under way: nobody can join now."))
    for returner in seating.partnership(drive, entry):
        if returner.has_left:
            returner.returned_round = back
            returner.save(update_fields=["returned_round"])
    seating.replan(drive)
    return entry


def _readmit_undo(drive: Drive, entry: Entry) -> None:
    """Take back a re-admission before the player has played again: away as before."""
    for returner in seating.partnership(drive, entry):
        if returner.returned_round == drive.current_round + 1:
            returner.returned_round = None
            returner.save(update_fields=["returned_round"])
    seating.replan(drive)


@transaction.atomic
def drive_create(*, drive: Drive, players_from: Drive | None = None) -> Drive:
    """Save a new drive; "like this one" also checks in the players of ``players_from``
    who are still active members, each in the seat role they had then."""
    drive.save()
    if players_from is not None:
        if players_from.club_id != drive.club_id:
            raise DriveError(_("That drive belongs to another club."))
        entries = players_from.entries.select_related("player").filter(player__active=True)
        drive_check_in(drive=drive, roles={entry.player: entry.role for entry in entries})
    return drive


@transaction.atomic
def drive_delete(*, drive: Drive) -> None:
    """A drive set up by mistake goes, with its check-in list, until it has started."""
    drive = _locked(drive)
    _require_status(drive, DriveStatus.PLANNED, action=_("delete the drive"))
    drive.delete()


@transaction.atomic
def drive_start(*, drive: Drive) -> None:
    """Seat round 1 (every round, for a static movement) and open it for scores."""
    drive = _locked(drive)
    _require_status(drive, DriveStatus.PLANNED, action=_("start the drive"))
    count = drive.entries.count()
    if count < MIN_PLAYERS:
        raise DriveError(
            _("A drive needs at least %(minimum)d players; %(count)d checked in.")
            % {"minimum": MIN_PLAYERS, "count": count}
        )
    seating.seat_start(drive)
    drive.status = DriveStatus.RUNNING
    drive.current_round = 1
    drive.save(update_fields=["status", "current_round"])


@dataclass(frozen=True)
class TableScores:
    """What the round page posts for one table: N–S tricks (and honours) per deal.

    Where the table reports its trumps, ``trumps`` holds them per deal; a bid whist
    table reports ``hands`` instead of ``tricks``.
    """

    table: int
    tricks: dict[int, int | None]
    honours: dict[int, int | None]
    version: int  # the version the page showed; 0 for a table with no result yet
    trumps: dict[int, str] = field(default_factory=dict)
    hands: dict[int, HandEntry] = field(default_factory=dict)


@transaction.atomic
def results_record(
    *,
    drive: Drive,
    round_number: int,
    scores: TableScores,
    user,
    source: str = ResultSource.ORGANISER,
) -> bool:
    """Save one table's tricks for the deals of a round; True when it corrected earlier ones.

    The version the page showed must match what is stored: a second submission of
    the same new result, or a correction from a page someone else has since
    changed, is refused instead of silently overwriting. ``source`` says whether the
    organiser or the table's own link (``user`` None) supplied the figures.
    """
    if user is not None:
        require_team(user, drive.club)
    drive = table_locked(drive, round_number, scores.table)
    _require_status(drive, DriveStatus.RUNNING, action=_("enter scores"))
    _refuse_paper(drive)
    if not 1 <= round_number <= drive.current_round:
        raise DriveError(_("Round %(round)d is not open for scores.") % {"round": round_number})
    tables = seating.tables_of_round(drive, round_number)
    if scores.table not in tables:
        raise DriveError(
            _("Round %(round)d has no table %(table)d.")
            % {"round": round_number, "table": scores.table}
        )
    deals = list(drive.deals_of_round(round_number))
    if drive.is_bid_whist:
        values = _bid_whist_values(drive, scores, deals)
    else:
        values = _classic_values(drive, scores, deals)

    existing = {
        r.deal: r
        for r in TableResult.objects.select_for_update().filter(
            drive=drive, table=scores.table, deal__in=deals
        )
    }
    stored_version = max((r.version for r in existing.values()), default=0)
    if scores.version != stored_version:
        if scores.version == 0:
            raise DriveError(
                _(
                    "Table %(table)d already has its result for round %(round)d; "
                    "nothing was changed. To correct it, edit the saved figures."
                )
                % {"table": scores.table, "round": round_number}
            )
        raise ChangedElsewhere(
            _("Table %(table)d's result") % {"table": scores.table},
            _("Reload the page and check the figures."),
        )
    corrected = False
    for deal in deals:
        result = existing.get(deal)
        if result is None:
            TableResult.objects.create(
                drive=drive,
                round=round_number,
                table=scores.table,
                deal=deal,
                entered_by=user,
                source=source,
                **values[deal],
            )
            continue
        if all(getattr(result, name) == value for name, value in values[deal].items()):
            continue
        old_details = result.details()
        old_tricks, old_honours = result.ns_tricks, result.ns_honours
        for name, value in values[deal].items():
            setattr(result, name, value)
        ResultChange.objects.create(
            result=result,
            old_ns_tricks=old_tricks,
            new_ns_tricks=result.ns_tricks,
            old_ns_honours=old_honours,
            new_ns_honours=result.ns_honours,
            old_details=old_details,
            new_details=result.details(),
            changed_by=user,
            source=source,
        )
        result.entered_by, result.source = user, source
        result.save(update_fields=[*values[deal], "entered_by", "entered_at", "source"])
        corrected = True
    # Every deal of the table carries the table's version, so one number guards the table.
    if corrected:
        TableResult.objects.filter(drive=drive, table=scores.table, deal__in=deals).update(
            version=stored_version + 1
        )
    return corrected


def _classic_values(drive: Drive, scores: TableScores, deals: list[int]) -> dict[int, dict]:
    """Each deal's columns from a classic table's tricks (and honours, and trumps if turned)."""
    entered = {deal: n for deal in deals if (n := scores.tricks.get(deal)) is not None}
    missing = [deal for deal in deals if deal not in entered]
    if missing:
        listed = ", ".join(str(deal) for deal in missing)
        raise DriveError(
            _("Table %(table)d: enter the tricks for deal %(deals)s.")
            % {"table": scores.table, "deals": listed}
        )
    try:
        tricks = {deal: check_tricks(n) for deal, n in entered.items()}
    except ScoringError as error:
        raise DriveError(
            _("Table %(table)d: %(error)s") % {"table": scores.table, "error": refusal_text(error)}
        ) from error
    values: dict[int, dict[str, object]] = {
        deal: {
            "ns_tricks": tricks[deal],
            "ns_honours": scores.honours.get(deal) if drive.honours else None,
        }
        for deal in deals
    }
    if drive.trumps_at_table:
        unknown = [deal for deal in deals if scores.trumps.get(deal) not in TrumpSuit.values]
        if unknown:
            raise DriveError(
                _("Table %(table)d: say which suit was turned up for deal %(deals)s.")
                % {"table": scores.table, "deals": ", ".join(str(deal) for deal in unknown)}
            )
        for deal in deals:
            values[deal]["trumps"] = scores.trumps[deal]
    return values


def _bid_whist_values(drive: Drive, scores: TableScores, deals: list[int]) -> dict[int, dict]:
    """Each hand's columns from a bid whist table's records, checked by ``scoring``."""
    values = {}
    for deal in deals:
        entry = scores.hands.get(deal) or HandEntry(dealer_for_deal(deal), "", None, "", "", None)
        record = check_hand(drive, scores.table, deal, entry)
        values[deal] = {
            "ns_tricks": ns_tricks_of(record.side, record.tricks),
            "ns_honours": None,
            "trumps": record.trumps.value if record.trumps else "",
            "dealer": record.dealer,
            "declarers": record.side,
            "bid_level": record.level,
            "bid_strain": record.strain.value,
        }
    return values


def round_is_complete(drive: Drive, round_number: int) -> bool:
    tables = len(seating.tables_of_round(drive, round_number))
    results = TableResult.objects.filter(drive=drive, round=round_number).count()
    return drive.round_is_complete(tables=tables, results=results)


@transaction.atomic
def round_advance(*, drive: Drive, allow_missing: bool = False) -> None:
    """Open the next round once every table of this one has its tricks.

    A static movement may go on without tables that have not reported
    (``allow_missing``): its seats do not depend on results, and the late tricks are
    entered on the round page afterwards. A progressive drive seats the next round
    from every table's winners, so it always waits.
    """
    drive = _locked(drive)
    _require_status(drive, DriveStatus.RUNNING, action=_("open the next round"))
    _refuse_paper(drive)
    if drive.current_round >= drive.rounds:
        raise DriveError(_("This is the last round: finish the drive instead."))
    complete = round_is_complete(drive, drive.current_round)
    if not complete and allow_missing and not drive.is_static:
        raise DriveError(
            _(
                "A progressive drive seats the next round from every table's winners: "
                "round %(round)d needs all its tricks first."
            )
            % {"round": drive.current_round}
        )
    if not complete and not allow_missing:
        raise DriveError(
            _("Round %(round)d is not complete: every table needs its tricks first.")
            % {"round": drive.current_round}
        )
    seating.seat_next(drive)
    drive.current_round += 1
    drive.save(update_fields=["current_round"])


@transaction.atomic
def drive_finish(*, drive: Drive) -> None:
    """Lock the scores; the drive is read-only until an organiser reopens it."""
    drive = _locked(drive)
    _require_status(drive, DriveStatus.RUNNING, action=_("finish the drive"))
    _refuse_paper(drive)
    # Every round, not just the last: a static drive may have gone on without a late table.
    tables = Seating.objects.filter(drive=drive).values("round", "table").distinct().count()
    stored = TableResult.objects.filter(drive=drive).count()
    if drive.current_round < drive.rounds or stored != tables * drive.deals_per_round:
        raise DriveError(_("Every round needs all its tricks before the drive can finish."))
    drive.status = DriveStatus.FINISHED
    drive.save(update_fields=["status"])
    # The league pages read finished drives' standings from the cache; filling it now
    # spares the first reader after the evening the cost of computing them.
    transaction.on_commit(lambda: summaries.drive_summaries([drive]))


@transaction.atomic
def drive_reopen(*, drive: Drive) -> None:
    drive = _locked(drive)
    _require_status(drive, DriveStatus.FINISHED, action=_("reopen the drive"))
    drive.status = DriveStatus.RUNNING
    drive.save(update_fields=["status"])


@transaction.atomic
def drive_cancel(*, drive: Drive, user, reason: str = "") -> None:
    """Withdraw a drive from every standing and list, keeping all that was played.

    Planned, running and finished drives can be cancelled; ``drive_restore`` undoes it.
    """
    require_organiser(user, drive.club)
    drive = _locked(drive)
    _require_status(
        drive,
        DriveStatus.PLANNED,
        DriveStatus.RUNNING,
        DriveStatus.FINISHED,
        action=_("cancel the drive"),
    )
    DriveStatusChange.objects.create(
        drive=drive,
        old_status=drive.status,
        new_status=DriveStatus.CANCELLED,
        reason=reason,
        changed_by=user,
    )
    drive.status = DriveStatus.CANCELLED
    drive.save(update_fields=["status"])


@transaction.atomic
def drive_restore(*, drive: Drive, user) -> str:
    """Undo a cancellation: the drive returns to the status it was cancelled from."""
    require_organiser(user, drive.club)
    drive = _locked(drive)
    _require_status(drive, DriveStatus.CANCELLED, action=_("restore the drive"))
    cancelled = drive.status_changes.filter(new_status=DriveStatus.CANCELLED).first()
    # A drive cancelled outside the services (an old backup, a shell) has no record;
    # its seatings tell whether it had started.
    if cancelled is not None:
        status = cancelled.old_status
    elif drive.seatings.exists():
        status = DriveStatus.RUNNING
    else:
        status = DriveStatus.PLANNED
    DriveStatusChange.objects.create(
        drive=drive, old_status=DriveStatus.CANCELLED, new_status=status, changed_by=user
    )
    drive.status = status
    drive.save(update_fields=["status"])
    return status
