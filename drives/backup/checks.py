"""Every value of a club file checked before it is stored: its JSON type, then the field's
own rules (range, length, choices, a valid short name), in the reader's language.

``to_python`` alone would take ``true`` for 1 and ``"12"`` for 12; here a number must be a
JSON number, a yes/no a JSON boolean, text a string without NUL (PostgreSQL refuses it),
and a name loses its control and direction-override characters as at every other door.
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone
from django.utils.translation import gettext as _

from drives.errors import DriveError
from drives.models import Club, Drive, Player, Season
from drives.names import clean_name

#: Names and titles shown on pages: cleaned like the forms' names.
NAME_FIELDS = {(Player, "name"), (Club, "name"), (Season, "name"), (Drive, "title")}

INTEGERS = (models.IntegerField, models.AutoField)
#: Each integer column's range on every database (SQLite's own columns take any size, so
#: its backend validates none: PostgreSQL would then refuse the row with a DataError).
INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges
TEXT = (
    models.CharField,
    models.TextField,
    models.DateField,  # DateTimeField too: ISO text in the file
    models.UUIDField,
    models.GenericIPAddressField,
)


class RowError(DriveError):
    """A value of one row refused: says which list, which row and which field."""

    def __init__(self, key: str, row_id, field: str, problem: str):
        super().__init__(
            _(
                "The club file is damaged (%(list)s, row %(row)s, %(field)s: %(problem)s); "
                "nothing was imported."
            )
            % {"list": key, "row": str(row_id)[:20], "field": field, "problem": problem}
        )


def _quoted(value) -> str:
    text = "true" if value is True else "false" if value is False else repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def expect(kind: str, value) -> str:
    return _("%(kind)s expected, not %(value)s") % {"kind": kind, "value": _quoted(value)}


def checked_value(model: type[models.Model], key: str, row_id, field: models.Field, value):
    """``value`` of ``field`` as the model stores it, or :class:`RowError`."""
    problem = _type_problem(field, value)
    if problem:
        raise RowError(key, row_id, field.name, problem)
    if (model, field.name) in NAME_FIELDS:
        value = clean_name(value)
    try:
        value = field.clean(value, None)
    except ValidationError as error:
        raise RowError(key, row_id, field.name, " ".join(error.messages)) from None
    if isinstance(field, models.DateTimeField) and value is not None and timezone.is_naive(value):
        value = timezone.make_aware(value)
    return value


def _type_problem(field: models.Field, value) -> str:
    if value is None:
        return "" if field.null else _("a value is needed")
    if isinstance(field, models.BooleanField):
        return "" if isinstance(value, bool) else expect(_("true or false"), value)
    if isinstance(field, INTEGERS):
        return _integer_problem(field, value)
    if isinstance(field, models.DecimalField):
        # Written as text ("2.50"), so no float ever rounds it; field.clean() reads it.
        return "" if isinstance(value, str) else expect(_("an amount, as text"), value)
    if isinstance(field, models.JSONField):
        wanted = list if field.default is list else dict
        if not isinstance(value, wanted):
            return expect(_("a list") if wanted is list else _("a record"), value)
        return ""
    if isinstance(field, TEXT):
        if not isinstance(value, str):
            return expect(_("text"), value)
        if "\x00" in value:
            return _("text with a NUL character in it")
        return ""
    return _("a kind of value this site does not read")  # a field type added since


def _integer_problem(field: models.Field, value) -> str:
    if type(value) is not int:
        return expect(_("a whole number"), value)
    low, high = INTEGER_RANGES.get(field.get_internal_type(), (None, None))
    if (low is not None and value < low) or (high is not None and value > high):
        return _("from %(low)d to %(high)d, not %(value)s") % {
            "low": low,
            "high": high,
            "value": _quoted(value),
        }
    return ""


def checked_reference(key: str, row_id, field: models.Field, value, ids: dict[int, int]):
    """The new id of the row ``value`` (an old id of the file) points at."""
    if value is None and field.null:
        return None
    if type(value) is not int:
        raise RowError(key, row_id, field.name, expect(_("a row number"), value))
    if value not in ids:
        raise RowError(key, row_id, field.name, _("no such row: %(id)d") % {"id": value})
    return ids[value]
