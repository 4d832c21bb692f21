"""An invitation held through sign-up: its link opens a page that keeps the token in the
session, so that sign-up (even when closed to others), the e-mail confirmation and the
log-in that follow all lead back to accepting it."""

from allauth.account.adapter import get_adapter

from drives.accounts import services
from drives.models import Invitation

SESSION_KEY = "invitation"


def hold(request, token: str, invitation: Invitation) -> None:
    request.session[SESSION_KEY] = token
    # The link reached this address, so signing up with it needs no second confirmation.
    get_adapter(request).stash_verified_email(request, invitation.email)


def held(request) -> Invitation | None:
    """The open invitation this browser holds, if any."""
    token = request.session.get(SESSION_KEY)
    if not token:
        return None
    invitation = services.invitation_for(token)
    return invitation if services.invitation_refusal(invitation) is None else None


def held_token(request) -> str | None:
    return request.session.get(SESSION_KEY)


def release(request) -> None:
    request.session.pop(SESSION_KEY, None)
