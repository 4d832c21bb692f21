"""What lets the phones, the dashboard and the hall display ride out a lost signal: the
service worker's script (served at /sw.js so that its scope, "/", covers the table pages
under /t/ and /fr/t/… as well as the hall display) and the web app manifests that pin the
dashboard and the hall display to a home screen.

The worker keeps the files these pages need and the last copy of each table page and hall
display (``templates/offline/sw.js``); ``static/js/offline.js`` registers it. Browsers
start a service worker only on a secure origin (HTTPS, or localhost): a hall laptop
serving plain HTTP does without it, and the table page still keeps typed figures and sends
them when the connection is back.
"""

import hashlib
import json

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from drives.models import Drive, DriveStatus
from drives.permissions import require_visible

#: The static files the offline pages need, stored when the worker is installed: a table
#: page reloaded without a connection has its styles and scripts at once.
KEPT_FILES = (
    "css/site.css",
    "css/tableside.css",
    "css/hall.css",
    "js/site.js",
    "js/tableside.js",
    "js/tableside_hands.js",
    "js/hall.js",
    "js/offline.js",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "favicon.svg",
)


@require_safe
def service_worker(request):
    files = [static(name) for name in KEPT_FILES]
    version = hashlib.sha256("\n".join(files).encode()).hexdigest()[:12]
    response = render(
        request,
        "offline/sw.js",
        {"files": json.dumps(files), "version": version},
        content_type="text/javascript; charset=utf-8",
    )
    # A new worker (new file names after a deploy) reaches phones at their next visit. At
    # the root, its scope is the whole site without a Service-Worker-Allowed header.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request, pk, screen):
    """The dashboard's or the hall display's manifest: "Add to home screen" opens that page.

    Browsers fetch a manifest without cookies, so it names only what the drive's public
    pages show; the dashboard itself still asks the organiser to log in.
    """
    drive = get_object_or_404(Drive.objects.select_related("club"), pk=pk)
    require_visible(request.user, drive)
    if drive.status == DriveStatus.PLANNED:
        raise Http404("The drive has not started.")
    if screen == "hall":
        start, name, display = reverse("drives:hall", args=[pk]), _("Hall display"), "fullscreen"
    else:
        start, name = reverse("drives:tableside_dashboard", args=[pk]), _("Table entry")
        display = "standalone"
    document = {
        "name": f"{drive.title} · {name}",
        "short_name": name,
        "start_url": start,
        "scope": start,
        "display": display,
        "background_color": "#ffffff",
        "theme_color": "#1d2330",
        "lang": request.LANGUAGE_CODE,
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(
        document,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
