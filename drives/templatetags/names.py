"""``{{ entry|entry_name:names }}``, ``{{ player|player_name:names }}``: see ``drives.names``."""

from django import template

register = template.Library()


@register.filter
def entry_name(entry, names) -> str:
    return names.entry(entry)


@register.filter
def player_name(player, names) -> str:
    return names.player(player)


@register.filter
def named(player, names) -> bool:
    """Whether the player has a public page to link to."""
    return names.knows(player)
