"""Forms for setting up and running a drive: they validate and normalise, nothing more."""

import unicodedata
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from drives import games
from drives.models import (
    DEALS_PER_ROUND_RANGE,
    DEALS_RANGE,
    PRIZE_PLACES_RANGE,
    Drive,
    DriveStatusChange,
    Game,
    Player,
    SeatRole,
    TableEntryMode,
)
from drives.names import OneLineTexts, clean_name
from drives.versions import VersionField

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SIZES = {
    "deals": DEALS_RANGE,
    "deals_per_round": DEALS_PER_ROUND_RANGE,
    "prize_places": PRIZE_PLACES_RANGE,
}


#: The set-up a new drive copies from the club's last one (or from the drive it is "like"):
#: every setting of the form but the date, the title and the season.
USUAL_SETTINGS = (
    "venue",
    "game",
    "deals",
    "deals_per_round",
    "rotation",
    "movement",
    "counting",
    "honours",
    "sit_out_rule",
    "sit_out_points",
    "prizes_by_role",
    "prize_places",
    "booby_prize",
    "half_time_prize",
    "ten_trick_prize",
    "withdrawn_win_prizes",
    "tie_break",
    "table_entry",
    "round_timer_starts",
    "standings_hidden_after",
    "on_paper",
    "no_trumps_double",
    "boston_bonus",
    "minimum_bid",
    "large_print",
)


