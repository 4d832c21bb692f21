"""The checks on a paper drive's typed totals, worded for the organiser.

:mod:`scoring.paper` finds what looks wrong; this reads the rows it needs and says so in
the reader's language. Nothing here refuses anything: the organiser decides.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives.evening.seating import FIXED_PARTNERS
from drives.models import CardTotal, Counting, Drive, Entry
from drives.reports import paper_totals
from scoring import paper


@dataclass(frozen=True)
class Check:
    """One warning: its words and the card numbers it concerns (to mark their rows)."""

    message: str
    cards: tuple[int, ...]


def drive_checks(
    drive: Drive, entries: list[Entry], seatings, cards: list[CardTotal]
) -> list[Check]:
    """Warnings on the first typist's ``cards``; the grand total once every card is typed."""
    deals = paper_totals.card_deals(drive, entries, seatings)
    by_pk = {entry.pk: entry for entry in entries}
    typed = {
        by_pk[card.entry_id].card_number: paper.Card(
            by_pk[card.entry_id].card_number,
            card.total,
            card.half_time,
            sum(deals[card.entry_id].played),
            deals[card.entry_id].played[paper_totals.FIRST_HALF],
        )
        for card in cards
    }
    most = paper.most_per_deal(drive.counting, honours=drive.honours)
    found = paper.range_warnings(typed.values(), most=most)
    pairs = []
    if drive.movement in FIXED_PARTNERS:
        pairs = [
            (by_pk[a].card_number, by_pk[b].card_number) for a, b in paper_totals.partners(seatings)
        ]
        found += paper.partner_warnings(typed, pairs)
    checks = [Check(_message(warning), warning.cards) for warning in found]
    checks += _prize_figures_missing(drive, [(by_pk[c.entry_id].card_number, c) for c in cards])
    if len(typed) == len(entries) and drive.counting == Counting.ALL and not drive.honours:
        table_deals = paper_totals.table_deals(drive, entries, seatings)
        if table_deals is None:
            checks.append(
                Check(
                    _(
                        "The grand total cannot be checked: some players sat out, and who "
                        "sat out when is not known for this movement."
                    ),
                    (),
                )
            )
        else:
            grand = paper.grand_total_warning(
                list(typed.values()), table_deals=table_deals, partners=pairs
            )
            if grand is not None:
                checks.append(Check(_message(grand), grand.cards))
    return checks


def _message(warning: paper.TotalWarning) -> str:
    figures = {
        "card": warning.cards[0] if warning.cards else 0,
        "figure": warning.figure,
        "limit": warning.limit,
        "cards": ", ".join(str(number) for number in warning.cards),
    }
    if warning.kind == "total_too_high":
        return (
            _("Card %(card)d: %(figure)d is more than its deals could give (at most %(limit)d).")
            % figures
        )
    if warning.kind == "half_too_high":
        return (
            _(
                "Card %(card)d: the half-time %(figure)d is more than the first half could "
                "give (at most %(limit)d)."
            )
            % figures
        )
    if warning.kind == "half_over_total":
        return (
            _("Card %(card)d: the half-time %(figure)d is larger than the total %(limit)d.")
            % figures
        )
    if warning.kind == "partners":
        return (
            _(
                "Cards %(cards)s are partners all evening but read %(figure)d and %(limit)d: "
                "one of them is mis-added."
            )
            % figures
        )
    difference = warning.figure - warning.limit
    message = _(
        "The cards add up to %(figure)d, but the tables took %(limit)d tricks between them "
        "(26 per table per deal): %(off)s. A card is probably mis-added."
    ) % {
        **figures,
        "off": (
            ngettext("%(n)d too many", "%(n)d too many", difference)
            if difference > 0
            else ngettext("%(n)d too few", "%(n)d too few", -difference)
        )
        % {"n": abs(difference)},
    }
    if warning.cards:
        message += (
            " "
            + ngettext("Check card %(cards)s.", "Check cards %(cards)s.", len(warning.cards))
            % figures
        )
    return message


def _prize_figures_missing(drive: Drive, cards: list[tuple[int, CardTotal]]) -> list[Check]:
    """Cards without the figure one of the drive's prizes is decided on."""
    checks = []
    if drive.half_time_prize:
        missing = sorted(number for number, card in cards if card.half_time is None)
        if missing:
            message = ngettext(
                "The half-time prize needs every card's half-time; card %(cards)s has none.",
                "The half-time prize needs every card's half-time; cards %(cards)s have none.",
                len(missing),
            )
            checks.append(Check(message % {"cards": _listed(missing)}, tuple(missing)))
    if drive.ten_trick_prize:
        missing = sorted(number for number, card in cards if card.ten_trick_deals is None)
        if missing:
            message = ngettext(
                "The prize for most deals with 10+ tricks needs that count on every card; "
                "card %(cards)s has none.",
                "The prize for most deals with 10+ tricks needs that count on every card; "
                "cards %(cards)s have none.",
                len(missing),
            )
            checks.append(Check(message % {"cards": _listed(missing)}, tuple(missing)))
    return checks


def _listed(numbers) -> str:
    return ", ".join(str(number) for number in numbers)
