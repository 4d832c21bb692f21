"""A private S3-compatible object store on a free port: moto's server mode (``moto[server]``,
from PyPI), for the tests of sheets kept in an object store and for ``bench/fleet.py``.

It is a real HTTP server speaking S3's protocol, so boto3 and django-storages talk to it
exactly as to Amazon S3, MinIO or Ceph: signed requests, multipart uploads, listings. It
keeps its objects in memory and forgets them when stopped.
"""

from __future__ import annotations

import http.client
import subprocess
import sys
import tempfile
import time

from bench.serve import free_port

HOST = "127.0.0.1"
#: Any key pair is accepted by moto; boto3 insists on having one.
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "whist-test", "AWS_SECRET_ACCESS_KEY": "whist-test-secret"}


class S3Server:
    """``python -m moto.server`` on ``host``:``port``; ``command`` may prefix it (for
    ``ip netns exec``)."""

    def __init__(self, host: str = HOST, port: int | None = None, prefix: list[str] | None = None):
        self.host = host
        self.port = port or free_port()
        self.prefix = prefix or []
        self.process: subprocess.Popen | None = None
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the server)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 30) -> None:
        command = [sys.executable, "-m", "moto.server", "-H", self.host, "-p", str(self.port)]
        self.process = subprocess.Popen(
            [*self.prefix, *command], stdout=self.log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                self.log.seek(0)
                output = self.log.read().decode(errors="replace")[-2000:]
                raise RuntimeError(f"moto's S3 server did not start on {self.url}:\n{output}")
            time.sleep(0.1)

    def answers(self) -> bool:
        try:
            connection = http.client.HTTPConnection(self.host, self.port, timeout=1)
            connection.request("GET", "/")
            return connection.getresponse().status == 200
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None

    def client(self):
        """A boto3 S3 client on this server."""
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.url,
            region_name="us-east-1",
            aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
        )

    def environment(self, bucket: str) -> dict[str, str]:
        """The site's settings for sheets kept in ``bucket`` on this server."""
        return {"S3_BUCKET": bucket, "S3_ENDPOINT_URL": self.url, "S3_REGION": "us-east-1"} | (
            CREDENTIALS
        )
