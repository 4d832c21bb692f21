"""``{% card_heading _("Dealer") 1 %}``: a printed scorecard's column heading, ``units``
columns wide, set smaller when a word of it would not fit its column in the sheet's
language (``text_grid.heading_fitted``), for the games' ``pdf/_card_headings.html``."""

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

from drives.printing.text_grid import heading_fitted

register = template.Library()


@register.simple_tag(takes_context=True)
def card_heading(context, text, units: int = 1) -> str:
    grid = context["grid"]  # the scorecards' ``card_grid.CardGrid``
    room = grid.unit * units - 1
    fitted = heading_fitted(str(text), grid.heading_font, room, get_language() or "en")
    return format_html('<span class="u{}">{}</span>', units, fitted)
