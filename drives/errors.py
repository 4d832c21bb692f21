"""The refusal every room's services raise: a message for the organiser, nothing changed,
and the wording of ``scoring``'s refusals in the reader's language."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.errors import ScoringError


class DriveError(ValueError):
    """An operation the drive's state or the input does not allow."""


#: ``scoring`` words its refusals in English; these are the ones an organiser meets on
#: the evening's pages, by their stable code, with the figures the core quotes.
SCORING_MESSAGES = {
    "deal_tricks": _("%(side)s tricks must be a whole number from 0 to 13, not %(tricks)s"),
    "honours_held": _("A side holds from 0 to 4 of the trump honours, not %(honours)s"),
    "too_few_players": _("A movement needs at least four players."),
    # Bid whist: what a table may record for a hand (scoring.bidwhist.ERROR_CODES).
    "bid_level": _("A bid is a number from 1 to 7, not %(level)s."),
    "bid_below_minimum": _("This drive's lowest bid is %(minimum)s, not %(level)s."),
    "bid_strain": _("A bid is uptown, downtown or no trumps."),
    "nt_with_trumps": _("A no-trump bid has no trump suit: leave trumps empty."),
    "trumps_needed": _("An uptown or downtown bid needs its trump suit."),
    "tricks_range": _(
        "The declarers take from 1 to 13 tricks, the kitty included, not %(tricks)s."
    ),
    "declaring_side": _("Say which side won the bid: N–S or E–W."),
    "dealer": _("Say who dealt: N, E, S or W."),
}
SIDES = {"NS": pgettext_lazy("side", "N–S"), "EW": pgettext_lazy("side", "E–W")}


def refusal_text(error: Exception) -> str:
    """What to tell the organiser: a scoring error in the page's language when its code is
    known, else its own words (a ``DriveError`` is worded in the language already)."""
    if not isinstance(error, ScoringError) or error.code not in SCORING_MESSAGES:
        return str(error)
    params: dict[str, object] = dict(error.params)
    side = error.params.get("side")
    if isinstance(side, str) and side in SIDES:
        params["side"] = SIDES[side]
    return SCORING_MESSAGES[error.code] % params
