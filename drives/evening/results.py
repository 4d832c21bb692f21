"""A table's results: its checked figures stored deal by deal, versioned, every correction
kept in ``ResultChange``.

The figures arrive checked by the drive's game (``drives.games``), from the round page's
form or a side's phone: nothing here checks them again. Both doors store through
:func:`results_record`, which takes the table's lock; a phone's post that holds it already
stores through :func:`results_record_locked`.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from drives.errors import ChangedElsewhere, DriveError, refusing
from drives.evening import seating
from drives.evening.guards import refuse_paper, require_status, table_locked
from drives.games.figures import Figures
from drives.models import Drive, DriveStatus, ResultChange, ResultSource, TableResult
from drives.permissions import require_team


@refusing
@transaction.atomic
def results_record(
    *,
    drive: Drive,
    round_number: int,
    table: int,
    figures: Figures,
    version: int,
    user,
    source: str = ResultSource.ORGANISER,
) -> bool:
    """Store one table's figures for the deals of a round; True when they corrected earlier ones.

    ``version`` is the one the page showed (0 for a table with no result yet): it must match
    what is stored, so a second submission of the same new result, or a correction from a
    page someone else has since changed, is refused instead of silently overwriting.
    ``source`` says whether the organiser or the table's own link (``user`` None) sent them.
    """
    if user is not None:
        require_team(user, drive.club)
    drive = table_locked(drive, round_number, table)
    return results_record_locked(
        drive=drive,
        round_number=round_number,
        table=table,
        figures=figures,
        version=version,
        user=user,
        source=source,
    )


def results_record_locked(
    *,
    drive: Drive,
    round_number: int,
    table: int,
    figures: Figures,
    version: int,
    user,
    source: str,
) -> bool:
    """:func:`results_record` for a caller inside a transaction that holds the table's lock
    (``guards.table_locked``) or the drive's, with ``drive`` read under it."""
    _require_open(drive, round_number, table)
    deals = list(drive.deals_of_round(round_number))
    if sorted(figures.deals) != deals:
        raise DriveError(_("Round %(round)d is not open for scores.") % {"round": round_number})
    existing = {
        r.deal: r
        for r in TableResult.objects.select_for_update().filter(
            drive=drive, table=table, deal__in=deals
        )
    }
    stored_version = max((r.version for r in existing.values()), default=0)
    _require_version(version, stored_version, table, round_number)
    corrected = False
    for deal in deals:
        columns = figures.deals[deal].columns()
        result = existing.get(deal)
        if result is None:
            TableResult.objects.create(
                drive=drive,
                round=round_number,
                table=table,
                deal=deal,
                entered_by=user,
                source=source,
                **columns,
            )
        elif any(getattr(result, name) != value for name, value in columns.items()):
            correct_result(result, columns, user, source)
            corrected = True
    # Every deal of the table carries the table's version, so one number guards the table.
    if corrected:
        TableResult.objects.filter(drive=drive, table=table, deal__in=deals).update(
            version=stored_version + 1
        )
    return corrected


def _require_open(drive: Drive, round_number: int, table: int) -> None:
    require_status(drive, DriveStatus.RUNNING, action=_("enter scores"))
    refuse_paper(drive)
    if not 1 <= round_number <= drive.current_round:
        raise DriveError(_("Round %(round)d is not open for scores.") % {"round": round_number})
    if table not in seating.tables_of_round(drive, round_number):
        raise DriveError(
            _("Round %(round)d has no table %(table)d.") % {"round": round_number, "table": table}
        )


def _require_version(version: int, stored_version: int, table: int, round_number: int) -> None:
    if version == stored_version:
        return
    if version == 0:
        raise DriveError(
            _(
                "Table %(table)d already has its result for round %(round)d; "
                "nothing was changed. To correct it, edit the saved figures."
            )
            % {"table": table, "round": round_number}
        )
    raise ChangedElsewhere(
        _("Table %(table)d's result") % {"table": table},
        _("Reload the page and check the figures."),
    )


def correct_result(result: TableResult, columns: dict, user, source: str) -> None:
    """A stored deal changed: the new figures, and the old ones kept in its history."""
    old_details = result.details()
    old_tricks, old_honours = result.ns_tricks, result.ns_honours
    for name, value in columns.items():
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
    result.save(update_fields=[*columns, "entered_by", "entered_at", "source"])


def round_is_complete(drive: Drive, round_number: int) -> bool:
    """Every table of the round has its result for every deal of the round."""
    tables = len(seating.tables_of_round(drive, round_number))
    results = TableResult.objects.filter(drive=drive, round=round_number).count()
    return results == drive.results_needed(tables)
