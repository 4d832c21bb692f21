"""The user name django-axes counts a password failure against (AXES_USERNAME_CALLABLE).

allauth logs in by user name or by e-mail address; both count against the account's user
name, so switching from one to the other does not double the guesses allowed.
"""

from allauth.account.models import EmailAddress


def username(request, credentials=None) -> str | None:
    credentials = credentials or {}
    given = credentials.get("email") or credentials.get("username")
    if not given:
        # The log-in form posts "username" (drives.accounts.forms.LoginForm), as the admin's.
        given = request.POST.get("username") or request.POST.get("login")
    if not given or "@" not in given:
        return given
    address = EmailAddress.objects.filter(email__iexact=given.strip()).select_related("user")
    found = address.first()
    return found.user.get_username() if found else given.strip().lower()
