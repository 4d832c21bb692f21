"""Who may change what: a club's team changes only its own club's data.

Two roles (``ClubRole``). An organiser does everything. A helper runs the evening beside
them: checks players in (and late arrivals), enters results on the round page or the card
totals, watches the tables and settles their disputes; a helper never changes the club, its
members or its seasons, never sets up, starts, finishes, cancels or deletes a drive, and never
sees the members' contact details. The role is read afresh on every request, so removing
someone from the team takes effect at their next click.

Views call these after ``@login_required``, so anonymous users are sent to the log-in
page first and a logged-in stranger (or a helper at an organiser's door) gets a 403.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404

from drives.models import DriveStatus


def require_organiser(user, club) -> None:
    """Refuse (403) anyone who is not an organiser of ``club``."""
    if not club.is_organiser(user):
        raise PermissionDenied("Only this club's organisers can do that.")


def require_team(user, club) -> None:
    """Refuse (403) anyone who is neither an organiser nor a helper of ``club``."""
    if not club.is_team(user):
        raise PermissionDenied("Only this club's organisers and helpers can do that.")


def require_visible(user, drive) -> None:
    """A cancelled drive, and the reason it was cancelled, is its club's team's alone: to
    anyone else its page, standings, CSVs, sheets and hall display do not exist (404)."""
    if drive.status == DriveStatus.CANCELLED and not drive.club.is_team(user):
        raise Http404("No such drive.")
