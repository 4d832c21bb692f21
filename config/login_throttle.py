"""How django-axes throttles password guessing on the organiser and admin log-in pages.

Settings point here: AXES_LOCKOUT_CALLABLE (the address comes from drives.limits).
"""

import math

from django.conf import settings
from django.shortcuts import render


def locked_out(request, original_response=None, credentials=None):
    """The page shown instead of checking the password while log-ins are paused."""
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    context = {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT}
    return render(
        request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
