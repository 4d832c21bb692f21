"""The `redis_server` fixture: a private redis-server (bench.redis_server) for a fault test,
stopped after it; the test skips where redis-server is not installed (CI installs it)."""

import shutil

import pytest

from bench.redis_server import RedisServer


@pytest.fixture
def redis_server():
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)
