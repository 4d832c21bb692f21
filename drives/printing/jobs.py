"""Sheets rendered once for the same data, in the background, with their progress.

A request names a drive (or, for the league, a season), a kind of sheet, a layout and a
language. Its fingerprint digests everything the sheet would show; a ``PrintedSheet``
with that fingerprint is the one render of it: ready (its file is served), under way
(the request joins it) or failed (it says why and may be retried). A new fingerprint,
because a result was corrected or a player arrived, is a new render; the older files of
the same sheet are deleted when it is ready. A render whose worker died is noticed by its
lease (``lease``) and queued again.
"""

import errno
import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django_tasks_db import DatabaseBackend

from drives.filenames import drive_download_name, season_download_name
from drives.instruments import sheet_render_seconds, sheet_renders
from drives.league.freshness import season_stamp
from drives.models import (
    Drive,
    DriveStatus,
    Entry,
    PrintedSheet,
    Season,
    Seating,
    SheetFailure,
    SheetKind,
    SheetStatus,
    TableResult,
)
from drives.money.accounts import money_inputs
from drives.names import has_played
from drives.printing import lease, render, result_sheets, sheets
from drives.printing.sheets import Layout

logger = logging.getLogger(__name__)

#: Raise it when a template or the grid changes what a sheet looks like: every stored
#: sheet is then rendered afresh on its next request.
TEMPLATE_VERSION = 12

#: Sheets this small render inside the request: a few pages take well under a second.
INLINE_ITEMS = {
    SheetKind.SCORECARDS: 8,
    SheetKind.TABLE_CARDS: 4,
    SheetKind.TABLE_CARDS_QR: 4,
    SheetKind.RESULTS: 40,
    SheetKind.BLANK_PACK: 8,
    SheetKind.LEAGUE: 0,  # a season of a large club takes many seconds: always the worker
    SheetKind.CASH: 0,  # one page, yet its prizes need the standings: the worker, like the league
    # A compass drive's boards: seconds of WeasyPrint for a large Mitchell, and the hand
    # records are public after the drive. Never in a request.
    SheetKind.DEALING: 0,
    SheetKind.TRAVELLERS: 0,
    SheetKind.HAND_RECORDS: 0,
    SheetKind.BOARD_TABLE_CARDS: 0,
}


@dataclass(frozen=True)
class Printer:
    """How a sheet of a room above this one is printed (a compass drive's, by
    ``drives.boards``): this room may not import it, so it registers what the jobs and the
    sheet's pages need (``register``, at start-up).

    ``inputs(drive)``: what the sheet shows beyond what every drive sheet's fingerprint
    reads (the drive's settings, its entries and their names, seatings and results), in a
    few queries, and its size for the progress. ``chunks(drive)``: the sheet as HTML
    documents, in the active language; the worker renders them. ``may_open(user, drive)``:
    who may see the sheet's page and file, the rule of the view that starts it.
    """

    inputs: Callable[[Drive], tuple[list[Any], int]]
    chunks: Callable[[Drive], list[render.Chunk]]
    may_open: Callable[[Any, Drive], bool]


#: The registered sheets by kind.
PRINTERS: dict[str, Printer] = {}


def register(kind: SheetKind, printer: Printer) -> None:
    PRINTERS[kind] = printer


@dataclass(frozen=True)
class SheetRequest:
    drive: Drive | None
    kind: SheetKind
    layout: Layout
    language: str
    site: str = ""  # scheme and host, for the sheets that print the table links
    season: Season | None = None  # the league's
    role: str = ""  # the league of one role only: "lady" or "gent"

    @property
    def layout_query(self) -> str:
        layout = self.layout
        return (
            f"card={layout.card}&paper={layout.paper}"
            + ("&cut_marks=1" * layout.cut_marks)
            + (f"&role={self.role}" * bool(self.role))
        )


@dataclass(frozen=True)
class Inputs:
    """What a sheet of a drive depends on, read in five queries."""

    fingerprint: str
    items: int  # scorecards (entries) or tables: how large the sheet is


