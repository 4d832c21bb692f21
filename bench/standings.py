"""How long one drive's standings take: ``scoring.standings`` alone and the whole report.

Run it from the repository root::

    python -m bench.standings                     # 160 players, 24 deals, the working tree
    python -m bench.standings --players 166 --baseline HEAD~3   # side by side with a revision

No database is touched: the drive, its entries, seatings and results are built
in memory (unsaved models and plain rows, as ``drives.league.records`` passes them), with
each table's tricks drawn at random. Django is set up only because ``drives.reports``
imports the models. It times, best of ``--runs`` runs:

* ``scoring.standings.standings()`` alone, final standings, from ready-made values;
* ``drives.reports.report.report_from_rows()`` end to end (final and half-time standings,
  prizes, the ladies' and gents' tables, the deal results).

With ``--baseline REV`` the same two are timed with ``scoring/standings.py`` and the report
(``drives/reports/scores.py`` and ``report.py``) as they are at git revision REV (read with
``git show``, so the checkout is untouched), and the two versions' tables and prizes are
compared. The rest of the code is the working tree's, so REV must have the report in those
two files: a revision since the read model got its room.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import types
from dataclasses import dataclass
from pathlib import Path

from bench.local import setup_django
from bench.timing import best_of
from scoring.standings import sits_out

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 30.0


@dataclass(slots=True)
class SeatingRow:
    """The Seating columns ``report_from_rows`` reads, as ``drives.league.records`` builds them."""

    round: int
    table: int
    seat: str
    entry_id: int
    entry: object = None


def build_drive(players: int, deals: int, seed: int, deals_per_round: int = 1):
    """A finished drive with every prize on, and its entries, seatings and results.

    Players beyond a multiple of four sit out, different ones each round; one
    player arrives late and one withdraws early, so sit-outs and deals earning
    nothing are both exercised.
    """
    from drives.models import Drive, DriveStatus, Entry, SeatRole, TableResult

    drive = Drive(
        pk=1,
        title="Bench drive",
        deals=deals,
        deals_per_round=deals_per_round,
        status=DriveStatus.FINISHED,
        prizes_by_role=True,
        half_time_prize=True,
        ten_trick_prize=True,
    )
    roles = (SeatRole.LADY, SeatRole.GENT, SeatRole.EITHER)
    entries = [
        Entry(pk=n, drive_id=drive.pk, player_id=1000 + n, card_number=n, role=roles[n % 3])
        for n in range(1, players + 1)
    ]
    entries[-1].joined_round = 3
    entries[-2].withdrew_after = drive.rounds - 2
    rng = random.Random(seed)
    seatings, results = [], []
    for round_number in range(1, drive.rounds + 1):
        order = [entry for entry in entries if entry.plays_in(round_number)]
        rng.shuffle(order)
        for table in range(1, len(order) // 4 + 1):
            four = order[(table - 1) * 4 : table * 4]
            seatings += [
                SeatingRow(round_number, table, seat, entry.pk, entry)
                for seat, entry in zip("NESW", four, strict=True)
            ]
            for deal in drive.deals_of_round(round_number):
                tricks = sum(rng.random() < 0.5 for _ in range(13))  # ties happen, as in life
                results.append(
                    TableResult(round=round_number, table=table, deal=deal, ns_tricks=tricks)
                )
    return drive, entries, seatings, results


#: The report's modules at a revision, each with the name the next imports it by.
REPORT_MODULES = (
    ("drives/reports/scores.py", "drives.reports.scores"),
    ("drives/reports/report.py", ""),
)


def _source(rev: str, path: str) -> str | None:
    shown = subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True
    )
    return shown.stdout if shown.returncode == 0 else None


def _baseline_module(name: str, label: str, source: str, standings) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = label
    sys.modules[name] = module  # dataclasses look their module up while decorating
    exec(compile(source, label, "exec"), module.__dict__)
    if standings is not None:
        module.ranking = standings  # the old report ranks with the old standings
    return module


def load_revision(rev: str) -> tuple[types.ModuleType, types.ModuleType]:
    """``scoring.standings`` and the drive report as at ``rev``, beside the live ones.

    A module of the report that another imports by name stands in for the live one while
    the next is read, so the baseline report scores with the baseline's own code.
    """
    source = _source(rev, "scoring/standings.py")
    if source is None:
        raise SystemExit(f"{rev} has no scoring/standings.py")
    standings = _baseline_module(
        "bench_baseline_standings", f"{rev}:scoring/standings.py", source, None
    )
    sources = [(_source(rev, path), path, imported) for path, imported in REPORT_MODULES]
    if any(text is None for text, _, _ in sources):
        raise SystemExit(f"{rev} has no drive/reports/scores.py and report.py to compare with")
    live = dict(sys.modules)
    report = types.ModuleType("bench_baseline_reports")
    try:
        for index, (text, path, imported) in enumerate(sources):
            module = _baseline_module(
                f"bench_baseline_reports_{index}", f"{rev}:{path}", text, standings
            )
            if imported:
                sys.modules[imported] = module
            report.__dict__.update(
                {k: v for k, v in module.__dict__.items() if not k.startswith("__")}
            )
    finally:
        for name in ("drives.reports.scores",):
            if name in live:
                sys.modules[name] = live[name]
            else:
                sys.modules.pop(name, None)
    return standings, report


def time_version(ranking, reports, args) -> tuple[float, float, object]:
    """Best times (s) of standings() and of report_from_rows(), and the last report."""
    drive, entries, seatings, results = build_drive(
        args.players, args.deals, args.seed, args.deals_per_round
    )
    seats_at = reports.seat_map(seatings)
    scores = [
        ranking.DealScore(s.player, s.round, s.deal, s.points, s.tricks)
        for s in reports.deal_scores(drive, seats_at, results)
    ]
    competitors = [ranking.Competitor(entry.pk, entry.role) for entry in entries]
    seated = {(s.round, s.entry_id) for s in seatings}
    sit_outs = [
        ranking.SitOut(entry.pk, r, drive.deals_per_round)
        for r in range(1, drive.rounds + 1)
        for entry in entries
        if sits_out(entry, r, seated=(r, entry.pk) in seated)
    ]

    def table():
        return ranking.standings(
            scores,
            competitors,
            rounds=[(r, drive.deals_per_round) for r in range(1, drive.rounds + 1)],
            sit_outs=sit_outs,
            sit_out_rule=drive.sit_out_rule,
            tie_break=drive.tie_break,
        )

    def report():
        return reports.report_from_rows(drive, entries, seatings, results)

    standings_s = best_of(args.runs, table)[0]
    report_s, value = best_of(args.runs, report)
    return standings_s, report_s, value


def summary(report) -> tuple:
    """Everything a report shows, as plain values, to compare two versions' reports."""

    def rows(part):
        return [(r.entry.pk, r.rank_label, r.countback, *_fields(r.standing)) for r in part]

    return (
        rows(report.overall),
        rows(report.ladies),
        rows(report.gents),
        report.half_time_round,
        rows(report.half_time),
        [(p.name, p.category, [e.pk for e in p.entries], p.points) for p in report.prizes],
        report.rounds_scored,
        [(d.round, d.deal, d.trumps, d.table, d.ns_tricks) for d in report.results],
    )


