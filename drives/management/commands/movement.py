"""Print a movement: who sits where at which table in each round.

    python manage.py movement --type individual --players 20 --rounds 24
    python manage.py movement --type howell --players 14 --rounds 7 --format csv > howell.csv

The grid shows one row per round and one column per table, each cell the
players at N, E, S and W, then who sits out; a line of balance figures
follows. ``--format csv`` writes the same as rows of round, table, N, E, S, W
(a round's sit-outs on a row whose table is "out"). Players are printed from 1,
as on the cards, although the movement numbers them from 0. A progressive
drive depends on the results, so only round 1 and the moving rule are shown.
Nothing is stored: this is for planning and checking movements.
"""

from django.core.management.base import BaseCommand, CommandError

from drives.downloads import SpreadsheetWriter
from scoring import movements
from scoring.errors import MovementError

TYPES = ("individual", "mitchell", "howell", "progressive")


class Command(BaseCommand):
    help = "Print the seating of a movement for a number of players and rounds, with its balance."

    def add_arguments(self, parser):
        parser.add_argument("--type", choices=TYPES, default="individual")
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, default=12)
        parser.add_argument("--seed", type=int, default=0, help="varies an individual movement")
        parser.add_argument(
            "--semi-partner", action="store_true", help="progressive: winners stay together"
        )
        parser.add_argument("--format", choices=("grid", "csv"), default="grid")

    def handle(self, *args, **options):
        try:
            movement, rule = self._movement(options)
        except MovementError as error:
            raise CommandError(str(error)) from error
        if options["format"] == "csv":
            self._csv(movement)
            return
        self._grid(movement)
        if rule is None:
            self.stdout.write(movements.quality(movement).summary())
        else:
            self.stdout.write(f"Round 1 only; then each round: {_rule_text(rule)}.")

    def _movement(self, options):
        kind, players, rounds = options["type"], options["players"], options["rounds"]
        if kind == "individual":
            return movements.individual(players, rounds, seed=options["seed"]), None
        if kind in ("mitchell", "howell"):
            if players % 2:
                raise CommandError("Fixed partners need an even number of players.")
            build = movements.mitchell if kind == "mitchell" else movements.howell
            return build(players // 2, rounds), None
        rule = movements.ProgressiveRule(keep_winning_pair=options["semi_partner"])
        # Ladies take the odd card numbers, as a club often hands them out.
        first = movements.progressive_first(players, set(range(0, players, 2)), rule)
        return movements.Movement.build([first.fours], range(players)), rule

    def _grid(self, movement):
        table_count = max((len(fours) for fours in movement.rounds), default=0)
        rows = ["  ".join(_cell(four) for four in fours) for fours in movement.rounds]
        width = max(map(len, rows), default=0)
        cell_width = len(_cell((0, 0, 0, 0)))
        header = "  ".join(f"Table {t + 1}".ljust(cell_width) for t in range(table_count))
        self.stdout.write(f"Round  {header.ljust(width)}  Sit out")
        for r, seats in enumerate(rows):
            out = " ".join(str(p + 1) for p in movement.sit_outs(r))
            self.stdout.write(f"{r + 1:>5}  {seats.ljust(width)}  {out}".rstrip())

    def _csv(self, movement):
        writer = SpreadsheetWriter(self.stdout)
        writer.writerow(["round", "table", "N", "E", "S", "W"])
        for r, fours in enumerate(movement.rounds):
            for table, four in enumerate(fours, start=1):
                writer.writerow([r + 1, table, *(p + 1 for p in four)])
            out = movement.sit_outs(r)
            if out:
                writer.writerow([r + 1, "out", *(p + 1 for p in out)])


def _cell(four) -> str:
    """The four players at a table, N E S W, numbered from 1."""
    return " ".join(f"{p + 1:>3}" for p in four)


def _rule_text(rule: movements.ProgressiveRule) -> str:
    who = "the losing pair" if rule.movers == "losers" else "the winning pair"
    stays = (
        "the winning pair stays together"
        if rule.keep_winning_pair
        else "the pair that stays splits to oppose"
    )
    return f"{who} splits, the lady moving {rule.ladies} and the gent {rule.gents}; {stays}"
