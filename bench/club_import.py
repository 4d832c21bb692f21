"""How much memory and time importing a large club file takes, beside reading it whole.

Run it from the repository root::

    python -m bench.club_import               # 160 players, 46 drives of 24 deals: ~30 MB
    python -m bench.club_import --drives 10

It builds a throwaway SQLite database (``DATABASE_URL``, by default
/tmp/bench_club_import.sqlite3, deleted first) with a club of finished drives, writes
its file as ``export_club`` does, then imports it as a copy. Figures:

* the floor: ``json.load`` of the file, what any import that holds the file must pay
  before it stores a row (the import before issue 25 did this, then more);
* the streamed import (``drives.backup``): its peak of Python memory (tracemalloc) and
  its time, run apart so that tracing does not slow the timed run.

The target: the import's peak stays under a third of the floor's and does not grow with
the file (the rows of one batch and the table of new ids, not the document).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.league import build
from bench.local import setup_django

FILE = Path("/tmp/bench_club_import.json")
TARGET_RATIO = 1 / 3


def measured(work) -> tuple[float, float]:
    """(peak MB of Python memory, seconds) of ``work()``, traced."""
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6, seconds


def timed(work) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process): on a shared machine the second holds."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - start, time.process_time() - cpu


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=160)
    parser.add_argument("--drives", type=int, default=46)
    parser.add_argument("--deals", type=int, default=24)
    args = parser.parse_args(argv)

    setup_django("/tmp/bench_club_import.sqlite3")
    from django.core.management import call_command
    from django.db import transaction

    from drives.backup.club_file import export_club, import_club, open_club_file
    from drives.models import Club

    call_command("migrate", verbosity=0)
    season = build(args.players, args.drives, args.deals)
    FILE.write_text(json.dumps(export_club(season.club), ensure_ascii=False, indent=1) + "\n")
    size = FILE.stat().st_size / 1e6

    def load_whole():
        with FILE.open(encoding="utf-8") as handle:
            json.load(handle)

    def streamed_import(slug):
        def work():
            with FILE.open("rb") as handle, transaction.atomic():
                import_club(open_club_file(handle), slug=slug)

        return work

    floor_mb, _traced = measured(load_whole)
    floor_s, floor_cpu = timed(load_whole)
    import_mb, _traced = measured(streamed_import("traced"))
    import_s, import_cpu = timed(streamed_import("timed"))
    rows = Club.objects.get(slug="timed").drives.count()
    print(f"club file: {size:.1f} MB, {rows} drives of {args.players} players")
    print(
        f"floor, json.load of the file: {floor_mb:7.1f} MB peak  "
        f"{floor_s:6.2f} s ({floor_cpu:.2f} s CPU)"
    )
    print(
        f"streamed import:              {import_mb:7.1f} MB peak  "
        f"{import_s:6.2f} s ({import_cpu:.2f} s CPU)"
    )
    ratio = import_mb / floor_mb
    verdict = "ok" if ratio <= TARGET_RATIO else "OVER TARGET"
    print(f"import peak / floor: {ratio:.2f} (target ≤ {TARGET_RATIO:.2f}): {verdict}")


if __name__ == "__main__":
    main()
