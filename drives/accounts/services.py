"""Writes to a club's team, each atomic and kept in its history (``TeamChange``).

The acting user is checked here as in the views (drives.permissions); a refusal is a
``DriveError`` in the page's language and changes nothing.
"""

import datetime as dt
import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from drives import mail
from drives.errors import DriveError
from drives.models import Club, ClubRole, Invitation, Membership, TeamAction, TeamChange
from drives.permissions import require_organiser


def _digest(token: str) -> str:
    return hashlib.sha256(token.strip().encode("utf-8")).hexdigest()


def _history(club: Club, person: str, action: str, *, role: str = "", by=None) -> None:
    changed_by = by.get_username() if by is not None else ""
    TeamChange.objects.create(
        club=club, person=person, action=action, role=role, changed_by=changed_by
    )


@transaction.atomic
def club_create(*, user, club: Club) -> Club:
    """Save the new ``club`` with ``user`` as its first organiser."""
    try:
        with transaction.atomic():
            club.save()
    except IntegrityError as error:  # the same short name saved a moment before
        raise DriveError(
            _("Another club already has the short name “%(slug)s”: choose another.")
            % {"slug": club.slug}
        ) from error
    Membership.objects.create(club=club, user=user, role=ClubRole.ORGANISER)
    _history(club, user.get_username(), TeamAction.CREATED, role=ClubRole.ORGANISER, by=user)
    return club


@dataclass(frozen=True)
class Sent:
    invitation: Invitation
    replaced: int  # earlier open invitations to the same address, now withdrawn


@transaction.atomic
def invitation_send(
    *, club: Club, by, email: str, role: str, language: str, link: Callable[[str], str]
) -> Sent:
    """Invite ``email`` to the team; ``link(token)`` is the address the e-mail carries.

    The message is queued (drives.mail) in ``language``, the invitee's. A second invitation
    to the same address replaces the first, whose link then opens nothing.
    """
    require_organiser(by, club)
    email = email.strip()
    if club.memberships.filter(user__email__iexact=email).exists():
        raise DriveError(_("%(email)s is already in this club's team.") % {"email": email})
    now = timezone.now()
    replaced = _open(club.invitations.filter(email__iexact=email)).update(withdrawn_at=now)
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        club=club,
        email=email,
        role=role,
        language=language,
        digest=_digest(token),
        invited_by=by,
        expires_at=now + dt.timedelta(days=settings.INVITATION_DAYS),
    )
    _history(club, email, TeamAction.INVITED, role=role, by=by)
    with translation.override(language):
        url = link(token)
        expires = formats.date_format(timezone.localtime(invitation.expires_at), "DATE_FORMAT")
    context = {
        "club": club.name,
        "inviter": by.get_full_name() or by.get_username(),
        "role": role,
        "url": url,
        "expires": expires,
    }
    # Queued in this transaction: the database's task queue keeps it only if the invitation is.
    mail.send_later(
        template="accounts/email/invitation", to=[email], context=context, language=language
    )
    return Sent(invitation, replaced)


def open_invitations(club: Club):
    """Sent, not yet accepted, withdrawn or expired."""
    return _open(club.invitations.all())


def _open(invitations):
    return invitations.filter(
        withdrawn_at__isnull=True, accepted_at__isnull=True, expires_at__gt=timezone.now()
    )


def invitation_for(token: str) -> Invitation | None:
    """The invitation a link's token names, in whatever state; None for no such link."""
    if not 20 <= len(token) <= 100:
        return None
    return Invitation.objects.select_related("club").filter(digest=_digest(token)).first()


def invitation_refusal(invitation: Invitation | None) -> str | None:
    """Why ``invitation`` opens nothing, in the page's language; None while it is open."""
    if invitation is None:
        return _("This invitation link is not one of ours: check it was copied whole.")
    if invitation.accepted_at is not None:
        return _("This invitation has been used already: a link works once.")
    if invitation.withdrawn_at is not None:
        return _("This invitation was withdrawn by the club's organisers.")
    if invitation.expires_at <= timezone.now():
        return _("This invitation has expired: ask the club's organisers for a new one.")
    return None


