"""A drive's accounts (the money page and the cash sheet) and a season's (its CSV).

A drive's: its report's four queries and four more (its money row, the entries with their
fees, the lines, the history), whatever the number of players. A season's:
its drives, their cached summaries (``reports.summaries``), their money, fees and lines.
"""

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from drives.models import (
    Drive,
    DriveMoney,
    DriveStatus,
    Entry,
    EntryFee,
    FeeKind,
    LineKind,
    MoneyChange,
    MoneyLine,
    Season,
)
from drives.reports.report import DriveReport, drive_report
from drives.reports.summaries import drive_summaries
from drives.versions import version_of
from scoring import money as rules
from scoring import prizes as prize_rules

ZERO = Decimal(0)

_KINDS = {
    prize_rules.BOOBY: rules.PrizeKind.BOOBY,
    prize_rules.HALF_TIME: rules.PrizeKind.HALF_TIME,
    prize_rules.TEN_TRICKS: rules.PrizeKind.TEN_TRICKS,
    prize_rules.CONSOLATION: rules.PrizeKind.CONSOLATION,
}


def placing_amounts(text: str) -> tuple[Decimal, ...]:
    """ "10, 6, 4" as amounts; the form has already refused anything else.

    >>> placing_amounts("10, 6.50,4")
    (Decimal('10'), Decimal('6.50'), Decimal('4'))
    """
    try:
        return tuple(Decimal(part.strip()) for part in text.split(",") if part.strip())
    except InvalidOperation:
        return ()


def scale_of(money: DriveMoney) -> rules.PrizeScale:
    return rules.PrizeScale(
        placings=placing_amounts(money.placing_amounts),
        booby=money.booby_amount,
        half_time=money.half_time_amount,
        ten_tricks=money.ten_trick_amount,
        consolation=money.consolation_amount,
    )


def fee_due(money: DriveMoney, kind: str) -> Decimal:
    """What a member or a visitor pays; a free place nothing."""
    if kind == FeeKind.MEMBER:
        return money.member_fee
    if kind == FeeKind.VISITOR:
        return money.visitor_fee
    return ZERO


def fee_version(fee: EntryFee | None) -> str:
    """What a fee's line showed: a tick from a page older than the last change is refused."""
    return version_of([fee.kind, fee.paid] if fee is not None else [FeeKind.MEMBER, False])


@dataclass(frozen=True)
class FeeRow:
    entry: Entry
    kind: str
    due: Decimal
    paid: bool
    version: str

    @property
    def kind_label(self) -> str:
        return str(FeeKind(self.kind).label)


@dataclass(frozen=True)
class FeeCount:
    """The fees of one kind: how many paid and owe, and what."""

    kind: str
    label: str
    paid: int
    paid_amount: Decimal
    owing: int
    owing_amount: Decimal


@dataclass(frozen=True)
class PaidPrize:
    name: str
    category: str
    winners: tuple[tuple[Entry, Decimal], ...]

    @property
    def total(self) -> Decimal:
        return sum((amount for _, amount in self.winners), ZERO)


