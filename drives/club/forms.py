"""Forms for a club's players: they validate and normalise, nothing more."""

from django import forms
from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from drives.club.csv_import import ExistingPlayer, NotUtf8Error, decode, read_players, tidy
from drives.models import Player
from drives.versions import VersionField, record_version

MAX_IMPORT_BYTES = 1024 * 1024  # 1 MB: a club list is a few kilobytes; 5,000 players fit easily


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "role", "member_number", "active", "large_print", "stays"]
        help_texts = {
            "active": _("Untick when a player stops coming; their past results are kept."),
        }

    version = VersionField()

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        if self.instance.pk is None:
            del self.fields["active"]  # a new player is active
            del self.fields["version"]
        else:
            self.fields["version"].initial = record_version(self.instance, self.Meta.fields)

    def changes(self) -> dict:
        """The record's new values, without the version they were typed against."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}

    def clean_name(self):
        return tidy(self.cleaned_data["name"])

    def clean_member_number(self):
        number = self.cleaned_data["member_number"].strip()
        if number:
            # The database refuses duplicates too, but with a 500 rather than a message.
            holder = (
                Player.objects.filter(club=self.instance.club, member_number=number)
                .exclude(pk=self.instance.pk)
                .first()
            )
            if holder is not None:
                raise ValidationError(
                    _("Member number %(number)s is already %(name)s’s."),
                    params={"number": number, "name": holder.name},
                )
        return number


class PlayerSearchForm(forms.Form):
    SHOW_CHOICES = [
        ("", _("All players")),
        ("active", _("Active only")),
        ("inactive", _("Inactive only")),
    ]

    q = forms.CharField(label=_("Name"), required=False, widget=forms.SearchInput)
    show = forms.ChoiceField(label=_("Show"), choices=SHOW_CHOICES, required=False)


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )
    text = forms.CharField(
        label=_("Or paste the list"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "cols": 50}),
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        # read_players refuses NUL itself and, unlike this validator, names the line.
        self.fields["text"].validators = []

    def clean(self):
        upload, text = self.cleaned_data.get("file"), self.cleaned_data.get("text", "")
        if upload and text.strip():
            raise ValidationError(_("Upload a file or paste the list, not both."))
        if not upload and not text.strip():
            raise ValidationError(_("Choose a CSV file to upload, or paste the list."))
        size = upload.size if upload else len(text.encode())
        if size > MAX_IMPORT_BYTES:
            raise ValidationError(
                _(
                    "That list is %(size)s, too big for a list of players: "
                    "import at most %(max)s at a time."
                ),
                params={"size": filesizeformat(size), "max": filesizeformat(MAX_IMPORT_BYTES)},
            )
        if upload:
            try:
                text = decode(upload.read())
            except NotUtf8Error as error:
                raise ValidationError(str(error)) from None
        existing = [
            ExistingPlayer(*values)
            for values in self.club.players.values_list("pk", "name", "role", "member_number")
        ]
        rows, errors = read_players(text, existing)
        if errors:
            raise ValidationError([str(error) for error in errors])
        self.cleaned_data["rows"] = rows
        return self.cleaned_data
