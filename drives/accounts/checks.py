"""`manage.py check --deploy` says when a production site would keep its e-mail in files."""

from django.conf import settings
from django.core import checks


@checks.register("email", deploy=True)
def e_mail_is_sent(app_configs=None, **kwargs):
    if settings.EMAIL_BACKEND != "django.core.mail.backends.filebased.EmailBackend":
        return []
    return [
        checks.Warning(
            f"EMAIL_HOST is not set: e-mails (sign-up confirmations, password resets, "
            f"invitations) are written to files in {settings.MAIL_FOLDER} instead of being sent.",
            hint="Set EMAIL_HOST and its companions (docs/DEPLOY.md, section 8).",
            id="whist.W001",
        )
    ]
