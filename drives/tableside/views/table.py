"""The table page: no log-in, opened by the table's link, made for a phone."""

from functools import wraps

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drives import limits
from drives.errors import DriveError, FiguresRefused
from drives.evening import rounds
from drives.models import DriveStatus, PendingState
from drives.tableside import ratelimit, services, tokens
from drives.tableside.forms import BidWhistEntryForm, ConfirmForm, TableEntryForm
from drives.tableside.state import table_state


def _refusal(request, message: str, status: int, drive=None):
    context = {"message": message, "drive": drive}
    return render(request, "tableside/refused.html", context, status=status)


def table_endpoint(view):
    """Rate-limit by address, then open the link or say clearly why it opens nothing."""

    @wraps(view)
    def wrapper(request, token):
        too_many = _("Too many requests from this address: wait a minute, then try again.")
        if not ratelimit.allow(request, "requests"):
            return _refusal(request, too_many, 429)
        link = tokens.link_for_token(token)
        if link is None:
            # Only tokens that open nothing count here: guessing is slowed to a crawl
            # while the tables of a hall behind one address go on as before.
            if not ratelimit.allow(request, "lookups"):
                return _refusal(request, too_many, 429)
            message = _(
                "This table link is not known. Check the address on the table card, "
                "or scan its QR code again."
            )
            return _refusal(request, message, 404)
        if link.revoked_at is not None:
            message = _("This table link has been withdrawn: ask the organiser for the new one.")
            return _refusal(request, message, 410)
        if link.drive.status == DriveStatus.FINISHED:
            message = _("The drive has finished: thank you for playing.")
            return _refusal(request, message, 410, drive=link.drive)
        if link.drive.status != DriveStatus.RUNNING:
            message = _("The drive is not running: nothing can be entered from this page.")
            return _refusal(request, message, 410)
        return view(request, link)

    return wrapper


def _page(request, link, *, form=None, note="", error="", status=200):
    state = table_state(link)
    deals = [line.deal.number for line in state.deals]
    honours = [line.deal.number for line in state.deals if line.honours]
    if form is None and link.drive.is_bid_whist:
        form = _hands_form(link)
    elif form is None:
        form = TableEntryForm(
            initial={"round": state.round_number},
            deals=deals,
            honours_deals=honours,
            turned=link.drive.trumps_at_table,
        )
    if isinstance(form, BidWhistEntryForm):
        form.dealer_names = _dealer_names(state)
    context = {
        "drive": link.drive,
        "state": state,
        "form": form,
        "confirm_form": ConfirmForm(initial={"entry": state.waiting.pk if state.waiting else 0}),
        "note": note,
        "error": error,
    }
    return render(request, "tableside/table.html", context, status=status)


def _dealer_names(state) -> dict[int, str]:
    """ "S (Ada Ashworth)" for each hand: who deals, by the rotation, and their name."""
    seated = dict(zip("NESW", (entry for _letter, entry in state.seats), strict=False))
    names = {}
    for line in state.deals:
        letter, entry = rounds.SEAT_LETTERS[line.deal.dealer], seated.get(line.deal.dealer)
        names[line.deal.number] = f"{letter} ({entry.player.name})" if entry else str(letter)
    return names


@table_endpoint
def table_page(request, link):
    return _page(request, link)


def _hands_form(link, data=None):
    drive = link.drive
    dealers = {deal.number: deal.dealer for deal in rounds.deal_infos(drive, drive.current_round)}
    return BidWhistEntryForm(
        data,
        initial={"round": drive.current_round},
        drive=drive,
        deals=list(dealers),
        dealers=dealers,
    )


def _enter_hands(request, link):
    """A bid whist table's hands: checked and shown with their points, then sent."""
    form = _hands_form(link, request.POST)
    if not form.is_valid():
        return _page(request, link, form=form, error=_("Check the hands marked below."), status=400)
    if form.cleaned_data["step"] != "send":
        # Bound again with "send": the same figures, their points shown, one tap to store.
        data = request.POST.copy()
        data["step"] = "send"
        form = _hands_form(link, data)
        form.is_valid()
        return _page(request, link, form=form, note=_("Check the points, then send."))
    return _submit(request, link, form)


def _submit(request, link, form):
    try:
        outcome = services.entry_submit(
            link=link,
            round_number=form.cleaned_data["round"],
            side=form.cleaned_data["side"],
            figures=form.figures(),
            submission=form.cleaned_data["submission"],
            address=limits.client_address(request),
        )
    except FiguresRefused as error:
        return _page(request, link, form=form, error=str(error), status=400)
    except DriveError as error:
        return _page(request, link, form=form, error=str(error), status=409)
    return _page(request, link, note=_outcome_note(outcome))


@require_POST
@table_endpoint
def table_enter(request, link):
    if link.drive.is_bid_whist:
        return _enter_hands(request, link)
    form = TableEntryForm(
        request.POST,
        deals=link.drive.deals_of_round(link.drive.current_round),
        honours_deals=services.honours_deals(link.drive, link.drive.current_round),
        turned=link.drive.trumps_at_table,
    )
    if not form.is_valid():
        errors = [
            f"{form.fields[name].label}: {' '.join(map(str, e))}" for name, e in form.errors.items()
        ]
        return _page(request, link, form=form, error=" ".join(errors), status=400)
    return _submit(request, link, form)


@require_POST
@table_endpoint
def table_confirm(request, link):
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _page(request, link, error=_("Those figures could not be confirmed."), status=400)
    try:
        outcome = services.entry_confirm(
            link=link,
            entry_pk=form.cleaned_data["entry"],
            submission=form.cleaned_data["submission"],
            address=limits.client_address(request),
        )
    except DriveError as error:
        return _page(request, link, error=str(error), status=409)
    return _page(request, link, note=_outcome_note(outcome))


def _outcome_note(outcome: services.Outcome) -> str:
    if outcome.resent:
        return _("These figures had already arrived: nothing was stored twice.")
    state = outcome.entry.state
    if state == PendingState.CONFIRMED:
        return _("Thank you: the table's result is stored.")
    if state == PendingState.DISPUTED:
        return _(
            "The two sides' figures differ. Both are kept: either side can correct its own, "
            "or the organiser will settle it."
        )
    return _("Sent. Now the other side confirms, on this phone or on their own.")
