"""A member's e-mail address and consent to results by e-mail: every change recorded."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.models import ConsentChange, ConsentSource, Player


def wants_results(player: Player) -> bool:
    return bool(player.email) and player.results_consent_at is not None


@transaction.atomic
def member_contact_save(
    *, player: Player, email: str, language: str, consent: bool, user
) -> ConsentChange | None:
    """Save the member's address and language, and their consent as they gave it.

    Returns the consent change recorded, or None when the consent stayed as it was.
    """
    player = Player.objects.select_for_update().get(pk=player.pk)
    if consent and not email:
        raise DriveError(_("Results can only be e-mailed to a member with an e-mail address."))
    player.email = email
    player.language = language
    change = None
    if consent != (player.results_consent_at is not None):
        player.results_consent_at = timezone.now() if consent else None
        change = ConsentChange.objects.create(
            player=player, consented=consent, source=ConsentSource.ORGANISER, changed_by=user
        )
    player.save(update_fields=["email", "language", "results_consent_at"])
    return change


@transaction.atomic
def consent_withdraw(*, player: Player, source: str, user=None) -> bool:
    """Stop the member's results e-mails; False when they had already stopped."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.results_consent_at is None:
        return False
    player.results_consent_at = None
    player.save(update_fields=["results_consent_at"])
    ConsentChange.objects.create(player=player, consented=False, source=source, changed_by=user)
    return True
