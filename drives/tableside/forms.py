"""The table page's forms: they read and normalise the figures; the services judge them."""

import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.evening.score_forms import HONOURS_CHOICES
from drives.models import Side, TrumpSuit
from drives.tableside.services import Figures


class TableEntryForm(forms.Form):
    """N–S tricks (and honours) for each deal of the round, and which side is sending."""

    round = forms.IntegerField(widget=forms.HiddenInput)
    submission = forms.UUIDField(widget=forms.HiddenInput)
    side = forms.ChoiceField(
        label=_("Who is entering?"), choices=Side.choices, widget=forms.RadioSelect
    )

    def __init__(self, *args, deals, honours_deals, turned=False, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("submission", uuid.uuid4())
        super().__init__(*args, **kwargs)
        self.deals, self.honours_deals, self.turned = list(deals), set(honours_deals), turned
        for deal in self.deals:
            if turned:
                self.fields[f"t{deal}"] = forms.ChoiceField(
                    label=_("Deal %(deal)s: trumps turned up") % {"deal": deal},
                    choices=[("", "–"), *TrumpSuit.choices],
                    error_messages={"required": _("Say which suit was turned up.")},
                )
            self.fields[f"d{deal}"] = forms.IntegerField(
                label=_("Deal %(deal)s: N–S tricks") % {"deal": deal},
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

    def figures(self) -> Figures:
        data = self.cleaned_data
        return Figures(
            {deal: data[f"d{deal}"] for deal in self.deals},
            {deal: data.get(f"h{deal}") for deal in self.honours_deals},
            {deal: data[f"t{deal}"] for deal in self.deals} if self.turned else {},
        )


class ConfirmForm(forms.Form):
    entry = forms.IntegerField(widget=forms.HiddenInput)
    submission = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("submission", uuid.uuid4())
        super().__init__(*args, **kwargs)
