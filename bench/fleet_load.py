"""Many clubs' evenings at once, as ``bench/fleet.py`` sends them through the balancer.

One asyncio loop (aiohttp, one shared pool of kept connections) plays every drive:

* each table's N–S phone opens its page and posts the round's figures (a submission id made
  once, so that a resend after an error is recognised), then the E–W phone opens the page
  and confirms them; an answer of 5xx or a dropped connection is sent again, as the phone's
  "send again" does, with the same submission id;
* each phone also reloads its page now and then; each drive's organiser dashboard polls
  every 3 s and its hall display every 5 s, both with the ETag they hold; readers at home
  reload the standings; the organiser opens the next round once every table has reported,
  and asks for sheets now and then;
* every request's start, duration, kind and outcome is kept for the report and for the
  fault windows; the results acknowledged to the phones are compared with the database
  afterwards.

All the requests of one hall carry that hall's address in X-Forwarded-For (the balancer
appends the bench's own), as a club's Wi-Fi would: the site's per-address limits count
halls, not the benchmark. The addresses are 198.18.0.0/15, the range set aside for
benchmarks; they are only written in a header, never contacted.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field

import aiohttp

CSRF = "fleetbenchcsrfsecret0123456789ab"  # a CSRF secret of the right shape, the bench's own
CONFIRM_ENTRY = re.compile(r'name="entry" value="(\d+)"')
# What the phone page says once figures are kept (an apostrophe is escaped in the HTML).
STORED = ("result is stored", "had already arrived", "Sent. Now the other side")
RESENT = "had already arrived"
#: What answered a request that failed, from the words of its page: the site's styled pages
#: for a database outage (503) and for a fault (500), or the balancer's own (HAProxy's 502,
#: 503 and 504 say "Bad Gateway", "No server is available", "Gateway Time-out").
FAILURE_PAGES = (
    ("outage page", "cannot reach its records"),
    ("error page", "Something went wrong on our side"),
    ("traceback", "Traceback"),
    ("balancer", "<h1>50"),
)


@dataclass
class Plan:
    """The evening: who does what how often (seconds)."""

    round_seconds: float = 120.0
    phone_reload: float = 60.0
    dashboard_poll: float = 3.0
    hall_poll: float = 5.0
    readers_a_drive: int = 2
    reader_reload: float = 30.0
    sheets: int = 10  # sheet requests over the run, spread over the drives

    def rate(self, drives: int, tables: int) -> float:
        """Requests a second asked for: the polls, the readers, the phones' reloads, and
        each table's round (page, post, page, confirm)."""
        a_drive = 1 / self.dashboard_poll + 1 / self.hall_poll
        a_drive += self.readers_a_drive / self.reader_reload
        a_drive += tables * (1 / self.phone_reload + 4 / self.round_seconds)
        return drives * a_drive


@dataclass
class Record:
    began: float
    seconds: float
    kind: str
    status: int  # 0: no answer (connection refused, reset, timed out)
    ok: bool
    answer: str = ""  # a failure's page (FAILURE_PAGES): who answered it, and how


@dataclass
class Tally:
    records: list[Record] = field(default_factory=list)
    acknowledged: set[tuple[int, int, int]] = field(default_factory=set)  # drive, round, table
    sent: set[tuple[int, int, int]] = field(default_factory=set)  # N–S figures acknowledged
    resends: int = 0
    resends_recognised: int = 0
    sheets_ready: list[float] = field(default_factory=list)


