"""The table page: no log-in, opened by the table's link, made for a phone."""

from functools import wraps

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from drives import games, limits
from drives.errors import DriveError
from drives.games.base import DriveGame
from drives.models import DriveStatus, PendingState, Side
from drives.seats import SEAT_LETTERS
from drives.tableside import ratelimit, services, tokens
from drives.tableside.forms import ConfirmForm
from drives.tableside.state import table_fingerprint, table_state
from drives.tableside.views.live import polled


def _refusal(request, message: str, status: int, drive=None):
    context = {"message": message, "drive": drive}
    return render(request, "tableside/refused.html", context, status=status)


def table_endpoint(view=None, *, counted=True):
    """Rate-limit by address, then open the link or say clearly why it opens nothing.

    ``counted=False`` for the page's own polls: sixty phones behind a hall's one address
    poll more often than the limit allows, and a poll of a link that opens costs a 304.
    Links that open nothing are counted all the same.
    """
    if view is None:
        return lambda view: table_endpoint(view, counted=counted)

    @wraps(view)
    def wrapper(request, token):
        too_many = _("Too many requests from this address: wait a minute, then try again.")
        if counted and not ratelimit.allow(request, "requests"):
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


def _page(request, link, *, form=None, note="", error="", status=200, template="table.html"):
    state = table_state(link)
    game = state.game
    if form is None:
        form = _form(link, game=game)
    form.dealer_names = _dealer_names(state)
    context = {
        "drive": link.drive,
        "game": game,
        "state": state,
        "form": form,
        "confirm_form": ConfirmForm(initial={"entry": state.waiting.pk if state.waiting else 0}),
        "note": note,
        "error": error,
        "poll": settings.TABLESIDE_POLL_SECONDS,
    }
    return render(request, "tableside/" + template, context, status=status)


def _form(link, data=None, *, game: DriveGame | None = None):
    """The form a side of the table sends its figures with: the drive's game's (``game``,
    when the page has built it already), for the round open now, or for the closed round a
    page out of date posted figures for."""
    drive = link.drive
    number = drive.current_round
    posted = str(data.get("round", "")) if data is not None else ""
    if posted.isdigit() and 1 <= int(posted) < number:
        number = int(posted)
    return (game or games.of(drive)).phone_form(data, table=link.table, round_number=number)


def _late(link, form) -> bool:
    """The form holds figures for a round that has closed since the page was shown."""
    return form.initial["round"] != link.drive.current_round


def _dealer_names(state) -> dict[int, str]:
    """ "S (Ada Ashworth)" for each deal: who deals, by the rotation, and their name."""
    seated = dict(zip("NESW", (entry for _letter, entry in state.seats), strict=False))
    names = {}
    for line in state.deals:
        letter, entry = SEAT_LETTERS[line.deal.dealer], seated.get(line.deal.dealer)
        names[line.deal.number] = f"{letter} ({entry.player.name})" if entry else str(letter)
    return names


@table_endpoint
def table_page(request, link):
    return _page(request, link)


@require_safe
@table_endpoint(counted=False)
def table_live(request, link):
    """The page's poll: 304 while nothing the page shows has changed, else the table part."""
    # The CSRF cookie is in the forms' tokens.
    etag = table_fingerprint(link, request.COOKIES.get(settings.CSRF_COOKIE_NAME))
    return polled(request, etag, lambda: _page(request, link, template="_table.html"))


@require_POST
@table_endpoint
def table_enter(request, link):
    """A side's figures, checked by the game's form; some games show them (a bid whist
    hand's points) once before they are sent. Figures from the page of a round that has
    closed go to the organiser (``entry_submit``) as they are."""
    form = _form(link, request.POST)
    late = _late(link, form)
    if not form.is_valid():
        if late:  # the page shows the open round: the closed round's form has no place on it
            error = _("Round %(round)d has closed, and these figures could not be sent: %(why)s")
            why = {"round": form.initial["round"], "why": form.error_summary()}
            return _page(request, link, error=error % why, status=400)
        return _page(request, link, form=form, error=form.error_summary(), status=400)
    shown_first = None if late else form.before_sending()
    if shown_first is not None:
        return _page(request, link, form=shown_first, note=shown_first.check_note)
    try:
        outcome = services.entry_submit(
            link=link,
            round_number=form.cleaned_data["round"],
            side=form.cleaned_data["side"],
            figures=form.figures,
            submission=form.cleaned_data["submission"],
            address=limits.client_address(request),
        )
    except DriveError as error:
        return _page(request, link, form=form, error=str(error), status=409)
    return _page(request, link, note=_outcome_note(outcome, link))


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
    return _page(request, link, note=_outcome_note(outcome, link))


def _outcome_note(outcome: services.Outcome, link) -> str:
    if outcome.resent:
        return _("These figures had already arrived: nothing was stored twice.")
    state, number = outcome.entry.state, {"round": outcome.entry.round}
    if state == PendingState.LATE:
        return (
            _(
                "Round %(round)d had already closed: your figures went to the organiser, "
                "who will accept or dismiss them."
            )
            % number
        )
    if state == PendingState.DIFFERS:
        return (
            _(
                "Round %(round)d's result for this table was already stored, with other figures: "
                "yours went to the organiser, who will accept or dismiss them."
            )
            % number
        )
    if state == PendingState.CONFIRMED:
        return _("Thank you: the table's result is stored.")
    if state == PendingState.DISPUTED:
        return _(
            "The two sides' figures differ. Both are kept: either side can correct its own, "
            "or the organiser will settle it."
        )
    if not link.side:  # an old link for both sides: either may confirm on it
        return _("Sent. Now the other side confirms, on this phone or on their own.")
    if outcome.entry.side == Side.NS:
        return _("Sent. Now E–W confirm them on their own phone, from their own link.")
    return _("Sent. Now N–S confirm them on their own phone, from their own link.")