def inputs(request: SheetRequest) -> Inputs:
    if request.season is not None:
        return _league_inputs(request, request.season)
    drive = request.drive
    assert drive is not None
    entries = list(
        Entry.objects.filter(drive=drive)
        .annotate(named=has_played())  # a newcomer is printed as their card
        .order_by("pk")
        .values_list(
            "pk",
            "card_number",
            "player_id",
            "player__name",
            "player__large_print",  # a player's own card in large print
            "named",
            "role",
            "joined_round",
            "withdrew_after",
            "returned_round",
            "stays",  # "stays at table 3" on the cards
        )
    )
    seatings = list(
        Seating.objects.filter(drive=drive)
        .order_by("round", "table", "seat")
        .values_list("round", "table", "seat", "entry_id")
    )
    results = list(
        TableResult.objects.filter(drive=drive)
        .order_by("deal", "table")
        .values_list("round", "table", "deal", "ns_tricks", "ns_honours")
    )
    # As stored, not as held in memory: a freshly created instance may hold a value the
    # database would read back differently.
    settings_of_drive = list(Drive.objects.filter(pk=drive.pk).values_list())
    # The links as they stand: a revoked or reissued one changes the sheet that prints them.
    links = (
        list(sheets.live_links(drive).values_list("table", "digest"))
        if request.kind == SheetKind.TABLE_CARDS_QR
        else []
    )
    # The results sheet shows the consolation draw; the cash sheet every figure of the money.
    money = (
        money_inputs(drive, fees=request.kind == SheetKind.CASH)
        if request.kind in (SheetKind.RESULTS, SheetKind.CASH)
        else []
    )
    # A registered sheet's own data, after the rest: the other sheets' fingerprints stay.
    printer = PRINTERS.get(request.kind)
    own, own_items = printer.inputs(drive) if printer is not None else (None, 0)
    digest = hashlib.sha256()
    for part in (
        TEMPLATE_VERSION,
        str(request.kind),  # the same text whether given as a SheetKind or a string
        request.layout_query,
        request.language,
        request.site,
        links,
        drive.club.name,
        str(drive.club.player_names),  # the same text whether a choice or as stored
        drive.club.four_colour_suits,
        drive.club.currency,
        money,
        settings_of_drive,
        entries,
        seatings,
        results,
        *([own] if printer is not None else []),
    ):
        digest.update(repr(part).encode())
        digest.update(b"\0")
    if printer is not None:
        items = own_items
    elif request.kind in (SheetKind.TABLE_CARDS, SheetKind.TABLE_CARDS_QR):
        items = len({table for _, table, _, _ in seatings}) or len(entries) // 4
    else:
        items = len(entries)  # scorecards; the results sheet's length follows the field too
    return Inputs(digest.hexdigest(), items)


def _league_inputs(request: SheetRequest, season: Season) -> Inputs:
    """The season's drives, players and rules, as its page's ETag reads them: one chunk."""
    parts = (TEMPLATE_VERSION, str(request.kind), request.layout_query, request.language)
    digest = hashlib.sha256(repr((parts, season_stamp(season.pk))).encode())
    return Inputs(digest.hexdigest(), 1)


def find(request: SheetRequest) -> tuple[PrintedSheet | None, Inputs]:
    """The sheet already rendered (or under way) for the drive's data as it stands."""
    data = inputs(request)
    sheet = PrintedSheet.objects.select_related("drive", "season").filter(
        fingerprint=data.fingerprint
    )
    return sheet.first(), data


def small(request: SheetRequest, data: Inputs) -> bool:
    return data.items <= INLINE_ITEMS[request.kind]


def sheet_start(
    *, request: SheetRequest, data: Inputs, inline: bool = False
) -> tuple[PrintedSheet, bool]:
    """The render of this data, queued unless one exists; ``True`` when this call started it.
    ``inline`` renders it here and now instead, for a sheet of a few pages.

    Two requests at once create one row: the fingerprint is unique, and the loser of the
    race joins the winner's render.
    """
    try:
        with transaction.atomic():
            sheet = PrintedSheet.objects.create(
                drive=request.drive,
                season=request.season,
                kind=request.kind,
                layout=request.layout_query,
                language=request.language,
                site=request.site,
                fingerprint=data.fingerprint,
                total=data.items,
            )
    except IntegrityError:
        return PrintedSheet.objects.get(fingerprint=data.fingerprint), False
    if inline:
        run(sheet.pk, processes=1)
    else:
        _enqueue(sheet)
    sheet.refresh_from_db()  # a backend that runs tasks at once has rendered it already
    return sheet, True


