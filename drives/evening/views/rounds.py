"""The round page: who sits where, the trumps, and each table's figures."""

import re

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives import games
from drives.errors import DriveError
from drives.evening import results, rounds, seating
from drives.models import ClubRole, Drive, DriveStatus, ResultChange, TableResult
from drives.names import PublicNames
from drives.permissions import require_visible


def round_page(request, pk, number):
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_visible(request.user, drive)
    if drive.status == DriveStatus.PLANNED or not 1 <= number <= drive.current_round:
        raise Http404("That round has not been seated yet.")
    role = drive.club.role_of(request.user)
    if request.method == "POST" and role is None:
        raise PermissionDenied("Only this club's organisers and helpers can enter scores.")
    problems = {}
    game = games.of(drive)
    if request.method == "POST":
        if drive.status != DriveStatus.RUNNING:
            messages.error(request, _("The drive is finished: reopen it to correct scores."))
            return redirect("drives:round", pk=drive.pk, number=number)
        problems = _save_tables(request, drive, number, _posted_form(game, number, request.POST))
        if not problems:
            # A reload never posts twice, and every table's fate is in a message.
            return redirect("drives:round", pk=drive.pk, number=number)
        # Show the page again with what was typed: the refused tables keep their figures
        # beside their errors; the saved ones carry their new version for the next post.
        shown = rounds.round_state(drive, number)
        form = _form(game, shown, _with_versions(request.POST, shown, problems))
        form.is_valid()
    else:
        shown = rounds.round_state(drive, number)
        form = _form(game, shown)
    names = PublicNames.for_drive(drive, request.user)
    context = {
        "drive": drive,
        "game": game,
        "round": shown,
        "tables": [_table_rows(game, t, form, shown, problems, names) for t in shown.tables],
        "rule_text": rounds.moving_rule(drive),
        "names": names,
        "corrections": ResultChange.objects.filter(
            result__drive=drive, result__round=number
        ).count(),
        "is_organiser": role == ClubRole.ORGANISER,
        "is_team": role is not None,
        "editable": role is not None and drive.status == DriveStatus.RUNNING and not drive.on_paper,
    }
    return render(request, "drives/round.html", context)


def _form(game, shown, data=None):
    stored = shown.stored
    return game.round_form(
        data, deals=shown.deals, tables=[t.number for t in shown.tables], stored=stored
    )


#: A score field's table: ``t12_d3`` (tricks), ``t12_h3``, ``t12_s3``, ``t12_d3_level``…
_TABLE_FIELD = re.compile(r"t(\d+)_(?!v$)")


def _posted_form(game, number, data):
    """The page's form for the tables the post typed something for, and no others.

    The page posts every table's boxes, most of them blank or as saved; a table with no
    box filled is not reported, so the form (its fields, checks and stored results)
    covers only the rest: two queries, however many tables the round has.
    """
    typed = {
        int(found.group(1))
        for name, value in data.items()
        if value.strip() and (found := _TABLE_FIELD.match(name))
    }
    drive = game.drive
    tables = sorted(typed & seating.tables_of_round(drive, number))
    stored = {
        (result.table, result.deal): result
        for result in TableResult.objects.filter(drive=drive, round=number, table__in=tables)
    }
    return game.round_form(data, deals=game.deals(number), tables=tables, stored=stored)


def _with_versions(data, shown, problems):
    data = data.copy()
    for table in shown.tables:
        if table.number not in problems and table.results:
            data[f"t{table.number}_v"] = max(r.version for r in table.results.values())
    return data


def _save_tables(request, drive, number, form) -> dict[int, list[str]]:
    """Save each table on its own: one table's mistake does not lose the others.

    Returns the refused tables with what was wrong with each.
    """
    problems = {table: form.table_errors(table) for table in form.tables_with_errors()}
    for table, errors in problems.items():
        messages.error(
            request,
            _("Table %(table)d not saved: %(errors)s")
            % {"table": table, "errors": "; ".join(errors)},
        )
    saved = 0
    for checked in form.checked_tables():
        try:
            corrected = _store(request, drive, number, checked)
        except DriveError as error:
            # The refusals name the table already.
            problems[checked.table] = [str(error)]
            messages.error(request, str(error))
            continue
        saved += 1
        warning = corrected and rounds.seated_from_old_result(drive, number, checked.table)
        if warning:
            messages.warning(request, warning)
    if saved:
        message = ngettext("Saved %(count)d table.", "Saved %(count)d tables.", saved)
        messages.success(request, message % {"count": saved})
    elif not problems:
        messages.info(request, _("Nothing to save: no table's figures changed."))
    return problems


def _store(request, drive, number, checked) -> bool:
    """Store a table the form checked; its refusal, the game's or the service's, raises."""
    if checked.refused is not None:
        raise checked.refused
    return results.results_record(
        drive=drive,
        round_number=number,
        table=checked.table,
        figures=checked.figures,
        version=checked.version,
        user=request.user,
    )


def _table_rows(game, table, form, shown, problems, names):
    """What the template shows of one table: its number, seats, version field, rows of
    (deal, its fields, stored result, dealer's name, what the game shows of the result), its
    refusal if any, and for a progressive drive the winners and where the movers go once
    the round is complete."""
    drive = game.drive
    version, rows = form.table_fields(table.number)
    winner = None if drive.is_static else table.winner(drive)
    dealers = {deal.number: deal.dealer for deal in shown.deals}
    return {
        "table": table,
        "version": version,
        "rows": [
            (
                row[0],
                row[1:],
                table.results.get(row[0]),
                table.dealer_name(table.results.get(row[0]), dealers[row[0]], names),
                game.shown_result(table.results.get(row[0])),
            )
            for row in rows
        ],
        "problems": problems.get(table.number, []),
        "winner": winner,
        "tie": game.tie(table.results),
        # The usual moves hold only while the table count stays; otherwise the movement
        # re-seats everyone and the next round's page says where each player sits.
        "moves": rounds.moves_from(drive, table.number, len(shown.tables))
        if winner and shown.number < drive.rounds and shown.tables_next_round == len(shown.tables)
        else "",
    }
