"""The round page's score sheet: N–S tricks (and honours) for every table and deal."""

from django import forms
from django.utils.functional import lazy
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from drives.evening.services import TableScores

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


class RoundScoresForm(forms.Form):
    """One field per table and deal; each table is checked and saved on its own."""

    def __init__(self, *args, tables, deals, honours_deals, stored, **kwargs):
        super().__init__(*args, **kwargs)
        self.tables, self.deals = list(tables), list(deals)
        self.honours_deals = set(honours_deals)
        self.stored = stored
        # What an error names: the table card it is shown in already says which table.
        self.short_labels = {}
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
                    widget=forms.NumberInput(attrs={"min": 0, "max": 13, "inputmode": "numeric"}),
                )
                self.short_labels[name] = _when_shown(_("deal %(deal)s, N–S tricks"), deal=deal)
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
                widget=forms.HiddenInput, initial=max(versions, default=0), required=False
            )
            self.short_labels[name] = _("the page's version (reload the page)")

    def table_fields(self, table):
        """One table's bound fields for the template: its version and (deal, tricks, honours)."""
        rows = [
            (
                deal,
                self[f"t{table}_d{deal}"],
                self[f"t{table}_h{deal}"] if deal in self.honours_deals else None,
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

    def _unchanged(self, table, tricks, honours) -> bool:
        stored = [self.stored.get((table, deal)) for deal in self.deals]
        if None in stored:
            return False
        return all(
            result.ns_tricks == tricks[result.deal]
            and (result.deal not in honours or result.ns_honours == honours[result.deal])
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
            if self._unchanged(table, tricks, honours):
                continue
            entered.append(
                TableScores(
                    table=table,
                    tricks=tricks,
                    honours=honours,
                    version=self.cleaned_data.get(f"t{table}_v") or 0,
                )
            )
        return entered

    def tables_with_errors(self):
        self.is_valid()
        return [table for table in self.tables if self.table_errors(table)]
