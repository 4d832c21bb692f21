"""``{% entry_fees drive entries as fees %}`` and ``{{ fees|fee_of:player.pk }}``: the drive
page's Paid / Owing marks, worked by the money room's rule (``drives.money.accounts``), which
the evening's views sit below."""

from django import template

from drives.money.accounts import FeeRow, fee_rows, money_of

register = template.Library()


@register.simple_tag
def entry_fees(drive, entries) -> dict[int, FeeRow]:
    """Each checked-in player's fee line, by player: one query (the drive's fees), the
    entries having come with ``select_related("fee")``. Empty when the drive charges nothing."""
    money = money_of(drive)
    if not (money.member_fee or money.visitor_fee):
        return {}
    return {row.entry.player_id: row for row in fee_rows(money, entries)}


@register.filter
def fee_of(fees: dict[int, FeeRow], player_id: int) -> FeeRow | None:
    return fees.get(player_id)
