"""An app server (gunicorn, production settings) through a PostgreSQL restart, on a
PostgreSQL the test starts itself: while the database is away every page is the styled 503
that says so, and once it is back the server answers from it again by itself, with no
restart of its own, even though each worker keeps its connection between requests
(CONN_MAX_AGE) and that connection died with the old server."""

import pytest

from bench.serve import Client, gunicorn, manage, production_env

OUTAGE_WORDS = "The site cannot reach its records just now"


@pytest.fixture(scope="module")
def app_server(postgresql_site, tmp_path_factory):
    """One gunicorn worker, so that every request goes through the same kept connection."""
    folder = tmp_path_factory.mktemp("app")
    env = production_env(postgresql_site.database_url, str(folder / "static"))
    env["MEDIA_ROOT"] = str(folder / "media")
    manage(env, "collectstatic", "--no-input", "-v0")
    with gunicorn(env, workers=1) as server:
        yield Client(server.port, timeout=30)


def restarted(postgresql, during=None):
    """Stop PostgreSQL (fast: its sessions are cut, as in a restart), call ``during``, start
    it again; ``during``'s answer."""
    postgresql.stop()
    try:
        return during() if during else None
    finally:
        postgresql.start()


def test_the_first_request_after_a_restart_is_answered_from_the_new_server(postgresql, app_server):
    assert app_server.get("/").status == 200  # the worker's connection is made and kept
    restarted(postgresql)
    # The kept connection is to a server that has gone: it is found dead and replaced before
    # the page's first query (CONN_HEALTH_CHECKS), rather than failing that page.
    assert [app_server.get("/").status for _ in range(3)] == [200, 200, 200]


def test_while_postgresql_is_away_pages_are_a_clear_503_then_served_again(postgresql, app_server):
    assert app_server.get("/").status == 200
    away = restarted(postgresql, lambda: [app_server.get(path) for path in ("/", "/fr/")])

    for response in away:
        assert response.status == 503
        assert response.headers["Retry-After"] == "30"
        assert "Traceback" not in response.text
    assert OUTAGE_WORDS in away[0].text
    assert '<html lang="fr"' in away[1].text and OUTAGE_WORDS not in away[1].text
    assert app_server.get("/").status == 200
