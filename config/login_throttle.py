"""How django-axes throttles password guessing on the organiser and admin log-in pages.

Settings point here: AXES_CLIENT_IP_CALLABLE and AXES_LOCKOUT_CALLABLE.
"""

import math

from django.conf import settings
from django.shortcuts import render


def client_ip(request) -> str | None:
    """The address failures are counted against.

    Behind TRUSTED_PROXIES reverse proxies every request comes from the proxy, so the
    client is read from X-Forwarded-For, counting from the right: each proxy appends the
    address it saw, and entries further left are whatever the client chose to send.
    """
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if len(hops) >= proxies:
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR")


def locked_out(request, original_response=None, credentials=None):
    """The page shown instead of checking the password while log-ins are paused."""
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    context = {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT}
    return render(
        request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
