"""The exceptions the scoring core raises.

Every message is written for a club organiser: it says what is wrong in the
game's own words, so the web application can show it unchanged. Where the web
application shows the mistake in another language, it reads ``code`` (a stable
name for the kind of mistake, never reworded) and ``params`` (the figures the
message quotes) and words the message itself.

>>> error = ResultError("A bid is from 1 to 7, not 9", code="bid_level", params={"level": 9})
>>> error.code, error.params, str(error)
('bid_level', {'level': 9}, 'A bid is from 1 to 7, not 9')
"""

from __future__ import annotations

from collections.abc import Mapping


class ScoringError(ValueError):
    """Base class of every error the scoring core raises."""

    code: str = "scoring"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, int | str] = dict(params or {})


class CardError(ScoringError):
    """A card, hand or deck is malformed (bad text, duplicate card, wrong count)."""

    code = "card"


class PlayError(ScoringError):
    """A card was played out of turn, from the wrong hand, or twice."""

    code = "play"


class RevokeError(PlayError):
    """A player failed to follow suit while holding a card of the suit led."""

    code = "revoke"


class PBNError(ScoringError):
    """A PBN record cannot be read."""

    code = "pbn"


class ResultError(ScoringError):
    """Tricks, honours or bids that cannot happen in a deal of whist."""

    code = "result"


class BidWhistError(ResultError):
    """A call, contract, exchange or hand record that bid whist does not allow.

    Its ``code`` is one of the names listed in :data:`scoring.bidwhist.ERROR_CODES`.
    """

    code = "bidwhist"


class MovementError(ScoringError):
    """A movement cannot be built or continued for the players and rounds given."""

    code = "movement"


class StandingsError(ScoringError):
    """Scores or prize settings that cannot be ranked."""

    code = "standings"


class LeagueError(ScoringError):
    """A league rule or its settings cannot be applied."""

    code = "league"
