"""What the fault tests share: the site's own processes (``manage.py db_worker``, the scene
that queues a sheet) started for real on a database they share, a SQLite file or a
PostgreSQL instance the test starts itself, and the rows read straight from it."""

import glob
import os
import pwd
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Short enough that a dead worker's render is handed on within a few seconds.
LEASE_SECONDS = 2


def wait_for(check: Callable[[], Any], *, timeout: float, what: str) -> Any:
    """``check()``'s first true answer, asked every tenth of a second."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if answer := check():
            return answer
        time.sleep(0.1)
    raise AssertionError(f"Still waiting after {timeout} s for {what}")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started and that still run."""
    found = []
    for task in glob.glob(f"/proc/{pid}/task/*/children"):
        with open(task) as listed:
            found += [int(child) for child in listed.read().split()]
    return found


def alive(pid: int) -> bool:
    """Running, rather than gone or a zombie nobody has reaped yet."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@dataclass
class Site:
    """The settings every process of the site is started with, and its database."""

    folder: Path
    database_url: str
    read: Callable[[str, tuple], list[dict]]  # SQL → rows, from the test's own connection

    @property
    def media(self) -> Path:
        return self.folder / "media"

    def env(self) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "PYTEST_"))
        }
        env.update(
            DEBUG="1",
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=self.database_url,
            MEDIA_ROOT=str(self.media),
            PRINT_PROCESSES="2",
            PRINT_LEASE_SECONDS=str(LEASE_SECONDS),
            PRINT_AHEAD="0",
        )
        return env

    def run(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args], cwd=ROOT, env=self.env(), capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def queue_scorecards(self, players: int) -> int:
        return int(self.run("-m", "tests.faults.scene", str(players)).split()[-1])

    def worker(self, name: str) -> subprocess.Popen:
        """``manage.py db_worker`` as the README runs it, its output in ``<name>.log``."""
        log = open(self.folder / f"{name}.log", "w")  # noqa: SIM115 (closed with the process)
        command = ["manage.py", "db_worker", "--no-reload", "--no-startup-delay"]
        return subprocess.Popen(
            [sys.executable, *command, "--interval", "0.2"],
            cwd=ROOT,
            env=self.env(),
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text()

    def sheet(self, pk: int) -> dict:
        (row,) = self.read("SELECT * FROM drives_printedsheet WHERE id = %s", (pk,))
        return row

    def tasks(self) -> list[str]:
        rows = self.read(
            "SELECT status FROM django_tasks_database_dbtaskresult ORDER BY enqueued_at", ()
        )
        return [row["status"] for row in rows]


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """A SQLite file with every migration applied, copied by each test (migrating takes
    seconds)."""
    path = tmp_path_factory.mktemp("template") / "db.sqlite3"
    Site(path.parent, f"sqlite:///{path}", read=lambda sql, args: []).run(
        "manage.py", "migrate", "-v0"
    )
    return path


@pytest.fixture
def sqlite_site(migrated_sqlite, tmp_path) -> Site:
    path = tmp_path / "db.sqlite3"
    shutil.copy(migrated_sqlite, path)

    def read(sql: str, args: tuple) -> list[dict]:
        with sqlite3.connect(path) as database:
            database.row_factory = sqlite3.Row
            return [dict(row) for row in database.execute(sql.replace("%s", "?"), args)]

    return Site(tmp_path, f"sqlite:///{path}", read)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgreSQL:
    """A PostgreSQL server of the test's own, in a temporary folder on a free port, run as
    the ``postgres`` user when the test runs as root (PostgreSQL refuses root)."""

    def __init__(self, binaries: Path):
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="whist-pg-"))
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            os.chown(self.folder, pwd.getpwnam(self.user).pw_uid, -1)
        self._pg("initdb", "-D", "data", "-U", "postgres", "--auth=trust", "-E", "UTF8")

    def _pg(self, program: str, *args: str) -> None:
        subprocess.run(
            [str(self.binaries / program), *args],
            cwd=self.folder,
            user=self.user,
            check=True,
            capture_output=True,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._pg("pg_ctl", "-D", "data", "-l", "server.log", "-o", options, "-w", "start")

    def stop(self) -> None:
        self._pg("pg_ctl", "-D", "data", "-m", "fast", "-w", "stop")

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def remove(self) -> None:
        subprocess.run(
            [str(self.binaries / "pg_ctl"), "-D", "data", "-m", "immediate", "stop"],
            cwd=self.folder,
            user=self.user,
            capture_output=True,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def postgresql():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("PostgreSQL's server programs (/usr/lib/postgresql/*/bin) are not installed")
    if os.geteuid() == 0 and not _has_user("postgres"):
        pytest.skip("running as root, and there is no postgres user to run PostgreSQL as")
    server = PostgreSQL(Path(found[-1]).parent)
    try:
        server.start()
        yield server
    finally:
        server.remove()


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@pytest.fixture(scope="module")
def postgresql_site(postgresql, tmp_path_factory) -> Site:
    """The site migrated on its own PostgreSQL (once a module: the tests leave it running)."""
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(postgresql.url("postgres"), autocommit=True) as server:
        server.execute("CREATE DATABASE whist_faults")

    def read(sql: str, args: tuple) -> list[dict]:
        with psycopg.connect(postgresql.url("whist_faults")) as database:
            cursor = database.cursor(row_factory=dict_row)
            return cursor.execute(sql, args).fetchall()

    site = Site(tmp_path_factory.mktemp("pg-site"), postgresql.url("whist_faults"), read)
    site.run("manage.py", "migrate", "-v0")
    return site
