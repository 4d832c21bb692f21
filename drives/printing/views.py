"""The printed sheets of a drive and a season, as PDF downloads.

Who may download what: a drive's scorecards, table cards and results are public
read-only, like its pages (before play they show only the seating, which the
players see at the tables anyway; the results sheet waits for the drive to
start, like the standings page). The blank pack is organiser material for a
club that runs the evening on paper, and the table cards with QR codes carry each
table's secret link: organisers of the drive's club only. The league table is
public, like the season page.

A drive's sheet is served from its stored file when the data has not changed since
it was rendered. Otherwise a sheet of a few pages renders in the request; a larger one
is queued for the worker (or joins the render already under way) and the visitor
waits on a page that shows its progress. Anonymous visitors may start only a few
renders an address in a while (``PRINT_RATE_LIMIT``); joining one is free.
"""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.views.decorators.http import require_POST, require_safe

from drives import limits
from drives.filenames import drive_download_name, season_download_name
from drives.models import Drive, DriveStatus, PrintedSheet, Season, SheetKind, SheetStatus
from drives.permissions import require_organiser, require_visible
from drives.printing import jobs, progress, result_sheets, sheets
from drives.printing import render as pdf
from drives.tableside import tokens
from scoring.errors import LeagueError

#: Sheets for the organisers of the drive's club only, their progress pages too.
ORGANISER_SHEETS = (SheetKind.BLANK_PACK, SheetKind.TABLE_CARDS_QR)


def _drive(request, pk) -> Drive:
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require_visible(request.user, drive)
    return drive


@require_safe
def scorecards_pdf(request, pk):
    return _drive_sheet(request, _drive(request, pk), SheetKind.SCORECARDS)


@require_safe
def table_cards_pdf(request, pk):
    return _drive_sheet(request, _drive(request, pk), SheetKind.TABLE_CARDS)


@require_safe
def results_pdf(request, pk):
    drive = _drive(request, pk)
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    return _drive_sheet(request, drive, SheetKind.RESULTS)


@login_required
@require_safe
def blank_pack_pdf(request, pk):
    drive = _drive(request, pk)
    require_organiser(request.user, drive.club)
    return _drive_sheet(request, drive, SheetKind.BLANK_PACK)


@login_required
@require_safe
def table_cards_qr_pdf(request, pk):
    """The table cards with each table's link and QR code; issuing the links a table of
    the current round lacks, as the organiser's QR page does."""
    drive = _drive(request, pk)
    require_organiser(request.user, drive.club)
    if drive.status != DriveStatus.RUNNING:
        raise Http404("Table links exist only while the drive is running.")
    tokens.links_issue(drive=drive)
    # The site's address is part of the sheet's fingerprint: when SITE_URL changes, the
    # cards print afresh with the new links.
    return _drive_sheet(request, drive, SheetKind.TABLE_CARDS_QR, site=settings.SITE_URL)


def _drive_sheet(request, drive: Drive, kind: SheetKind, site: str = ""):
    wanted = jobs.SheetRequest(
        drive, kind, sheets.Layout.from_query(request.GET), translation.get_language(), site
    )
    sheet, data = jobs.find(wanted)
    if sheet is not None and sheet.status == SheetStatus.READY and not sheet.file_exists:
        jobs.delete_sheets([sheet])  # its file was lost (a new disk): render it again
        sheet = None
    if sheet is None:
        inline = jobs.small(wanted, data)
        if not inline and not _may_start_render(request):
            return render(request, "drives/sheet_busy.html", {"drive": drive}, status=429)
        sheet, _ = jobs.sheet_start(request=wanted, data=data, inline=inline)
    if sheet.status == SheetStatus.READY:
        return _file_response(sheet)
    return redirect("drives:sheet", drive.pk, sheet.pk)


def _file_response(sheet: PrintedSheet) -> FileResponse:
    return FileResponse(
        sheet.file.open("rb"),
        as_attachment=True,
        filename=drive_download_name(sheet.drive, sheet.kind, extension="pdf"),
        content_type="application/pdf",
    )


def _may_start_render(request) -> bool:
    """Organisers always; anonymous visitors ``PRINT_RATE_LIMIT`` times a window an address,
    and none while the count cannot be kept (a render costs seconds of every core)."""
    if request.user.is_authenticated:
        return True
    return limits.allow(
        request,
        "print-starts",
        settings.PRINT_RATE_LIMIT,
        settings.PRINT_RATE_WINDOW,
        when_unknown=False,
    )


def _sheet(request, pk, sheet_pk) -> PrintedSheet:
    sheet = get_object_or_404(
        PrintedSheet.objects.select_related("drive__club"), pk=sheet_pk, drive_id=pk
    )
    if sheet.kind in ORGANISER_SHEETS and not sheet.drive.club.is_organiser(request.user):
        raise Http404("Organiser material.")
    require_visible(request.user, sheet.drive)
    return sheet


@require_safe
def sheet_page(request, pk, sheet_pk):
    """A sheet being rendered: its progress, then its download; updates itself."""
    sheet = _sheet(request, pk, sheet_pk)
    context = {"drive": sheet.drive, "sheet": sheet, "progress": progress.of(sheet)}
    return render(request, "drives/sheet.html", context)


@require_safe
def sheet_status(request, pk, sheet_pk):
    """The progress part of the page, fetched again every few seconds by sheet-progress.js."""
    sheet = _sheet(request, pk, sheet_pk)
    context = {"drive": sheet.drive, "sheet": sheet, "progress": progress.of(sheet)}
    return render(request, "drives/_sheet_progress.html", context)


@require_safe
def sheet_download(request, pk, sheet_pk):
    """The file a visitor waited for, even if the data has changed since."""
    sheet = _sheet(request, pk, sheet_pk)
    if sheet.status != SheetStatus.READY or not sheet.file_exists:
        return redirect("drives:sheet", pk, sheet.pk)
    return _file_response(sheet)


@require_POST
def sheet_retry(request, pk, sheet_pk):
    sheet = _sheet(request, pk, sheet_pk)
    if sheet.status == SheetStatus.FAILED:
        if not _may_start_render(request):
            return render(request, "drives/sheet_busy.html", {"drive": sheet.drive}, status=429)
        jobs.sheet_retry(sheet=sheet)
    return redirect("drives:sheet", pk, sheet.pk)


@require_safe
def league_pdf(request, pk):
    """The season's league; ``?role=lady|gent`` for one role's table, as on the season page."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    try:
        sheet = result_sheets.league_sheet(season, role=request.GET.get("role"))
    except LeagueError as error:
        raise Http404(str(error)) from error  # the season page explains the incomplete rule
    content = pdf.league(sheet, sheets.Layout.from_query(request.GET))
    return pdf.pdf_response(content, season_download_name(season, "league", extension="pdf"))
