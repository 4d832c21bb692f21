"""What lets the phones, the dashboard and the hall display ride out a lost signal: the
service worker's script (served at /sw.js so that its scope, "/", covers the table pages
under /t/ and /fr/t/… as well as the hall display) and the web app manifests that pin the
dashboard and the hall display to a home screen.

The worker keeps the files these pages need and the last copy of each table page and hall
display (``templates/offline/sw.js``); ``static/js/offline.js`` registers it. Browsers
start a service worker only on a secure origin (HTTPS, or localhost): a hall laptop
serving plain HTTP does without it, and the table page still keeps typed figures and sends
them when the connection is back. So hall mode also serves HTTPS with the laptop's own
certificate authority (config.certificates): the organiser's page here (``/hall/certificate/``)
hands its certificate to each phone, with the steps to trust it, and the table page of a
phone that trusts it moves to HTTPS by itself (``static/js/offline.js``).
"""

import hashlib
import json
import ssl
from pathlib import Path

import segno
from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.safestring import mark_safe
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


def _hall_authority() -> bytes:
    """The laptop's certificate authority, DER-encoded; none away from a hall laptop."""
    if not settings.HALL_CA_CERTIFICATE:
        raise Http404("Only a hall laptop has a certificate of its own.")
    try:
        pem = Path(settings.HALL_CA_CERTIFICATE).read_text()
    except FileNotFoundError:
        raise Http404("The hall's certificate has not been made.") from None
    return ssl.PEM_cert_to_DER_cert(pem)


@require_safe
def hall_certificate(request):
    """The certificate a phone installs to trust the laptop, at a stable address.

    DER with the type both installers know: iOS offers it as a profile to install, Android
    saves it for Settings to install as a CA certificate. Not cached: made anew, it must
    reach the next phone as it is now.
    """
    response = HttpResponse(_hall_authority(), content_type="application/x-x509-ca-cert")
    response["Content-Disposition"] = 'attachment; filename="whist-drive-hall.crt"'
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def hall_certificate_page(request):
    """For the organiser, once per phone or tablet: the certificate and how to trust it.

    Open to anyone on the hall's network, as the certificate is (it holds no secret): the
    organiser opens it on each phone from its QR code, without logging in there.
    """
    fingerprint = hashlib.sha256(_hall_authority()).hexdigest().upper()
    address = settings.SITE_URL + request.path
    qr = segno.make(address, error="m").svg_inline(scale=4, border=2, omitsize=True)
    return render(
        request,
        "offline/certificate.html",
        {
            "address": address,
            "qr": mark_safe(qr),  # nosec: segno's own SVG markup
            "fingerprint": ":".join(fingerprint[i : i + 2] for i in range(0, 64, 2)),
            "secure_site": settings.HALL_SECURE_URL,
        },
    )
