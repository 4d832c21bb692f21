"""Movements: who sits where at which table in each round of a drive.

A movement is a list of rounds, a round a list of fours (:data:`Four`), one per
table in table order, a four a tuple of four player numbers in seat order
(N, E, S, W) with N+S partners against E+W. Players are numbered from 0; a
player at no table in a round sits it out.

* :func:`individual` — balanced individual movements (new partner every round);
* :func:`mitchell`, :func:`howell` — fixed partnerships;
* :func:`mitchell_boards`, :func:`howell_boards` — the same with the board set each
  table holds, for drives on boards (compass whist);
* :func:`progressive_first`, :func:`progressive_next` — progressive and
  semi-partner drives, seated round by round from the results;
* :func:`quality` — the balance figures of any movement;
* :func:`keep_stationary` — a static movement worked round players who stay put
  (progressive drives take ``stationary`` round by round);
* :func:`replan`, :func:`replan_fixed` — the rest of an individual or a
  fixed-partner movement after a late arrival or a withdrawal.
"""

from scoring.cards import SEATS
from scoring.movements.base import MIN_PLAYERS, Four, Movement, Round
from scoring.movements.boards import (
    BoardMovement,
    EvenTables,
    Sitting,
    howell_boards,
    mitchell_boards,
)
from scoring.movements.fixed import howell, mitchell, replan_fixed
from scoring.movements.individual import individual
from scoring.movements.progressive import (
    ProgressiveRound,
    ProgressiveRule,
    progressive_first,
    progressive_next,
    winner_on_tricks,
)
from scoring.movements.quality import Quality, quality
from scoring.movements.replan import replan
from scoring.movements.stationary import Stationary, keep_stationary

__all__ = [
    "MIN_PLAYERS",
    "SEATS",
    "BoardMovement",
    "EvenTables",
    "Four",
    "Movement",
    "ProgressiveRound",
    "ProgressiveRule",
    "Quality",
    "Round",
    "Sitting",
    "Stationary",
    "howell",
    "howell_boards",
    "individual",
    "keep_stationary",
    "mitchell",
    "mitchell_boards",
    "progressive_first",
    "progressive_next",
    "quality",
    "replan",
    "replan_fixed",
    "winner_on_tricks",
]
