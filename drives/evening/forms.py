"""Forms for setting up and running a drive: they validate and normalise, nothing more."""

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.models import Drive, DriveStatusChange, SeatRole, TableEntryMode


class DriveForm(forms.ModelForm):
    class Meta:
        model = Drive
        fields = [
            "date",
            "title",
            "season",
            "venue",
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
            "tie_break",
            "table_entry",
            "on_paper",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        labels = {"season": _("Season")}  # the foreign key has no verbose name of its own

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = club.seasons.all()
        self.fields["deals"].min_value = 4
        self.fields["deals"].widget.attrs.update(min=4, max=52)
        self.fields["deals_per_round"].widget.attrs.update(min=1, max=4)
        self.fields["prize_places"].widget.attrs.update(min=1, max=10)
        # Older forms and scripts post no choice: they keep the default, enter and confirm.
        self.fields["table_entry"].required = False

    def clean_table_entry(self):
        return self.cleaned_data["table_entry"] or TableEntryMode.CONFIRM

    def clean_deals(self):
        deals = self.cleaned_data["deals"]
        if not 4 <= deals <= 52:
            raise forms.ValidationError(_("A drive has from 4 to 52 deals."))
        return deals

    def clean_deals_per_round(self):
        per_round = self.cleaned_data["deals_per_round"]
        if not 1 <= per_round <= 4:
            raise forms.ValidationError(_("A round has from 1 to 4 deals."))
        return per_round

    def clean_prize_places(self):
        places = self.cleaned_data["prize_places"]
        if not 1 <= places <= 10:
            raise forms.ValidationError(_("Give from 1 to 10 placing prizes."))
        return places

    def clean(self):
        data = super().clean()
        deals, per_round = data.get("deals"), data.get("deals_per_round")
        if deals and per_round and deals % per_round:
            self.add_error(
                "deals_per_round",
                _("%(deals)s deals do not divide into rounds of %(per_round)s.")
                % {"deals": deals, "per_round": per_round},
            )
        return data


class WalkInForm(forms.Form):
    name = forms.CharField(label=_("New player's name"), max_length=100)
    role = forms.ChoiceField(label=_("Seat role"), choices=SeatRole.choices)

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Enter the player's name."))
        return name


class LateArrivalForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=None)
    role = forms.ChoiceField(
        label=_("Seat role"),
        choices=[("", _("their usual role")), *SeatRole.choices],
        required=False,
    )

    def __init__(self, *args, drive, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = drive.club.players.filter(active=True).exclude(
            entries__drive=drive
        )

    def clean(self):
        data = super().clean()
        if data.get("player") and not data.get("role"):
            data["role"] = data["player"].role
        return data


class CheckInForm(forms.Form):
    """The check-in list: a tick and a seat role for each of the club's players."""

    present = forms.TypedMultipleChoiceField(coerce=int, required=False)

    def __init__(self, *args, players, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in players}
        self.fields["present"].choices = [(pk, player.name) for pk, player in self.players.items()]
        self.fields["present"].initial = [entry.player_id for entry in entries]
        entry_roles = {entry.player_id: entry.role for entry in entries}
        for pk, player in self.players.items():
            self.fields[f"role_{pk}"] = forms.ChoiceField(
                choices=SeatRole.choices, initial=entry_roles.get(pk, player.role), required=False
            )

    def rows(self):
        """(player, ticked?, role field) for the template, in the players' order."""
        ticked = {int(pk) for pk in (self["present"].value() or [])}
        return [(player, pk in ticked, self[f"role_{pk}"]) for pk, player in self.players.items()]

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
