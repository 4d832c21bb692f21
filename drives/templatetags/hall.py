"""Hall mode in templates: ``{% hall_mode as on %}``, and ``{% hall_address %}``, the
address phones open on the hall's network with its QR code (the organiser's dashboard)."""

import segno
from django import template
from django.conf import settings
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def hall_mode() -> bool:
    return settings.HALL_MODE


@register.inclusion_tag("hall/_address.html")
def hall_address() -> dict:
    if not settings.HALL_MODE:
        return {"address": ""}
    address = settings.SITE_URL + "/"
    svg = segno.make(address, error="m").svg_inline(scale=4, border=2, omitsize=True)
    return {"address": address, "qr": mark_safe(svg)}  # nosec: segno's own SVG markup
