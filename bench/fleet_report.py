"""The tables ``bench/fleet.py`` prints: each kind of request side by side across phases, and
the sheets each worker rendered (from the task queue's own rows, which outlive a killed
worker's counters)."""

from __future__ import annotations

from collections import Counter

from bench.fleet_load import Record, Tally, by_kind

KINDS = (
    "phone page",
    "phone post",
    "phone confirm",
    "dashboard poll",
    "hall poll",
    "standings read",
    "organiser next round",
    "sheet",
)


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def line(records: list[Record], seconds: float) -> str:
    if not records:
        return f"{'–':>52}"
    times = sorted(r.seconds * 1000 for r in records)
    errors = Counter(r.status for r in records if not r.ok)
    statuses = " ".join(f"{status or 'none'}×{n}" for status, n in errors.most_common(2))
    return (
        f"{len(records) / seconds:7.1f}/s {percentile(times, 0.5):6.0f} "
        f"{percentile(times, 0.95):6.0f} "
        f"{percentile(times, 0.99):6.0f} ms  {sum(errors.values())} {statuses}"
    )


def print_phases(phases: dict[str, tuple[Tally, dict]]) -> None:
    names = list(phases)
    print()
    print(f"{'':<22}" + "".join(f"{name:<52}" for name in names))
    print(f"{'request':<22}" + f"{'rate     p50    p95    p99      errors':<52}" * len(names))
    kinds = {name: by_kind(tally.records) for name, (tally, _) in phases.items()}
    for kind in (*KINDS, "all"):
        cells = []
        for name, (tally, figures) in phases.items():
            records = tally.records if kind == "all" else kinds[name].get(kind, [])
            cells.append(f"{line(records, figures['seconds']):<52}")
        print(f"{kind:<22}" + "".join(cells))
    for label, key in (
        ("results acknowledged", "acknowledged"),
        ("  of which lost", "results_lost"),
        ("N–S figures acknowledged", "sent"),
        ("  of which lost", "sent_lost"),
    ):
        print(
            f"{label:<22}"
            + "".join(f"{figures['lost'][key]:<52}" for _, figures in phases.values())
        )
    print(
        f"{'resends (recognised)':<22}"
        + "".join(f"{f'{t.resends} ({t.resends_recognised})':<52}" for t, _ in phases.values())
    )
    print(
        f"{'sheets ready (median)':<22}"
        + "".join(
            f"{f'{len(t.sheets_ready)} ({percentile(sorted(t.sheets_ready), 0.5):.1f} s)':<52}"
            for t, _ in phases.values()
        )
    )
    print(
        f"{'load generator CPU':<22}"
        + "".join(
            f"{'%.0f%% of a core' % (100 * f['client_cpu'] / f['seconds']):<52}"
            for _, f in phases.values()
        )
    )


def sheets_by_worker(database_url: str) -> str:
    import psycopg

    with psycopg.connect(database_url) as db:
        rows = db.execute(
            "SELECT worker_ids->>-1, status, count(*) FROM django_tasks_database_dbtaskresult "
            "WHERE task_path LIKE %s GROUP BY 1, 2 ORDER BY 1, 2",
            ["%render_sheet"],
        ).fetchall()
    return "sheets rendered, by worker (so far): " + (
        ", ".join(f"{worker or 'none'} {status.lower()} {count}" for worker, status, count in rows)
        or "none"
    )
