"""Standings, prizes and the two CSV downloads of a drive."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe

from drives import games
from drives.conditional import cached_fragment, conditional_page
from drives.downloads import SpreadsheetWriter, csv_download
from drives.filenames import drive_download_name
from drives.models import Drive, DriveStatus
from drives.names import PublicNames
from drives.permissions import require_visible
from drives.reports.freshness import drive_stamp
from drives.reports.lines import STANDINGS_COLUMNS, standing_lines
from drives.reports.report import drive_report, first_totals
from scoring.cards import SEATS


def _drive(request, pk) -> Drive:
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require_visible(request.user, drive)
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    return drive


@conditional_page(drive_stamp)
def standings(request, pk):
    drive = _drive(request, pk)
    if drive.standings_hidden_from(request.user):
        # The players see where the standings would be, and why they are not.
        return render(request, "drives/standings.html", {"drive": drive, "hidden": True})
    own = games.named(drive.game).own_standings
    if own is not None:
        return redirect(own, drive.pk)

    def body():
        names = PublicNames.for_drive(drive, request.user)
        context = {"drive": drive, "report": drive_report(drive), "names": names}
        return render_to_string("drives/_standings_body.html", context, request)

    # Computing and drawing the standings is the page's whole cost: readers share it.
    context = {"drive": drive, "body": cached_fragment(request, "standings", body)}
    context["hidden_from_players"] = drive.standings_hidden
    return render(request, "drives/standings.html", context)


def _csv_response(drive: Drive, name: str) -> tuple[HttpResponse, SpreadsheetWriter]:
    return csv_download(drive_download_name(drive, name, extension="csv"))


@require_safe
def standings_csv(request, pk):
    drive = _drive(request, pk)
    if drive.standings_hidden_from(request.user):
        return redirect("drives:standings", drive.pk)
    own = games.named(drive.game).own_standings
    if own is not None:
        return redirect(own, drive.pk)
    report = drive_report(drive)
    response, writer = _csv_response(report.drive, "standings")
    writer.writerow(STANDINGS_COLUMNS)
    for line in standing_lines(report.overall, PublicNames.for_drive(report.drive, request.user)):
        writer.writerow(line.csv_cells())
    return response


@require_safe
def results_csv(request, pk):
    drive = _drive(request, pk)
    if drive.standings_hidden_from(request.user):
        return redirect("drives:standings", drive.pk)
    if drive.on_paper:
        return _card_totals_csv(request, drive)
    report = drive_report(drive)
    names = PublicNames.for_drive(drive, request.user)
    response, writer = _csv_response(report.drive, "results")
    game = games.of(drive)
    writer.writerow(game.csv_header)
    for result in report.results:
        seated = [
            names.entry(result.players[seat]) if seat in result.players else "" for seat in SEATS
        ]
        writer.writerow(game.csv_row(result, seated))
    return response


def _card_totals_csv(request, drive: Drive) -> HttpResponse:
    """A paper drive has no tricks by table and deal: its results are the cards' totals."""
    names = PublicNames.for_drive(drive, request.user)
    response, writer = _csv_response(drive, "results")
    writer.writerow(["card", "name", "half-time", "total", "deals with 10+ tricks"])
    for card in first_totals(drive):
        writer.writerow(
            [
                card.entry.card_number,
                names.entry(card.entry),
                card.half_time,
                card.total,
                card.ten_trick_deals,
            ]
        )
    return response
