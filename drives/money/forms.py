"""The money page's forms: they check and normalise, the services save."""

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.models import DriveMoney, FeeKind, LineKind
from drives.money.services import SETUP_FIELDS
from drives.versions import VersionField

#: The most a line, fee or prize may be: a typing slip (an extra 0) is refused, not saved.
MOST = Decimal("99999.99")


def _amount(value: Decimal | None) -> Decimal:
    if value is None:
        return Decimal(0)
    if value < 0:
        raise forms.ValidationError(_("An amount cannot be less than nothing."))
    if value > MOST:
        raise forms.ValidationError(_("That is more than a drive takes: check the amount."))
    return value


class AmountField(forms.DecimalField):
    """An amount in the club's money, typed as "2.50" or "2,50"."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_digits", 9)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("localize", True)
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "decimal", "autocomplete": "off"})

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().replace(",", ".")
        return _amount(super().to_python(value))


class MoneySetupForm(forms.ModelForm):
    version = VersionField()

    class Meta:
        model = DriveMoney
        fields = SETUP_FIELDS
        field_classes = dict.fromkeys(
            (
                "member_fee",
                "visitor_fee",
                "booby_amount",
                "half_time_amount",
                "ten_trick_amount",
                "consolation_amount",
            ),
            AmountField,
        )
        help_texts = {
            "member_fee": _("What a member pays to play; 0 if it is free."),
            "visitor_fee": _("What a visitor pays; it may differ from a member's."),
            "prize_money": _(
                "Fixed amounts, whatever the takings; or a share of what is left once the "
                "costs are paid, split between the prizes or equally between every player."
            ),
            "share_percent": _("Only with a share: the part of the takings after costs, 0 to 100."),
            "placing_amounts": _(
                "1st, 2nd, 3rd … separated by commas, for example “10, 6, 4”. With a share "
                "they are proportions: “50, 30, 20” gives half the fund to the 1st prize."
            ),
            "consolation": _(
                "A prize drawn by lot among the players who won nothing, after the drive "
                "finishes; the draw is shown to everyone and can be checked."
            ),
        }

    def clean_share_percent(self):
        value = self.cleaned_data["share_percent"]
        if not 0 <= value <= 100:
            raise forms.ValidationError(_("A share is from 0 to 100 per cent."))
        return value

    def clean_placing_amounts(self):
        text = self.cleaned_data["placing_amounts"]
        try:
            amounts = [_amount(Decimal(p.strip())) for p in text.split(",") if p.strip()]
        except (InvalidOperation, ValueError):
            raise forms.ValidationError(
                _("Give amounts separated by commas, for example “10, 6, 4”.")
            ) from None
        return ", ".join(str(a) for a in amounts)


class FeeForm(forms.Form):
    kind = forms.ChoiceField(choices=FeeKind.choices)
    paid = forms.BooleanField(required=False)
    version = VersionField()


class LineForm(forms.Form):
    kind = forms.ChoiceField(label=_("Taking or cost"), choices=LineKind.choices)
    label = forms.CharField(
        label=_("What"),
        max_length=100,
        help_text=_("For example “Raffle tickets”, “Hall hire”, “Prizes bought”."),
    )
    amount = AmountField(label=_("Amount"))

    def clean_label(self):
        return " ".join(self.cleaned_data["label"].split())
