"""The services of ``bench/fleet.py``, each started in a host of its own (``bench.netns``):
a PostgreSQL cluster made with initdb in a temporary folder (run as the postgres user), a
redis-server, an S3-compatible store (moto), HAProxy, gunicorn app servers and sheet workers.
None of them is the machine's shared PostgreSQL or Redis; all stop with the benchmark.
"""

from __future__ import annotations

import glob
import os
import pwd
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.netns import Host
from bench.s3_server import S3Server
from bench.serve import ROOT


def wait_for_port(address: str, port: int, *, timeout: float, process=None, what: str) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((address, port), timeout=0.5):
                return
        except OSError:
            pass
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} stopped (exit {process.returncode})")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not answer on {address}:{port} in {timeout:.0f} s")
        time.sleep(0.1)


class PostgreSQL:
    PORT = 5432

    def __init__(self, host: Host):
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise RuntimeError("PostgreSQL's server programs are not installed")
        self.bin = Path(found[-1]).parent
        self.host = host
        self.folder = tempfile.mkdtemp(prefix="whist-fleet-pg-")
        os.chown(self.folder, pwd.getpwnam("postgres").pw_uid, -1)
        self._as_postgres(
            [str(self.bin / "initdb"), "-D", "data", "-U", "postgres", "--auth=trust", "-E", "UTF8"]
        )
        self.log = os.path.join(self.folder, "postgresql.log")
        with open(Path(self.folder) / "data" / "pg_hba.conf", "a") as hba:
            hba.write("host all all 0.0.0.0/0 trust\n")  # the bench's private network only

    def _as_postgres(self, args: list[str]) -> None:
        command = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", *args]
        self.host.run(command, cwd=self.folder, check=True, capture_output=True)

    def _ctl(self, *args: str) -> None:
        options = (
            f"-p {self.PORT} -k {self.folder} -c listen_addresses={self.host.address} "
            "-c fsync=off -c max_connections=300 -c shared_buffers=256MB"
        )
        self._as_postgres(
            [str(self.bin / "pg_ctl"), "-D", "data", "-l", self.log, "-o", options, *args]
        )

    def start(self) -> None:
        self._ctl("-w", "start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "-w", "stop")

    def url(self, database: str) -> str:
        return f"postgres://postgres@{self.host.address}:{self.PORT}/{database}"

    def stop_all(self) -> None:
        self.host.kill()


class Redis:
    PORT = 6379

    def __init__(self, host: Host):
        self.host = host
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.host.address}:{self.PORT}/0"

    def start(self) -> None:
        args = ["redis-server", "--bind", self.host.address, "--port", str(self.PORT)]
        args += ["--save", "", "--appendonly", "no", "--protected-mode", "no"]
        self.process = self.host.start(args, stdout=subprocess.DEVNULL)
        wait_for_port(self.host.address, self.PORT, timeout=10, process=self.process, what="redis")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def limit_counts(self) -> tuple[int, int]:
        """The rate limits' windows kept (``limit:`` keys, drives.limits) and the requests
        counted in them; (0, 0) while Redis does not answer."""
        import redis

        try:
            connection = redis.Redis.from_url(self.url, socket_timeout=2)
            keys = connection.keys("*limit:*")
            counts = connection.mget(keys) if keys else []
        except redis.RedisError:
            return 0, 0
        return len(keys), sum(int(count) for count in counts if count is not None)


def s3_store(host: Host) -> S3Server:
    return S3Server(host=host.address, port=9000, prefix=host.command())


HAPROXY = """
global
    maxconn 8000
    stats socket {socket} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    timeout http-request 30s
    option forwardfor
    option redispatch
    retries 2
frontend site
    bind {address}:80
    default_backend apps
backend apps
    balance leastconn
    option httpchk
    http-check send meth GET uri /health/ ver HTTP/1.1 {headers}
    http-check expect status 200
    # A check answers within a second on a quiet machine; a busy one needs longer, and a
    # server taken out for being slow would only load the others more.
    timeout check 5s
    default-server inter 1s fall 3 rise 2
    # Past what the servers can answer, a request waits here at most 10 s, then gets a 503 at
    # once: without it every request went on to a gunicorn backlog, waited there past the
    # client's patience (120 s at 300 drives) and was then served to no one, so nearly
    # nothing was answered in time. Each server takes as many requests at once as it has
    # gunicorn workers (sync workers answer one each).
    timeout queue 10s
{servers}
"""


