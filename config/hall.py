"""Hall mode (``make hall``): the organiser's laptop serves the evening to the phones in a
hall with no internet, over the hall's own Wi-Fi.

It finds the laptop's address on that network (``config.network``; ``HALL_ADDRESS``
overrides it, ``HALL_PORT`` the port, 8000), refuses when no network is up, keeps a secret
key for this laptop in ``hall-data/secret-key`` (outside git, made once), migrates,
collects the static files, checks the accounts (``manage.py hall_ready``), then runs
gunicorn (``HALL_WORKERS`` workers) on every interface and the sheet worker beside it,
and prints the address with its QR code. Ctrl-C stops them.

It also serves HTTPS (``HALL_HTTPS_PORT``, 8443) with a certificate from the laptop's own
authority (``config.certificates``): a phone that trusts it moves from the plain HTTP
address of the QR codes to HTTPS, where its browser keeps the table page for a reload
without a signal. gunicorn takes one TLS setting for all its addresses, so HTTPS is a
second gunicorn beside the first, with workers of its own: plain HTTP stays for every
phone that does not trust the authority, and either server carries the evening alone.

Everything the evening keeps is in ``hall-data/`` (``HALL_DATA`` to move it): the SQLite
database (WAL mode, as ever; PostgreSQL when ``DATABASE_URL`` is set), the printed sheets,
e-mails waiting as files, and a dated backup of every club and every finished drive.
The settings' hall section (``HALL=1``) turns off what needs HTTPS and keeps log-in to
the laptop's organisers.
"""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import ssl
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import segno

from config import certificates
from config.network import NoNetwork, hall_address

ROOT = Path(__file__).resolve().parent.parent
NO_NETWORK = """\
No network is connected, so no phone could reach this laptop.
Join the hall's Wi-Fi (or plug in its cable), then run `make hall` again.
If the laptop is on the network but this is not found, give its address yourself:
  HALL_ADDRESS=192.168.1.20 make hall"""


def site_url() -> str:
    """http://<the laptop's address on the hall's network>:<port>."""
    port = int(os.getenv("HALL_PORT", "8000"))
    host = os.getenv("HALL_ADDRESS", "").strip() or hall_address().address
    return f"http://{host}:{port}"


def secure_site_url(site: str) -> str:
    """The same laptop over HTTPS: https://<address>:<HALL_HTTPS_PORT, 8443>."""
    host = site.removeprefix("http://").rsplit(":", 1)[0]
    return f"https://{host}:{int(os.getenv('HALL_HTTPS_PORT', '8443'))}"


