"""What every game's forms share: the round page's form for many tables, the phone's for
one side, and the inputs they draw.

Forms read and normalise what was typed into the game's :data:`Typed` shape; the game's
checker (``DriveGame.check``) judges it, so both doors refuse alike, and the forms only
decide where a refusal is shown.
"""

import uuid
from typing import TYPE_CHECKING, Any

from django import forms
from django.forms.widgets import Input
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from drives.errors import FiguresRefused, labelled
from drives.games.deals import HONOURS_WORDS, NO_HONOURS
from drives.games.figures import Checked, Figures, Typed
from drives.models import Side

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from drives.games.base import DriveGame
    from drives.games.deals import DealInfo

HONOURS_CHOICES = [("", NO_HONOURS), *HONOURS_WORDS.items()]


def _format(text, **values) -> str:
    return text % values


#: ``text % values``, translated only if it is shown: a sheet of 125 tables has over a
#: thousand fields, and a post that saves one table shows none of their labels.
when_shown = lazy(_format, str)


class _DrawnInPython(Input):
    """An input drawn exactly as Django's input template draws it, without the template.

    A round page of 60 tables has 300 of them; through the form renderer's templates
    they cost a third of the page.
    """

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        html = format_html('<input type="{}" name="{}"', self.input_type, name)
        if widget["value"] is not None:
            html += format_html(' value="{}"', widget["value"])
        for key, attr in widget["attrs"].items():
            if attr is True:
                html += format_html(" {}", key)
            elif attr is not False:
                html += format_html(' {}="{}"', key, attr)
        return html + mark_safe(">")


class TricksInput(_DrawnInPython, forms.NumberInput):
    pass


class VersionInput(_DrawnInPython, forms.HiddenInput):
    pass


class RoundForm(forms.Form):
    """The round page's form: a game's fields for each table and deal (``t<table>_…``), and
    each table's version (``t<table>_v``). Each table is checked and saved on its own."""

    def __init__(
        self,
        *args,
        game: "DriveGame",
        deals: list["DealInfo"],
        tables: list[int],
        stored: dict[tuple[int, int], Any],
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.deal_infos = list(deals)
        self.deals = [deal.number for deal in self.deal_infos]
        self.tables = list(tables)
        self.stored = stored
        for table in self.tables:
            self.add_table_fields(table)

    def add_table_fields(self, table: int) -> None:
        raise NotImplementedError

    def typed(self, table: int) -> Typed | None:
        """What was typed for ``table`` as the game reads it; None for a table left blank."""
        raise NotImplementedError

    def table_fields(self, table: int):
        """One table's version field and its rows of fields, for the game's partial."""
        raise NotImplementedError

    def version(self, table: int) -> int:
        versions = [self.stored[table, d].version for d in self.deals if (table, d) in self.stored]
        return max(versions, default=0)

    def table_errors(self, table) -> list[str]:
        prefix = f"t{table}_"
        return [
            labelled(self.fields[name].label, error)
            for name, errors in self.errors.items()
            if name.startswith(prefix)
            for error in errors
        ]

    def tables_with_errors(self):
        self.is_valid()
        return [table for table in self.tables if self.table_errors(table)]

    def checked_tables(self) -> list[Checked]:
        """Every table with something new typed in and no field errors, checked by the game.

        A table left wholly blank is not reported yet and is skipped, so an organiser can
        save the tables as their slips come in; a table whose figures are those already
        saved is skipped too, so "Saved 3 tables" means three changed.
        """
        self.is_valid()  # fills cleaned_data for the fields that are valid
        checked = []
        for table in self.tables:
            if self.table_errors(table):
                continue
            typed = self.typed(table)
            if typed is None:
                continue
            version = self.cleaned_data.get(f"t{table}_v") or 0
            try:
                figures = self.game.check(table, self.deal_infos, typed)
            except FiguresRefused as refused:
                checked.append(Checked(table, version, refused=refused))
                continue
            stored = [self.stored[table, d] for d in self.deals if (table, d) in self.stored]
            if figures != Figures.of_results(stored):
                checked.append(Checked(table, version, figures))
        return checked


class PhoneForm(forms.Form):
    """A side's figures for its table's round, from the table's phone: which side sends
    them, the round they are for, and a submission id so that a resend is recognised.

    ``figures`` holds them checked by the game once the form is valid.
    """

    round = forms.IntegerField(widget=forms.HiddenInput)
    submission = forms.UUIDField(widget=forms.HiddenInput)
    side = forms.ChoiceField(
        label=_("Who is entering?"), choices=Side.choices, widget=forms.RadioSelect
    )

    def __init__(self, *args, game: "DriveGame", table: int, deals: list["DealInfo"], **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("submission", uuid.uuid4())
        super().__init__(*args, **kwargs)
        self.game, self.table = game, table
        self.deal_infos = list(deals)
        self.deals = [deal.number for deal in self.deal_infos]
        self.figures: Figures | None = None
        self.dealer_names: dict[int, str] = {}  # "S (Ada Ashworth)", once the page knows

    def error_summary(self) -> str:
        """What the page says above the form when it is refused."""
        parts = []
        for name, errors in self.errors.items():
            text = " ".join(map(str, errors))
            parts.append(text if name == "__all__" else labelled(self.fields[name].label, text))
        return " ".join(parts)

    #: What the page says over the form :meth:`before_sending` gives.
    check_note: "StrOrPromise" = ""

    def before_sending(self) -> "PhoneForm | None":
        """The form to show again, its figures checked, before a side sends them; None to
        send them now."""
        return None
