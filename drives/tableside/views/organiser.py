"""The organiser's side of table entry: the live dashboard, settling disputes, the next
round, the hall's timer and frozen standings, the table links and their QR codes."""

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from drives import games
from drives.errors import DriveError
from drives.evening import lifecycle, rounds
from drives.models import Drive, DriveStatus, Entry, Seating
from drives.permissions import require_organiser, require_team
from drives.tableside import board, history, services, tokens
from drives.tableside.views.live import polled


def _running_drive(request, pk, *, require=require_organiser) -> Drive:
    """The running drive, for its organisers; ``require_team`` lets its helpers in too."""
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require(request.user, drive.club)
    if drive.status != DriveStatus.RUNNING:
        raise Http404("The drive is not running.")
    return drive


def _tiles_context(request, drive, hall=None):
    tiles = board.board(drive)
    # Helpers watch and settle; the next round, the hall and the links are the organisers'.
    is_organiser = drive.club.is_organiser(request.user)
    return {
        "drive": drive,
        "game": games.of(drive),
        "board": tiles,
        "poll": settings.DASHBOARD_POLL_SECONDS,
        "is_organiser": is_organiser,
        "can_finish": is_organiser
        and tiles.round_number == drive.rounds
        and not tiles.unreported
        and lifecycle.finish_ready(drive),
        # Polled with the tiles: a round opened from the round page starts it there too.
        "timer": board.timer(hall or board.hall_state(drive)),
    }


@login_required
def dashboard(request, pk):
    drive = _running_drive(request, pk, require=require_team)
    hall = board.hall_state(drive)
    context = _tiles_context(request, drive, hall) | {"hall": hall}
    return render(request, "tableside/dashboard.html", context)


@login_required
def dashboard_tiles(request, pk):
    def fragment():
        drive = _running_drive(request, pk, require=require_team)
        return render(request, "tableside/_tiles.html", _tiles_context(request, drive))

    # The fingerprint checks the organiser too: an unchanged poll needs nothing else.
    return polled(request, board.fingerprint(pk, "tiles", organiser=request.user), fragment)


@login_required
@require_POST
def settle(request, pk):
    drive = _running_drive(request, pk, require=require_team)
    try:
        entry = services.dispute_settle(
            drive=drive, entry_pk=_number(request.POST.get("entry")), user=request.user
        )
    except DriveError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Table %(table)d settled with %(side)s's figures.")
            % {"table": entry.table, "side": entry.get_side_display()},
        )
    return redirect("drives:tableside_dashboard", pk=drive.pk)


@login_required
@require_POST
def late(request, pk):
    """Accept or dismiss figures a phone sent from a page out of date."""
    drive = _running_drive(request, pk, require=require_team)
    accept = request.POST.get("accept") == "yes"
    try:
        entry = services.late_settle(
            drive=drive,
            entry_pk=_number(request.POST.get("entry")),
            accept=accept,
            user=request.user,
        )
    except DriveError as error:
        messages.error(request, str(error))
    else:
        words = {"table": entry.table, "round": entry.round}
        if accept:
            message = _(
                "Table %(table)d's result for round %(round)d is now the figures sent late."
            )
        else:
            message = _("The figures table %(table)d sent late for round %(round)d are dismissed.")
        messages.success(request, message % words)
        warning = accept and rounds.seated_from_old_result(drive, entry.round, entry.table)
        if warning:
            messages.warning(request, warning)
    return redirect("drives:tableside_dashboard", pk=drive.pk)


@login_required
@require_POST
def next_round(request, pk):
    """Go on when every table has reported; otherwise say how many have not, and ask."""
    drive = _running_drive(request, pk)
    missing = board.board(drive).unreported
    if missing and request.POST.get("without_missing") != "yes":
        return render(request, "tableside/next_round.html", {"drive": drive, "missing": missing})
    try:
        lifecycle.round_advance(drive=drive, allow_missing=bool(missing))
    except DriveError as error:
        messages.error(request, str(error))
    else:
        drive.refresh_from_db()
        messages.success(request, _("Round %(round)d is open.") % {"round": drive.current_round})
    return redirect("drives:tableside_dashboard", pk=drive.pk)


@login_required
@require_POST
def hall_controls(request, pk):
    drive = _running_drive(request, pk)
    action = request.POST.get("action", "")
    try:
        if action in ("start", "pause", "reset"):
            minutes = request.POST.get("minutes")
            services.timer_set(
                drive=drive, action=action, minutes=int(minutes) if minutes else None
            )
        elif action in ("freeze", "unfreeze"):
            services.standings_freeze(drive=drive, frozen=action == "freeze")
    except DriveError as error:
        messages.error(request, str(error))
    except ValueError:  # minutes that are not a number
        messages.error(request, _("Enter the minutes as a whole number."))
    return redirect("drives:tableside_dashboard", pk=drive.pk)


@login_required
def table_history(request, pk, table):
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_team(request.user, drive.club)
    context = {"drive": drive, "table": table, "events": history.table_history(drive, table)}
    return render(request, "tableside/history.html", context)


@login_required
def links(request, pk):
    drive = _running_drive(request, pk)
    if request.method == "POST":
        table, side = _number(request.POST.get("table")), request.POST.get("side", "")
        try:
            # A side's link is reissued at once; an old link for both sides is only withdrawn.
            link = tokens.link_revoke(drive=drive, table=table, side=side, reissue=bool(side))
        except DriveError as error:
            messages.error(request, str(error))
        else:
            if link:
                messages.success(
                    request,
                    _("Table %(table)d has a new %(side)s link; the old one no longer opens it.")
                    % {"table": table, "side": link.get_side_display()},
                )
            else:
                messages.success(
                    request,
                    _("Table %(table)d's old link for both sides is withdrawn.") % {"table": table},
                )
        return redirect("drives:tableside_links", pk=drive.pk)
    rows = [
        (link, tokens.short_link(link))
        for links in tokens.links_issue(drive=drive)
        for link in (*links.sides, links.both)
        if link is not None
    ]
    return render(request, "tableside/links.html", {"drive": drive, "rows": rows})


@login_required
def qr_sheet(request, pk):
    drive = _running_drive(request, pk)
    cards = _cards(drive)
    tables = len({link.table for link, *_rest in cards})
    message = ngettext(
        "%(count)d table, a link for each side, to print and cut out.",
        "%(count)d tables, a link for each side, to print and cut out.",
        tables,
    ) % {"count": tables}
    return render(
        request, "tableside/qr_sheet.html", {"drive": drive, "cards": cards, "message": message}
    )


def _number(text) -> int:
    """A posted id or table number; 0 (matching nothing) when it is not a number."""
    return int(text) if text and text.isdigit() else 0


def _cards(drive):
    """(link, short address, QR code as inline SVG, the players the movement keeps on
    that side all evening) for each side of every table of the round."""
    seats: dict[tuple[int, int], dict[str, Entry]] = {}
    for seated in Seating.objects.filter(drive=drive).select_related("entry__player"):
        seats.setdefault((seated.round, seated.table), {})[seated.seat] = seated.entry
    cards = []
    for link in tokens.side_links(drive=drive):
        address = tokens.short_link(link)
        svg = segno.make(address, error="m").svg_inline(scale=4, border=2, omitsize=True)
        kept = tokens.kept_players(seats, link.table, link.side, drive.rounds)
        cards.append((link, address, mark_safe(svg), [entry.player.name for entry in kept]))
    return cards
