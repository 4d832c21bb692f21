"""CSV files that open safely and cleanly in a spreadsheet: every CSV the site writes.

A cell that starts with = + - @, a tab or a carriage return is read by Excel, LibreOffice
and Google Sheets as a formula, so a player named ``=HYPERLINK(...)`` would run in the
organiser's spreadsheet. Such text cells get a leading apostrophe (OWASP's advice), which
makes them plain text. Numbers stay numbers: ``-4`` points is not a formula, and quoting it
would stop the column adding up; for the same reason places are numbers, a shared place
its number repeated, never the pages' "=3". Files start with a UTF-8 byte order mark,
without which Excel shows ♥♦♠♣ and accented names garbled.

Shared by every room: imports nothing of ``drives``.
"""

import csv
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBERS = (int, float, Decimal)


def spreadsheet_cell(value: Any) -> Any:
    """The value to write for ``value``: numbers as they are, text never as a formula."""
    if value is None:
        return ""
    if isinstance(value, NUMBERS) and not isinstance(value, bool):
        return value
    text = value.isoformat() if isinstance(value, date) else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class SpreadsheetWriter:
    """``csv.writer`` with every cell passed through :func:`spreadsheet_cell`."""

    def __init__(self, stream):
        self._writer = csv.writer(stream)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([spreadsheet_cell(value) for value in row])


def csv_download(filename: str) -> tuple[HttpResponse, SpreadsheetWriter]:
    """An attachment response named ``filename``, opened with the byte order mark."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    return response, SpreadsheetWriter(response)
