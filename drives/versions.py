"""A page's version of what it shows, so that a save from a stale page is refused.

A version is a digest of the stored values the page showed (a member's record, a drive's
set-up, the check-in list). The page posts it back; the save compares it, under the row's
lock, with the digest of what is stored now. Any door that changed the row meanwhile
(another tab, a walk-in, the admin, an import) makes the older page stale, without every
writer having to remember to count, and a save that changed nothing leaves pages current.

>>> version_of(["Ann Smith", "lady"]) == version_of(["Ann Smith", "lady"])
True
>>> version_of(["Ann Smith", "lady"]) == version_of(["Ann Smith", "gent"])
False
"""

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from django import forms
from django.db import models
from django.utils.translation import gettext as _

from drives.errors import ChangedElsewhere


def version_of(values) -> str:
    text = json.dumps(values, default=str, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def require_unchanged(shown: str | None, stored_values, *, what: str) -> None:
    """Refuse the save (:class:`ChangedElsewhere`) unless the page showed what is stored.

    ``shown`` None means no page is involved (a command, the demo): nothing to compare.
    """
    if shown is not None and shown != version_of(stored_values):
        raise ChangedElsewhere(what)


def record_values(instance: models.Model, names: Iterable[str]) -> list:
    """The stored values of the fields a form shows: what its version is made of."""
    meta = instance._meta
    return [_concrete(meta.get_field(name)).value_from_object(instance) for name in names]


def _concrete(field: models.Field | models.ForeignObjectRel) -> models.Field:
    """A form's field names a column of the model, never the far side of a relation."""
    if not isinstance(field, models.Field):
        raise TypeError(f"{field} is not a column")
    return field


def record_version(instance: models.Model, names: Iterable[str]) -> str:
    return version_of(record_values(instance, names))


class VersionField(forms.CharField):
    """The hidden version a form posts back; a post without one is treated as stale."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, max_length=40, **kwargs)


@dataclass(frozen=True)
class SavedNow:
    """One field whose stored value differs from what the refused page posted."""

    label: str
    saved: str


def saved_now(form: forms.ModelForm, stored: models.Model) -> list[SavedNow]:
    """What someone else saved, field by field, where it differs from the typed values;
    the refused page shows it beside the form, which keeps what was typed."""
    differences = []
    for name, typed in form.cleaned_data.items():
        field = form.fields[name]
        if isinstance(field, VersionField) or name not in {
            f.name for f in stored._meta.concrete_fields
        }:
            continue
        value = getattr(stored, name)
        if value == typed:
            continue
        if _concrete(stored._meta.get_field(name)).choices:
            shown = str(getattr(stored, f"get_{name}_display")())
        elif isinstance(value, bool):
            shown = _("Yes") if value else _("No")
        else:
            shown = "" if value is None else str(value)
        differences.append(SavedNow(str(field.label), shown))
    return differences