def sheet_retry(*, sheet: PrintedSheet) -> bool:
    """Queue a failed render again; ``False`` when it had not failed (someone retried)."""
    updated = PrintedSheet.objects.filter(pk=sheet.pk, status=SheetStatus.FAILED).update(
        **_AFRESH, attempts=0, failure="", error="", finished_at=None
    )
    if updated:
        _enqueue(sheet)
    return bool(updated)


#: A sheet back in the queue, as if nothing had been rendered of it.
_AFRESH = {"status": SheetStatus.QUEUED, "done": 0, "lease": "", "heartbeat_at": None}


def sheets_recover(candidates=None) -> int:
    """Queue again the renders whose worker died (``lease``), or fail those that have
    killed ``lease.ATTEMPTS`` workers; how many. ``candidates`` narrows the search."""
    recovered = 0
    stale = lease.expired() if candidates is None else candidates & lease.expired()
    for sheet in stale:
        mine = PrintedSheet.objects.filter(pk=sheet.pk, lease=sheet.lease, status=sheet.status)
        if sheet.attempts >= lease.ATTEMPTS:
            changed = mine.update(
                status=SheetStatus.FAILED,
                failure=SheetFailure.WORKER_LOST,
                error=f"The worker stopped during each of {sheet.attempts} renders.",
                lease="",
                finished_at=timezone.now(),
            )
        elif changed := mine.update(**_AFRESH, started_at=None):
            _enqueue(sheet)
        if changed:
            logger.warning("The render of %s stopped with its worker", sheet)
            _task_lost(sheet.task_id)
            recovered += 1
    return recovered


def _task_lost(task_id: str) -> None:
    """Close the dead worker's task, which its library would show running for ever."""
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    from drives.printing.tasks import render_sheet

    if task_id and isinstance(render_sheet.get_backend(), DatabaseBackend):
        DBTaskResult.objects.filter(id=task_id, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.FAILED,
            finished_at=timezone.now(),
            exception_class_path="drives.printing.lease.WorkerLost",
            traceback="The worker stopped while rendering; the sheet was queued again.",
        )


def _enqueue(sheet: PrintedSheet) -> None:
    from drives.printing.tasks import render_sheet  # the task module imports this one

    result = render_sheet.enqueue(sheet.pk)
    PrintedSheet.objects.filter(pk=sheet.pk).update(task_id=str(result.id))


#: The database is away: not the sheet's fault. The worker waits for it (``db_worker``)
#: and the lease hands the sheet on, rather than showing a failure.
DATABASE_AWAY = (OperationalError, InterfaceError)


def run(sheet_id: int, *, processes: int | None = None) -> None:
    """Render a queued sheet, saving its progress as chunks finish: the task's body.

    A sheet that another worker has taken, or that is ready, is left alone. Any error
    fails the sheet with its reason and leaves no file behind.
    """
    token, now = lease.new(), timezone.now()
    taken = PrintedSheet.objects.filter(pk=sheet_id, status=SheetStatus.QUEUED).update(
        status=SheetStatus.RUNNING,
        started_at=now,
        heartbeat_at=now,
        lease=token,
        attempts=F("attempts") + 1,
    )
    if not taken:
        return
    sheet = PrintedSheet.objects.select_related("drive__club", "drive__season", "season__club").get(
        pk=sheet_id
    )
    mine = PrintedSheet.objects.filter(pk=sheet_id, lease=token)
    started = time.perf_counter()

    def progress(done: int) -> None:
        try:
            mine.update(done=done)
        except DatabaseError:  # only the progress bar misses it; the lease tells the rest
            logger.warning("Could not save the progress of %s", sheet, exc_info=True)

    try:
        with lease.held(sheet_id, token), translation.override(sheet.language):
            content = _render(sheet, mine, processes or settings.PRINT_PROCESSES, progress)
            name = f"{sheet.fingerprint[:16]}-{download_name(sheet)}"
            sheet.file.save(name, ContentFile(content), save=False)
    except DATABASE_AWAY:
        raise
    except Exception as error:
        logger.exception("Rendering %s failed", sheet)
        sheet_renders.labels(sheet.kind, "failed").inc()
        mine.update(
            status=SheetStatus.FAILED,
            failure=failure_of(error),
            error=f"{type(error).__name__}: {error}"[:2000],
            lease="",
            finished_at=timezone.now(),
        )
        return
    ready = mine.update(
        status=SheetStatus.READY,
        file=sheet.file.name,
        done=F("total"),
        lease="",
        finished_at=timezone.now(),
    )
    if not ready:  # handed on while this worker stalled: the other render's file is served
        sheet.file.delete(save=False)
        return
    seconds = time.perf_counter() - started
    logger.info("Rendered %s in %.1f s", sheet, seconds)
    sheet_render_seconds.labels(sheet.kind).observe(seconds)
    sheet_renders.labels(sheet.kind, "ready").inc()
    _prune_older(sheet)


