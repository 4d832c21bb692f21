"""``{% for line in entry|sent_hands:game %}``, ``{{ result|stored_hand:game }}``: a bid whist
hand with its points as ``scoring`` counts them, for the bid whist partials
(``templates/games/bidwhist/``)."""

from django import template

from drives.games.bidwhist import hands

register = template.Library()


@register.filter
def sent_hands(entry, game) -> list[hands.HandLine]:
    """The hands a side sent from its table's phone (a ``PendingEntry``)."""
    return game.hand_lines(game.sent_figures(entry))


@register.filter
def stored_hand(result, game) -> hands.HandLine:
    """A stored hand (a ``TableResult``)."""
    return hands.hand_line(game.drive, result.deal, result)
