"""The money page (fees, takings and costs, prize money, the consolation draw, history)
and the season's accounts CSV. Helpers tick who has paid, as they check players in;
organisers set the fees and prizes, add takings and costs and draw the consolation prize."""

from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import models
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from drives.downloads import csv_download
from drives.errors import ChangedElsewhere, DriveError, labelled
from drives.evening.views.organise import organised_drive as _drive
from drives.filenames import season_download_name
from drives.models import (
    Drive,
    DriveMoney,
    Entry,
    FeeKind,
    LineKind,
    MoneyAction,
    MoneyChange,
    Season,
)
from drives.money import services
from drives.money.accounts import drive_accounts, season_accounts
from drives.money.forms import FeeForm, LineForm, MoneySetupForm
from drives.names import PublicNames
from drives.numbers import money as money_text
from drives.permissions import require_organiser, require_team
from scoring.money import CURRENCIES


def history_words(change: MoneyChange, drive: Drive) -> str:
    """One change of the drive's money in the reader's words."""
    detail, currency = change.detail, drive.club.currency
    words: dict[str, object] = {
        key: value for key, value in detail.items() if isinstance(value, str | int)
    }
    match change.action:
        case MoneyAction.FEE:
            kind, paid = detail["after"]
            words["kind"] = FeeKind(kind).label
            if paid:
                return _("%(name)s (card %(card)d) paid, as %(kind)s.") % words
            return _("%(name)s (card %(card)d): %(kind)s, not paid.") % words
        case MoneyAction.LINE_ADDED | MoneyAction.LINE_REMOVED:
            words["amount"] = money_text(Decimal(detail["amount"]), currency)
            if change.action == MoneyAction.LINE_ADDED:
                return _("Added: %(label)s, %(amount)s.") % words
            return _("Taken off: %(label)s, %(amount)s.") % words
        case MoneyAction.DRAWN:
            words["cards"] = ", ".join(str(card) for card in detail["candidates"])
            return _("Consolation prize drawn with seed %(seed)s among cards %(cards)s.") % words
    fields = "; ".join(
        _setup_change(name, detail["before"][name], detail["after"][name])
        for name in detail.get("after", {})
    )
    return _("Fees and prizes changed. %(fields)s.") % {"fields": capfirst(fields)}


def _setup_change(name: str, before: str, after: str) -> str:
    """ "booby prize: 0 → 1", a choice by its label."""
    field = DriveMoney._meta.get_field(name)
    assert isinstance(field, models.Field)  # a column of the row, never a relation
    labels = {str(value): str(label) for value, label in getattr(field, "choices", None) or ()}
    before, after = labels.get(before, before) or "—", labels.get(after, after) or "—"
    return labelled(field.verbose_name, f"{before} → {after}")


def _by(request) -> str:
    return request.user.get_username()


def _page(request, drive, *, setup=None, line=None, status=200):
    accounts = drive_accounts(drive)
    is_organiser = drive.club.is_organiser(request.user)
    context = {
        "drive": drive,
        "club": drive.club,
        "accounts": accounts,
        "currency": drive.club.currency,
        "is_organiser": is_organiser,
        "fee_kinds": FeeKind.choices,
        "names": PublicNames(),  # the organisers' page: full names
        "history": [(change, history_words(change, drive)) for change in accounts.history],
    }
    if is_organiser:
        version = services.setup_version(accounts.money)
        context["setup"] = setup or MoneySetupForm(
            instance=accounts.money, initial={"version": version}
        )
        context["line"] = line or LineForm()
    return render(request, "money/money.html", context, status=status)


@login_required
@require_safe
def money_page(request, pk):
    return _page(request, _drive(request, pk, require=require_team))


@login_required
@require_POST
def money_setup(request, pk):
    drive = _drive(request, pk)
    form = MoneySetupForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Some amounts were not understood; nothing changed."))
        return _page(request, drive, setup=form, status=400)
    values = {name: form.cleaned_data[name] for name in services.SETUP_FIELDS}
    try:
        changed = services.money_setup_save(
            drive=drive, values=values, version=form.cleaned_data["version"], by=_by(request)
        )
    except ChangedElsewhere as error:
        messages.error(request, str(error))
        return _page(request, drive, status=409)
    except DriveError as error:
        messages.error(request, str(error))
        return redirect("drives:money", drive.pk)
    if changed:
        messages.success(request, _("Fees and prizes saved."))
    else:
        messages.info(request, _("Nothing had changed: nothing was saved."))
    return redirect("drives:money", drive.pk)


