"""Play a drive to the end with computer players, through the same services as the pages.

Checks in the club's active players if nobody has checked in, starts the drive,
then plays every remaining round with ``scoring.simulate`` (classic whist; with
trumps turned up, the dealer's last card) or ``scoring.bidwhist`` (bid whist: the
auction, the kitty and the play) and records each table's result with
``results.results_record``, exactly as the round page does. The deal passes to
the left each hand.
"""

from django.core.management.base import BaseCommand, CommandError

from drives import errors
from drives.bidwhist.records import HandEntry, house_rules
from drives.evening import entries, lifecycle, results, seating
from drives.models import Drive, DriveStatus
from scoring.bidwhist import simulate_hand
from scoring.cards import Suit, dealer_for_deal, trumps_for_deal, turned_up_trumps
from scoring.cards import deal as deal_cards
from scoring.simulate import simulate_deal


class Command(BaseCommand):
    help = "Check in, start and play every remaining round of a drive with computer players."

    def add_arguments(self, parser):
        parser.add_argument("drive_id", type=int)
        parser.add_argument("--seed", type=int, default=0, help="varies the cards dealt")

    def handle(self, *args, drive_id, seed, **options):
        try:
            drive = Drive.objects.select_related("club").get(pk=drive_id)
        except Drive.DoesNotExist as error:
            raise CommandError(f"There is no drive {drive_id}.") from error
        try:
            simulate(drive, seed=seed)
        except errors.DriveError as error:
            raise CommandError(str(error)) from error
        drive.refresh_from_db()
        self.stdout.write(f"{drive}: {drive.get_status_display()} after {drive.rounds} rounds.")


def simulate(drive: Drive, *, seed: int = 0) -> None:
    if drive.status == DriveStatus.FINISHED:
        return
    if drive.status == DriveStatus.PLANNED:
        if not drive.entries.exists():
            players = drive.club.players.filter(active=True)
            entries.drive_check_in(drive=drive, roles={p: p.role for p in players})
        lifecycle.drive_start(drive=drive)
    drive.refresh_from_db()
    while True:
        _play_round(drive, seed)
        if drive.current_round == drive.rounds:
            lifecycle.drive_finish(drive=drive)
            return
        lifecycle.round_advance(drive=drive)
        drive.refresh_from_db()


def _play_round(drive: Drive, seed: int) -> None:
    round_number = drive.current_round
    played = set(
        drive.results.filter(round=round_number).values_list("table", flat=True).distinct()
    )
    deals = list(drive.deals_of_round(round_number))
    for table in sorted(seating.tables_of_round(drive, round_number) - played):
        seeds = {deal: hash((seed, drive.pk, deal, table)) & 0xFFFFFFFF for deal in deals}
        if drive.is_bid_whist:
            scores = _bid_whist_table(drive, table, seeds)
        else:
            scores = _classic_table(drive, table, seeds)
        results.results_record(drive=drive, round_number=round_number, scores=scores, user=None)


def _classic_table(drive: Drive, table: int, seeds: dict[int, int]) -> results.TableScores:
    tricks: dict[int, int | None] = {}
    trumps: dict[int, str] = {}
    for deal, seed in seeds.items():
        dealer = dealer_for_deal(deal)
        suit: Suit | None
        if drive.trumps_at_table:
            suit = turned_up_trumps(deal_cards(seed, dealer), dealer)
            trumps[deal] = suit.value
        else:
            suit = trumps_for_deal(deal, drive.rotation)
        tricks[deal] = simulate_deal(seed, suit, dealer=dealer).ns_tricks
    return results.TableScores(table=table, tricks=tricks, honours={}, version=0, trumps=trumps)


def _bid_whist_table(drive: Drive, table: int, seeds: dict[int, int]) -> results.TableScores:
    hands = {}
    for deal, seed in seeds.items():
        hand = simulate_hand(seed, dealer_for_deal(deal), house_rules(drive))
        contract = hand.contract
        hands[deal] = HandEntry(
            dealer=hand.dealer,
            declarers=contract.side,
            level=contract.bid.level,
            strain=contract.bid.strain.value,
            trumps=contract.trumps.value if contract.trumps else "",
            tricks=hand.tricks,
        )
    return results.TableScores(table=table, tricks={}, honours={}, version=0, hands=hands)
