"""A private redis-server on a free port, to stop, freeze and restart: for the Redis outage
benchmark and fault tests. Never the shared Redis on 6379, which other work relies on."""

from __future__ import annotations

import signal
import socket
import subprocess
import tempfile
import time

from bench.serve import free_port

HOST = "127.0.0.1"


class RedisServer:
    """One redis-server process on its own port and folder; ``url`` stays the same across
    restarts, so the site's settings need not change while it comes and goes."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="whist-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    def start(self) -> None:
        command = [
            "redis-server",
            "--port", str(self.port),
            "--bind", HOST,
            "--dir", self.folder,
            "--save", "",
            "--appendonly", "no",
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not self._answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.thaw()
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None

    def freeze(self) -> None:
        """Stop the process where it stands: connections open, nothing answered."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)

    def _answers(self) -> bool:
        try:
            with socket.create_connection((HOST, self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False
