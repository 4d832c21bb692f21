"""The round page's score sheets: N–S tricks (and honours, and trumps turned up) for every
table and deal, or for a bid whist drive each table's record of each hand."""

from typing import TYPE_CHECKING, Any

from django import forms
from django.forms.widgets import Input
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from drives.bidwhist.records import HandEntry
from drives.evening.results import TableScores
from drives.models import BidStrain, Seat, Side, TrumpSuit

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

HONOURS_CHOICES = [
    ("", _("no honours")),
    (4, _("N–S hold all four")),
    (3, _("N–S hold three")),
    (2, _("two each")),
    (1, _("E–W hold three")),
    (0, _("E–W hold all four")),
]


def _format(text, **values) -> str:
    return text % values


#: ``text % values``, translated only if it is shown: a sheet of 125 tables has over a
#: thousand fields, and a post that saves one table shows none of their labels.
_when_shown = lazy(_format, str)


class _DrawnInPython(Input):
    """An input drawn exactly as Django's input template draws it, without the template.

    A round sheet of 60 tables has 300 of them; through the form renderer's templates
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


class _TableErrors(forms.Form):
    """What both sheets share: a table's field errors, and which tables have any."""

    tables: list[int]

    def table_errors(self, table) -> list[str]:
        prefix = f"t{table}_"
        return [
            f"{self.fields[name].label}: {error}"
            for name, errors in self.errors.items()
            if name.startswith(prefix)
            for error in errors
        ]

    def tables_with_errors(self):
        self.is_valid()
        return [table for table in self.tables if self.table_errors(table)]


