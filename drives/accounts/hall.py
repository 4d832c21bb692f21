"""Who may log in on an organiser's laptop in hall mode (``HALL=1``).

The laptop serves a shared network (the hall's Wi-Fi, which anyone in the room may join),
so only the people the evening belongs to log in: the organisers of a club on this laptop
and its administrators (superusers, made at the laptop's own terminal by ``manage.py
hall_ready`` or ``createsuperuser``). Helpers, players and anyone else cannot, even with a
right password; sign-up is closed (``SIGNUP_OPEN``). The rule is checked when a password
is, so it holds on the site's log-in and the admin's alike.
"""

from allauth.account.auth_backends import AuthenticationBackend

from drives.models import ClubRole, Membership


def may_log_in_here(user) -> bool:
    return (
        user.is_superuser or Membership.objects.filter(user=user, role=ClubRole.ORGANISER).exists()
    )


class HallAuthenticationBackend(AuthenticationBackend):
    """django-allauth's log-in (by user name or e-mail), for the laptop's organisers only."""

    def user_can_authenticate(self, user) -> bool:
        return super().user_can_authenticate(user) and may_log_in_here(user)
