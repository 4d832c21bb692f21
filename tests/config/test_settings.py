"""The settings fail safe: DEBUG only on request, no start without a key and host names."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNSET = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_SETTINGS_MODULE", "REDIS_URL")
PRODUCTION = {"SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "whist.example.org"}


def read_settings(*names, **env):
    """Load config.settings in a fresh interpreter with only `env` set; print the names."""
    clean = {k: v for k, v in os.environ.items() if k not in UNSET}
    code = (
        f"from django.conf import settings\nfor name in {names!r}: print(getattr(settings, name))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
    )


def test_it_keeps_debug_off_unless_debug_is_1():
    result = read_settings("DEBUG", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"]
    assert read_settings("DEBUG", DEBUG="1").stdout.split() == ["True"]


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
@pytest.mark.parametrize("debug", [None, "0"])
def test_it_refuses_to_start_without_a_production_setting(missing, debug):
    env = {k: v for k, v in PRODUCTION.items() if k != missing}
    if debug is not None:
        env["DEBUG"] = debug
    result = read_settings("DEBUG", **env)
    assert result.returncode != 0
    assert f"{missing} is not set" in result.stderr
    assert f"Set {missing}" in result.stderr
    assert "DEBUG=1" in result.stderr


def test_it_uses_the_environment_values_in_production():
    result = read_settings("SECRET_KEY", "ALLOWED_HOSTS", **PRODUCTION)
    assert result.stdout.split() == ["k" * 50, "['whist.example.org']"]


def test_it_starts_for_local_development_with_debug_1_and_nothing_else():
    result = read_settings("ALLOWED_HOSTS", DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert "127.0.0.1" in result.stdout


RACING_WRITERS = """
import threading, time
import django
django.setup()
from django.db import connection, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE tally (writer INTEGER, n INTEGER)")
errors, start = [], threading.Barrier(12)

def writer(number):
    start.wait()
    try:
        for n in range(5):
            # Read, then write in the same transaction, as a result post does.
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SELECT COUNT(*) FROM tally")
                time.sleep(0.01)
                cursor.execute("INSERT INTO tally VALUES (%s, %s)", [number, n])
    except Exception as error:
        errors.append(repr(error))
    finally:
        connection.close()

threads = [threading.Thread(target=writer, args=(i,)) for i in range(12)]
for thread in threads: thread.start()
for thread in threads: thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT COUNT(*) FROM tally")
    print(cursor.fetchone()[0], errors)
"""


def test_sqlite_lets_racing_writers_take_turns_instead_of_failing(tmp_path):
    # Twelve connections read then write at once, as gunicorn workers posting results do.
    database = tmp_path / "race.sqlite3"
    clean = {k: v for k, v in os.environ.items() if k not in UNSET}
    result = subprocess.run(
        [sys.executable, "-c", RACING_WRITERS],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{database}",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "60 []"


def test_production_shares_one_cache_between_workers():
    result = read_settings("CACHES", **PRODUCTION)
    assert "DatabaseCache" in result.stdout
    result = read_settings("CACHES", **PRODUCTION, REDIS_URL="redis://127.0.0.1:6379/0")
    assert "RedisCache" in result.stdout and "redis://127.0.0.1:6379/0" in result.stdout


def test_migrate_creates_the_shared_cache_table(tmp_path):
    database = tmp_path / "fresh.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env.update(PRODUCTION, DJANGO_SETTINGS_MODULE="config.settings")
    env["DATABASE_URL"] = f"sqlite:///{database}"
    migrate = [sys.executable, "manage.py", "migrate", "--no-input"]
    result = subprocess.run(migrate, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "whist_cache" in tables
