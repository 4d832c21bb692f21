"""django-allauth adapted to the site (ACCOUNT_ADAPTER): sign-up open or by invitation,
e-mail queued for the worker, the client's address read as django-axes reads it."""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.conf import settings
from django.contrib.sites.shortcuts import get_current_site
from django.utils.module_loading import import_string

from drives import mail
from drives.accounts import invitations
from drives.site import on_site


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request) -> bool:
        """SIGNUP_OPEN=0 leaves sign-up to people holding a club's open invitation; a
        laptop in hall mode takes no sign-up at all (drives.accounts.hall)."""
        if settings.HALL_MODE:
            return False
        return settings.SIGNUP_OPEN or invitations.held(request) is not None

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """Rendered now, in the language of the page the person is using (theirs), and
        sent by the worker: the page never waits for the mail server."""
        request = allauth_context.request
        base = {"request": request, "email": email, "current_site": get_current_site(request)}
        message = self.render_mail(template_prefix, email, base | context)
        alternatives = getattr(message, "alternatives", [])
        html = next((str(content) for content, kind in alternatives if kind == "text/html"), "")
        mail.send_rendered_later(
            subject=str(message.subject), body=str(message.body), html=html, to=list(message.to)
        )

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        """Confirmation links on the site's address (SITE_URL), never the Host header."""
        return on_site(super().get_email_confirmation_url(request, emailconfirmation))

    def get_reset_password_from_key_url(self, key: str) -> str:
        return on_site(super().get_reset_password_from_key_url(key))

    def get_client_ip(self, request) -> str:
        """One rule for the client's address behind proxies: django-axes' (TRUSTED_PROXIES)."""
        return import_string(settings.AXES_CLIENT_IP_CALLABLE)(request) or ""
