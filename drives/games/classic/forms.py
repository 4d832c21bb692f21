"""Classic whist's forms: N–S tricks (and honours, and the trumps turned up) for every table
and deal on the round page, and for one table on a side's phone."""

from typing import TYPE_CHECKING

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from drives.errors import FiguresRefused, labelled
from drives.games.figures import Typed
from drives.games.forms import (
    HONOURS_CHOICES,
    PhoneForm,
    RoundForm,
    TricksInput,
    VersionInput,
    when_shown,
)
from drives.models import TrumpSuit

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class ClassicRoundForm(RoundForm):
    """One field per table and deal for N–S tricks, with honours and the trumps turned up
    where the drive asks for them."""

    def __init__(self, *args, game, deals, **kwargs):
        self.honours_deals = set(game.honours_deals(deals))
        self.trumps_at_table = game.trumps_at_table
        # What an error names: the table card it is shown in already says which table.
        self.short_labels: dict[str, StrOrPromise] = {}
        super().__init__(*args, game=game, deals=deals, **kwargs)

    def add_table_fields(self, table: int) -> None:
        for number in self.deals:
            result = self.stored.get((table, number))
            # "deal 3", or the board the table holds for it: as the table's rows name it.
            deal = self.game.deal_name(self.game.drive.round_of(number), table, number)
            name = f"t{table}_d{number}"
            self.fields[name] = forms.IntegerField(
                required=False,
                label=when_shown(
                    _("Table %(table)s, %(deal)s: N–S tricks"), table=table, deal=deal
                ),
                initial=result.ns_tricks if result else None,
                widget=TricksInput(attrs={"min": 0, "max": 13, "inputmode": "numeric"}),
            )
            self.short_labels[name] = when_shown(_("%(deal)s, N–S tricks"), deal=deal)
            if self.trumps_at_table:
                name = f"t{table}_s{number}"
                self.fields[name] = forms.ChoiceField(
                    required=False,
                    choices=[("", _("trumps turned up")), *TrumpSuit.choices],
                    label=when_shown(
                        _("Table %(table)s, %(deal)s: trumps turned up"),
                        table=table,
                        deal=deal,
                    ),
                    initial=result.trumps if result else "",
                )
                self.short_labels[name] = when_shown(_("%(deal)s, trumps turned up"), deal=deal)
            if number in self.honours_deals:
                name = f"t{table}_h{number}"
                self.fields[name] = forms.TypedChoiceField(
                    required=False,
                    coerce=int,
                    empty_value=None,
                    choices=HONOURS_CHOICES,
                    label=when_shown(
                        _("Table %(table)s, %(deal)s: honours"), table=table, deal=deal
                    ),
                    initial=result.ns_honours if result else "",
                )
                self.short_labels[name] = when_shown(_("%(deal)s, honours"), deal=deal)
        name = f"t{table}_v"
        self.fields[name] = forms.IntegerField(
            widget=VersionInput, initial=self.version(table), required=False
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
            labelled(capfirst(self.short_labels[name]), error)
            for name, errors in self.errors.items()
            if name.startswith(prefix)
            for error in errors
        ]

    def typed(self, table: int) -> Typed | None:
        data = self.cleaned_data
        tricks = {deal: data.get(f"t{table}_d{deal}") for deal in self.deals}
        if all(value is None for value in tricks.values()):
            return None
        return {
            deal: {
                "tricks": tricks[deal],
                "honours": data.get(f"t{table}_h{deal}"),
                "trumps": data.get(f"t{table}_s{deal}") or "",
            }
            for deal in self.deals
        }


class ClassicPhoneForm(PhoneForm):
    """N–S tricks (and honours, and the trumps turned up) for each deal of the round."""

    def __init__(self, *args, game, deals, **kwargs):
        super().__init__(*args, game=game, deals=deals, **kwargs)
        self.honours_deals = set(game.honours_deals(deals))
        self.turned = game.trumps_at_table
        for deal in self.deals:
            # "Deal 3", or the board the table holds for it, as the page's rows name it.
            shown = game.deal_name(game.drive.round_of(deal), self.table, deal)
            if self.turned:
                self.fields[f"t{deal}"] = forms.ChoiceField(
                    label=when_shown(_("%(deal)s: trumps turned up"), deal=shown.title),
                    choices=[("", "–"), *TrumpSuit.choices],
                    error_messages={"required": _("Say which suit was turned up.")},
                )
            self.fields[f"d{deal}"] = forms.IntegerField(
                label=when_shown(_("%(deal)s: N–S tricks"), deal=shown.title),
                error_messages={"required": _("Enter N–S tricks for this deal.")},
                widget=forms.NumberInput(
                    attrs={"min": 0, "max": 13, "inputmode": "numeric", "class": "tricks"}
                ),
            )
            if deal in self.honours_deals:
                self.fields[f"h{deal}"] = forms.TypedChoiceField(
                    required=False,
                    coerce=int,
                    empty_value=None,
                    choices=HONOURS_CHOICES,
                    label=_("Honours"),
                )

    def rows(self):
        """(deal, tricks field, honours field or None, trumps field or None) for the template."""
        return [
            (
                deal,
                self[f"d{deal}"],
                self[f"h{deal}"] if deal in self.honours_deals else None,
                self[f"t{deal}"] if self.turned else None,
            )
            for deal in self.deals
        ]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        typed = {
            deal: {
                "tricks": data[f"d{deal}"],
                "honours": data.get(f"h{deal}"),
                "trumps": data.get(f"t{deal}", ""),
            }
            for deal in self.deals
        }
        try:
            self.figures = self.game.check(self.table, self.deal_infos, typed)
        except FiguresRefused as refused:
            self.add_error(None, str(refused))
        return data
