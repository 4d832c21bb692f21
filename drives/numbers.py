"""Figures as people read them, one rule for every page and printed sheet.

In the page's language: a decimal comma in French and Hungarian, and the language's
thousands separator (1,234.50 · 1 234,50). Points and totals drop ",00" as a card is
written up; averages always show two places. CSVs keep the machine form (7.25, no
separator) so that a spreadsheet or a script reads them the same in every language.
"""

from decimal import Decimal

from django.utils.formats import number_format

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
