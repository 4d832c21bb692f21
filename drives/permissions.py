"""Who may change what: an organiser changes only their own clubs' data."""

from django.core.exceptions import PermissionDenied


def require_organiser(user, club) -> None:
    """Refuse (403) anyone who is not an organiser of ``club``.

    Views call this after ``@login_required``, so anonymous users are sent to the
    log-in page first and a logged-in organiser of another club gets a 403.
    """
    if not club.is_organiser(user):
        raise PermissionDenied("Only this club's organisers can do that.")
