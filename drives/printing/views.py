"""The printed sheets of a drive and a season, as PDF downloads.

Who may download what: a drive's scorecards, table cards and results are public
read-only, like its pages (before play they show only the seating, which the
players see at the tables anyway; the results sheet waits for the drive to
start, like the standings page). The blank pack is organiser material for a
club that runs the evening on paper: organisers of the drive's club only. The
league table is public, like the season page.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404

from drives.filenames import drive_download_name, season_download_name
from drives.models import Drive, DriveStatus, Season
from drives.permissions import require_organiser
from drives.printing import render, result_sheets, sheets
from scoring.errors import LeagueError


def _drive(pk) -> Drive:
    return get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)


def scorecards_pdf(request, pk):
    drive = _drive(pk)
    layout = sheets.Layout.from_query(request.GET)
    content = render.scorecards(sheets.load(drive), layout)
    return render.pdf_response(content, drive_download_name(drive, "scorecards", extension="pdf"))


def table_cards_pdf(request, pk):
    drive = _drive(pk)
    layout = sheets.Layout.from_query(request.GET)
    content = render.table_cards(sheets.load(drive), layout)
    return render.pdf_response(content, drive_download_name(drive, "table-cards", extension="pdf"))


def results_pdf(request, pk):
    drive = _drive(pk)
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    layout = sheets.Layout.from_query(request.GET)
    content = render.results(sheets.load(drive), layout)
    return render.pdf_response(content, drive_download_name(drive, "results", extension="pdf"))


@login_required
def blank_pack_pdf(request, pk):
    drive = _drive(pk)
    require_organiser(request.user, drive.club)
    layout = sheets.Layout.from_query(request.GET)
    content = render.blank_pack(sheets.load(drive), layout)
    return render.pdf_response(content, drive_download_name(drive, "blank-pack", extension="pdf"))


def league_pdf(request, pk):
    """The season's league; ``?role=lady|gent`` for one role's table, as on the season page."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    try:
        sheet = result_sheets.league_sheet(season, role=request.GET.get("role"))
    except LeagueError as error:
        raise Http404(str(error)) from error  # the season page explains the incomplete rule
    content = render.league(sheet, sheets.Layout.from_query(request.GET))
    return render.pdf_response(content, season_download_name(season, "league", extension="pdf"))
