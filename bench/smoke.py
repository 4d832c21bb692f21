"""CI's production smoke test: gunicorn with DEBUG=0 on PostgreSQL answers as it should.

Run it from the repository root (PostgreSQL at 127.0.0.1:5432, user postgres)::

    python -m bench.smoke
    SMOKE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/mine python -m bench.smoke

It makes a fresh database, migrates it, collects the static files and loads the demo club,
exactly as docs/DEPLOY.md says, starts ``gunicorn -w 2 config.wsgi`` on 127.0.0.1 with the
production settings, and checks the home page (with its stylesheet and security headers),
that an unknown address is a plain 404 without debug output, the organiser's log-in, and a
standings CSV. It stops the server and exits non-zero at the first failure.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serve import Client, create_postgres_database, gunicorn, manage, production_env

DATABASE_URL = os.getenv("SMOKE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/whist_smoke")


def check(what: str, condition: bool, detail: str = "") -> None:
    print(f"{'ok ' if condition else 'FAILED'} {what}" + (f": {detail}" if detail else ""))
    if not condition:
        raise SystemExit(1)


def smoke(port: int) -> None:
    visitor = Client(port)
    home = visitor.get("/")
    check("the home page answers 200", home.status == 200, str(home.status))
    check("it shows the demo club", "Little Bramley Whist Club" in home.text)
    policy = home.headers.get("Content-Security-Policy", "")
    check("it sends a Content-Security-Policy", "script-src 'self'" in policy, policy)
    check("it forbids framing", home.headers.get("X-Frame-Options") == "DENY")
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]+\.css)"', home.text)
    check("the stylesheet has a hashed name (collectstatic)", stylesheet is not None)
    css = visitor.get(stylesheet.group(1))
    check("the stylesheet is served", css.status == 200 and b"body" in css.body)

    missing = visitor.get("/no-such-page/")
    check("an unknown address is a 404", missing.status == 404, str(missing.status))
    check("with no debug page", "Traceback" not in missing.text and "DEBUG" not in missing.text)

    organiser = Client(port)
    logged = organiser.log_in("organiser", "whist-demo")
    check("the organiser logs in", logged.status == 302, str(logged.status))
    cookies = [c.lower() for c in logged.headers.get_all("Set-Cookie") or []]
    session = [c for c in cookies if c.startswith("sessionid=")]
    check(
        "the session cookie is Secure and HttpOnly",
        bool(session) and "secure" in session[0] and "httponly" in session[0],
    )
    page = organiser.get("/")
    check("the home page greets the organiser", "organiser" in page.text and "Log out" in page.text)
    stranger = Client(port)
    wrong = stranger.log_in("organiser", "not-the-password")
    refused = wrong.status == 200 and "sessionid" not in stranger.cookies
    check("a wrong password is refused", refused)

    drives = sorted(set(re.findall(r'href="(/drives/\d+/)"', home.text)))
    downloads = [visitor.get(f"{drive}standings.csv") for drive in drives]
    csv = next((r for r in downloads if r.status == 200), None)
    check("a finished drive's standings CSV downloads", csv is not None, str(drives))
    check("as UTF-8 with a byte order mark", csv.body.startswith(b"\xef\xbb\xbf"))
    check("with its header row", csv.text.lstrip("\ufeff").startswith("rank,card,name"))


def main() -> None:
    workdir = tempfile.mkdtemp(prefix="whist-smoke-")
    try:
        env = production_env(DATABASE_URL, os.path.join(workdir, "static"))
        create_postgres_database(DATABASE_URL)
        manage(env, "migrate", "--no-input", "-v0")
        manage(env, "collectstatic", "--no-input", "-v0")
        manage(env, "loaddemo")
        with gunicorn(env, workers=2) as server:
            smoke(server.port)
        print("smoke: production set-up answered every check")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