def secret_key(path: Path) -> str:
    """This laptop's own key, made on the first run and kept (readable by its owner only):
    sessions and signed links survive a restart, and no two laptops share one."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(key + "\n")
    return key


def hall_env(site: str, data: Path) -> dict[str, str]:
    """The environment of the site in hall mode, at ``site`` with its files in ``data``."""
    host, port = site.removeprefix("http://").rsplit(":", 1)
    secure = secure_site_url(site)
    secure_port = secure.rsplit(":", 1)[1]
    local = [
        f"{scheme}://{name}:{number}"
        for scheme, number in (("http", port), ("https", secure_port))
        for name in ("127.0.0.1", "localhost")
    ]
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", f"sqlite:///{data / 'db.sqlite3'}")
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        HALL="1",
        SECRET_KEY=secret_key(data / "secret-key"),
        SITE_URL=site,
        ALLOWED_HOSTS=",".join(dict.fromkeys([host, "127.0.0.1", "localhost"])),
        CSRF_TRUSTED_ORIGINS=",".join(dict.fromkeys([site, secure, *local])),
        HALL_SECURE_URL=secure,
        HALL_CA_CERTIFICATE=str(data / "ca.pem"),
        STATIC_ROOT=str(data / "static"),
        MEDIA_ROOT=str(data / "media"),
        MAIL_FOLDER=str(data / "mail"),
        HALL_BACKUPS=str(data / "backups"),
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def banner(site: str) -> str:
    lines = [
        "",
        "Whist Drive is serving the hall.",
        f"Phones on the hall's Wi-Fi open:  {site}/",
        "(the table cards' QR codes lead there too; this laptop can use http://127.0.0.1"
        f":{site.rsplit(':', 1)[1]}/)",
        *_secure_lines(site),
        "",
    ]
    return "\n".join(lines)


def _secure_lines(site: str) -> list[str]:
    host = site.split("://", 1)[1].rsplit(":", 1)[0]
    if not certificates.vouched_for(certificates.subject_name(host)):
        return [
            f"{host} is not a hall network's address (192.168.…, 10.…, 172.16–31.… or a .local",
            "name): the laptop's certificate cannot name it, so phones stay on HTTP and keep",
            "their figures, but cannot reload a table page without signal.",
        ]
    return [
        f"Phones that trust this laptop's certificate move to {secure_site_url(site)}/",
        f"by themselves (to install it on a phone, once: {site}/hall/certificate/).",
    ]


def qr_for_terminal(site: str) -> str:
    from io import StringIO

    text = StringIO()
    segno.make(site + "/", error="m").terminal(out=text, compact=True)
    return text.getvalue()


def _answers(port: int, ca: Path | None = None) -> bool:
    """The server on ``port`` answers; over HTTPS with a certificate from ``ca`` when given."""
    if ca is None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    else:
        context = ssl.create_default_context(cafile=str(ca))
        connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=2, context=context)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status < 500
    except OSError:
        return False
    finally:
        connection.close()


def serve(env: dict[str, str], port: int, site: str, tls: certificates.HallCertificates) -> int:
    """gunicorn over HTTP, gunicorn over HTTPS and the sheet worker until Ctrl-C (or
    SIGTERM), or until one of them stops."""
    # Each server has its workers: phones that trust the laptop use HTTPS, the others HTTP.
    workers = os.getenv("HALL_WORKERS", str(min((os.cpu_count() or 1) + 1, 4)))
    secure_port = int(secure_site_url(site).rsplit(":", 1)[1])

    def gunicorn(bind_port: int, *tls_files: str) -> list[str]:
        return [
            sys.executable, "-m", "gunicorn", "config.wsgi",
            f"--bind=0.0.0.0:{bind_port}", f"--workers={workers}", "--timeout=60",
            # Two servers: one control socket path (~/.gunicorn) would be taken by both.
            "--no-control-socket", *tls_files,
        ]  # fmt: skip

    https = gunicorn(secure_port, f"--certfile={tls.certificate}", f"--keyfile={tls.key}")
    worker = ["nice", "-n", "10", sys.executable, "manage.py", "db_worker"]
    stopping = False

    def stop(_signum, _frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    with ExitStack() as running:
        children = [
            running.enter_context(subprocess.Popen(command, cwd=ROOT, env=env))
            for command in (gunicorn(port), https, worker)
        ]
        running.callback(_stop_all, children)
        # A busy old laptop takes a while to start its workers: give it minutes, not seconds.
        deadline = time.monotonic() + float(os.getenv("HALL_START_SECONDS", "300"))
        while not (_answers(port) and _answers(secure_port, tls.ca)):
            names = ("gunicorn", "gunicorn over HTTPS", "the sheet worker")
            stopped = [
                n for n, child in zip(names, children, strict=True) if child.poll() is not None
            ]
            if stopped or time.monotonic() > deadline:
                why = f"{', '.join(stopped)} stopped" if stopped else "no answer in time"
                print(f"The server did not start ({why}): see the messages above.", file=sys.stderr)
                return 1
            time.sleep(0.3)
        print(banner(site) + qr_for_terminal(site) + "\nCtrl-C stops it.", flush=True)
        try:
            while not stopping and all(child.poll() is None for child in children):
                time.sleep(0.5)
        except KeyboardInterrupt:
            stopping = True
        return 0 if stopping else 1


def _stop_all(children: list[subprocess.Popen]) -> None:
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    for child in children:
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def main() -> int:
    try:
        site = site_url()
    except NoNetwork:
        print(NO_NETWORK, file=sys.stderr)
        return 2
    data = Path(os.getenv("HALL_DATA", str(ROOT / "hall-data"))).resolve()
    env = hall_env(site, data)
    host = site.removeprefix("http://").rsplit(":", 1)[0]
    tls = certificates.ensure(data, [host])
    manage(env, "migrate", "--no-input", "-v0")
    manage(env, "collectstatic", "--no-input", "-v0")
    manage(env, "hall_ready")
    return serve(env, int(site.rsplit(":", 1)[1]), site, tls)


if __name__ == "__main__":
    sys.exit(main())
