"""A table's figures for a round: as typed, on the round page or a side's phone, and as
checked by the drive's game, in the columns a ``TableResult`` stores.

The two doors build the same :data:`Typed` input; the game's checker turns it into
:class:`Figures` or refuses it (:class:`~drives.errors.FiguresRefused`); the results service
stores figures and a pending phone entry keeps them, so nothing is checked twice.
"""

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

#: What a table typed for each deal of its round: each part by the game's name for it
#: ("tricks", "trumps", "level"…), as a form cleaned it, "" or None where left blank.
Typed = Mapping[int, Mapping[str, Any]]


@dataclass(frozen=True)
class DealFigures:
    """One deal's figures once checked: the columns a ``TableResult`` stores, named alike.

    What a game does not record stays at its blank ("", None).
    """

    ns_tricks: int
    ns_honours: int | None = None
    trumps: str = ""  # the suit turned up, or named by the declarers; "" at no trumps
    dealer: str = ""
    declarers: str = ""
    bid_level: int | None = None
    bid_strain: str = ""

    @classmethod
    def of_result(cls, result) -> "DealFigures":
        """A stored result's figures (a ``TableResult``, or anything with its columns)."""
        return cls(**{name: getattr(result, name) for name in COLUMNS})

    def columns(self) -> dict[str, Any]:
        return asdict(self)


#: The columns of a result that a table's figures fill.
COLUMNS = tuple(column.name for column in fields(DealFigures))


@dataclass(frozen=True)
class Figures:
    """A table's checked figures, deal by deal: what the results service stores."""

    deals: Mapping[int, DealFigures]

    @classmethod
    def of_results(cls, results: Iterable) -> "Figures":
        """The figures a table's stored results hold."""
        return cls({result.deal: DealFigures.of_result(result) for result in results})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Figures) and dict(self.deals) == dict(other.deals)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.deals.items())))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a table's figures: the deal and the part it is about (``None``
    for the table as a whole), and what to tell whoever typed it, in the page's language."""

    deal: int | None
    part: str
    text: str


@dataclass(frozen=True)
class Checked:
    """A table of the round page once its figures are checked: ``figures`` to store, or
    ``refused`` with what is wrong; ``version`` is the one the page showed."""

    table: int
    version: int
    figures: Figures | None = None
    refused: Exception | None = None
