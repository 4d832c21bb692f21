"""The league table as django-tables2 shows it: columns, sorting and cell markup only."""

from typing import TYPE_CHECKING

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from drives.league.records import LeagueLine
from drives.names import PublicNames
from drives.numbers import figure
from scoring.league import Contribution, climb_label

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

FIGURE_LABELS = {
    "total": _("Points"),
    "best": _("Points"),
    "placing": _("Placing points"),
    "average": _("Average"),
    "percentage": _("Percentage"),
}


def contributions_html(cells: tuple[Contribution | None, ...]) -> SafeString:
    """Each drive's value in season order, "–" for a drive missed, dropped ones struck through.

    Consecutive dropped drives share one ``<s>``: a 160-player, 40-drive table
    stays well under the page budget.
    """
    parts: list[str] = []
    struck: list[str] = []
    for cell in cells:
        if cell is not None and not cell.counted:
            struck.append(figure(cell.value))
            continue
        if struck:
            parts.append(format_html("<s>{}</s>", " ".join(struck)))
            struck = []
        parts.append("–" if cell is None else figure(cell.value))
    if struck:
        parts.append(format_html("<s>{}</s>", " ".join(struck)))
    # Safe: every part is a number, a dash or the output of format_html.
    return mark_safe(" ".join(parts))


def climb_html(climb: int | None) -> SafeString:
    """The climb's label (▲2, ▼1, =) with what it means for a pointer or a screen reader."""
    if climb is None:
        return mark_safe("")
    title: StrOrPromise
    if climb == 0:
        css, title = "same", _("No change")
    elif climb > 0:
        css, title = "up", ngettext("Up %(n)d place", "Up %(n)d places", climb) % {"n": climb}
    else:
        css = "down"
        title = ngettext("Down %(n)d place", "Down %(n)d places", -climb) % {"n": -climb}
    return format_html('<span class="{}" title="{}">{}</span>', css, title, climb_label(climb))


class LeagueTable(tables.Table):
    """A season's league: place, name, drives, the rule's figure, climb, each drive."""

    place = tables.Column(
        verbose_name=_("Place"), order_by=("place_order",), attrs={"cell": {"class": "num"}}
    )
    name = tables.Column(
        verbose_name=_("Name"),
        accessor="player__name",
        linkify=lambda record: record.player.get_absolute_url(),
        attrs={"cell": {"class": "name"}},
    )
    played = tables.Column(
        verbose_name=_("Drives"),
        accessor="row__drives_played",
        attrs={"cell": {"class": "num opt"}},
    )
    figure = tables.Column(
        verbose_name=_("Points"),
        accessor="row__figure",
        order_by=("place_order",),
        attrs={"cell": {"class": "num fig"}},
    )
    climb = tables.Column(
        verbose_name=_("Move"),
        empty_values=(),
        order_by=("climb_order",),
        attrs={"cell": {"class": "num move"}},
    )
    cells = tables.Column(
        verbose_name=_("Each drive"),
        orderable=False,
        empty_values=(),
        attrs={"cell": {"class": "each"}},
    )

    class Meta:
        template_name = "drives/_league_table.html"
        attrs = {"class": "league"}
        order_by = ("place",)

    def __init__(
        self, lines: list[LeagueLine], *, rule_kind: str, names: PublicNames, **kwargs
    ) -> None:
        super().__init__(lines, **kwargs)
        self.columns["figure"].column.verbose_name = FIGURE_LABELS.get(rule_kind, _("Points"))
        self.names = names

    def render_name(self, record: LeagueLine) -> str:
        return self.names.player(record.player)

    def render_figure(self, value) -> str:
        return figure(value)

    def render_climb(self, record: LeagueLine) -> SafeString:
        return climb_html(record.climb)

    def render_cells(self, record: LeagueLine) -> SafeString:
        return contributions_html(record.cells)
