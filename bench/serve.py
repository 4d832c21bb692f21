"""Run the site as production does (gunicorn, DEBUG=0) on 127.0.0.1, and talk to it.

Used by ``bench/load.py`` and by CI's production smoke test (``bench/smoke.py``). Only
127.0.0.1 is ever contacted; every wait is bounded.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def all_at_once(work: list[Callable[[], object]]) -> float:
    """Run each of ``work`` in a thread of its own, all started together; the seconds until
    the last one is done."""
    threads = [threading.Thread(target=task) for task in work]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def production_env(database_url: str, static_root: str) -> dict[str, str]:
    """The environment of a production server, less TLS (the bench speaks plain HTTP)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_"))}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        STATIC_ROOT=static_root,
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def create_postgres_database(url: str) -> None:
    """Drop and create the database named in ``url`` (a fresh one for each run)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def _cpu_ticks(pid: int | str) -> int:
    """User and system clock ticks a process has used; 0 once it has gone. Linux only."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime


def workers_cpu_seconds(master_pid: int) -> float:
    """CPU seconds (user and system) the gunicorn master's live workers have used so far.

    Read from /proc, so it counts the server's own work whatever else the machine runs:
    the figure to compare while others share the cores.
    """
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    return sum(map(_cpu_ticks, children)) / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds(database_url: str) -> float:
    """CPU seconds the PostgreSQL server processes connected to ``database_url``'s database
    have used so far (the workers keep their connections, so these are theirs); 0 for
    SQLite, whose work is done inside the workers."""
    if not database_url.startswith("postgres"):
        return 0.0
    import psycopg

    base, name = database_url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [name]
        ).fetchall()
    return sum(_cpu_ticks(pid) for (pid,) in rows) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Server:
    port: int
    pid: int
    database_url: str = ""

    def cpu_seconds(self) -> float:
        return workers_cpu_seconds(self.pid)

    def database_cpu_seconds(self) -> float:
        return database_cpu_seconds(self.database_url)


@contextmanager
def gunicorn(env: dict[str, str], *, workers: int = 4, timeout: float = 60, worker_timeout=60):
    """A gunicorn serving config.wsgi on a free port; yields it (port, pid), stops it after."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        f"--bind={HOST}:{port}",
        f"--workers={workers}",
        f"--timeout={worker_timeout}",
        "--backlog=512",
    ]
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
        try:
            _wait_until_it_answers(server, port, log, timeout)
            yield Server(port, server.pid, env.get("DATABASE_URL", ""))
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _wait_until_it_answers(server: subprocess.Popen, port: int, log, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    status = None
    while status != 200:
        if server.poll() is not None:
            log.seek(0)
            raise RuntimeError("gunicorn stopped:\n" + log.read().decode(errors="replace"))
        if time.monotonic() > deadline:
            raise RuntimeError(f"gunicorn did not answer in {timeout:.0f} s (last: {status})")
        time.sleep(0.2)
        try:
            status = Client(port).get("/").status
        except OSError:
            status = None


class Response:
    def __init__(self, raw: http.client.HTTPResponse):
        self.status = raw.status
        self.headers = raw.headers
        self.body = raw.read()

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Client:
    """A browser-like HTTP/1.1 client: keeps cookies and one connection, sends CSRF tokens."""

    def __init__(self, port: int, *, timeout: float = 60):
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self._connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body=None, headers=None) -> Response:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in range(2):  # once more on a connection the server closed
            if self._connection is None:
                self._connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            try:
                self._connection.request(method, path, body=body, headers=headers)
                response = Response(self._connection.getresponse())
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                if attempt:
                    raise
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.headers.get("Connection", "").lower() == "close":
            self.close()
        return response

    def get(self, path: str, headers=None) -> Response:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: dict) -> Response:
        if "csrftoken" not in self.cookies:
            self.get(path)
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            # The cookie's secret is accepted as the token, as for a script's header.
            "X-CSRFToken": self.cookies["csrftoken"],
            "Referer": f"http://{HOST}:{self.port}{path}",
        }
        return self.request("POST", path, body=urlencode(data), headers=headers)

    def log_in(self, username: str, password: str) -> Response:
        self.get("/accounts/login/")
        return self.post("/accounts/login/", {"username": username, "password": password})

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def link(text: str, pattern: str) -> str:
    """The first address in ``text`` matching ``pattern`` (a regular expression)."""
    found = re.search(pattern, text)
    if not found:
        raise AssertionError(f"no link matching {pattern!r}")
    return found.group(0)
