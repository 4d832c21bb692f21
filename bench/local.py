"""Django for a benchmark run in this process: the development settings on a throwaway
database of the benchmark's own, so that a run never touches the site's data."""

import os


def setup_django(sqlite_path: str) -> None:
    """Set Django up on ``DATABASE_URL`` or else a fresh SQLite file at ``sqlite_path``
    (deleted first, so that every run starts from the same empty database)."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.setdefault("DEBUG", "1")  # a development run: no SECRET_KEY needed
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{sqlite_path}")
    url = os.environ["DATABASE_URL"]
    if url.startswith("sqlite:"):
        database = url.removeprefix("sqlite:///")
        if os.path.exists(database):
            os.remove(database)

    import django

    django.setup()
