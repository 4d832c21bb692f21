"""A drive's game: one object, chosen once from ``Drive.game``, that the pages, forms,
reports and sheets ask instead of asking which game the drive plays.

``base`` is the interface (``DriveGame``) and the list of what a game must say; ``classic``,
``bidwhist`` and ``compass`` (boards) implement it, each with its forms and its templates in
``templates/games/<name>/``. ``figures`` is a table's figures as typed and as checked,
``deals`` a deal as the pages show it, ``forms`` what every game's forms share.

May import ``drives.models``, the shared modules (``drives.errors``…) and ``scoring``; the
evening, the read model and every room above them import it, never the other way round.
"""

from typing import TYPE_CHECKING

from drives.games.bidwhist.game import BidWhist
from drives.games.classic.game import ClassicWhist
from drives.games.compass.game import CompassWhist
from drives.models import Game

if TYPE_CHECKING:
    from drives.games.base import DriveGame
    from drives.models import Drive

#: Each game a drive can be played at, by its ``Drive.game`` value.
GAMES: dict[str, type["DriveGame"]] = {
    Game.CLASSIC: ClassicWhist,
    Game.BID: BidWhist,
    Game.COMPASS: CompassWhist,
}


def of(drive: "Drive") -> "DriveGame":
    """The drive's game, built for it."""
    return GAMES[drive.game](drive)


def named(value: str | None) -> type["DriveGame"]:
    """The game a set-up form chose (classic whist when it chose none)."""
    return GAMES.get(value or Game.CLASSIC, ClassicWhist)
