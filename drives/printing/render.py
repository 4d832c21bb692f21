"""Every PDF the application prints: a template rendered to HTML, then WeasyPrint.

The templates live in ``templates/drives/pdf/`` with their CSS inlined from
``_print.css``, so a sheet needs no file and no network: the URL fetcher refuses
anything but local files and data: URLs, and the fonts come from the system
(DejaVu Sans has the suit symbols).
"""

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from weasyprint import HTML, URLFetcher

from drives.evening import rounds
from drives.printing import card_grid, result_sheets, sheets
from drives.printing.result_sheets import LeagueSheet
from drives.printing.sheets import Layout, PrintedDrive

#: A sheet may load local files and data: URLs, never anything over the network.
OFFLINE = frozenset({"file", "data"})


def render_pdf(template: str, context: dict[str, Any], request=None) -> bytes:
    """The template rendered with ``context``, as PDF bytes."""
    html = render_to_string(template, context, request=request)
    base_url = settings.BASE_DIR.as_uri() + "/"
    fetcher = URLFetcher(allowed_protocols=OFFLINE)
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher).write_pdf()


def pdf_response(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _drive_context(printed: PrintedDrive, layout: Layout, **extra: Any) -> dict[str, Any]:
    drive = printed.drive
    return {
        "drive": drive,
        "club": drive.club,
        "layout": layout,
        "provisional": printed.provisional,
        "moving_rule": rounds.moving_rule(drive),
        "short_rule": rounds.moving_rule(drive, short=True),
        "half_round": sheets.half_time_round(drive),
        **extra,
    }


@dataclass(frozen=True)
class GridCard:
    """A scorecard and the class of the grid drawn with its lines (``card_grid``)."""

    card: sheets.Scorecard
    grid: str


def _card_context(printed: PrintedDrive, layout: Layout, cards: list) -> dict[str, Any]:
    """The cards cut into sheets, with their grid and one pair of images per shape of card."""
    drive = printed.drive
    rows = len(sheets.all_deals(drive)) + (sheets.half_time_round(drive) is not None) + 1
    grid = card_grid.for_layout(layout, rows)
    shapes: dict[tuple, str] = {}
    items = []
    for card in cards:
        shape = card_grid.card_rows(card, rounds_marked=drive.deals_per_round > 1)
        items.append(GridCard(card, shapes.setdefault(shape, f"grid-{len(shapes)}")))
    images = [
        (name, card_grid.data_url(grid.shading(shape)), card_grid.data_url(grid.lines(shape)))
        for shape, name in shapes.items()
    ]
    return {"sheets": layout.sheets(items), "grid": grid, "grid_images": images}


def scorecards(printed: PrintedDrive, layout: Layout) -> bytes:
    """Every player's scorecard, ``layout.per_sheet`` to a sheet, filled as far as scored."""
    cards = sheets.scorecards(printed)
    context = _drive_context(printed, layout, **_card_context(printed, layout, cards))
    return render_pdf("drives/pdf/scorecards.html", context)


def table_cards(printed: PrintedDrive, layout: Layout) -> bytes:
    """One large-type card per table: the seats by round, the trumps, where players go."""
    context = _drive_context(
        printed,
        layout,
        tables=sheets.table_cards(printed),
        deals=sheets.all_deals(printed.drive),
    )
    return render_pdf("drives/pdf/table_cards.html", context)


def blank_pack(printed: PrintedDrive, layout: Layout) -> bytes:
    """Scorecards with empty score columns, then the table cards, for a drive run on paper."""
    cards = sheets.scorecards(printed, blank=True)
    context = _drive_context(
        printed,
        layout,
        **_card_context(printed, layout, cards),
        tables=sheets.table_cards(printed),
        deals=sheets.all_deals(printed.drive),
    )
    return render_pdf("drives/pdf/blank_pack.html", context)


def results(printed: PrintedDrive, layout: Layout) -> bytes:
    """Standings, prizes, half-time leaders and the trick grid on as few pages as they need."""
    context = _drive_context(
        printed, layout, report=printed.report, sheet=result_sheets.results_sheet(printed.report)
    )
    return render_pdf("drives/pdf/results.html", context)


def league(sheet: LeagueSheet, layout: Layout) -> bytes:
    """The season's league table(s), landscape, a column per drive."""
    context = {"season": sheet.season, "club": sheet.season.club, "layout": layout, "sheet": sheet}
    return render_pdf("drives/pdf/league.html", context)
