"""The forms of the "Put right a wrong move" page: they only read the choices; the rules
are the services' (``drives.evening.repairs``)."""

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.models import MoveRepair
from drives.versions import VersionField


class _RepairForm(forms.Form):
    reason = forms.CharField(
        label=_("Why"),
        max_length=MoveRepair.REASON_LENGTH,
        help_text=_("Kept with the change, for anyone who asks later."),
    )
    version = VersionField()

    def __init__(self, *args, choices, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            cast(forms.ChoiceField, self.fields[name]).choices = [("", "—"), *choices]


class PlayersSwapForm(_RepairForm):
    first = forms.TypedChoiceField(label=_("This player"), coerce=int)
    second = forms.TypedChoiceField(label=_("sat in the place of"), coerce=int)
    field_order = ["first", "second", "reason"]


class TablesSwapForm(_RepairForm):
    first = forms.TypedChoiceField(label=_("The results entered for"), coerce=int)
    second = forms.TypedChoiceField(label=_("belong to"), coerce=int)
    field_order = ["first", "second", "reason"]