class Evening:
    def __init__(self, base: str, drives: list[dict], session_cookie: str, plan: Plan):
        self.base, self.drives, self.plan = base, drives, plan
        self.organiser = {"Cookie": f"csrftoken={CSRF}; sessionid={session_cookie}"}
        self.tally = Tally()
        self.rng = random.Random(7)
        self.stop_at = 0.0
        self.waiting: list[asyncio.Future] = []  # the organisers waiting for their sheets

    async def _request(self, http, kind, method, path, *, hall, headers=None, data=None, ok=()):
        headers = {"X-Forwarded-For": hall, "Cookie": f"csrftoken={CSRF}"} | (headers or {})
        began = time.monotonic()
        try:
            async with http.request(method, self.base + path, headers=headers, data=data,
                                    allow_redirects=False) as response:  # fmt: skip
                text = await response.text()
                status, etag = response.status, response.headers.get("ETag")
        except (TimeoutError, aiohttp.ClientError):
            status, text, etag = 0, "", None
        good = status in (ok or (200, 304))
        answer = "" if good or status < 500 else failure_page(text)
        self.tally.records.append(
            Record(began, time.monotonic() - began, kind, status, good, answer)
        )
        return status, text, etag

    def running(self) -> bool:
        return time.monotonic() < self.stop_at

    async def _every(self, seconds: float, work) -> None:
        await asyncio.sleep(self.rng.uniform(0, seconds))
        while self.running():
            began = time.monotonic()
            await work()
            await asyncio.sleep(max(0.0, seconds - (time.monotonic() - began)))

    async def _poll(self, http, kind, path, hall, seconds, headers=None) -> None:
        etag = None

        async def once():
            nonlocal etag
            sent = (headers or {}) | ({"If-None-Match": etag} if etag else {})
            _, _, fresh = await self._request(http, kind, "GET", path, hall=hall, headers=sent)
            etag = fresh or etag

        await self._every(seconds, once)

    async def _post_until_answered(self, http, kind, path, form, hall) -> str:
        """POST, and again with the same figures while the answer is 5xx or none."""
        for attempt in range(8):
            if attempt:
                self.tally.resends += 1
                await asyncio.sleep(2)
            status, text, _ = await self._request(
                http,
                kind,
                "POST",
                path,
                hall=hall,
                data=form,
                headers={"X-Requested-With": "fetch"},
            )
            if 0 < status < 500:
                if attempt and RESENT in text:
                    self.tally.resends_recognised += 1
                return text if status == 200 else ""
            if not self.running() and attempt >= 2:
                break
        return ""

    async def _table_round(self, http, drive, table, number) -> bool:
        sides, hall = drive["links"][str(table)], drive["hall"]
        # N–S sends from its own link, E–W confirms from theirs.
        page, other = f"/t/{sides['NS']}/", f"/t/{sides['EW']}/"
        await asyncio.sleep(self.rng.uniform(0.3, 0.8) * self.plan.round_seconds)
        if not self.running():
            return False
        await self._request(http, "phone page", "GET", page, hall=hall)
        figures = {f"d{deal}": str(self.rng.randint(0, 13)) for deal in drive["deals"][number - 1]}
        form = {"csrfmiddlewaretoken": CSRF, "round": str(number), "side": "NS",
                "submission": str(uuid.uuid4())} | figures  # fmt: skip
        text = await self._post_until_answered(http, "phone post", page + "enter/", form, hall)
        if not any(phrase in text for phrase in STORED):
            return False
        self.tally.sent.add((drive["pk"], number, table))
        await asyncio.sleep(self.rng.uniform(0.02, 0.1) * self.plan.round_seconds)
        for _ in range(10):
            _, text, _ = await self._request(http, "phone page", "GET", other, hall=hall)
            if entry := CONFIRM_ENTRY.search(text):
                break
            await asyncio.sleep(2)
        else:
            return False
        confirm = {"csrfmiddlewaretoken": CSRF, "entry": entry.group(1),
                   "submission": str(uuid.uuid4())}  # fmt: skip
        text = await self._post_until_answered(
            http, "phone confirm", other + "confirm/", confirm, hall
        )
        if "result is stored" in text or RESENT in text:
            self.tally.acknowledged.add((drive["pk"], number, table))
            return True
        return False

    async def _drive(self, http, drive) -> None:
        pk, hall = drive["pk"], drive["hall"]
        for number in range(1, len(drive["deals"]) + 1):
            done = await asyncio.gather(
                *(self._table_round(http, drive, t, number) for t in range(1, drive["tables"] + 1))
            )
            if not self.running() or not all(done) or number == len(drive["deals"]):
                return
            await self._request(
                http, "organiser next round", "POST", f"/drives/{pk}/tables/next-round/",
                hall=hall, data={"csrfmiddlewaretoken": CSRF},
                headers=self.organiser | {"X-CSRFToken": CSRF}, ok=(302,),
            )  # fmt: skip

    async def _sheets(self, http) -> None:
        """Organisers asking for their drives' scorecards, each waited for until ready."""
        if not self.plan.sheets:
            return
        gap = max(1.0, (self.stop_at - time.monotonic()) / (self.plan.sheets + 1))
        for drive in self.rng.sample(self.drives, min(self.plan.sheets, len(self.drives))):
            await asyncio.sleep(gap)
            if not self.running():
                return
            self.waiting.append(asyncio.ensure_future(self._sheet(http, drive)))

    async def _sheet(self, http, drive) -> None:
        path = f"/drives/{drive['pk']}/scorecards.pdf"
        began = time.monotonic()
        while self.running():
            status, _, _ = await self._request(
                http, "sheet", "GET", path, hall=drive["hall"], headers=self.organiser,
                ok=(200, 302),
            )  # fmt: skip
            if status == 200:
                self.tally.sheets_ready.append(time.monotonic() - began)
                return
            await asyncio.sleep(2)

    async def play(self, seconds: float, connections: int) -> Tally:
        self.stop_at = time.monotonic() + seconds
        limits = aiohttp.TCPConnector(limit=connections, ttl_dns_cache=None)
        timeout = aiohttp.ClientTimeout(total=120)
        async with aiohttp.ClientSession(
            connector=limits, timeout=timeout, cookie_jar=aiohttp.DummyCookieJar()
        ) as http:
            plan, work = self.plan, []
            for number, drive in enumerate(self.drives):
                pk, hall = drive["pk"], drive["hall"]
                work.append(self._drive(http, drive))
                work.append(self._poll(http, "dashboard poll", f"/drives/{pk}/tables/live/", hall,
                                       plan.dashboard_poll, self.organiser))  # fmt: skip
                work.append(self._poll(http, "hall poll", f"/drives/{pk}/hall/live/", hall,
                                       plan.hall_poll))  # fmt: skip
                for table in range(1, drive["tables"] + 1):
                    phone = f"/t/{drive['links'][str(table)]['NS']}/"
                    work.append(self._poll(http, "phone page", phone, hall, plan.phone_reload))
                for reader in range(plan.readers_a_drive):
                    home = f"198.19.{number % 250}.{reader + 1}"
                    work.append(self._poll(http, "standings read", f"/drives/{pk}/standings/",
                                           home, plan.reader_reload))  # fmt: skip
            work.append(self._sheets(http))
            tasks = [asyncio.ensure_future(job) for job in work]
            await asyncio.sleep(seconds)
            await asyncio.wait(tasks, timeout=30)
            for task in [*tasks, *self.waiting]:
                task.cancel()
            await asyncio.gather(*tasks, *self.waiting, return_exceptions=True)
        return self.tally


def failure_page(text: str) -> str:
    return next((name for name, words in FAILURE_PAGES if words in text), "other")


def by_kind(records: list[Record]) -> dict[str, list[Record]]:
    kinds: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        kinds[record.kind].append(record)
    return kinds
