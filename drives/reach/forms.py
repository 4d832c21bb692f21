"""The member's contact details and consent, as the organiser records them."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from drives.models import Player


class MemberContactForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"), required=False)
    language = forms.ChoiceField(label=_("Language of e-mails"), choices=settings.LANGUAGES)
    consent = forms.BooleanField(
        label=_("Has agreed to receive their results by e-mail"),
        required=False,
        help_text=_(
            "Tick only when the member has said yes: the date is recorded. Every e-mail "
            "has a link to stop them."
        ),
    )

    @classmethod
    def for_player(cls, player: Player, data=None) -> "MemberContactForm":
        initial = {
            "email": player.email,
            "language": player.language,
            "consent": player.results_consent_at is not None,
        }
        return cls(data, initial=initial)
