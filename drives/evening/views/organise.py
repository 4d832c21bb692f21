"""The organiser's evening: set up, check in, start, late arrivals, finish."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drives.errors import ChangedElsewhere, DriveError
from drives.evening import entries, lifecycle, seating
from drives.evening.entries import CheckIn, Joining, Leaving, Withdrawal
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


def organised_drive(request, pk, *, require=require_organiser) -> Drive:
    """The drive, for its organisers; ``require_team`` lets its helpers in too."""
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require(request.user, drive.club)
    return drive


def _attempt(request, action, **kwargs) -> bool:
    """Run a service; a refusal becomes an error message and changes nothing."""
    return _done(request, action, **kwargs) is not REFUSED


REFUSED = object()


def _done(request, action, **kwargs):
    """What a service did, for the page to word; ``REFUSED`` once its refusal is a message."""
    try:
        return action(**kwargs)
    except DriveError as error:
        messages.error(request, str(error))
        return REFUSED


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
        if _attempt(request, lifecycle.drive_create, drive=drive, players_from=like):
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
    drive = organised_drive(request, pk)
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
            lifecycle.drive_setup_save(drive=form.instance, fields=fields, version=version)
        except ChangedElsewhere as error:
            # What was typed stays in the form, beside what the other change saved.
            stored = Drive.objects.get(pk=drive.pk)
            messages.error(request, str(error))
            context |= {
                "version": record_version(stored, fields),
                "saved_now": saved_now(form, stored),
            }
            status = 409
        except DriveError as error:
            messages.error(request, str(error))
            return redirect(drive)
        else:
            messages.success(request, _("Drive saved."))
            return redirect(drive)
    return render(request, "drives/drive_form.html", context, status=status)


@login_required
def drive_delete(request, pk):
    drive = organised_drive(request, pk)
    if request.method == "POST":
        club = drive.club
        if _attempt(request, lifecycle.drive_delete, drive=drive):
            messages.success(request, _("%(title)s deleted.") % {"title": drive.title})
            return redirect(club)
        return redirect(drive)
    return render(request, "drives/confirm_delete.html", {"drive": drive})


@login_required
@require_POST
def check_in(request, pk):
    drive = organised_drive(request, pk, require=require_team)
    form = CheckInForm(request.POST, players=drive.club.players.all(), entries=drive.entries.all())
    if not form.is_valid():
        messages.error(request, _("The check-in list was not understood; nothing changed."))
        return redirect(drive)
    try:
        count = entries.drive_check_in(
            drive=drive, roles=form.present_roles(), version=form.cleaned_data["version"]
        )
    except ChangedElsewhere as error:
        # The ticks stay as typed, beside who is checked in now; saving again keeps them.
        messages.error(request, str(error))
        return render_drive_page(request, drive, check_in=form, status=409)
    except DriveError as error:
        messages.error(request, str(error))
        return redirect(drive)
    messages.success(request, _("%(count)d players checked in.") % {"count": count})
    return redirect(drive)


@login_required
@require_POST
def walk_in(request, pk):
    drive = organised_drive(request, pk)
    form = WalkInForm(request.POST, club=drive.club)
    if not form.is_valid():
        # Shown again as typed, with the member of that name offered instead.
        return render_drive_page(request, drive, walk_in=form, status=400)
    data = {"name": form.cleaned_data["name"], "role": form.cleaned_data["role"]}
    if _attempt(request, entries.player_walk_in, drive=drive, **data):
        messages.success(request, _("%(name)s added and checked in.") % data)
    return redirect(drive)


@login_required
@require_POST
def late_arrival(request, pk):
    drive = organised_drive(request, pk, require=require_team)
    form = LateArrivalForm(request.POST, drive=drive)
    if not form.is_valid():
        messages.error(
            request, _("Choose an active player who has not checked in, or one who withdrew.")
        )
        return redirect(drive)
    check_in = _done(request, entries.entry_check_in, drive=drive, **form.cleaned_data)
    if check_in is not REFUSED:
        messages.success(request, _arrival_text(check_in))
        if check_in.entry.stays:
            messages.success(
                request,
                _("%(name)s stays at one table, in one seat, all evening.")
                % {"name": check_in.entry.player.name},
            )
    return redirect(drive)


def _arrival_text(check_in: CheckIn) -> str:
    words = {"name": check_in.entry.player.name, "round": check_in.from_round}
    if check_in.partner is not None:
        words["partner"] = check_in.partner.player.name
    match check_in.how:
        case Joining.CHECKED_IN:
            return _("%(name)s checked in.") % words
        case Joining.WAITS:
            return (
                _(
                    "%(name)s is checked in and waits for a partner: fixed partners join as "
                    "a pair, so the next player to arrive plays with them."
                )
                % words
            )
        case Joining.JOINS if check_in.partner is not None:
            return _("%(partner)s and %(name)s join as a pair from round %(round)d.") % words
        case Joining.JOINS:
            return _("%(name)s joins from round %(round)d.") % words
        case Joining.PLAYS_ON:
            return _("%(name)s's withdrawal is undone: they play on.") % words
        case _ if check_in.partner is not None:
            return (
                _(
                    "%(name)s and %(partner)s are back as a pair from round %(round)d; the rounds "
                    "they missed count like a late arrival's."
                )
                % words
            )
    return (
        _(
            "%(name)s is back from round %(round)d; the rounds they missed count like a late "
            "arrival's."
        )
        % words
    )


@login_required
def withdraw(request, pk, entry_pk):
    drive = organised_drive(request, pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, drive=drive)
    if request.method == "POST":
        withdrawal = _done(request, entries.entry_withdraw, drive=drive, entry=entry)
        if withdrawal is not REFUSED:
            messages.success(request, _withdrawal_text(withdrawal))
        return redirect(drive)
    pair = seating.partnership(drive, entry)
    partner = pair[1] if len(pair) == 2 else None
    return render(
        request,
        "drives/confirm_withdraw.html",
        {"drive": drive, "entry": entry, "partner": partner},
    )


def _withdrawal_text(withdrawal: Withdrawal) -> str:
    words = {"name": withdrawal.entry.player.name, "round": withdrawal.undo_until}
    if withdrawal.how == Leaving.RETURN_UNDONE:
        return _("%(name)s's return is undone: they stay withdrawn.") % words
    if withdrawal.how == Leaving.NO_LONGER_WAITING:
        return _("%(name)s no longer waits for a partner.") % words
    if withdrawal.partner is not None:
        return _(
            "%(name)s and %(partner)s withdrawn: fixed partners leave as a pair. "
            "Until round %(round)d opens, “Undo” takes it back."
        ) % (words | {"partner": withdrawal.partner.player.name})
    return _("%(name)s withdrawn. Until round %(round)d opens, “Undo” takes it back.") % words


@login_required
@require_POST
def withdraw_undo(request, pk, entry_pk):
    drive = organised_drive(request, pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, drive=drive)
    if _attempt(request, entries.entry_withdraw_undo, drive=drive, entry=entry):
        messages.success(request, _("%(name)s plays on.") % {"name": entry.player.name})
    return redirect(drive)


@login_required
def start(request, pk):
    drive = organised_drive(request, pk)
    if request.method == "POST":
        if _attempt(request, lifecycle.drive_start, drive=drive):
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
    drive = organised_drive(request, pk)
    number = _done(request, lifecycle.round_advance, drive=drive)
    if number is REFUSED:
        return redirect("drives:round", pk=drive.pk, number=drive.current_round)
    messages.success(request, _("Round %(round)d is open.") % {"round": number})
    return redirect("drives:round", pk=drive.pk, number=number)


@login_required
def finish(request, pk):
    """Asks first, saying what finishing does; the round page's button finishes at once."""
    drive = organised_drive(request, pk)
    if request.method == "POST":
        if _attempt(request, lifecycle.drive_finish, drive=drive):
            messages.success(request, _("The drive is finished and its scores are locked."))
            return redirect("drives:standings", pk=drive.pk)
        return redirect("drives:round", pk=drive.pk, number=drive.current_round)
    if drive.status != DriveStatus.RUNNING or drive.on_paper:
        return redirect(drive)
    context = {"drive": drive, "ready": lifecycle.finish_ready(drive)}
    return render(request, "drives/confirm_finish.html", context)


@login_required
@require_POST
def standings_show(request, pk):
    drive = organised_drive(request, pk)
    shown = _done(request, lifecycle.standings_show, drive=drive)
    if shown is True:
        messages.success(request, _("The players see the standings now."))
    elif shown is False:
        messages.info(request, _("The players already saw the standings."))
    return redirect("drives:standings", pk=drive.pk)


@login_required
@require_POST
def reopen(request, pk):
    drive = organised_drive(request, pk)
    if _attempt(request, lifecycle.drive_reopen, drive=drive):
        messages.success(request, _("The drive is reopened: scores can be corrected."))
    return redirect(drive)


@login_required
@require_POST
def cancel(request, pk):
    drive = organised_drive(request, pk)
    form = CancelForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why in at most 200 characters; nothing changed."))
    elif _attempt(
        request, lifecycle.drive_cancel, drive=drive, user=request.user, **form.cleaned_data
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
    drive = organised_drive(request, pk)
    status = _done(request, lifecycle.drive_restore, drive=drive, user=request.user)
    if status is not REFUSED:
        messages.success(
            request,
            _("The drive is restored: it is %(status)s again.")
            % {"status": DriveStatus(status).label.lower()},
        )
    return redirect(drive)
