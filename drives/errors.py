"""The refusal every room's services raise: a message for the organiser, nothing changed,
and the wording of ``scoring``'s refusals in the reader's language."""

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from drives.seats import SIDES
from scoring.errors import ScoringError


class DriveError(ValueError):
    """An operation the drive's state or the input does not allow."""


class FiguresRefused(DriveError):
    """Figures that no drive could take (a 14th trick, a missing deal): the sender's to
    correct, where a plain :class:`DriveError` is a clash with the drive's state.

    Its words name the table (one wording whichever door the figures came in by);
    ``problems`` (``drives.games.figures.Problem``) say what is wrong deal by deal and part
    by part, for a page that shows each beside its field.
    """

    def __init__(self, message: str, problems: tuple = ()):
        super().__init__(message)
        self.problems = problems


#: A table's figures refused, one wording each whichever door they came in by: the round
#: page or a side's phone. ``AT_TABLE`` and ``AT_HAND`` put the rules' own refusal
#: (``refusal_text``) after the table, or the table and the hand.
#: ``deals``: "deal 1, 2", or the boards a table holds for them ("board 5, 6").
TRICKS_MISSING = _("Table %(table)d: enter the tricks for %(deals)s.")
TRUMPS_MISSING = _("Table %(table)d: say which suit was turned up for %(deals)s.")
HAND_MISSING = _("Table %(table)d, hand %(deal)d: enter %(missing)s.")
AT_TABLE = _("Table %(table)d: %(error)s")
AT_HAND = _("Table %(table)d, hand %(deal)d: %(error)s")


def labelled(label: object, text: object) -> str:
    """``Label: text``, the colon written as the reader's language writes it (a no-break
    space before it in French): the same entry as the templates' ``":"`` before a list."""
    if not label:
        return str(text)
    return f"{label}{pgettext('before a list', ':')} {text}"


#: ``scoring`` words its refusals in English; here is every one of its codes in the
#: reader's language, with the figures the core quotes (tests/drives/test_errors.py
#: reads scoring's sources and fails on a code missing here).
SCORING_MESSAGES = {
    # What a table may record for a deal of classic whist.
    "deal_tricks": _("%(side)s tricks must be a whole number from 0 to 13, not %(tricks)s"),
    "honours_held": _("A side holds from 0 to 4 of the trump honours, not %(honours)s"),
    "too_few_players": _("A movement needs at least four players."),
    "too_many_stationary": _(
        "More players stay put (%(stationary)s) than there are tables (%(tables)s): one a "
        "table at most. Let one of them move, or check in more players."
    ),
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
    # Bid whist's auction, play and house rules: the computer players' and the set-up's.
    "bid_not_higher": _("A bid must beat the bid before it."),
    "minimum_bid": _("The minimum opening bid is from 1 to 7."),
    "dealer_must_bid": _("After three passes the dealer must bid."),
    "auction_over": _("The auction is over: every player has called."),
    "auction_not_over": _("The auction is not over yet."),
    "ranking_needed": _("At no trumps the declarer chooses uptown or downtown."),
    "ranking_mismatch": _("An uptown bid is played uptown, a downtown bid downtown."),
    "exchange_cards": _("Put aside six different cards from the hand and the kitty."),
    "game_target": _("A game is played to from %(low)s to %(high)s points, not %(value)s."),
    "boston_bonus": _(
        "The bonus for all 13 tricks is from %(low)s to %(high)s points, not %(value)s."
    ),
    "game_over": _("This game is over."),
    "round_hands": _("A round has at least one hand."),
    # A season's league rule.
    "league_kind": _("Choose a league rule: total, best drives, placing points or average."),
    "league_best_n": _("A best-drives league needs how many drives count (at least 1)."),
    "league_placing_points": _("A placing-points league needs points for at least first place."),
    "league_negative_points": _("Placing points cannot be negative."),
    "league_minimum_drives": _("The minimum number of drives to qualify cannot be negative."),
    # Each kind's own code, raised where ``drives`` checks the input first; worded in
    # general so that a case the checks miss still reads in the page's language.
    "scoring": _("The rules of whist do not allow this."),
    "card": _("A card, hand or pack is not valid."),
    "play": _("A card was played out of turn or from the wrong hand."),
    "revoke": _("A player did not follow suit while holding the suit led."),
    "pbn": _("The record of the deal (PBN) cannot be read."),
    "result": _("These tricks or honours cannot happen in a deal of whist."),
    "bidwhist": _("Bid whist does not allow this."),
    "movement": _("The seating cannot be planned for these players and rounds."),
    "standings": _("The standings cannot be worked out from these scores."),
    "league": _("The season's league cannot be worked out with its rule."),
}


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


P = ParamSpec("P")
R = TypeVar("R")


def refusing(service: Callable[P, R]) -> Callable[P, R]:
    """A service whose ``scoring`` refusals leave it as a :class:`DriveError` in the page's
    words, so a view catches one kind of refusal. Put it above ``transaction.atomic``: the
    transaction is rolled back before the refusal is worded."""

    @wraps(service)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return service(*args, **kwargs)
        except ScoringError as error:
            raise DriveError(refusal_text(error)) from error

    return wrapper


class ChangedElsewhere(DriveError):
    """A save from a page that no longer shows what is stored: refused, never overwriting.

    One wording on every page that guards its saves (the round page, the check-in list,
    a drive's set-up, a member's record); ``what`` names the thing, ``advice`` what to do.
    """

    def __init__(self, what: str, advice: str = ""):
        text = _(
            "%(what)s was changed by someone else since you opened this page; nothing was saved."
        ) % {"what": what}
        super().__init__(f"{text} {advice}".strip())
