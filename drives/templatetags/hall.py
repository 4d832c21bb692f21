"""Hall mode in templates: ``{% hall_mode as on %}``, ``{% hall_address %}``, the
address phones open on the hall's network with its QR code (the organiser's dashboard), and
``{% hall_secure_site %}``, the laptop's HTTPS address that phones trusting it move to."""

import segno
from django import template
from django.conf import settings
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def hall_mode() -> bool:
    return settings.HALL_MODE


@register.simple_tag
def hall_secure_site() -> str:
    return settings.HALL_SECURE_URL


@register.inclusion_tag("hall/_address.html")
def hall_address() -> dict:
    if not settings.HALL_MODE:
        return {"address": ""}
    address = settings.SITE_URL + "/"
    svg = segno.make(address, error="m").svg_inline(scale=4, border=2, omitsize=True)
    return {
        "address": address,
        "qr": mark_safe(svg),  # nosec: segno's own SVG markup
        "certificate": bool(settings.HALL_CA_CERTIFICATE),
    }
