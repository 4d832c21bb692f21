"""A Saturday night of many clubs, measured across machines: a load balancer in front of three
app servers, two sheet workers, one PostgreSQL, one Redis and one object store, each on a
test host of its own (a network namespace the benchmark makes), then the same load on one
app server, then the same fleet through four faults.

Run it as root from the repository root (HAProxy from Debian: apt-get install haproxy)::

    python -m bench.fleet                          # 300 drives of 10 tables, 180 s a phase
    python -m bench.fleet --drives 30 --seconds 60 --no-faults
    python -m bench.fleet --apps 2 --drives 1 --seconds 20     # the toy size the test runs

Each phase plays ``--drives`` progressive drives of ``--tables`` tables on drives of their own
(a club each, four players a table, 12 deals in rounds of 4): per table a phone posting each
round's figures and another confirming them, both reloading the page now and then; per drive
the organiser's dashboard (every 3 s) and the hall display (every 5 s), two readers reloading
the standings (every 30 s), and the organiser opening each round once every table is in;
and ``--sheets`` scorecard packs asked for and rendered by the workers (bench/fleet_load.py
says how). Printed: requests a second, p50/p95/p99 and errors for each kind of request,
results acknowledged to the phones and lost (missing from the database afterwards), sheets
rendered by each worker; fleet and one server side by side.

The faults, at set moments of the third phase, each with its figures: an app server killed
(kill -9 of everything on its host), a sheet worker killed mid-render, Redis restarted,
PostgreSQL restarted.

What the figures mean here: every host is a namespace of the same 2-core machine, so three
app servers share the cores one app server has; the fleet cannot be faster, and its figures
show the cost of the extra hops and processes, and that nothing is lost when a host dies.
The load generator is one asyncio process (one core at most, printed), the rest of the
machine's work counts too (the load average is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import fleet_faults
from bench.fleet_load import Evening, Plan, Tally
from bench.fleet_report import print_phases, sheets_by_worker
from bench.fleet_services import App, Balancer, PostgreSQL, Redis, Worker, s3_store
from bench.netns import Network, unavailable
from bench.serve import ROOT, production_env

DEALS, DEALS_PER_ROUND = 12, 4
BUCKET = "whist-sheets"


# --- the drives, made by a process set up on the fleet's database --------------------------


def build(label: str, drives: int, tables: int, big: int) -> dict:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from drives.evening import lifecycle
    from drives.models import Club, Drive, Entry, Player, SeatRole
    from drives.tableside import tokens

    user, _ = get_user_model().objects.get_or_create(username="fleet", is_superuser=True)
    made = []
    for number in range(drives + (1 if big else 0)):
        size = big if number == drives else tables
        club = Club.objects.create(name=f"{label} club {number}", slug=f"{label}-{number}")
        roles = (SeatRole.LADY, SeatRole.GENT)
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Player {n}", role=roles[n % 2]) for n in range(size * 4)
        )
        drive = Drive.objects.create(
            club=club,
            title="Saturday",
            date="2026-12-05",
            deals=DEALS,
            deals_per_round=DEALS_PER_ROUND,
        )
        Entry.objects.bulk_create(
            Entry(drive=drive, player=p, card_number=n, role=p.role)
            for n, p in enumerate(players, start=1)
        )
        lifecycle.drive_start(drive=drive)
        drive.refresh_from_db()
        links = {
            links.table: {"NS": links.ns.token, "EW": links.ew.token}
            for links in tokens.links_issue(drive=drive)
        }
        rounds = [list(drive.deals_of_round(r)) for r in range(1, DEALS // DEALS_PER_ROUND + 1)]
        hall = f"198.18.{number // 250}.{number % 250 + 1}"
        made.append({"pk": drive.pk, "tables": size, "links": links, "deals": rounds, "hall": hall})
    client = Client()
    client.force_login(user)
    big_drive = made.pop() if big else None
    return {"session": client.cookies["sessionid"].value, "drives": made, "big": big_drive}


def in_django(env: dict[str, str], *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "bench.fleet", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"bench.fleet {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- the fleet ---------------------------------------------------------------------------------


class Fleet:
    def __init__(self, args, folder: str):
        self.args, self.folder = args, folder
        self.net = Network()
        self.token = secrets.token_urlsafe(24)
        hosts = {"lb": 2, "pg": 30, "redis": 31, "s3": 32}
        hosts |= {f"app{n}": 10 + n for n in range(1, args.apps + 1)}
        hosts |= {f"work{n}": 20 + n for n in range(1, args.workers + 1)}
        self.hosts = {name: self.net.host(name, number) for name, number in hosts.items()}
        self.pg = PostgreSQL(self.hosts["pg"])
        self.redis = Redis(self.hosts["redis"])
        self.s3 = s3_store(self.hosts["s3"])
        self.balancer = Balancer(self.hosts["lb"], folder, self.token)
        self.apps: list[App] = []
        self.workers: list[Worker] = []

    @property
    def database_url(self) -> str:
        return self.pg.url("whist_fleet")

    def env(self) -> dict[str, str]:
        env = production_env(self.database_url, os.path.join(self.folder, "static"))
        lb = self.hosts["lb"].address
        env.update(self.s3.environment(BUCKET))
        env.update(
            ALLOWED_HOSTS=lb,
            SITE_URL=f"http://{lb}",
            REDIS_URL=self.redis.url,
            SECRET_KEY=self.secret,
            TRUSTED_PROXIES="2",  # the balancer, and the hall's router the bench stands for
            MONITORING_TOKEN=self.token,
            MONITORING_ADDRESSES="",
            PRINT_PROCESSES="1",
            PRINT_LEASE_SECONDS="6",
            PRINT_AHEAD="0",
            MEDIA_ROOT=os.path.join(self.folder, "media"),
            LOG_LEVEL="WARNING",
        )
        return env

    def start(self) -> None:
        self.secret = secrets.token_urlsafe(50)  # one for every server: sessions, CSRF
        self.pg.start()
        import psycopg

        with psycopg.connect(self.pg.url("postgres"), autocommit=True) as db:
            db.execute("CREATE DATABASE whist_fleet")
        self.redis.start()
        self.s3.start()
        self.s3.client().create_bucket(Bucket=BUCKET)
        env = self.env()
        for command in (("migrate", "--no-input", "-v0"), ("collectstatic", "--no-input", "-v0")):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
        self.apps = [
            App(name, host, env, self.folder, self.args.app_workers)
            for name, host in self.hosts.items()
            if name.startswith("app")
        ]
        self.workers = [
            Worker(name, host, env, self.folder)
            for name, host in self.hosts.items()
            if name.startswith("work")
        ]
        for process in (*self.apps, *self.workers):
            process.start()

    def serve_with(self, apps: list[App]) -> None:
        """The balancer in front of ``apps`` only, once it sees them all up."""
        for app in self.apps:
            if app in apps and app.process is None:
                app.start()
            elif app not in apps:
                app.stop()
        self.balancer.start(apps)
        deadline = time.monotonic() + 60
        while set(self.balancer.states().values()) != {"UP"}:
            if time.monotonic() > deadline:
                raise RuntimeError(f"app servers not up: {self.balancer.states()}")
            time.sleep(0.5)

    def build(self, label: str, big: int = 0) -> dict:
        env = self.env() | {"DJANGO_SETTINGS_MODULE": "config.settings"}
        return in_django(
            env, "--build", label, str(self.args.drives), str(self.args.tables), str(big)
        )

    def play(self, built: dict, seconds: float, plan: Plan, during=None) -> tuple[Tally, dict]:
        evening = Evening(
            f"http://{self.hosts['lb'].address}", built["drives"], built["session"], plan
        )
        loop = asyncio.new_event_loop()
        cpu = time.process_time()
        try:
            main = loop.create_task(evening.play(seconds, self.args.connections))
            faults = loop.create_task(during(evening)) if during else None
            tally = loop.run_until_complete(main)
            figures = loop.run_until_complete(faults) if faults else {}
        finally:
            loop.close()
        figures["client_cpu"] = time.process_time() - cpu
        figures["lost"] = self.lost(tally)
        figures["seconds"] = seconds
        return tally, figures

    def lost(self, tally: Tally) -> dict:
        """Results and figures the phones were told were stored, missing from the database."""
        import psycopg

        with psycopg.connect(self.database_url) as db:
            results = set(db.execute('SELECT drive_id, round, "table" FROM drives_tableresult'))
            pending = set(
                db.execute(
                    'SELECT drive_id, round, "table" FROM drives_pendingentry WHERE side = %s',
                    ["NS"],
                )
            )
        return {
            "acknowledged": len(tally.acknowledged),
            "results_lost": len(tally.acknowledged - results),
            "sent": len(tally.sent),
            "sent_lost": len(tally.sent - pending - results),
        }

    def close(self) -> None:
        self.balancer.stop()
        for process in (*self.apps, *self.workers):
            process.stop()
        self.s3.stop()
        self.redis.stop()
        self.pg.stop_all()
        self.net.close()


def run(fleet: Fleet, args, plan: Plan, phases: dict) -> None:
    """The three phases, each on drives of its own; ``phases`` collects their figures."""
    fleet.serve_with(fleet.apps)
    phases[f"fleet: {len(fleet.apps)} app servers"] = fleet.play(
        fleet.build("a"), args.seconds, plan
    )
    fleet.serve_with(fleet.apps[:1])
    phases["one app server"] = fleet.play(fleet.build("b"), args.seconds, plan)
    print_phases(phases)
    print(sheets_by_worker(fleet.database_url))
    if not args.faults:
        return
    fleet.serve_with(fleet.apps)
    built = fleet.build("c", big=args.big_tables)
    tally, figures = fleet.play(
        built, args.seconds, plan, during=fleet_faults.schedule(fleet, built)
    )
    phases["fleet through four faults"] = (tally, figures)
    print_phases({"fleet through four faults": (tally, figures)})
    fleet_faults.report(tally, figures)
    print(sheets_by_worker(fleet.database_url))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", type=int, default=3)
    parser.add_argument("--app-workers", type=int, default=3, help="gunicorn workers an app server")
    parser.add_argument("--workers", type=int, default=2, help="sheet workers")
    parser.add_argument("--drives", type=int, default=300)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=180.0, help="each phase")
    parser.add_argument("--round-seconds", type=float, default=120.0)
    parser.add_argument("--sheets", type=int, default=10, help="scorecard packs asked for a phase")
    parser.add_argument("--connections", type=int, default=400, help="the load's kept connections")
    parser.add_argument("--big-tables", type=int, default=40, help="the drive whose render is cut")
    parser.add_argument("--no-faults", dest="faults", action="store_false")
    parser.add_argument("--logs", help="keep every host's log in this folder")
    parser.add_argument("--build", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.build:
        label, drives, tables, big = args.build
        print(json.dumps(build(label, int(drives), int(tables), int(big))))
        return 0
    if why := unavailable():
        print(f"bench.fleet cannot run here: {why}")
        return 2
    if not shutil.which("haproxy"):
        print("bench.fleet cannot run here: haproxy is not installed (apt-get install haproxy)")
        return 2

    plan = Plan(round_seconds=args.round_seconds, sheets=args.sheets)
    phones = args.drives * args.tables * 2
    print(
        f"{args.drives} drives of {args.tables} tables ({args.drives * args.tables * 4} players, "
        f"{phones} phones, {args.drives} dashboards and hall displays, "
        f"{args.drives * plan.readers_a_drive} readers), {args.seconds:.0f} s a phase, "
        f"rounds of {plan.round_seconds:.0f} s; app servers of {args.app_workers} gunicorn workers"
    )
    print(
        f"the plan asks for about {plan.rate(args.drives, args.tables):.0f} requests a second "
        "once every table plays: the figures below say how many were answered"
    )
    folder = tempfile.mkdtemp(prefix="whist-fleet-")
    fleet = Fleet(args, folder)
    phases: dict = {}
    try:
        fleet.start()
        run(fleet, args, plan, phases)
    finally:
        fleet.close()
        if args.logs:
            os.makedirs(args.logs, exist_ok=True)
            for log in Path(folder).glob("*.log"):
                shutil.copy(log, args.logs)
            shutil.copy(fleet.pg.log, args.logs)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(fleet.pg.folder, ignore_errors=True)
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"(load average at the end {load}: other work on the machine counts in these figures)")
    lost = sum(f["lost"]["results_lost"] + f["lost"]["sent_lost"] for _, f in phases.values())
    print(f"acknowledged figures lost, all phases: {lost} (must be 0)")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