@dataclass(frozen=True)
class DriveAccounts:
    """A drive's takings, costs, prize money and balance: the money page and cash sheet."""

    money: DriveMoney
    currency: rules.Currency
    fees: list[FeeRow]
    lines: list[MoneyLine]
    report: DriveReport
    prizes: list[PaidPrize]  # by the drive's prize rule; empty until the drive finishes
    everyone: list[tuple[Entry, Decimal]]  # "everyone takes a prize": each player's share
    history: list[MoneyChange]

    @property
    def fee_counts(self) -> list[FeeCount]:
        return [
            FeeCount(
                kind,
                str(label),
                sum(1 for f in self.fees if f.kind == kind and f.paid),
                sum((f.due for f in self.fees if f.kind == kind and f.paid), ZERO),
                sum(1 for f in self.fees if f.kind == kind and not f.paid and f.due),
                sum((f.due for f in self.fees if f.kind == kind and not f.paid), ZERO),
            )
            for kind, label in FeeKind.choices
        ]

    @property
    def fees_paid(self) -> Decimal:
        return sum((f.due for f in self.fees if f.paid), ZERO)

    @property
    def fees_owing(self) -> Decimal:
        return sum((f.due for f in self.fees if not f.paid), ZERO)

    @property
    def takings_lines(self) -> list[MoneyLine]:
        return [line for line in self.lines if line.kind == LineKind.TAKING]

    @property
    def cost_lines(self) -> list[MoneyLine]:
        return [line for line in self.lines if line.kind == LineKind.COST]

    @property
    def takings(self) -> Decimal:
        """Cash taken: the fees paid and the other takings (what is owed is not in hand)."""
        return self.fees_paid + sum((line.amount for line in self.takings_lines), ZERO)

    @property
    def costs(self) -> Decimal:
        return sum((line.amount for line in self.cost_lines), ZERO)

    @property
    def fund(self) -> Decimal | None:
        """The prize fund, for a share of the takings; None for fixed prizes."""
        return _fund(self.money, self.takings - self.costs, self.currency)

    @property
    def prizes_paid(self) -> Decimal:
        return sum((p.total for p in self.prizes), ZERO) + sum(
            (amount for _, amount in self.everyone), ZERO
        )

    @property
    def balance(self) -> Decimal:
        return self.takings - self.costs - self.prizes_paid

    @property
    def finished(self) -> bool:
        return self.report.drive.status == DriveStatus.FINISHED


def money_inputs(drive, *, fees: bool) -> list:
    """What a printed sheet shows of the money, for its fingerprint: the drive's money row
    (the consolation draw), and with ``fees`` the fees and the other lines."""
    rows: list = [list(DriveMoney.objects.filter(drive=drive).values_list())]
    if fees:
        paid = EntryFee.objects.filter(entry__drive=drive).order_by("entry_id")
        rows.append(list(paid.values_list("entry_id", "kind", "paid")))
        lines = MoneyLine.objects.filter(drive=drive).order_by("pk")
        rows.append(list(lines.values_list("pk", "kind", "label", "amount")))
    return rows


def money_of(drive) -> DriveMoney:
    """The drive's money row, or an unsaved one with the defaults before its first save."""
    return DriveMoney.objects.filter(drive=drive).first() or DriveMoney(drive=drive)


def fee_rows(money: DriveMoney, entries: list[Entry]) -> list[FeeRow]:
    """Each entry's fee line, from entries fetched with ``select_related("fee")``: no query."""
    rows = []
    for entry in entries:
        fee = getattr(entry, "fee", None)
        kind = fee.kind if fee is not None else FeeKind.MEMBER
        rows.append(
            FeeRow(
                entry,
                kind,
                fee_due(money, kind),
                fee is not None and fee.paid,
                fee_version(fee),
            )
        )
    return rows


def drive_accounts(drive) -> DriveAccounts:
    money = money_of(drive)
    currency = rules.CURRENCIES[drive.club.currency]
    entries = list(
        Entry.objects.filter(drive=drive).select_related("player", "fee").order_by("card_number")
    )
    fees = fee_rows(money, entries)
    report = drive_report(drive)
    net = sum((f.due for f in fees if f.paid), ZERO)
    lines = list(MoneyLine.objects.filter(drive=drive))
    net += sum((li.amount for li in lines if li.kind == LineKind.TAKING), ZERO)
    net -= sum((li.amount for li in lines if li.kind == LineKind.COST), ZERO)
    by_pk = {entry.pk: entry for entry in entries}
    given = [(p.name, tuple(e.pk for e in p.entries), p.covers) for p in report.prizes]
    played = [row.entry.pk for row in report.overall if row.standing.played_deals]
    payouts = payouts_of(money, given, played, net, currency) if report.prizes else []
    prizes = [
        PaidPrize(
            p.name,
            p.category,
            tuple((by_pk[o.player], o.amount) for o in payouts if o.prize == index),
        )
        for index, p in enumerate(report.prizes)
    ]
    everyone = [(by_pk[o.player], o.amount) for o in payouts if o.prize is None]
    history = list(MoneyChange.objects.filter(drive=drive)[:50])
    return DriveAccounts(money, currency, fees, lines, report, prizes, everyone, history)


