"""The one form of the totals page: a card's figures as one typist read them."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drives.errors import labelled
from drives.models import Typist

MOST = 32767  # the columns' limit; a real card stays far below it


class CardForm(forms.Form):
    card = forms.IntegerField(label=gettext_lazy("Card"), min_value=1)
    typist = forms.TypedChoiceField(choices=Typist.choices, coerce=int, initial=Typist.FIRST)
    version = forms.IntegerField(min_value=0, initial=0)
    half_time = forms.IntegerField(
        label=gettext_lazy("Half-time"), min_value=0, max_value=MOST, required=False
    )
    total = forms.IntegerField(label=gettext_lazy("Total"), min_value=0, max_value=MOST)
    ten_trick_deals = forms.IntegerField(
        label=gettext_lazy("Deals with 10+ tricks"), min_value=0, max_value=52, required=False
    )

    def __init__(self, *args, drive, **kwargs):
        super().__init__(*args, **kwargs)
        self.drive = drive

    def clean_card(self):
        number = self.cleaned_data["card"]
        entry = self.drive.entries.select_related("player").filter(card_number=number).first()
        if entry is None:
            raise forms.ValidationError(
                _("Card %(card)d is not one of this drive's.") % {"card": number}
            )
        return entry

    def figures(self) -> tuple[int, int | None, int | None]:
        data = self.cleaned_data
        return data["total"], data["half_time"], data["ten_trick_deals"]

    def error_text(self) -> str:
        """Every error on one line, each after its field's name, for a message or a row."""
        return " ".join(
            labelled(self.fields[name].label, " ".join(str(e) for e in errors))
            for name, errors in self.errors.items()
        )
