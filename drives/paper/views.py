"""The totals page of a paper drive, and what its buttons post.

The page posts one card at a time (``static/js/paper_totals.js``, asking for JSON) and
gets back the card's new version and the panel of leaders and checks to show; without
the script each card's row is an ordinary form and the page reloads.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drives import games
from drives.errors import DriveError
from drives.models import CardTotal, CardTotalChange, Drive, Seating, Typist
from drives.paper import services
from drives.paper.checks import drive_checks
from drives.paper.forms import CardForm
from drives.permissions import require_organiser, require_team
from drives.reports.report import report_from_rows
from scoring import paper

LEADERS = 10
HISTORY = 50  # the latest corrections shown; every one is kept


def _paper_drive(request, pk, *, require=require_team) -> Drive:
    """A paper drive, for its organisers and helpers (they type the cards' totals)."""
    drive = get_object_or_404(Drive.objects.select_related("club", "season"), pk=pk)
    require(request.user, drive.club)
    if not drive.on_paper:
        raise Http404("This drive is scored deal by deal.")
    return drive


def _typist(value) -> int:
    return Typist.SECOND if str(value) == str(Typist.SECOND) else Typist.FIRST


def _panel(drive: Drive, typist: int) -> dict:
    """Everything the page shows: the rows, the leaders, the checks, the differences."""
    entries = list(drive.entries.select_related("player"))
    seatings = list(Seating.objects.filter(drive=drive))
    cards = list(CardTotal.objects.filter(entry__drive=drive))
    firsts = [card for card in cards if card.typist == Typist.FIRST]
    report = report_from_rows(drive, entries, seatings, [], firsts)
    checks = drive_checks(drive, entries, seatings, firsts)
    by_pk = {entry.pk: entry for entry in entries}
    readings: dict[int, dict[int, tuple]] = {Typist.FIRST: {}, Typist.SECOND: {}}
    for card in cards:
        readings[card.typist][by_pk[card.entry_id].card_number] = card.figures
    differences = []
    if readings[Typist.SECOND]:
        by_number = {entry.card_number: entry for entry in entries}
        differences = [
            (by_number[d.number], d.first, d.second)
            for d in paper.differences(readings[Typist.FIRST], readings[Typist.SECOND])
        ]
    mine = {card.entry_id: card for card in cards if card.typist == typist}
    return {
        "drive": drive,
        "typist": typist,
        "rows": [(entry, mine.get(entry.pk)) for entry in entries],
        "typed": len(mine),
        "leaders": report.overall[:LEADERS],
        "checks": checks,
        # The second typist reads afresh: nothing of the first reading shows on that page.
        "warn_cards": sorted({n for check in checks for n in check.cards})
        if typist == Typist.FIRST
        else [],
        "differences": differences,
        "second_typed": len(readings[Typist.SECOND]),
        "corrections": CardTotalChange.objects.filter(card__entry__drive=drive).count(),
    }


@login_required
def totals(request, pk):
    drive = _paper_drive(request, pk)
    context = _panel(drive, _typist(request.GET.get("typist")))
    context["is_organiser"] = drive.club.is_organiser(request.user)  # finishing is theirs
    context["game"] = games.of(drive)
    if context["typist"] == Typist.FIRST:
        context["history"] = CardTotalChange.objects.filter(
            card__entry__drive=drive, card__typist=Typist.FIRST
        ).select_related("card__entry__player", "changed_by")[:HISTORY]
    return render(request, "drives/paper/totals.html", context)


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@login_required
@require_POST
def card_save(request, pk):
    drive = _paper_drive(request, pk)
    form = CardForm(request.POST, drive=drive)
    typist = _typist(request.POST.get("typist"))
    error, notice = "", ""
    card: CardTotal | None = None
    if not form.is_valid():
        error = form.error_text()
    else:
        entry = form.cleaned_data["card"]
        try:
            recorded = services.card_total_record(
                drive=drive,
                entry=entry,
                typist=typist,
                figures=form.figures(),
                version=form.cleaned_data["version"],
                user=request.user,
            )
        except DriveError as refusal:
            error = str(refusal)
        else:
            card = recorded.card
            if recorded.replaced is not None:
                notice = _(
                    "Card %(card)d had been typed before (%(old)d); it now reads %(new)d."
                ) % {
                    "card": entry.card_number,
                    "old": recorded.replaced[0],
                    "new": card.total,
                }
    if not _wants_json(request):
        if error:
            messages.error(request, error)
        elif notice:
            messages.warning(request, notice)
        return redirect(f"{reverse('drives:paper_totals', args=[drive.pk])}?typist={typist}")
    if error or card is None:
        return JsonResponse({"error": error}, status=400)
    context = _panel(drive, typist)
    context["is_organiser"] = drive.club.is_organiser(request.user)
    return JsonResponse(
        {
            "card": card.entry.card_number,
            "version": card.version,
            "notice": notice,
            "warn": context["warn_cards"],
            "panel": render_to_string("drives/paper/_panel.html", context, request=request),
        }
    )


@login_required
@require_POST
def settle(request, pk):
    drive = _paper_drive(request, pk)
    number = request.POST.get("card", "")
    entry = get_object_or_404(drive.entries, card_number=int(number) if number.isdigit() else 0)
    try:
        services.card_settle(
            drive=drive,
            entry=entry,
            take_second=request.POST.get("keep") == "second",
            user=request.user,
        )
    except DriveError as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("Card %(card)d settled.") % {"card": entry.card_number})
    return redirect("drives:paper_totals", pk=drive.pk)


@login_required
@require_POST
def finish(request, pk):
    drive = _paper_drive(request, pk, require=require_organiser)
    try:
        services.paper_drive_finish(drive=drive)
    except DriveError as refusal:
        messages.error(request, str(refusal))
        return redirect("drives:paper_totals", pk=drive.pk)
    messages.success(request, _("The drive is finished and its totals are locked."))
    return redirect("drives:standings", pk=drive.pk)