def _render(sheet: PrintedSheet, mine, processes: int, progress) -> bytes:
    render.check_fonts()
    layout = Layout.from_query(dict(pair.split("=") for pair in sheet.layout.split("&")))
    if sheet.season is not None:
        role = dict(pair.split("=") for pair in sheet.layout.split("&")).get("role")
        chunks = render.league_chunks(result_sheets.league_sheet(sheet.season, role=role), layout)
    elif sheet.kind in PRINTERS:
        assert sheet.drive is not None
        chunks = PRINTERS[sheet.kind].chunks(sheet.drive)
    else:
        assert sheet.drive is not None  # a sheet is of a season or of a drive
        printed = sheets.load(sheet.drive)
        options = {"site": sheet.site} if sheet.kind == SheetKind.TABLE_CARDS_QR else {}
        chunks = render.CHUNKS[sheet.kind](printed, layout, **options)
    mine.update(total=sum(chunk.items for chunk in chunks))
    return render.render_chunks(chunks, processes=processes, on_progress=progress)


def failure_of(error: Exception) -> SheetFailure:
    """The reason the organiser is given; the error itself goes to the log and the row."""
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return SheetFailure.DISK_FULL
    if isinstance(error, render.FontMissing):
        return SheetFailure.FONT_MISSING
    return SheetFailure.ERROR


def download_name(sheet: PrintedSheet) -> str:
    if sheet.season is not None:
        return season_download_name(sheet.season, "league", extension="pdf")
    assert sheet.drive is not None
    return drive_download_name(sheet.drive, sheet.kind, extension="pdf")


def _prune_older(sheet: PrintedSheet) -> None:
    """The same sheet rendered from older data: nobody will be served it again."""
    older = (
        PrintedSheet.objects.filter(
            drive=sheet.drive_id,
            season=sheet.season_id,
            kind=sheet.kind,
            layout=sheet.layout,
            language=sheet.language,
        )
        .exclude(pk=sheet.pk)
        .exclude(status__in=[SheetStatus.QUEUED, SheetStatus.RUNNING])
    )
    delete_sheets(older)


def delete_sheets(queryset) -> int:
    """Delete the rows and their files; how many."""
    count = 0
    for sheet in queryset:
        if sheet.file:
            sheet.file.delete(save=False)
        sheet.delete()
        count += 1
    return count


def prerender(drive_id: int) -> None:
    """Queue the sheets wanted first at a drive: scorecards and table cards as the
    organiser's browser would ask for them (the default layout, the site's language)."""
    drive = Drive.objects.select_related("club").filter(pk=drive_id).first()
    if drive is None or drive.status == DriveStatus.PLANNED:
        return  # deleted, or put back before the worker came to it
    for kind in (SheetKind.SCORECARDS, SheetKind.TABLE_CARDS):
        request = SheetRequest(drive, kind, Layout(), settings.LANGUAGE_CODE)
        sheet, data = find(request)
        if sheet is None:
            sheet_start(request=request, data=data)