class RoundScoresForm(_TableErrors):
    """One field per table and deal; each table is checked and saved on its own."""

    def __init__(
        self, *args, tables, deals, honours_deals, stored, trumps_at_table=False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.tables, self.deals = list(tables), list(deals)
        self.honours_deals = set(honours_deals)
        self.stored = stored
        # What an error names: the table card it is shown in already says which table.
        self.short_labels: dict[str, StrOrPromise] = {}
        self.trumps_at_table = trumps_at_table
        for table in self.tables:
            for deal in self.deals:
                result = stored.get((table, deal))
                name = f"t{table}_d{deal}"
                self.fields[name] = forms.IntegerField(
                    required=False,
                    label=_when_shown(
                        _("Table %(table)s, deal %(deal)s: N–S tricks"), table=table, deal=deal
                    ),
                    initial=result.ns_tricks if result else None,
                    widget=TricksInput(attrs={"min": 0, "max": 13, "inputmode": "numeric"}),
                )
                self.short_labels[name] = _when_shown(_("deal %(deal)s, N–S tricks"), deal=deal)
                if trumps_at_table:
                    name = f"t{table}_s{deal}"
                    self.fields[name] = forms.ChoiceField(
                        required=False,
                        choices=[("", _("trumps turned up")), *TrumpSuit.choices],
                        label=_when_shown(
                            _("Table %(table)s, deal %(deal)s: trumps turned up"),
                            table=table,
                            deal=deal,
                        ),
                        initial=result.trumps if result else "",
                    )
                    self.short_labels[name] = _when_shown(
                        _("deal %(deal)s, trumps turned up"), deal=deal
                    )
                if deal in self.honours_deals:
                    name = f"t{table}_h{deal}"
                    self.fields[name] = forms.TypedChoiceField(
                        required=False,
                        coerce=int,
                        empty_value=None,
                        choices=HONOURS_CHOICES,
                        label=_when_shown(
                            _("Table %(table)s, deal %(deal)s: honours"), table=table, deal=deal
                        ),
                        initial=result.ns_honours if result else "",
                    )
                    self.short_labels[name] = _when_shown(_("deal %(deal)s, honours"), deal=deal)
            versions = [stored[table, d].version for d in self.deals if (table, d) in stored]
            name = f"t{table}_v"
            self.fields[name] = forms.IntegerField(
                widget=VersionInput, initial=max(versions, default=0), required=False
            )
            self.short_labels[name] = _("the page's version (reload the page)")

    def table_fields(self, table):
        """One table's bound fields for the template: its version and, per deal,
        (deal, tricks, honours, trumps turned up); the last two None where not asked."""
        rows = [
            (
                deal,
                self[f"t{table}_d{deal}"],
                self[f"t{table}_h{deal}"] if deal in self.honours_deals else None,
                self[f"t{table}_s{deal}"] if self.trumps_at_table else None,
            )
            for deal in self.deals
        ]
        return self[f"t{table}_v"], rows

    def table_errors(self, table) -> list[str]:
        # Only the fields with errors are looked at, in the order the fields were checked.
        prefix = f"t{table}_"
        return [
            f"{capfirst(self.short_labels[name])}: {error}"
            for name, errors in self.errors.items()
            if name.startswith(prefix)
            for error in errors
        ]

    def _unchanged(self, table, tricks, honours, trumps) -> bool:
        stored = [self.stored.get((table, deal)) for deal in self.deals]
        if None in stored:
            return False
        return all(
            result.ns_tricks == tricks[result.deal]
            and (result.deal not in honours or result.ns_honours == honours[result.deal])
            and (result.deal not in trumps or result.trumps == trumps[result.deal])
            for result in stored
        )

    def entered_tables(self):
        """TableScores for every table with something new typed in and no field errors.

        A table left wholly blank is not reported yet and is skipped, so an
        organiser can save the tables as their slips come in; a table whose figures
        are those already saved is skipped too, so "Saved 3 tables" means three changed.
        """
        self.is_valid()  # fills cleaned_data for the fields that are valid
        entered = []
        for table in self.tables:
            if self.table_errors(table):
                continue
            tricks = {d: self.cleaned_data.get(f"t{table}_d{d}") for d in self.deals}
            if all(value is None for value in tricks.values()):
                continue
            honours = {d: self.cleaned_data.get(f"t{table}_h{d}") for d in self.honours_deals}
            trumps = {}
            if self.trumps_at_table:
                trumps = {d: self.cleaned_data.get(f"t{table}_s{d}") or "" for d in self.deals}
            if self._unchanged(table, tricks, honours, trumps):
                continue
            entered.append(
                TableScores(
                    table=table,
                    tricks=tricks,
                    honours=honours,
                    version=self.cleaned_data.get(f"t{table}_v") or 0,
                    trumps=trumps,
                )
            )
        return entered


_PARTS = ("dealer", "declarers", "level", "strain", "trumps", "tricks")


class BidWhistScoresForm(_TableErrors):
    """Per table and hand: dealer, declaring side, bid, uptown/downtown/NT, trumps, tricks.

    Fields only read what was typed; whether the hand is possible is for
    ``scoring.bidwhist`` (through the services) to say, in the page's language.
    """

    def __init__(self, *args, tables, deals, dealers, stored, **kwargs):
        super().__init__(*args, **kwargs)
        self.tables, self.deals = list(tables), list(deals)
        self.stored = stored
        for table in self.tables:
            for deal in self.deals:
                result = stored.get((table, deal))
                where = {"table": table, "deal": deal}
                prefix = f"t{table}_d{deal}_"
                self.fields[prefix + "dealer"] = forms.ChoiceField(
                    choices=Seat.choices,
                    label=_("Table %(table)s, hand %(deal)s: dealer") % where,
                    initial=(result.dealer if result and result.dealer else dealers[deal]),
                )
                self.fields[prefix + "declarers"] = forms.ChoiceField(
                    required=False,
                    choices=[("", "–"), *Side.choices],
                    label=_("Table %(table)s, hand %(deal)s: declaring side") % where,
                    initial=result.declarers if result else "",
                )
                self.fields[prefix + "level"] = forms.IntegerField(
                    required=False,
                    label=_("Table %(table)s, hand %(deal)s: bid") % where,
                    initial=result.bid_level if result else None,
                    widget=forms.NumberInput(attrs={"min": 1, "max": 7, "inputmode": "numeric"}),
                )
                self.fields[prefix + "strain"] = forms.ChoiceField(
                    required=False,
                    choices=[("", "–"), *BidStrain.choices],
                    label=_("Table %(table)s, hand %(deal)s: uptown, downtown or no trumps")
                    % where,
                    initial=result.bid_strain if result else "",
                )
                self.fields[prefix + "trumps"] = forms.ChoiceField(
                    required=False,
                    choices=[("", _("none (no trumps)")), *TrumpSuit.choices],
                    label=_("Table %(table)s, hand %(deal)s: trumps") % where,
                    initial=result.trumps if result else "",
                )
                self.fields[prefix + "tricks"] = forms.IntegerField(
                    required=False,
                    label=_("Table %(table)s, hand %(deal)s: declarers' tricks with the kitty")
                    % where,
                    initial=result.declarer_tricks if result else None,
                    widget=forms.NumberInput(attrs={"min": 1, "max": 13, "inputmode": "numeric"}),
                )
            versions = [stored[table, d].version for d in self.deals if (table, d) in stored]
            self.fields[f"t{table}_v"] = forms.IntegerField(
                widget=forms.HiddenInput, initial=max(versions, default=0)
            )

    def _unchanged(self, table, hands) -> bool:
        """Whether every hand is stored exactly as typed: nothing to save, nor to count."""
        for deal, hand in hands.items():
            result = self.stored.get((table, deal))
            if result is None:
                return False
            stored = (result.dealer, result.declarers, result.bid_level, result.bid_strain)
            if (*stored, result.trumps, result.declarer_tricks) != (
                hand.dealer,
                hand.declarers,
                hand.level,
                hand.strain,
                hand.trumps,
                hand.tricks,
            ):
                return False
        return True

    def table_fields(self, table):
        """One table's version field and, per hand, (hand, {part: bound field})."""
        rows = [
            (deal, {part: self[f"t{table}_d{deal}_{part}"] for part in _PARTS})
            for deal in self.deals
        ]
        return self[f"t{table}_v"], rows

    def entered_tables(self):
        """TableScores for every table with a hand typed in and no field errors."""
        self.is_valid()
        entered = []
        for table in self.tables:
            if self.table_errors(table):
                continue
            hands = {deal: self._hand(table, deal) for deal in self.deals}
            if all(hand.is_blank for hand in hands.values()) or self._unchanged(table, hands):
                continue
            entered.append(
                TableScores(
                    table=table,
                    tricks={},
                    honours={},
                    version=self.cleaned_data.get(f"t{table}_v") or 0,
                    hands=hands,
                )
            )
        return entered

    def _hand(self, table: int, deal: int) -> HandEntry:
        # The cleaned fields hold what HandEntry holds: "" or None where left blank.
        parts: dict[str, Any] = {
            part: self.cleaned_data.get(f"t{table}_d{deal}_{part}") for part in _PARTS
        }
        return HandEntry(**parts)
