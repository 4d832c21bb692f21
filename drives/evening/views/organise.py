"""The organiser's evening: set up, check in, start, late arrivals, finish."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drives.errors import ChangedElsewhere, refusal_text
from drives.evening import seating, services
from drives.evening.forms import (
    CancelForm,
    CheckInForm,
    DriveForm,
    LateArrivalForm,
    WalkInForm,
    new_drive_initial,
)
from drives.evening.views.drive_page import render_drive_page
from drives.models import Club, Drive, DriveStatus, Entry
from drives.permissions import require_organiser, require_team
from drives.versions import record_version, saved_now
from scoring.errors import ScoringError

REFUSALS = (services.DriveError, ScoringError)


def _organised_drive(request, pk, *, require=require_organiser) -> Drive:
    """The drive, for its organisers; ``require_team`` lets its helpers in too."""
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require(request.user, drive.club)
    return drive


def _attempt(request, action, **kwargs) -> bool:
    """Run a service; a refusal becomes an error message and changes nothing."""
    try:
        action(**kwargs)
    except REFUSALS as error:
        messages.error(request, refusal_text(error))
        return False
    return True


@login_required
def drive_new(request, slug):
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    like = None
    if request.GET.get("like", "").isdigit():
        like = get_object_or_404(club.drives, pk=request.GET["like"])
    form = DriveForm(request.POST or None, club=club, initial=new_drive_initial(club, like=like))
    if request.method == "POST" and form.is_valid():
        drive = form.save(commit=False)
        drive.club = club
        if _attempt(request, services.drive_create, drive=drive, players_from=like):
            if like is not None:
                messages.success(
                    request,
                    _("Drive created with %(drive)s's players checked in: untick who is away.")
                    % {"drive": like.title},
                )
            else:
                messages.success(request, _("Drive created. Now check the players in."))
            return redirect(drive)
    context = {"form": form, "club": club, "like": like}
    return render(request, "drives/drive_form.html", context)


@login_required
def drive_edit(request, pk):
    drive = _organised_drive(request, pk)
    if drive.status != DriveStatus.PLANNED:
        messages.error(request, _("The drive has started: its set-up can no longer change."))
        return redirect(drive)
    form = DriveForm(request.POST or None, instance=drive, club=drive.club)
    fields = list(DriveForm.Meta.fields)
    context = {"form": form, "club": drive.club, "version": record_version(drive, fields)}
    status = 200
    if request.method == "POST" and form.is_valid():
        version = request.POST.get("version", "")
        try:
            services.drive_setup_save(drive=form.instance, fields=fields, version=version)
        except ChangedElsewhere as error:
            # What was typed stays in the form, beside what the other change saved.
            stored = Drive.objects.get(pk=drive.pk)
            messages.error(request, str(error))
            context |= {
                "version": record_version(stored, fields),
                "saved_now": saved_now(form, stored),
            }
            status = 409
        except REFUSALS as error:
            messages.error(request, refusal_text(error))
            return redirect(drive)
        else:
            messages.success(request, _("Drive saved."))
            return redirect(drive)
    return render(request, "drives/drive_form.html", context, status=status)


@login_required
def drive_delete(request, pk):
    drive = _organised_drive(request, pk)
    if request.method == "POST":
        club = drive.club
        if _attempt(request, services.drive_delete, drive=drive):
            messages.success(request, _("%(title)s deleted.") % {"title": drive.title})
            return redirect(club)
        return redirect(drive)
    return render(request, "drives/confirm_delete.html", {"drive": drive})


@login_required
@require_POST
def check_in(request, pk):
    drive = _organised_drive(request, pk, require=require_team)
    form = CheckInForm(request.POST, players=drive.club.players.all(), entries=drive.entries.all())
    if not form.is_valid():
        messages.error(request, _("The check-in list was not understood; nothing changed."))
        return redirect(drive)
    try:
        services.drive_check_in(
            drive=drive, roles=form.present_roles(), version=form.cleaned_data["version"]
        )
    except ChangedElsewhere as error:
        # The ticks stay as typed, beside who is checked in now; saving again keeps them.
        messages.error(request, str(error))
        return render_drive_page(request, drive, check_in=form, status=409)
    except REFUSALS as error:
        messages.error(request, refusal_text(error))
        return redirect(drive)
    count = drive.entries.count()
    messages.success(request, _("%(count)d players checked in.") % {"count": count})
    return redirect(drive)


@login_required
@require_POST
def walk_in(request, pk):
    drive = _organised_drive(request, pk)
    form = WalkInForm(request.POST, club=drive.club)
    if not form.is_valid():
        # Shown again as typed, with the member of that name offered instead.
        return render_drive_page(request, drive, walk_in=form, status=400)
    data = {"name": form.cleaned_data["name"], "role": form.cleaned_data["role"]}
    if _attempt(request, services.player_walk_in, drive=drive, **data):
        messages.success(request, _("%(name)s added and checked in.") % data)
    return redirect(drive)


@login_required
@require_POST
def late_arrival(request, pk):
    drive = _organised_drive(request, pk, require=require_team)
    form = LateArrivalForm(request.POST, drive=drive)
    if not form.is_valid():
        messages.error(
            request, _("Choose an active player who has not checked in, or one who withdrew.")
        )
        return redirect(drive)
    came_back = drive.entries.filter(player=form.cleaned_data["player"]).exists()
    if _attempt(request, services.entry_check_in, drive=drive, **form.cleaned_data):
        name = form.cleaned_data["player"].name
        entry = drive.entries.get(player=form.cleaned_data["player"])
        pair = seating.partnership(drive, entry)
        if came_back:
            messages.success(request, _readmitted_text(drive, entry, pair))
        elif drive.status == DriveStatus.PLANNED:
            messages.success(request, _("%(name)s checked in.") % {"name": name})
        elif entry.joined_round == seating.never(drive):
            messages.success(
                request,
                _(
                    "%(name)s is checked in and waits for a partner: fixed partners join as "
                    "a pair, so the next player to arrive plays with them."
                )
                % {"name": name},
            )
        elif len(pair) == 2:
            messages.success(
                request,
                _("%(partner)s and %(name)s join as a pair from round %(round)d.")
                % {
                    "partner": pair[1].player.name,
                    "name": name,
                    "round": drive.current_round + 1,
                },
            )
        else:
            messages.success(
                request,
                _("%(name)s joins from round %(round)d.")
                % {"name": name, "round": drive.current_round + 1},
            )
    return redirect(drive)


def _readmitted_text(drive: Drive, entry: Entry, pair: list[Entry]) -> str:
    names = {"name": entry.player.name, "round": drive.current_round + 1}
    if entry.returned_round is None:
        return _("%(name)s's withdrawal is undone: they play on.") % names
    if len(pair) == 2:
        return _(
            "%(name)s and %(partner)s are back as a pair from round %(round)d; the rounds "
            "they missed count like a late arrival's."
        ) % (names | {"partner": pair[1].player.name})
    return (
        _(
            "%(name)s is back from round %(round)d; the rounds they missed count like a late "
            "arrival's."
        )
        % names
    )


@login_required
def withdraw(request, pk, entry_pk):
    drive = _organised_drive(request, pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, drive=drive)
    if request.method == "POST":
        pair = seating.partnership(drive, entry)
        waiting = entry.joined_round == seating.never(drive)
        readmitted = entry.returned_round is not None
        if not _attempt(request, services.entry_withdraw, drive=drive, entry=entry):
            return redirect(drive)
        if readmitted:
            messages.success(
                request,
                _("%(name)s's return is undone: they stay withdrawn.")
                % {"name": entry.player.name},
            )
        elif waiting:
            messages.success(
                request,
                _("%(name)s no longer waits for a partner.") % {"name": entry.player.name},
            )
        elif len(pair) == 2 and drive.status == DriveStatus.RUNNING:
            messages.success(
                request,
                _(
                    "%(name)s and %(partner)s withdrawn: fixed partners leave as a pair. "
                    "Until round %(round)d opens, “Undo” takes it back."
                )
                % {
                    "name": entry.player.name,
                    "partner": pair[1].player.name,
                    "round": drive.current_round + 1,
                },
            )
        else:
            messages.success(
                request,
                _("%(name)s withdrawn. Until round %(round)d opens, “Undo” takes it back.")
                % {"name": entry.player.name, "round": drive.current_round + 1},
            )
        return redirect(drive)
    pair = seating.partnership(drive, entry)
    partner = pair[1] if len(pair) == 2 else None
    return render(
        request,
        "drives/confirm_withdraw.html",
        {"drive": drive, "entry": entry, "partner": partner},
    )


@login_required
@require_POST
def withdraw_undo(request, pk, entry_pk):
    drive = _organised_drive(request, pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, drive=drive)
    if _attempt(request, services.entry_withdraw_undo, drive=drive, entry=entry):
        messages.success(request, _("%(name)s plays on.") % {"name": entry.player.name})
    return redirect(drive)


@login_required
def start(request, pk):
    drive = _organised_drive(request, pk)
    if request.method == "POST":
        if _attempt(request, services.drive_start, drive=drive):
            messages.success(request, _("The drive has started: round 1 is seated."))
            return redirect("drives:round", pk=drive.pk, number=1)
        return redirect(drive)
    if drive.status != DriveStatus.PLANNED:
        return redirect(drive)
    entries = list(drive.entries.select_related("player").order_by("player__name"))
    context = {
        "drive": drive,
        "entries": entries,
        "plan": seating.table_plan(drive.movement, len(entries)),
    }
    return render(request, "drives/confirm_start.html", context)


@login_required
@require_POST
def advance(request, pk):
    drive = _organised_drive(request, pk)
    if _attempt(request, services.round_advance, drive=drive):
        drive.refresh_from_db()
        messages.success(request, _("Round %(round)d is open.") % {"round": drive.current_round})
    return redirect("drives:round", pk=drive.pk, number=drive.current_round)


@login_required
@require_POST
def finish(request, pk):
    drive = _organised_drive(request, pk)
    if _attempt(request, services.drive_finish, drive=drive):
        messages.success(request, _("The drive is finished and its scores are locked."))
        return redirect("drives:standings", pk=drive.pk)
    return redirect("drives:round", pk=drive.pk, number=drive.current_round)


@login_required
@require_POST
def reopen(request, pk):
    drive = _organised_drive(request, pk)
    if _attempt(request, services.drive_reopen, drive=drive):
        messages.success(request, _("The drive is reopened: scores can be corrected."))
    return redirect(drive)


@login_required
@require_POST
def cancel(request, pk):
    drive = _organised_drive(request, pk)
    form = CancelForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why in at most 200 characters; nothing changed."))
    elif _attempt(
        request, services.drive_cancel, drive=drive, user=request.user, **form.cleaned_data
    ):
        messages.success(
            request,
            _(
                "The drive is cancelled: it is kept, but counts in no standings or league "
                "and is listed only for organisers. Restore it to undo."
            ),
        )
    return redirect(drive)


@login_required
@require_POST
def restore(request, pk):
    drive = _organised_drive(request, pk)
    if _attempt(request, services.drive_restore, drive=drive, user=request.user):
        drive.refresh_from_db()
        messages.success(
            request,
            _("The drive is restored: it is %(status)s again.")
            % {"status": drive.get_status_display().lower()},
        )
    return redirect(drive)
