"""Figures as people read them, one rule for every page and printed sheet.

In the page's language: a decimal comma in French and Hungarian, and the language's
thousands separator (1,234.50 · 1 234,50). Points and totals drop ",00" as a card is
written up; averages always show two places. CSVs keep the machine form (7.25, no
separator) so that a spreadsheet or a script reads them the same in every language.
Money (:func:`money`) is written in the club's currency with the language's separators.
"""

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import get_language

from scoring.money import CURRENCIES

Number = Decimal | int | float


def figure(value: Number | None) -> str:
    """Points and totals: whole numbers without decimals, else two places.

    >>> figure(Decimal("23.00")), figure(Decimal("23.5")), figure(1234), figure(None)
    ('23', '23.50', '1,234', '')
    """
    if value is None:
        return ""
    value = Decimal(value)
    places = 0 if value == value.to_integral_value() else 2
    return number_format(value, decimal_pos=places, force_grouping=True)


def average(value: Number | None) -> str:
    """An average per deal: always two places, so a column of them lines up.

    >>> average(Decimal("7.25")), average(7), average(None)
    ('7.25', '7.00', '')
    """
    if value is None:
        return ""
    return number_format(Decimal(value), decimal_pos=2, force_grouping=True)


def money(value: Decimal, currency: str) -> str:
    """An amount in the club's currency, as the page's language writes money: a sign (£ €
    $) before it in English; after it, with a no-break space, in French and Hungarian and
    for a symbol in letters (Ft, CHF).

    >>> money(Decimal("1234.5"), "GBP"), money(Decimal("-3"), "GBP"), money(Decimal(1230), "HUF")
    ('£1,234.50', '−£3.00', '1,230\xa0Ft')
    """
    held = CURRENCIES[currency]
    number = number_format(abs(value), decimal_pos=held.places, force_grouping=True)
    sign = "−" if value < 0 else ""  # a real minus: a hyphen reads as a dash on a sheet
    if (get_language() or "en").startswith("en") and not held.symbol.isalpha():
        return f"{sign}{held.symbol}{number}"
    return f"{sign}{number}\u00a0{held.symbol}"
