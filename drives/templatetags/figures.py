"""A side's figures as the phone, the dashboard and a dispute show them: ``{{ value|honours }}``,
``{% for deal, parts in game|deal_parts:entry %}``, ``{% for row in game|side_by_side:entries %}``
(each the drive's game's, ``drives.games``), and ``{% deal_name game round table deal as name %}``,
``{% deal_names game round table as names %}`` and ``{% table_deal game round table deal as
held %}``: what the game calls a table's deals ("Deal 3", or "Board 7" where each table holds
its own boards), and the trumps and dealer it plays them with."""

from django import template

from drives.games.deals import honours_text

register = template.Library()


@register.filter
def honours(ns_honours):
    """N–S's count of honours (4 … 0, or None) in words: "N–S hold three"."""
    return honours_text(ns_honours)


@register.filter
def sent_rows(game, entry):
    """(deal, N–S tricks, E–W tricks, N–S honours, suit turned up, N–S points, E–W points)
    of what a side sent (a ``PendingEntry``)."""
    points = game.sent_points(entry)
    return [(*row, *points[row[0]]) for row in entry.rows()]


@register.filter
def stored_points(game, result):
    """(N–S points, E–W points) a stored result gives on its deal, as the standings count them."""
    return game.points_of()(result)


@register.filter
def deal_parts(game, entry):
    """(deal, its parts) of what a side sent (a ``PendingEntry``)."""
    return game.deal_parts(entry).items()


@register.filter
def side_by_side(game, entries):
    """The sides' entries deal by deal, the parts that differ marked (``ComparedDeal``)."""
    return game.side_by_side(entries)


@register.simple_tag
def deal_name(game, round_number, table, deal):
    """The game's :class:`~drives.games.deals.DealName` for ``deal`` at ``table``."""
    return game.deal_name(round_number, table, deal)


@register.simple_tag
def table_deal(game, round_number, table, deal):
    """``deal`` of ``round_number`` as ``table`` holds it: (its name, its
    :class:`~drives.games.deals.DealInfo` with the trumps and dealer the table plays)."""
    position = list(game.drive.deals_of_round(round_number)).index(deal)
    held = game.table_deals(round_number, table)[position]
    return game.deal_name(round_number, table, deal), held


@register.simple_tag
def deal_names(game, round_number, table):
    """The deals ``table`` plays in ``round_number``, as the game names them."""
    return game.deal_names(round_number, table)
