"""gunicorn as production runs it (config/gunicorn.py, DEBUG off, two workers): /metrics sums
every worker's figures, those of a worker killed since included, and each request is one
JSON line in the server's log, table tokens masked."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.serve import Client, free_port, manage, production_env

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "abcdefghijklmnopqrstuvwxyz234567"  # the shape of a table link's secret


def requests_counted(metrics: str) -> float:
    found = re.search(
        r'^django_http_requests_total_by_method_total\{method="GET"\} (\S+)$', metrics, re.M
    )
    assert found, metrics[:2000]
    return float(found.group(1))


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("gunicorn")
    env = production_env(f"sqlite:///{tmp_path / 'db.sqlite3'}", str(tmp_path / "static"))
    env |= {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"), "MEDIA_ROOT": str(tmp_path)}
    manage(env, "migrate", "--no-input", "-v0")
    manage(env, "collectstatic", "--no-input", "-v0")
    port = free_port()
    log = tmp_path / "gunicorn.log"
    command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"]
    with open(log, "w") as output:
        process = subprocess.Popen(
            [*command, f"--bind=127.0.0.1:{port}", "--workers=2"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if Client(port).get("/health/").status == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield port, process, log, tmp_path / "metrics"
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


def test_metrics_add_up_every_worker_even_one_killed_since(server):
    port, process, _log, folder = server
    before = requests_counted(Client(port).get("/metrics").text)
    for _ in range(20):
        client = Client(port)  # a connection each: the workers take turns at the socket
        assert client.get("/").status == 200
        client.close()
    killed = worker_pids(process.pid)[0]
    os.kill(killed, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while killed in worker_pids(process.pid) or len(worker_pids(process.pid)) < 2:
        assert time.monotonic() < deadline, "gunicorn did not replace its worker"
        time.sleep(0.1)

    after = requests_counted(Client(port).get("/metrics").text)

    # The 20 pages and the first scrape, whichever worker answered and though one is dead.
    assert after - before >= 21
    counted_by = {
        int(m.group(1)) for f in folder.iterdir() if (m := re.search(r"_(\d+)\.db$", f.name))
    }
    assert killed in counted_by  # its file is still summed


def test_each_request_is_one_json_line_in_the_server_log(server):
    port, _process, log, _folder = server

    assert Client(port).get(f"/t/{TOKEN}/").status == 404

    time.sleep(0.5)  # the worker writes its line after answering
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    (table,) = [line for line in lines if line.get("path", "").startswith("/t/")]
    assert table["path"] == "/t/abcd…/" and table["status"] == 404
    assert table["logger"] == "drives.requests" and table["level"] == "INFO"
    assert TOKEN not in log.read_text()
