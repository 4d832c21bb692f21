"""The table page's forms: they read and normalise the figures; the services judge them."""

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.bidwhist import records
from drives.errors import SIDES, refusal_text
from drives.evening.rounds import SEAT_LETTERS
from drives.evening.score_forms import HONOURS_CHOICES
from drives.models import BidStrain, Side, TrumpSuit
from drives.tableside.services import Figures
from scoring.bidwhist import forced_declarer
from scoring.cards import Suit, side_of
from scoring.errors import BidWhistError


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


_HAND_PARTS = ("declarers", "level", "strain", "trumps", "tricks")
NO_TRUMPS = "NT"


class BidWhistEntryForm(forms.Form):
    """Each hand of the round as a bid whist table records it, checked by ``scoring``.

    The dealer comes from the rotation (the deal passes to the left each hand). "Everyone
    passed" makes the dealer's side the declarers, as the auction's rules say. A ``check``
    post shows each hand's points without storing anything; ``send`` stores.
    """

    round = forms.IntegerField(widget=forms.HiddenInput)
    submission = forms.UUIDField(widget=forms.HiddenInput)
    step = forms.ChoiceField(
        choices=[("check", "check"), ("send", "send")],
        widget=forms.HiddenInput,
        initial="check",
    )
    side = forms.ChoiceField(
        label=_("Who is entering?"), choices=Side.choices, widget=forms.RadioSelect
    )

    def __init__(self, *args, drive, deals, dealers, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("submission", uuid.uuid4())
        super().__init__(*args, **kwargs)
        self.drive, self.deals, self.dealers = drive, list(deals), dealers
        self.lines: dict[int, records.HandLine] = {}
        self.dealer_names: dict[int, str] = {}  # "S (Ada Ashworth)", once the page knows
        levels = range(drive.minimum_bid, 8)
        for deal in self.deals:
            where = {"deal": deal}
            # The buttons offer what a hand may hold; anything else that arrives is for
            # ``scoring`` to refuse, in its words, beside the field (see ``clean``).
            self.fields[f"b{deal}_declarers"] = forms.CharField(
                required=False,
                label=_("Hand %(deal)s: who won the bid") % where,
                widget=forms.RadioSelect(choices=Side.choices),
            )
            self.fields[f"b{deal}_forced"] = forms.BooleanField(
                required=False,
                label=_("Everyone passed: the dealer had to bid"),
            )
            self.fields[f"b{deal}_level"] = forms.IntegerField(
                required=False,
                label=_("Hand %(deal)s: bid") % where,
                widget=forms.RadioSelect(choices=[(level, str(level)) for level in levels]),
            )
            self.fields[f"b{deal}_strain"] = forms.CharField(
                required=False,
                label=_("Hand %(deal)s: uptown, downtown or no trumps") % where,
                widget=forms.RadioSelect(choices=BidStrain.choices),
            )
            self.fields[f"b{deal}_trumps"] = forms.ChoiceField(
                required=False,
                label=_("Hand %(deal)s: trumps") % where,
                choices=[
                    *(
                        (suit.value, f"{Suit(suit.value).symbol} {suit.label}")
                        for suit in TrumpSuit
                    ),
                    # Its own value, so that a new hand starts with no button pressed.
                    (NO_TRUMPS, _("none (no trumps)")),
                ],
                widget=forms.RadioSelect,
            )
            self.fields[f"b{deal}_tricks"] = forms.IntegerField(
                required=False,
                label=_("Hand %(deal)s: declarers' tricks with the kitty") % where,
                widget=forms.NumberInput(
                    attrs={"min": 1, "max": 13, "inputmode": "numeric", "class": "tricks"}
                ),
            )

    def hands(self):
        """(hand, who deals as the page says it, the dealer's side, {part: bound field},
        its points once checked) for the page."""
        return [
            (
                deal,
                self.dealer_names.get(deal) or SEAT_LETTERS[self.dealers[deal]],
                side_of(self.dealers[deal]),
                {part: self[f"b{deal}_{part}"] for part in (*_HAND_PARTS, "forced")},
                self.lines.get(deal),
            )
            for deal in self.deals
        ]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        required = {
            "declarers": _("Say which side won the bid."),
            "level": _("Choose the bid."),
            "strain": _("Choose uptown, downtown or no trumps."),
            "tricks": _("Enter the declarers' tricks, the kitty included."),
        }
        for deal in self.deals:
            name = f"b{deal}_"
            if any(name + part in self.errors for part in _HAND_PARTS):
                continue
            if data.get(name + "trumps") == NO_TRUMPS:
                data[name + "trumps"] = ""
            typed: dict[str, Any] = {part: data.get(name + part) for part in _HAND_PARTS}
            dealer = self.dealers[deal]
            if data.get(name + "forced"):
                forced = side_of(forced_declarer(dealer))
                if typed["declarers"] not in ("", None, forced):
                    self.add_error(
                        name + "declarers",
                        _("When everyone passes the dealer declares: %(side)s.")
                        % {"side": SIDES[forced]},
                    )
                    continue
                typed["declarers"] = forced
            missing = [part for part, text in required.items() if typed[part] in ("", None)]
            for part in missing:
                self.add_error(name + part, required[part])
            if missing:
                continue
            entry = records.HandEntry(dealer=dealer, **typed)
            try:
                record = records.hand_record(self.drive, entry)
            except BidWhistError as error:
                part = records.PART_OF_CODE.get(error.code, "level")
                self.add_error(name + part, refusal_text(error))
                continue
            self.lines[deal] = records.hand_line(self.drive, deal, record)
            data[name + "declarers"] = typed["declarers"]
        return data

    def figures(self) -> Figures:
        data = self.cleaned_data
        hands = {}
        for deal in self.deals:
            typed: dict[str, Any] = {part: data[f"b{deal}_{part}"] for part in _HAND_PARTS}
            hands[deal] = records.HandEntry(dealer=self.dealers[deal], **typed)
        return Figures({}, {}, {}, hands)
