"""A table's results: each deal's figures stored, versioned, every correction kept."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from drives.bidwhist.records import HandEntry, check_hand
from drives.errors import ChangedElsewhere, DriveError, refusal_text, refusing
from drives.evening import seating
from drives.evening.guards import refuse_paper, require_status, table_locked
from drives.models import (
    Drive,
    DriveStatus,
    ResultChange,
    ResultSource,
    TableResult,
    TrumpSuit,
)
from drives.permissions import require_team
from scoring.cards import dealer_for_deal
from scoring.errors import ScoringError
from scoring.results import check_tricks, ns_tricks_of


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


@refusing
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
    require_status(drive, DriveStatus.RUNNING, action=_("enter scores"))
    refuse_paper(drive)
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
    """Every table of the round has its result for every deal of the round."""
    tables = len(seating.tables_of_round(drive, round_number))
    results = TableResult.objects.filter(drive=drive, round=round_number).count()
    return results == drive.results_needed(tables)