def _fields(standing) -> tuple:
    return (
        standing.player,
        standing.rank,
        standing.shared,
        standing.points,
        standing.played_deals,
        standing.sat_out_deals,
        standing.average_per_deal,
        standing.round_points,
        standing.ten_trick_deals,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=160)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--deals-per-round", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5, help="runs; the best is reported")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--baseline", default="", help="a git revision to compare with, e.g. HEAD~1 (default: none)"
    )
    args = parser.parse_args(argv)

    setup_django("/tmp/bench_standings.sqlite3")
    from drives.reports import report, scores
    from scoring import standings as ranking

    reports = types.SimpleNamespace(
        seat_map=scores.seat_map,
        deal_scores=scores.deal_scores,
        report_from_rows=report.report_from_rows,
    )
    versions = {"working tree": (ranking, reports)}
    if args.baseline:
        versions = {args.baseline: load_revision(args.baseline), **versions}

    rows = args.players * args.deals
    print(
        f"standings: {args.players} players, {args.deals} deals ({rows:,} player-deals);"
        f" best of {args.runs} runs"
    )
    print(f"  {'version':<16} {'standings()':>12} {'report_from_rows()':>20}")
    figures = {}
    for name, (version_ranking, version_reports) in versions.items():
        standings_s, report_s, report = time_version(version_ranking, version_reports, args)
        figures[name] = (standings_s, report_s, repr(summary(report)))  # repr: 15 ≠ 15.00
        print(f"  {name:<16} {standings_s * 1000:9.1f} ms {report_s * 1000:17.1f} ms")
    if len(figures) == 2:
        (old_std, old_rep, old), (new_std, new_rep, new) = figures.values()
        print(f"  speed-up         {old_std / new_std:9.1f} ×  {old_rep / new_rep:16.1f} ×")
        print(f"  same tables, prizes and results as {args.baseline}: {old == new}")
    report_ms = figures["working tree"][1] * 1000
    verdict = "meets" if report_ms <= TARGET_MS else "MISSES"
    print(f"  report_from_rows {verdict} the target of {TARGET_MS:g} ms")


if __name__ == "__main__":
    main()