class Balancer:
    """HAProxy in front of the app servers, asking each one's /health/ every second."""

    def __init__(self, host: Host, folder: str, token: str):
        self.host, self.folder, self.token = host, folder, token
        self.socket = os.path.join(folder, "haproxy.sock")
        self.process: subprocess.Popen | None = None

    def start(self, apps: list[App]) -> None:
        # Each server again as an unchecked backup: when every check fails at once (all of
        # them too busy to answer in time, or the database they share away) the balancer
        # still forwards, and the servers answer slowly or with a clean error, rather than
        # it answering 503 to everyone (seen at 30 drives on 2 shared cores).
        servers = "\n".join(
            f"    server {app.name} {app.host.address}:{App.PORT} check maxconn {app.workers}\n"
            f"    server {app.name}-open {app.host.address}:{App.PORT} backup maxconn {app.workers}"
            for app in apps
        )
        config = os.path.join(self.folder, "haproxy.cfg")
        Path(config).write_text(
            HAPROXY.format(
                socket=self.socket,
                address=self.host.address,
                headers=f'hdr Host {self.host.address} hdr Authorization "Bearer {self.token}"',
                servers=servers,
            )
        )
        self.stop()
        log = open(os.path.join(self.folder, "haproxy.log"), "ab")  # noqa: SIM115
        self.process = self.host.start(["haproxy", "-f", config, "-db"], stdout=log, stderr=log)
        try:
            wait_for_port(self.host.address, 80, timeout=10, process=self.process, what="haproxy")
        except RuntimeError as error:
            log.flush()
            tail = Path(self.folder, "haproxy.log").read_text()[-1500:]
            raise RuntimeError(f"{error}:\n{tail}") from None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def states(self) -> dict[str, str]:
        """Each app server's state as the balancer sees it: UP, DOWN, …; none while a
        restarted HAProxy has not opened its socket yet (it may answer on port 80 first)."""
        with socket.socket(socket.AF_UNIX) as sock:
            try:
                sock.connect(self.socket)
            except (ConnectionRefusedError, FileNotFoundError):
                return {}
            sock.sendall(b"show stat\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        lines = data.decode().splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return {
            row["svname"]: row["status"].split()[0]
            for row in rows
            if row.get("pxname") == "apps"
            and row["svname"] not in ("FRONTEND", "BACKEND")
            and not row["svname"].endswith("-open")
        }


class App:
    """gunicorn serving the site, as docs/DEPLOY.md runs it."""

    PORT = 8000

    def __init__(self, name: str, host: Host, env: dict[str, str], folder: str, workers: int):
        self.name, self.host, self.workers = name, host, workers
        self.env = env | {"PROMETHEUS_MULTIPROC_DIR": os.path.join(folder, f"metrics-{name}")}
        self.log = os.path.join(folder, f"{name}.log")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        args = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"]
        args += [f"--bind={self.host.address}:{self.PORT}", f"--workers={self.workers}"]
        args += ["--timeout=120", "--backlog=2048"]
        with open(self.log, "ab") as log:
            self.process = self.host.start(
                args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        wait_for_port(
            self.host.address, self.PORT, timeout=600, process=self.process, what=self.name
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.host.kill()
        self.process = None


class Worker:
    """``manage.py db_worker`` with its own metrics on port 9100 of its host."""

    METRICS_PORT = 9100

    def __init__(self, name: str, host: Host, env: dict[str, str], folder: str):
        self.name, self.host = name, host
        self.env = env | {
            "WORKER_METRICS_PORT": str(self.METRICS_PORT),
            "WORKER_METRICS_ADDRESS": host.address,
        }
        self.log = os.path.join(folder, f"{name}.log")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        # Below the app servers, as docs/DEPLOY.md runs it.
        args = ["nice", "-n", "10", sys.executable, "manage.py", "db_worker", "--no-reload"]
        args += ["--no-startup-delay"]
        args += ["--interval", "0.5", "--worker-id", self.name]
        with open(self.log, "ab") as log:
            self.process = self.host.start(
                args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        wait_for_port(
            self.host.address, self.METRICS_PORT, timeout=600, process=self.process, what=self.name
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.host.kill()
        self.process = None
