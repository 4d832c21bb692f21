"""The board a table holds, for a compass drive's pages: ``{% board_line game round table deal
as line %}``."""

from django import template

from drives import seats

register = template.Library()


@register.simple_tag
def board_line(game, round_number, table, deal):
    """The game's :class:`~drives.games.compass.game.BoardLine` for that table's deal."""
    return game.board_line(round_number, table, deal)


@register.filter
def seat_letter(seat: str):
    """ "W" as the reader's language writes the seat ("O", "Ny")."""
    return seats.seat_letter(seat)
