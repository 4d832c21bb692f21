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
}
SIDES = {"NS": pgettext_lazy("side", "N–S"), "EW": pgettext_lazy("side", "E–W")}


def refusal_text(error: Exception) -> str:
    """What to tell the organiser: a scoring error in the page's language when its code is
    known, else its own words (a ``DriveError`` is worded in the language already)."""
    if not isinstance(error, ScoringError) or error.code not in SCORING_MESSAGES:
        return str(error)
    params = dict(error.params)
    if "side" in params:
        params["side"] = SIDES.get(params["side"], params["side"])
    return SCORING_MESSAGES[error.code] % params
