"""Bid whist's forms: each hand's record (dealer, declaring side, bid, trumps, tricks) for
every table on the round page, and for one table on a side's phone."""

from typing import Any, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from drives.errors import FiguresRefused
from drives.games.bidwhist.hands import PARTS, hand_line
from drives.games.figures import DealFigures, Figures, Typed
from drives.games.forms import PhoneForm, RoundForm
from drives.models import BidStrain, Seat, Side, TrumpSuit
from drives.seats import SEAT_LETTERS, SIDES
from scoring import cards
from scoring.bidwhist import forced_declarer
from scoring.cards import Suit, side_of


class BidWhistRoundForm(RoundForm):
    """Per table and hand: dealer, declaring side, bid, uptown/downtown/NT, trumps, tricks.

    Fields only read what was typed; whether the hand is possible is for the game's
    checker (``scoring.bidwhist``) to say, in the page's language.
    """

    def add_table_fields(self, table: int) -> None:
        for info in self.deal_infos:
            deal = info.number
            result = self.stored.get((table, deal))
            where = {"table": table, "deal": deal}
            prefix = f"t{table}_d{deal}_"
            self.fields[prefix + "dealer"] = forms.ChoiceField(
                choices=Seat.choices,
                label=_("Table %(table)s, hand %(deal)s: dealer") % where,
                initial=(result.dealer if result and result.dealer else info.dealer),
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
                label=_("Table %(table)s, hand %(deal)s: uptown, downtown or no trumps") % where,
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
                label=_("Table %(table)s, hand %(deal)s: declarers' tricks with the kitty") % where,
                initial=result.declarer_tricks if result else None,
                widget=forms.NumberInput(attrs={"min": 1, "max": 13, "inputmode": "numeric"}),
            )
        self.fields[f"t{table}_v"] = forms.IntegerField(
            widget=forms.HiddenInput, initial=self.version(table)
        )

    def table_fields(self, table):
        """One table's version field and, per hand, (hand, {part: bound field})."""
        rows = [
            (deal, {part: self[f"t{table}_d{deal}_{part}"] for part in PARTS})
            for deal in self.deals
        ]
        return self[f"t{table}_v"], rows

    def typed(self, table: int) -> Typed | None:
        # The cleaned fields hold what a hand holds: "" or None where left blank.
        hands = {
            deal: {part: self.cleaned_data.get(f"t{table}_d{deal}_{part}") for part in PARTS}
            for deal in self.deals
        }
        if all(_is_blank(hand) for hand in hands.values()):
            return None
        return hands


def _is_blank(hand: dict[str, Any]) -> bool:
    return all(hand[part] in ("", None) for part in PARTS if part != "dealer")


_PHONE_PARTS = ("declarers", "level", "strain", "trumps", "tricks")
NO_TRUMPS = "NT"


class BidWhistPhoneForm(PhoneForm):
    """Each hand of the round as a bid whist table records it, checked by the game.

    The dealer comes from the rotation (the deal passes to the left each hand). "Everyone
    passed" makes the dealer's side the declarers, as the auction's rules say. A ``check``
    post shows each hand's points without storing anything; ``send`` stores.
    """

    step = forms.ChoiceField(
        choices=[("check", "check"), ("send", "send")],
        widget=forms.HiddenInput,
        initial="check",
    )

    def __init__(self, *args, game, deals, **kwargs):
        super().__init__(*args, game=game, deals=deals, **kwargs)
        self.dealers = {deal.number: deal.dealer for deal in self.deal_infos}
        self.lines: dict[int, Any] = {}
        levels = range(game.drive.minimum_bid, 8)
        for deal in self.deals:
            where = {"deal": deal}
            # The buttons offer what a hand may hold; anything else that arrives is for
            # the checker to refuse, in its words, beside the field (see ``clean``).
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
                {part: self[f"b{deal}_{part}"] for part in (*_PHONE_PARTS, "forced")},
                self.lines.get(deal),
            )
            for deal in self.deals
        ]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        checked: dict[int, DealFigures] = {}
        for info in self.deal_infos:
            hand = self._hand(info.number, info.dealer)
            if hand is None:
                continue
            # Hand by hand, so that each hand shows its points or its mistakes.
            try:
                figures = self.game.check(self.table, [info], {info.number: hand})
            except FiguresRefused as refused:
                for problem in refused.problems:
                    field = f"b{info.number}_{problem.part}"
                    self.add_error(field if field in self.fields else None, problem.text)
                continue
            checked |= figures.deals
            self.lines[info.number] = hand_line(
                self.game.drive, info.number, figures.deals[info.number]
            )
            data[f"b{info.number}_declarers"] = hand["declarers"]
        if not self.errors:
            self.figures = Figures(checked)
        return data

    def _hand(self, deal: int, dealer: cards.Seat) -> dict[str, Any] | None:
        """The hand as typed, "everyone passed" and "no trumps" read; None once a part of it
        is refused here (a field's own error, a side named against "everyone passed", a
        part left out)."""
        name = f"b{deal}_"
        if any(name + part in self.errors for part in _PHONE_PARTS):
            return None
        data = self.cleaned_data
        if data.get(name + "trumps") == NO_TRUMPS:
            data[name + "trumps"] = ""
        hand: dict[str, Any] = {part: data.get(name + part) for part in _PHONE_PARTS}
        if data.get(name + "forced"):
            forced = side_of(forced_declarer(dealer))
            if hand["declarers"] not in ("", None, forced):
                self.add_error(
                    name + "declarers",
                    _("When everyone passes the dealer declares: %(side)s.")
                    % {"side": SIDES[forced]},
                )
                return None
            hand["declarers"] = forced
        required = {
            "declarers": _("Say which side won the bid."),
            "level": _("Choose the bid."),
            "strain": _("Choose uptown, downtown or no trumps."),
            "tricks": _("Enter the declarers' tricks, the kitty included."),
        }
        missing = [part for part, text in required.items() if hand[part] in ("", None)]
        for part in missing:
            self.add_error(name + part, required[part])
        return None if missing else hand | {"dealer": dealer}

    check_note = _("Check the points, then send.")

    def error_summary(self) -> str:
        """A pointer to the refusals beside their fields; one about no field is said here,
        the only place it shows."""
        marked = any(name != NON_FIELD_ERRORS for name in self.errors)
        pointer = [str(_("Check the hands marked below."))] if marked else []
        return " ".join([*pointer, *map(str, self.non_field_errors())])

    def before_sending(self) -> "BidWhistPhoneForm | None":
        """A first post shows each hand's points; the same figures bound again with "send"
        are sent with one tap."""
        if self.cleaned_data["step"] == "send":
            return None
        data = cast(QueryDict, self.data).copy()
        data["step"] = "send"
        again = type(self)(
            data,
            initial=self.initial,
            game=self.game,
            table=self.table,
            deals=self.deal_infos,
        )
        again.is_valid()
        return again
