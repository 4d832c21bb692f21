"""Test data: plain make_* helpers and the fixtures built on them."""

import datetime as dt
import io
import itertools
import tempfile
from pathlib import Path

import hypothesis
import pytest
from django.contrib.auth import get_user_model

from drives import games
from drives.evening.lifecycle import drive_start
from drives.evening.results import results_record
from drives.models import Club, ClubRole, Drive, Entry, Player, Season, SeatRole
from drives.tableside import tokens

# Property tests check rules, not speed (bench/ measures that): Hypothesis's 200 ms deadline
# only fails a rule test when a crowded CI machine stalls one example.
hypothesis.settings.register_profile("suite", deadline=None)
hypothesis.settings.load_profile("suite")

# The fault tests' private redis-server (the `redis_server` fixture).
pytest_plugins = ["tests.faults.redis_server"]

_counter = itertools.count(1)


def pytest_configure():
    # PBKDF2 is deliberately slow; tests create and log in hundreds of users.
    from django.conf import settings
    from django.core.signals import setting_changed

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Sheets render as soon as they are queued, in the test's process, into a throwaway
    # folder; the tests of the worker itself run it for real.
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    # The app's tasks are declared as it loads, which builds the backends: build them again.
    setting_changed.send(sender=None, setting="TASKS", value=settings.TASKS, enter=True)
    settings.PRINT_PROCESSES = 1
    # No lease renewed from a second thread inside a test's transaction: on SQLite's shared
    # in-memory database its write would lock the test's own out. tests/faults/ run the
    # worker for real with a short lease.
    settings.PRINT_LEASE_SECONDS = 3600
    # Rendering ahead would print two PDFs in every test that starts a drive and commits
    # (browser tests above all); the tests of rendering ahead switch it back on.
    settings.PRINT_AHEAD = False
    # The live pages' browser tests wait for updates; a second apart keeps them short.
    settings.DASHBOARD_POLL_SECONDS = settings.HALL_POLL_SECONDS = 1
    settings.TABLESIDE_POLL_SECONDS = 1
    settings.PRINT_RATE_LIMIT = 10_000  # the rate limit's own test lowers it
    settings.MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="whist-media-"))
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        _empty_postgresql_tables_by_delete()


def _empty_postgresql_tables_by_delete():
    """After each transactional test (browser tests, races) Django empties every table with
    one TRUNCATE, which on PostgreSQL replaces each table's files: 0.9 s a test, where
    deleting the few rows a test made takes 10 ms. The foreign keys Django makes are
    deferrable, so the rows go in any order and the keys are checked at the commit."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        return [
            "SET CONSTRAINTS ALL DEFERRED;",
            *(f"DELETE FROM {self.quote_name(table)};" for table in tables),
        ]

    DatabaseOperations.sql_flush = sql_flush


@pytest.fixture(autouse=True)
def _empty_cache_between_tests():
    """Pages, fragments and rate-limit counts live in the cache, keyed by ids that the next
    test's rows take again: each test starts with it empty."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _english_between_tests():
    """A request leaves its language active in the thread; addresses depend on it
    (/fr/…), so each test starts in English whatever ran before it."""
    yield
    from django.utils import translation

    translation.deactivate()


def drive_form(**overrides):
    """What the set-up form posts for a usual drive, with ``overrides``."""
    data = {
        "date": "2026-12-04",
        "title": "Christmas Drive",
        "deals": 24,
        "deals_per_round": 1,
        "rotation": "hdsc_nt",
        "movement": "progressive",
        "counting": "odd",
        "sit_out_rule": "average",
        "sit_out_points": 0,
        "prize_places": 3,
        "booby_prize": "on",
        "tie_break": "countback",
        "round_timer_starts": "on",
    }
    return data | overrides


def make_club(*, name=None, slug=None, organiser=None, **fields):
    number = next(_counter)
    club = Club.objects.create(
        name=name or f"Club {number}", slug=slug or f"club-{number}", **fields
    )
    if organiser is not None:
        club.memberships.create(user=organiser, role=ClubRole.ORGANISER)
    return club