class DriveForm(OneLineTexts, forms.ModelForm):
    class Meta:
        model = Drive
        fields = ["date", "title", "season", *USUAL_SETTINGS]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        labels = {"season": _("Season")}  # the foreign key has no verbose name of its own
        help_texts = {
            "date": _("The evening the drive is played."),
            "title": _("As players will see it, for example “Christmas Drive”."),
            "season": _("The league this drive counts towards; leave empty for a friendly."),
            "venue": _("Where the drive is played; printed on the scorecards."),
            "game": _(
                "Classic whist with trumps in rotation, or bid whist: 54 cards, bids and a kitty."
            ),
            "deals": _("How many deals each player plays, from 4 to 52; 24 is usual."),
            "deals_per_round": _(
                "Deals played at a table before players move, from 1 to 4; it must divide "
                "the number of deals."
            ),
            "rotation": _("The trumps deal by deal; no trumps every fifth deal if chosen."),
            "movement": _(
                "Progressive: the losing lady moves up and the gent down; the others keep "
                "partners or balance who plays with whom."
            ),
            "counting": _("Odd tricks count the tricks over six; all tricks count every trick."),
            "honours": _("Add the honours held in trumps (four: 4 points, three: 2)."),
            "sit_out_rule": _(
                "How a player who sits out a round is credited for the deals missed."
            ),
            "sit_out_points": _("Only with a fixed score: the points per deal sat out."),
            "prizes_by_role": _("Separate placings for ladies and for gents."),
            "prize_places": _("How many placing prizes (1st, 2nd, 3rd …), from 1 to 10."),
            "booby_prize": _("A prize for the lowest score among those who played to the end."),
            "half_time_prize": _("A prize for the best score at half-time."),
            "ten_trick_prize": _("A prize for the most deals with ten or more tricks."),
            "table_entry": _(
                "When tables type their own tricks on a phone: whether the other side confirms."
            ),
            "round_timer_starts": _(
                "From round 2 on, the hall display's clock starts as the round opens; you "
                "can still pause it from the table-entry page."
            ),
            "on_paper": _(
                "Players keep their own cards and you type each card's total at the end, "
                "instead of every table's tricks."
            ),
            "withdrawn_win_prizes": _(
                "Unticked, a player who withdrew wins no prize and the next in line takes it."
            ),
            "tie_break": _(
                "Countback places players level on points by their last rounds; shared "
                "leaves them level."
            ),
        }

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["season"]).queryset = club.seasons.all()
        for name, allowed in SIZES.items():
            self.fields[name].widget.attrs.update(min=allowed.start, max=allowed.stop - 1)
        self.fields["minimum_bid"].widget.attrs.update(min=1, max=7)
        self.fields["boston_bonus"].widget.attrs.update(min=0, max=20)
        for name in ("no_trumps_double", "boston_bonus", "minimum_bid"):
            self.fields[name].help_text = _("Bid whist only.")
        # A game's own settings show for that game alone (js/drive_form.js switches them
        # as the game changes); the server ignores them for another game, script or none.
        chosen = games.named(self["game"].value())
        for value, game in games.GAMES.items():
            for name in game.setup_fields:
                row: Any = self.fields[name]  # marks read by _form.html for the field's row
                row.game, row.game_hidden = value, game is not chosen
        # Left out, they keep their defaults: classic whist, bids from 1, no Boston bonus.
        for name in ("game", "boston_bonus", "minimum_bid"):
            self.fields[name].required = False
        # Older forms and scripts post no choice: they keep the default, enter and confirm.
        self.fields["table_entry"].required = False
        self.fields["standings_hidden_after"] = forms.TypedChoiceField(
            label=_("Standings for the players"),
            choices=[
                ("", _("Shown all through the drive")),
                (0, _("Hidden from the start until the end")),
                *(
                    (
                        after,
                        _("Shown after round %(round)d, then hidden until the end")
                        % {"round": after},
                    )
                    for after in range(1, DEALS_RANGE.stop - 1)
                ),
            ],
            coerce=int,
            empty_value=None,
            required=False,
            help_text=_(
                "Hidden standings keep the suspense: the standings page, the hall display's "
                "leaders and the phones show none until the drive finishes; you still see them."
            ),
        )

    def clean_game(self):
        return self.cleaned_data["game"] or Game.CLASSIC

    def clean_table_entry(self):
        return self.cleaned_data["table_entry"] or TableEntryMode.CONFIRM

    def _clean_size(self, name: str, message: "StrOrPromise") -> int:
        value = self.cleaned_data[name]
        allowed = SIZES[name]
        if value not in allowed:
            raise forms.ValidationError(message % {"min": allowed.start, "max": allowed.stop - 1})
        return value

    def clean_deals(self):
        return self._clean_size("deals", _("A drive has from %(min)d to %(max)d deals."))

    def clean_deals_per_round(self):
        return self._clean_size("deals_per_round", _("A round has from %(min)d to %(max)d deals."))

    def clean_prize_places(self):
        return self._clean_size("prize_places", _("Give from %(min)d to %(max)d placing prizes."))

    def clean_minimum_bid(self):
        minimum = self.cleaned_data["minimum_bid"]
        if minimum is None:
            return 1
        if not 1 <= minimum <= 7:
            raise forms.ValidationError(_("The minimum opening bid is from 1 to 7."))
        return minimum

    def clean_boston_bonus(self):
        bonus = self.cleaned_data["boston_bonus"]
        if bonus is None:
            return 0
        if not 0 <= bonus <= 20:
            raise forms.ValidationError(_("The bonus for all 13 tricks is from 0 to 20 points."))
        return bonus

    def clean(self):
        super().clean()
        data = self.cleaned_data
        game = games.named(data.get("game"))
        others = {name for other in games.GAMES.values() for name in other.setup_fields}
        for field in Drive._meta.concrete_fields:
            if field.name in others - set(game.setup_fields):
                data[field.name] = field.get_default()
        for name, problem in game.setup_problems(data).items():
            self.add_error(name, problem)
        deals, per_round = data.get("deals"), data.get("deals_per_round")
        if deals and per_round and deals % per_round:
            self.add_error(
                "deals_per_round",
                _("%(deals)s deals do not divide into rounds of %(per_round)s.")
                % {"deals": deals, "per_round": per_round},
            )
        elif (
            deals and per_round and (data.get("standings_hidden_after") or 0) >= deals // per_round
        ):
            self.add_error(
                "standings_hidden_after",
                _("The drive has %(rounds)d rounds: hide the standings after an earlier one.")
                % {"rounds": deals // per_round},
            )
        return data


def name_key(name: str) -> str:
    """A name as a hurried organiser might type it: case, accents and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def new_drive_initial(club, *, like: Drive | None = None) -> dict:
    """A new drive's defaults: today, the season under way, the club's usual set-up."""
    today = timezone.localdate()
    usual = like or club.drives.order_by("-date", "-pk").first()
    initial = {"date": today, "venue": club.venue}
    season = club.seasons.filter(start__lte=today, end__gte=today).order_by("-start").first()
    if season is not None:
        initial["season"] = season.pk
    if usual is not None:
        initial |= {name: getattr(usual, name) for name in USUAL_SETTINGS}
    if like is not None:
        initial["title"] = like.title
    return initial


class WalkInForm(forms.Form):
    name = forms.CharField(label=_("New player's name"), max_length=100)
    # No choice is made for the organiser: a default went unnoticed and seated gents as ladies.
    role = forms.ChoiceField(
        label=_("Seat role"),
        choices=SeatRole.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the player's seat role: lady, gent or either.")},
    )
    namesake = forms.BooleanField(
        label=_("A new person who shares a member's name"),
        required=False,
        help_text=_("Tick only when the club already has someone of this name."),
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.matches: list[Player] = []

    def clean_name(self):
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Enter the player's name."))
        return name

    def clean(self):
        super().clean()
        data = self.cleaned_data
        name = data.get("name")
        if name and not data.get("namesake"):
            key = name_key(name)
            self.matches = [p for p in self.club.players.all() if name_key(p.name) == key]
            if self.matches:
                self.add_error(
                    "name",
                    _(
                        "The club already has %(name)s: check them in below instead, or tick "
                        "“a new person” if this is someone else."
                    )
                    % {"name": self.matches[0].name},
                )
        return data


class LateArrivalForm(forms.Form):
    player: "forms.ModelChoiceField[Player]" = forms.ModelChoiceField(
        label=_("Player"), queryset=None
    )
    role = forms.ChoiceField(
        label=_("Seat role"),
        choices=[("", _("their usual role")), *SeatRole.choices],
        required=False,
    )
    stays = forms.BooleanField(
        label=_("Stays at one table all evening"),
        help_text=_(
            "For a player who cannot move: the movement works round them, one a table at most. "
            "A member marked on their record stays anyway."
        ),
        required=False,
    )

    def __init__(self, *args, drive, **kwargs):
        super().__init__(*args, **kwargs)
        player = cast(forms.ModelChoiceField, self.fields["player"])
        # Those not checked in, and those who withdrew: a withdrawn player comes back this way.
        withdrawn = Q(
            entries__drive=drive,
            entries__withdrew_after__isnull=False,
            entries__returned_round__isnull=True,
        )
        player.queryset = (
            drive.club.players.filter(active=True)
            .filter(~Q(entries__drive=drive) | withdrawn)
            .distinct()
        )

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if data.get("player") and not data.get("role"):
            data["role"] = data["player"].role
        return data


class CheckInForm(forms.Form):
    """The check-in list: a tick and a seat role for each of the club's players."""

    present = forms.TypedMultipleChoiceField(coerce=int, required=False)
    version = VersionField()

    def __init__(self, *args, players, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in players}
        cast(forms.ChoiceField, self.fields["present"]).choices = [
            (pk, player.name) for pk, player in self.players.items()
        ]
        self.fields["present"].initial = [entry.player_id for entry in entries]
        entry_roles = {entry.player_id: entry.role for entry in entries}
        for pk, player in self.players.items():
            self.fields[f"role_{pk}"] = forms.ChoiceField(
                choices=SeatRole.choices,
                initial=entry_roles.get(pk, player.role),
                required=False,
                # The column header is not read out with each select: name the player.
                widget=forms.Select(
                    attrs={"aria-label": _("%(name)s's seat role tonight") % {"name": player.name}}
                ),
            )

    def rows(self):
        """(player, ticked?, role field) for the template, in the players' order."""
        ticked = {int(pk) for pk in (self["present"].value() or [])}
        return [(player, pk in ticked, self[f"role_{pk}"]) for pk, player in self.players.items()]

    def saved_now(self, entries) -> dict[str, list[str]]:
        """Where the stored list (``entries``) differs from the ticks posted: shown beside
        the refused list, which keeps the ticks as they were typed."""
        stored = {entry.player_id: entry for entry in entries}
        typed = self.present_roles()
        differences: dict[str, list[str]] = {"in": [], "out": [], "role": []}
        for pk, player in self.players.items():
            entry = stored.get(pk)
            if entry is not None and player not in typed:
                differences["in"].append(player.name)
            elif entry is None and player in typed:
                differences["out"].append(player.name)
            elif entry is not None and entry.role != typed[player]:
                differences["role"].append(f"{player.name} ({entry.get_role_display()})")
        return {kind: names for kind, names in differences.items() if names}

    def present_roles(self):
        """The ticked players with their seat role for the evening."""
        return {
            self.players[pk]: self.cleaned_data.get(f"role_{pk}") or self.players[pk].role
            for pk in self.cleaned_data["present"]
        }


class CancelForm(forms.Form):
    reason = forms.CharField(
        label=_("Why (optional)"),
        required=False,
        max_length=DriveStatusChange._meta.get_field("reason").max_length,
    )
