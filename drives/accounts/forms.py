"""The forms of accounts and a club's team; allauth's own forms are adapted, not copied."""

from allauth.account import app_settings
from allauth.account import forms as allauth_forms
from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django import forms
from django.conf import settings
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from drives.accounts.hall import may_log_in_here
from drives.models import Club, ClubRole
from drives.names import OneLineTexts

HALL_ONLY = _("This laptop serves the hall: only the organisers of a club on it can log in.")


class LoginForm(allauth_forms.LoginForm):
    """allauth's log-in, whose first box posts as "username": the name the site's log-in
    has always used, which password managers, scripts and the admin's log-in share."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.label = _("User name or e-mail address")
        login.widget.attrs.update({"autocomplete": "username", "autofocus": True})
        login.widget.attrs.pop("placeholder", None)
        password = self.fields["password"]
        password.widget.attrs.pop("placeholder", None)
        password.help_text = ""  # the page links "Forgotten your password?" below the button

    def add_prefix(self, field_name):
        return "username" if field_name == "login" else super().add_prefix(field_name)

    def clean(self):
        cleaned = super().clean()
        login = getattr(self, "_login", None)
        if login is not None and settings.HALL_MODE and not may_log_in_here(login.user):
            # allauth takes back a user its backend turned down for a right password (to
            # word an inactive account): the laptop's rule is kept here too.
            raise forms.ValidationError(HALL_ONLY)
        if login is not None and not _has_address(login.user):
            # Accounts made before sign-up existed (createsuperuser, the admin, the demo
            # organiser) have no address to confirm: they log in as they always have.
            login.email_verification = app_settings.EmailVerificationMethod.NONE
        return cleaned


def _has_address(user) -> bool:
    return bool(user.email) or EmailAddress.objects.filter(user=user).exists()


class ChangePasswordForm(allauth_forms.ChangePasswordForm):
    """The current password is checked through authenticate(), so django-axes counts a
    wrong one and pauses this door as it pauses the log-in."""

    def clean_oldpassword(self) -> str:
        password = self.cleaned_data.get("oldpassword", "")
        assert self.user is not None  # nosec: the view is for logged-in users
        if not get_adapter().reauthenticate(self.user, password):
            raise get_adapter().validation_error("enter_current_password")
        return password


class ClubForm(OneLineTexts, forms.ModelForm):
    """A new club: the short name is made from the name when left empty."""

    class Meta:
        model = Club
        fields = ["name", "slug", "town", "venue", "player_names"]
        help_texts = {
            "slug": _(
                "Part of the club's web address (/clubs/short-name/): lower-case letters, "
                "digits and hyphens. Left empty, it is made from the name."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or slugify(self.data.get("name", ""))[:50]
        if not slug:
            raise forms.ValidationError(_("Give the club a short name of letters or digits."))
        if Club.objects.filter(slug=slug).exists():
            raise forms.ValidationError(
                _("Another club already has the short name “%(slug)s”: choose another.")
                % {"slug": slug}
            )
        return slug

    def validate_unique(self):
        """clean_slug has said it in the club's words; the database constraint still holds."""


class ClubSettingsForm(OneLineTexts, forms.ModelForm):
    """What the club's organisers may change once it exists: its short name stays, being
    part of every address the club has given out."""

    class Meta:
        model = Club
        fields = ["name", "town", "venue", "player_names", "four_colour_suits", "currency"]


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"))
    role = forms.ChoiceField(
        label=_("Role in the team"), choices=ClubRole.choices, initial=ClubRole.HELPER
    )
    language = forms.ChoiceField(label=_("Language of the e-mail"), choices=settings.LANGUAGES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].initial = get_language()


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role in the team"), choices=ClubRole.choices)
