"""The 500 page, and a 503 when the database is away: styled, in the page's language.

It is rendered from the template alone: no request context, no session, no user and no
query, since the fault may be that the database (and with it the sessions) is down. The
language is the one LocaleMiddleware took from the address before the fault.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

#: Errors that mean "the database is out of reach", not a fault in a page.
OUTAGES = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 30


def server_error(request, *args, **kwargs):
    outage = isinstance(sys.exc_info()[1], OUTAGES)
    path = request.get_full_path()
    if not url_has_allowed_host_and_scheme(path, allowed_hosts=None):
        path = "/"
    context = {"outage": outage, "path": path, "home": reverse("drives:home")}
    response = HttpResponse(render_to_string("500.html", context), status=503 if outage else 500)
    if outage:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
