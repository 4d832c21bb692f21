"""The season form (its dates and the league rule the organiser chooses), and the home
page's search for a club."""

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.errors import refusal_text
from drives.league.records import league_rule
from drives.models import LeagueRule, Season
from drives.names import OneLineTexts
from scoring.errors import LeagueError


class SeasonForm(OneLineTexts, forms.ModelForm):
    class Meta:
        model = Season
        fields = [
            "name",
            "start",
            "end",
            "league_rule",
            "best_n",
            "placing_points",
            "minimum_drives",
            "by_role",
        ]
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }
        help_texts = {
            "best_n": _("For the best-N rule: how many of each player's drives count."),
            "placing_points": _("For placing points: the points for 1st, 2nd, 3rd… in each drive."),
            "minimum_drives": _("Players with fewer drives are listed after those who qualify."),
        }

    def clean(self):
        super().clean()
        data = self.cleaned_data
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            self.add_error("end", _("The season ends after it starts."))
        if data.get("league_rule") == LeagueRule.BEST and not data.get("best_n"):
            self.add_error("best_n", _("Say how many drives count for the best-N rule."))
        if self.errors:
            return data
        # The scoring core decides what a complete rule is; its message is the organiser's.
        candidate = Season(**{name: data.get(name) for name in self.Meta.fields})
        candidate.placing_points = data.get("placing_points") or ""
        try:
            league_rule(candidate)
        except LeagueError as error:
            raise forms.ValidationError(refusal_text(error)) from error
        return data


class ClubSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Find a club by name or town"),
        required=False,
        max_length=100,
        widget=forms.SearchInput,
    )