@transaction.atomic
def invitation_accept(*, token: str, user) -> Membership:
    """``user`` joins the team in the invitation's role; the link then opens nothing."""
    found = invitation_for(token)
    invitation = (
        Invitation.objects.select_for_update().select_related("club").get(pk=found.pk)
        if found
        else None
    )
    refusal = invitation_refusal(invitation)
    if refusal:
        raise DriveError(refusal)
    assert invitation is not None  # nosec: no refusal means an invitation
    club = invitation.club
    if club.memberships.filter(user=user).exists():
        raise DriveError(
            _("You are already in %(club)s's team: this invitation is not needed.")
            % {"club": club.name}
        )
    invitation.accepted_at, invitation.accepted_by = timezone.now(), user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    membership = Membership.objects.create(club=club, user=user, role=invitation.role)
    _history(club, user.get_username(), TeamAction.JOINED, role=invitation.role, by=user)
    return membership


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation, by) -> None:
    require_organiser(by, invitation.club)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at is not None:
        raise DriveError(_("That invitation has been accepted already: remove the person instead."))
    if invitation.withdrawn_at is None:
        invitation.withdrawn_at = timezone.now()
        invitation.save(update_fields=["withdrawn_at"])
        _history(
            invitation.club, invitation.email, TeamAction.WITHDRAWN, role=invitation.role, by=by
        )


def _club_locked(club: Club) -> Club:
    """The club's row, locked: two organisers removing each other never leave it with none."""
    return Club.objects.select_for_update().get(pk=club.pk)


def _last_organiser(membership: Membership) -> bool:
    organisers = membership.club.memberships.filter(role=ClubRole.ORGANISER)
    return (
        membership.role == ClubRole.ORGANISER and not organisers.exclude(pk=membership.pk).exists()
    )


@transaction.atomic
def member_remove(*, membership: Membership, by) -> None:
    """Take someone off the team, at once; anyone may leave, organisers remove others."""
    club = _club_locked(membership.club)
    if membership.user_id != by.pk:
        require_organiser(by, club)
    if _last_organiser(membership):
        raise DriveError(
            _("%(club)s needs an organiser: make someone else an organiser first.")
            % {"club": club.name}
        )
    leaving = membership.user_id == by.pk
    person = membership.user.get_username()
    membership.delete()
    action = TeamAction.LEFT if leaving else TeamAction.REMOVED
    _history(club, person, action, role=membership.role, by=by)


@transaction.atomic
def member_role_change(*, membership: Membership, role: str, by) -> bool:
    """Make a helper an organiser or the other way; False when the role was already so."""
    club = _club_locked(membership.club)
    require_organiser(by, club)
    if membership.role == role:
        return False
    if _last_organiser(membership):
        raise DriveError(
            _("%(club)s needs an organiser: make someone else an organiser first.")
            % {"club": club.name}
        )
    membership.role = role
    membership.save(update_fields=["role"])
    _history(club, membership.user.get_username(), TeamAction.ROLE, role=role, by=by)
    return True


def clubs_needing(user) -> list[Club]:
    """The clubs of which ``user`` is the only organiser: they would be left with none."""
    clubs = Club.objects.filter(memberships__user=user, memberships__role=ClubRole.ORGANISER)
    return [
        club
        for club in clubs
        if not club.memberships.filter(role=ClubRole.ORGANISER).exclude(user=user).exists()
    ]


@transaction.atomic
def account_delete(*, user) -> None:
    """Delete ``user``'s account; refused while a club has no other organiser.

    Results and corrections keep their figures: their "entered by" becomes empty.
    """
    needing = clubs_needing(user)
    if needing:
        raise DriveError(
            _(
                "You are the only organiser of %(clubs)s: make someone else an organiser "
                "on the club's team page first, then delete your account."
            )
            % {"clubs": ", ".join(club.name for club in needing)}
        )
    for membership in user.memberships.select_related("club"):
        _history(
            membership.club, user.get_username(), TeamAction.LEFT, role=membership.role, by=user
        )
    user.delete()