@login_required
@require_POST
def fee_save(request, pk, entry_pk):
    drive = _drive(request, pk, require=require_team)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, drive=drive)
    form = FeeForm(request.POST)
    back = request.POST.get("next") == "drive"
    if not form.is_valid():
        messages.error(request, _("The entry fee was not understood; nothing changed."))
    else:
        try:
            done = services.fee_record(
                drive=drive,
                entry=entry,
                kind=form.cleaned_data["kind"],
                paid=form.cleaned_data["paid"],
                version=form.cleaned_data["version"],
                by=_by(request),
            )
        except DriveError as error:
            messages.error(request, str(error))
        else:
            words = {"name": entry.player.name, "kind": FeeKind(done.kind).label}
            if not done.changed:
                messages.info(request, _("%(name)s: nothing had changed.") % words)
            elif done.kind == FeeKind.FREE:
                messages.success(request, _("%(name)s plays free.") % words)
            elif done.paid:
                messages.success(request, _("%(name)s has paid (%(kind)s).") % words)
            else:
                messages.success(request, _("%(name)s owes the entry fee (%(kind)s).") % words)
    if back:  # from the drive page's check-in list or players: back to that line
        return redirect(drive.get_absolute_url() + f"#player-{entry.player_id}")
    return redirect(reverse("drives:money", args=[drive.pk]) + f"#fee-{entry.card_number}")


@login_required
@require_POST
def line_add(request, pk):
    drive = _drive(request, pk)
    form = LineForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The line was not understood; nothing changed."))
        return _page(request, drive, line=form, status=400)
    try:
        line = services.line_add(drive=drive, by=_by(request), **form.cleaned_data)
    except DriveError as error:
        messages.error(request, str(error))
    else:
        words = {"label": line.label, "amount": money_text(line.amount, drive.club.currency)}
        if line.kind == LineKind.COST:
            messages.success(request, _("Cost added: %(label)s, %(amount)s.") % words)
        else:
            messages.success(request, _("Taking added: %(label)s, %(amount)s.") % words)
    return redirect("drives:money", drive.pk)


@login_required
@require_POST
def line_remove(request, pk, line_pk):
    drive = _drive(request, pk)
    try:
        line = services.line_remove(drive=drive, line_id=line_pk, by=_by(request))
    except DriveError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("%(label)s taken off; the history keeps it.") % {"label": line.label}
        )
    return redirect("drives:money", drive.pk)


@login_required
@require_POST
def consolation_draw(request, pk):
    drive = _drive(request, pk)
    try:
        services.consolation_draw(drive=drive, by=_by(request))
    except DriveError as error:
        messages.error(request, str(error))
        return redirect("drives:money", drive.pk)
    report = drive_accounts(drive).report
    if report.draw is not None:
        messages.success(
            request,
            _("The consolation prize is drawn: %(name)s (card %(card)d).")
            % {"name": report.draw.winner.player.name, "card": report.draw.winner.card_number},
        )
    return redirect("drives:money", drive.pk)


@login_required
@require_safe
def season_accounts_csv(request, pk):
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    require_organiser(request.user, season.club)
    code = season.club.currency
    response, writer = csv_download(season_download_name(season, "accounts", extension="csv"))
    writer.writerow(
        [
            "date",
            "drive",
            "status",
            "players",
            f"entry fees paid ({code})",
            f"entry fees owing ({code})",
            f"other takings ({code})",
            f"takings ({code})",
            f"costs ({code})",
            f"prize money ({code})",
            f"balance ({code})",
        ]
    )
    lines = season_accounts(season)
    places = CURRENCIES[code].places

    def amount(value) -> str:
        """The machine form every spreadsheet reads, at the currency's places: 8.00."""
        return f"{Decimal(value):.{places}f}"

    figures = (
        "fees_paid",
        "fees_owing",
        "other_takings",
        "takings",
        "costs",
        "prizes_paid",
        "balance",
    )
    for line in lines:
        writer.writerow(
            [
                line.drive.date.isoformat(),
                line.drive.title,
                line.drive.status,
                line.players,
                *(amount(getattr(line, name)) for name in figures),
            ]
        )
    total = [amount(sum(getattr(line, name) for line in lines)) for name in figures]
    writer.writerow(["", "season total", "", sum(line.players for line in lines), *total])
    return response
