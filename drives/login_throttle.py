"""Password guessing on the log-in pages, throttled by django-axes (settings.AXES_*).

The policy (README, "Log-ins"): five wrong passwords for a user name, from anywhere, or from
one address, for any names, pause log-ins there for 15 minutes. What lifts a pause:

- a good log-in clears only that user's own failures from that address. django-axes' own
  reset on success would delete every failure matching the user name *or* the address, so an
  attacker's good log-in to their own account between guesses wiped the victim's count;
- a new password (the "Forgotten your password?" e-mail, the admin, ``changepassword``)
  clears the user name's failures everywhere: whoever sets it owns the account, so a
  stranger's guesses cannot keep its owner out;
- ``manage.py axes_reset`` lifts every pause.

User names are counted case-blind: "MARGARET" is a guess at "margaret".
Settings point here: AXES_USERNAME_CALLABLE, AXES_LOCKOUT_CALLABLE; ``drives.apps`` connects
the receivers. The address comes from drives.limits, as for every per-address limit.
"""

import math

from allauth.account.models import EmailAddress
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import pre_save
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse

from drives.limits import client_address

#: Where log-in pages submit the name: Django's form, and django-allauth's ("login").
NAME_FIELDS = ("username", "login", "email")


def user_name(request, credentials=None) -> str | None:
    """The name the failures of this try are counted against, case-blind."""
    for source in (credentials or {}, getattr(request, "POST", {})):
        for field in NAME_FIELDS:
            name = source.get(field)
            if name:
                return _account_name(str(name).strip())
    return None


def _account_name(given: str) -> str:
    """A log-in by e-mail address counts against the account's user name, so switching from
    one to the other does not double the guesses allowed."""
    if "@" in given:
        address = EmailAddress.objects.filter(email__iexact=given).select_related("user").first()
        if address is not None:
            return address.user.get_username().casefold()
    return given.casefold()


def locked_out(request, original_response=None, credentials=None):
    """The page shown instead of checking the password while log-ins are paused."""
    context = {
        "minutes": math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60),
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "password_reset_url": _password_reset_url(),
    }
    return render(
        request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )


def _password_reset_url() -> str | None:
    try:
        return reverse(settings.PASSWORD_RESET_URL_NAME)
    except NoReverseMatch:  # no reset page on this site: the page says whom to ask
        return None


def clear_own_failures(sender, request, user, **kwargs) -> None:
    """A good log-in clears this user's failures from this address, and nothing else."""
    if request is None:
        return
    AccessAttempt.objects.filter(
        username=user.get_username().casefold(), ip_address=client_address(request)
    ).delete()


def clear_failures_on_new_password(sender, instance, update_fields=None, **kwargs) -> None:
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        AccessAttempt.objects.filter(username=instance.get_username().casefold()).delete()


def connect() -> None:
    user_logged_in.connect(clear_own_failures, dispatch_uid="login_throttle_own_failures")
    pre_save.connect(
        clear_failures_on_new_password,
        sender=get_user_model(),
        dispatch_uid="login_throttle_new_password",
    )