def _fund(money: DriveMoney, net: Decimal, currency: rules.Currency) -> Decimal | None:
    if money.prize_money in (rules.PrizeMoneyRule.SHARE, rules.PrizeMoneyRule.EVERYONE):
        return rules.prize_fund(net, Decimal(money.share_percent), currency.coin)
    return None


def payouts_of(
    money: DriveMoney,
    given: list[tuple[str, tuple[int, ...], tuple[int, ...]]],
    played: list[int],
    net: Decimal,
    currency: rules.Currency,
) -> list[rules.Payout]:
    """The prize money of prizes given as (name, winners, places covered)."""
    prizes = [
        rules.PrizeGiven(_KINDS.get(name, rules.PrizeKind.PLACING), winners, covers)
        for name, winners, covers in given
    ]
    return rules.prize_money(
        prizes,
        rule=rules.PrizeMoneyRule(money.prize_money),
        scale=scale_of(money),
        fund=_fund(money, net, currency) or ZERO,
        players=played,
        coin=currency.coin,
    )


@dataclass(frozen=True)
class SeasonLine:
    """One drive's line in a season's accounts."""

    drive: Drive
    players: int
    fees_paid: Decimal
    fees_owing: Decimal
    other_takings: Decimal
    costs: Decimal
    prizes_paid: Decimal

    @property
    def takings(self) -> Decimal:
        return self.fees_paid + self.other_takings

    @property
    def balance(self) -> Decimal:
        return self.takings - self.costs - self.prizes_paid


def season_accounts(season: Season) -> list[SeasonLine]:
    """Each drive of the season that was not cancelled, in date order: its takings,
    costs, prize money and balance. A constant number of queries."""
    drives = list(
        season.drives.exclude(status=DriveStatus.CANCELLED)
        .select_related("club")
        .order_by("date", "pk")
    )
    currency = rules.CURRENCIES[season.club.currency]
    pks = [drive.pk for drive in drives]
    money = {m.drive_id: m for m in DriveMoney.objects.filter(drive_id__in=pks)}
    fees: dict[int, list[tuple[str, bool]]] = {pk: [] for pk in pks}
    for drive_id, kind, has_paid in Entry.objects.filter(drive_id__in=pks).values_list(
        "drive_id", "fee__kind", "fee__paid"
    ):
        fees[drive_id].append((kind or FeeKind.MEMBER, bool(has_paid)))
    lines: dict[int, list[MoneyLine]] = {pk: [] for pk in pks}
    for line in MoneyLine.objects.filter(drive_id__in=pks):
        lines[line.drive_id].append(line)
    summaries = drive_summaries([d for d in drives if d.status == DriveStatus.FINISHED])
    result = []
    for drive in drives:
        held = money.get(drive.pk) or DriveMoney(drive=drive)
        paid = sum((fee_due(held, kind) for kind, ok in fees[drive.pk] if ok), ZERO)
        owing = sum((fee_due(held, kind) for kind, ok in fees[drive.pk] if not ok), ZERO)
        other = sum((li.amount for li in lines[drive.pk] if li.kind == LineKind.TAKING), ZERO)
        costs = sum((li.amount for li in lines[drive.pk] if li.kind == LineKind.COST), ZERO)
        summary = summaries.get(drive.pk)
        prizes_paid = ZERO
        if summary is not None and summary.prizes:
            given = [(p.name, p.players, p.covers) for p in summary.prizes]
            played = [p.player for p in summary.placings]
            payouts = payouts_of(held, given, played, paid + other - costs, currency)
            prizes_paid = sum((o.amount for o in payouts), ZERO)
        result.append(
            SeasonLine(drive, len(fees[drive.pk]), paid, owing, other, costs, prizes_paid)
        )
    return result
