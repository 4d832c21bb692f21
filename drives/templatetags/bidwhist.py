"""``{% for line in entry|sent_hands:drive %}``, ``{{ result|stored_hand:drive }}``: a bid
whist hand with its points as ``scoring`` counts them (``drives.bidwhist.records``)."""

from django import template

from drives.bidwhist import records

register = template.Library()


@register.filter
def sent_hands(entry, drive) -> list[records.HandLine]:
    """The hands a side sent from its table's phone (a ``PendingEntry``)."""
    return records.sent_lines(drive, entry.hands)


@register.filter
def stored_hand(result, drive) -> records.HandLine:
    """A stored hand (a ``TableResult``)."""
    return records.hand_line(drive, result.deal, records.stored_record(result))
