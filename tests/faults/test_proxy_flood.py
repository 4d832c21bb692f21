"""A flood of bad table links from one client behind the proxy slows that client only.

gunicorn (two workers, production settings, TRUSTED_PROXIES=1) sits behind a "proxy" that
appends the client's address to X-Forwarded-For, as nginx does. One client sends 400 links
that open nothing, from eight connections at once, each with a different address of its
own choosing on the left of the header; meanwhile six tables at other addresses keep
opening their valid links. Every table answers 200 throughout; the flooder gets exactly
its 30 lookups (the counts are shared by both worker processes and lose nothing), then
429, and, over its 200 requests, its own valid link is held up too. Run on the database
cache (RateCount) and on Redis (a private redis-server).

Before: the limit counted the proxy's address, so 1,200 bad links from one client made every
table's valid link answer 429 for the rest of the minute.
"""

import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from bench.redis_server import RedisServer
from bench.serve import Client, gunicorn, production_env

ROOT = Path(__file__).resolve().parents[2]
FLOODER = "203.0.113.66"
TABLES = 6
CONNECTIONS, EACH = 8, 50
REQUESTS, LOOKUPS = 200, 30

SETUP = """
from tests.conftest import make_club, make_started_drive
from drives.tableside import tokens
club = make_club(name="Flood Club", slug="flood")
drive = make_started_drive(club, players=4 * 6, deals=4)
for link in tokens.side_links(drive=drive):
    if link.side == "NS":  # one phone a table
        print("token", link.token)
"""


def manage(env, *args, **kwargs):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, **kwargs
    )


@pytest.fixture(scope="module")
def prepared():
    """A migrated database with a running drive, and the static files, made once."""
    folder = tempfile.mkdtemp(prefix="whist-flood-")
    env = production_env(f"sqlite:///{folder}/db.sqlite3", f"{folder}/static")
    try:
        manage(env, "migrate", "--no-input", "-v0")
        manage(env, "collectstatic", "--no-input", "-v0")
        made = manage(env, "shell", "-c", SETUP, capture_output=True, text=True)
        tokens = [line.split()[1] for line in made.stdout.splitlines() if line.startswith("token ")]
        yield folder, tokens
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["database", "redis"])
def site(request, prepared, tmp_path):
    folder, tokens = prepared
    shutil.copy(f"{folder}/db.sqlite3", tmp_path / "db.sqlite3")
    env = production_env(f"sqlite:///{tmp_path}/db.sqlite3", f"{folder}/static")
    env.update(
        TRUSTED_PROXIES="1",
        TABLESIDE_RATE_REQUESTS=str(REQUESTS),
        TABLESIDE_RATE_LOOKUPS=str(LOOKUPS),
        # Windows of a day, so that none starts afresh while the test runs.
        TABLESIDE_RATE_REQUESTS_SECONDS="86400",
        TABLESIDE_RATE_LOOKUPS_SECONDS="86400",
        MEDIA_ROOT=str(tmp_path),
    )
    redis = None
    if request.param == "redis":
        if shutil.which("redis-server") is None:
            pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
        redis = RedisServer()
        redis.start()
        env["REDIS_URL"] = redis.url
    try:
        with gunicorn(env, workers=2) as server:
            yield server.port, tokens
    finally:
        if redis is not None:
            redis.stop()
            shutil.rmtree(redis.folder, ignore_errors=True)


def via_proxy(client: Client, path: str, address: str, claimed: str = "") -> int:
    """GET ``path`` as the proxy forwards it for a client at ``address``."""
    forwarded = f"{claimed}, {address}" if claimed else address
    return client.get(path, headers={"X-Forwarded-For": forwarded}).status


def test_a_flood_from_one_address_holds_up_that_address_only(site):
    port, tokens = site
    assert len(tokens) == TABLES
    flood: Counter[int] = Counter()
    tables: Counter[int] = Counter()
    lock = threading.Lock()
    flooding = threading.Event()
    flooding.set()

    def flooder(connection: int):
        client = Client(port)
        mine = Counter(
            via_proxy(client, f"/t/{connection:04d}{n:022d}/", FLOODER, f"10.9.{connection}.{n}")
            for n in range(EACH)
        )
        with lock:
            flood.update(mine)

    def table(number: int, token: str):
        client = Client(port)
        mine: Counter[int] = Counter()
        while flooding.is_set() or sum(mine.values()) < 20:
            mine[via_proxy(client, f"/t/{token}/", f"198.51.100.{number}")] += 1
            time.sleep(0.05)
        with lock:
            tables.update(mine)

    floods = [threading.Thread(target=flooder, args=(n,)) for n in range(CONNECTIONS)]
    phones = [threading.Thread(target=table, args=(n, t)) for n, t in enumerate(tokens, 1)]
    began = time.perf_counter()
    for thread in floods + phones:
        thread.start()
    for thread in floods:
        thread.join()
    seconds = time.perf_counter() - began
    flooding.clear()
    for thread in phones:
        thread.join()

    print(f"flood: {dict(flood)} in {seconds:.1f} s; tables meanwhile: {dict(tables)}")
    assert sum(flood.values()) == CONNECTIONS * EACH
    assert flood[404] == LOOKUPS  # exactly the window's lookups, across both workers
    assert flood[429] == CONNECTIONS * EACH - LOOKUPS
    assert set(tables) == {200}  # no table was held up
    # The flooder's own address is over its limit for its valid link too, and spoofing the
    # left of the header does not help; a table at another address goes on.
    assert via_proxy(Client(port), f"/t/{tokens[0]}/", FLOODER, "198.51.100.1") == 429
    assert via_proxy(Client(port), f"/t/{tokens[0]}/", "198.51.100.1") == 200
