"""The exceptions the scoring core raises.

Every message is written for a club organiser: it says what is wrong in the
game's own words, so the web application can show it unchanged.
"""


class ScoringError(ValueError):
    """Base class of every error the scoring core raises."""


class CardError(ScoringError):
    """A card, hand or deck is malformed (bad text, duplicate card, wrong count)."""


class PlayError(ScoringError):
    """A card was played out of turn, from the wrong hand, or twice."""


class RevokeError(PlayError):
    """A player failed to follow suit while holding a card of the suit led."""


class PBNError(ScoringError):
    """A PBN record cannot be read."""


class ResultError(ScoringError):
    """Tricks, honours or bids that cannot happen in a deal of whist."""


class MovementError(ScoringError):
    """A movement cannot be built or continued for the players and rounds given."""


class StandingsError(ScoringError):
    """Scores or prize settings that cannot be ranked."""


class LeagueError(ScoringError):
    """A league rule or its settings cannot be applied."""
