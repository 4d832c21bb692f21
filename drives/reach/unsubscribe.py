"""The signed link in every results e-mail that stops them, without logging in.

The link carries the member's id signed with the site's secret key, so it cannot be
guessed or pointed at another member; it never expires, as a link to stop e-mails must
keep working in an old message.
"""

from django.core import signing

from drives.models import Player

_SALT = "drives.reach.unsubscribe"


def token_for(player: Player) -> str:
    return signing.Signer(salt=_SALT).sign(str(player.pk))


def player_for(token: str) -> Player | None:
    """The member the link was made for, or None for a changed or made-up link."""
    try:
        pk = int(signing.Signer(salt=_SALT).unsign(token))
    except (signing.BadSignature, ValueError):
        return None
    return Player.objects.select_related("club").filter(pk=pk).first()