def make_user(username=None, password="secret-password-1"):
    user = get_user_model().objects.create_user(
        username=username or f"user{next(_counter)}", password=password
    )
    return user


def make_player(club, *, name=None, role=SeatRole.EITHER, **fields):
    return Player.objects.create(
        club=club, name=name or f"Player {next(_counter)}", role=role, **fields
    )


def make_players(club, count, *, roles=(SeatRole.LADY, SeatRole.GENT)):
    return Player.objects.bulk_create(
        Player(club=club, name=f"Player {number:03d}", role=roles[number % len(roles)])
        for number in range(1, count + 1)
    )


def make_season(club, **fields):
    fields.setdefault("name", "2026–27")
    fields.setdefault("start", dt.date(2026, 9, 1))
    fields.setdefault("end", dt.date(2027, 6, 30))
    return Season.objects.create(club=club, **fields)


def make_drive(club, **fields):
    fields.setdefault("title", "Test Drive")
    fields.setdefault("date", dt.date(2026, 12, 4))
    fields.setdefault("deals", 24)
    return Drive.objects.create(club=club, **fields)


def make_entries(drive, players):
    return Entry.objects.bulk_create(
        Entry(drive=drive, player=player, card_number=number, role=player.role)
        for number, player in enumerate(players, start=1)
    )


def make_started_drive(club, *, players=8, **fields):
    """A drive with ``players`` new players checked in and round 1 seated, through the service."""

    drive = make_drive(club, **fields)
    make_entries(drive, make_players(club, players))
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def record_tricks(drive, round_number, table, tricks, *, version=0, user=None):
    """A classic table's N–S tricks (deal → tricks) for a round, through the one door the
    pages use: the drive's game checks them, ``results_record`` stores them."""
    game = games.of(drive)
    typed = {deal: {"tricks": ns} for deal, ns in tricks.items()}
    figures = game.check(table, game.deals(round_number), typed)
    return results_record(
        drive=drive,
        round_number=round_number,
        table=table,
        figures=figures,
        version=version,
        user=user,
    )


def checked_tricks(drive, tricks, *, table=1):
    """A side's N–S tricks (deal → tricks) as a phone's form hands them to the services:
    checked by the drive's game."""
    game = games.of(drive)
    round_number = (min(tricks) - 1) // drive.deals_per_round + 1
    typed = {deal: {"tricks": ns} for deal, ns in tricks.items()}
    return game.check(table, game.deals(round_number), typed)


def make_played_drive(club, *, players=8, **fields):
    """A drive played to the end by computer players through the same services as the pages;
    every active player of the club is checked in, ``players`` new ones first made."""
    from django.core.management import call_command

    make_players(club, players)
    drive = make_drive(club, **fields)
    call_command("simulate_drive", drive.pk, stdout=io.StringIO())
    drive.refresh_from_db()
    return drive


@pytest.fixture(scope="module")
def module_db(django_db_setup, django_db_blocker):
    """Database access for a module's shared rows (module-scoped fixtures that build data
    the module's tests only read): the rows are made once, in a transaction that each
    test's own rolls back to, and rolled back after the module's last test."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def organiser(db):
    return make_user("alice")


@pytest.fixture
def club(organiser):
    return make_club(name="Hollybush Whist Club", slug="hollybush", organiser=organiser)


@pytest.fixture
def running_drive(club):
    """Twelve players, started: larger than a sheet rendered inside the request."""
    drive = make_drive(club, title="Big Drive", deals=4, movement="individual")
    make_entries(drive, make_players(club, 12))
    drive_start(drive=drive)
    return drive


@pytest.fixture
def one_counting_window(monkeypatch):
    """One fixed moment, so that no test straddles the start of a new rate-limit window."""
    monkeypatch.setattr("drives.limits.time", lambda: 1_800_000_000.0)


def own_link(link, side):
    """The link ``side`` uses at ``link``'s table: a side sends from its own."""
    return link if link.side == side else link_of(link.drive, link.table, side)


def link_of(drive, table=1, side="NS"):
    """``side``'s phone link of ``table`` in a started drive."""
    return next(
        link for link in tokens.side_links(drive=drive) if (link.table, link.side) == (table, side)
    )
