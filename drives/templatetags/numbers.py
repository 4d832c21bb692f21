"""``{{ points|figure }}``, ``{{ mean|average }}`` and ``{{ amount|money:club.currency }}``:
drives.numbers in templates."""

from django import template

from drives import numbers

register = template.Library()
register.filter("figure", numbers.figure)
register.filter("average", numbers.average)
register.filter("money", numbers.money)
