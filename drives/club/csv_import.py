"""Read a club's player list from CSV and plan what importing it would change.

Pure functions: text (or bytes) and the club's current players in, planned rows
or per-line errors out; nothing here touches the database, so the view can show
every bad line before anything is saved.

A row is the same person as an existing player when both have a member number
and the numbers match, or, when either side has no member number, the names
match (ignoring case and extra spaces). So re-importing the club list updates
players instead of duplicating them, and a list that now has member numbers
fills them in. A blank seat role or member number leaves the player's own alone.

>>> existing = [ExistingPlayer(pk=7, name="Ann Smith", role="lady", member_number="12")]
>>> text = "name,seat role,member number\\nAnn Smyth,,12\\nBob,G,\\n"
>>> rows, errors = read_players(text, existing)
>>> [(r.line, r.pk, r.name, r.role, r.changed) for r in rows], errors
([(2, 7, 'Ann Smyth', 'lady', True), (3, None, 'Bob', 'gent', True)], [])
"""

import csv
import io
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db.models import CharField
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drives.models import Player
from drives.names import clean_name


def _max_length(field_name: str) -> int:
    field = Player._meta.get_field(field_name)
    assert isinstance(field, CharField) and field.max_length is not None
    return field.max_length


NAME_MAX_LENGTH = _max_length("name")
MEMBER_NUMBER_MAX_LENGTH = _max_length("member_number")
MAX_ROWS = 5_000  # a club list is a few hundred; more is a mistake or an attack
ECHO_LENGTH = 30  # how much of a bad cell a message quotes back
# Control characters are never part of a name; NUL is refused by PostgreSQL outright.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

# Header spellings accepted (after lower-casing and tidying spaces) → field.
COLUMNS = {
    "name": "name",
    "seat role": "role",
    "role": "role",
    "member number": "member_number",
    "member": "member_number",
    "member no": "member_number",
}
ROLES = {
    "lady": "lady",
    "l": "lady",
    "gent": "gent",
    "g": "gent",
    "either": "either",
    "e": "either",
}


@dataclass(frozen=True)
class ExistingPlayer:
    pk: int
    name: str
    role: str
    member_number: str


@dataclass(frozen=True)
class ImportRow:
    """One player as they will be after the import; ``pk`` is None for a new player."""

    line: int
    name: str
    role: str
    member_number: str
    pk: int | None = None
    changed: bool = True

    @property
    def fields(self) -> dict[str, str]:
        return {"name": self.name, "role": self.role, "member_number": self.member_number}


@dataclass(frozen=True)
class LineError:
    line: int
    reason: str

    def __str__(self):
        return _("Line %(line)d: %(reason)s") % {"line": self.line, "reason": self.reason}


#: A good line: (line, name, role or "", member number).
_Parsed = tuple[int, str, str, str]


class NotUtf8Error(ValueError):
    def __init__(self, line: int):
        self.line = line
        super().__init__(
            _(
                "Line %(line)d is not UTF-8 text, so nothing was imported. In your spreadsheet, "
                "save the list as “CSV UTF-8” and try again."
            )
            % {"line": line}
        )


def decode(data: bytes) -> str:
    """Decode an uploaded file as UTF-8 (with or without a byte-order mark)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise NotUtf8Error(data[: error.start].count(b"\n") + 1) from None


def tidy(text: str) -> str:
    return clean_name(text)


def name_key(name: str) -> str:
    return tidy(name).casefold()


def read_players(
    text: str, existing: Iterable[ExistingPlayer]
) -> tuple[list[ImportRow], list[LineError]]:
    """Check every line of ``text``; return the planned rows, or every error found.

    Line numbers are the file's own, so the header is line 1. When there is any
    error the rows are not to be saved.
    """
    # Excel starts its "CSV UTF-8" with a byte-order mark; pasted from such a file, it
    # arrives here as U+FEFF and would join the first column's name.
    lines = io.StringIO(text.removeprefix("\ufeff"), newline="").readlines()
    for number, text_line in enumerate(lines, start=1):
        if CONTROL_CHARACTERS.search(text_line):
            reason = _("it contains a control character (such as NUL) that is not text")
            return [], [LineError(number, reason)]
    header_at = next((n for n, line in enumerate(lines) if line.strip()), None)
    if header_at is None:
        return [], [LineError(1, _("the file is empty"))]
    reader = csv.reader(lines[header_at:], delimiter=_delimiter(lines[header_at]))
    try:
        fields, errors = _read_header(next(reader), header_at + 1)
    except csv.Error:
        return [], [LineError(header_at + 1, _unreadable())]
    if errors:
        return [], errors
    parsed, errors = _read_rows(reader, fields, header_at)
    if not parsed and not errors:
        errors.append(LineError(header_at + 1, _("there are no players under the header")))
    errors += _find_repeats(parsed)
    if errors:
        return [], sorted(errors, key=lambda error: error.line)
    return _plan(parsed, list(existing))


def _read_rows(
    reader, fields: list[str | None], header_at: int
) -> tuple[list[_Parsed], list[LineError]]:
    """The rows under the header (at line ``header_at + 1``), up to :data:`MAX_ROWS`."""
    parsed: list[_Parsed] = []
    errors: list[LineError] = []
    last_line = header_at + 1
    rows = 0
    while True:
        line = last_line + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error:
            # Only a field far beyond any limit (over 128 KB) or broken quoting gets here.
            errors.append(LineError(line, _unreadable()))
            break
        last_line = header_at + reader.line_num
        if not any(cell.strip() for cell in cells):
            continue
        rows += 1
        if rows > MAX_ROWS:
            reason = ngettext(
                "a list can have at most %(max)d player; split it into several imports",
                "a list can have at most %(max)d players; split it into several imports",
                MAX_ROWS,
            )
            errors.append(LineError(line, reason % {"max": MAX_ROWS}))
            break
        row, row_errors = _read_row(cells, fields, line)
        errors += row_errors
        if row is not None:
            parsed.append(row)
    return parsed, errors


def _unreadable() -> str:
    return _("this line cannot be read: a cell is far too long or a quote is not closed")


def _echo(text: str) -> str:
    """A bad cell as a message quotes it: whole if short, else its start."""
    text = text.strip()
    return text if len(text) <= ECHO_LENGTH else text[:ECHO_LENGTH] + "…"


def _delimiter(header: str) -> str:
    # Spreadsheets in French or Hungarian save CSV with semicolons.
    for delimiter in (",", ";", "\t"):
        if delimiter in header:
            return delimiter
    return ","


def _read_header(cells: list[str], line: int) -> tuple[list[str | None], list[LineError]]:
    """The field of each column (None for an unknown one), and what is wrong with the header."""
    fields: list[str | None] = []
    errors: list[LineError] = []
    for cell in cells:
        field = COLUMNS.get(tidy(cell.replace("_", " ").replace("-", " ")).casefold())
        if field is None:
            reason = _("unknown column '%(column)s' (use name, seat role and member number)")
            errors.append(LineError(line, reason % {"column": _echo(cell)}))
        elif field in fields:
            reason = _("column '%(column)s' appears twice")
            errors.append(LineError(line, reason % {"column": _echo(cell)}))
        fields.append(field)
    if "name" not in fields:
        errors.append(LineError(line, _("the header needs a 'name' column")))
    return fields, errors


def _read_row(
    cells: list[str], fields: list[str | None], line: int
) -> tuple[_Parsed | None, list[LineError]]:
    # A spreadsheet may add empty cells at the end of a row; they are harmless.
    while len(cells) > len(fields) and not cells[-1].strip():
        cells = cells[:-1]
    if len(cells) != len(fields):
        reason = _("expected %(expected)d columns but found %(found)d") % {
            "expected": len(fields),
            "found": len(cells),
        }
        return None, [LineError(line, reason)]
    values = dict(zip(fields, cells, strict=True))
    name = tidy(values["name"])
    role_text = values.get("role", "").strip()
    role = ROLES.get(role_text.casefold(), "") if role_text else ""
    member_number = values.get("member_number", "").strip()

    errors = []
    if not name:
        errors.append(LineError(line, _("the name is blank")))
    elif len(name) > NAME_MAX_LENGTH:
        reason = _("the name is longer than %(max)d characters")
        errors.append(LineError(line, reason % {"max": NAME_MAX_LENGTH}))
    if role_text and not role:
        reason = _("unknown seat role '%(role)s' (use lady, gent or either)")
        errors.append(LineError(line, reason % {"role": _echo(role_text)}))
    if len(member_number) > MEMBER_NUMBER_MAX_LENGTH:
        reason = _("the member number is longer than %(max)d characters")
        errors.append(LineError(line, reason % {"max": MEMBER_NUMBER_MAX_LENGTH}))
    if errors:
        return None, errors
    return (line, name, role, member_number), []


def _find_repeats(parsed: list[_Parsed]) -> list[LineError]:
    """The same member number twice, or a name twice where one has no number to tell them apart."""
    errors = []
    number_lines: dict[str, int] = {}
    name_lines: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for line, name, _role, member_number in parsed:
        if member_number in number_lines:
            reason = _("member number %(number)s is also on line %(other)d")
            errors.append(
                LineError(
                    line, reason % {"number": member_number, "other": number_lines[member_number]}
                )
            )
        elif member_number:
            number_lines[member_number] = line
        for other, other_number in name_lines[name_key(name)]:
            if not member_number or not other_number:
                reason = _(
                    "%(name)s is also on line %(other)d; "
                    "give them member numbers to tell them apart"
                )
                errors.append(LineError(line, reason % {"name": name, "other": other}))
                break
        name_lines[name_key(name)].append((line, member_number))
    return errors


def _plan(
    parsed: list[_Parsed], existing: list[ExistingPlayer]
) -> tuple[list[ImportRow], list[LineError]]:
    by_number = {player.member_number: player for player in existing if player.member_number}
    by_name: dict[str, list[ExistingPlayer]] = defaultdict(list)
    for player in existing:
        by_name[name_key(player.name)].append(player)

    rows: list[ImportRow] = []
    errors: list[LineError] = []
    claimed: dict[int, int] = {}  # existing player's pk → the line that matched them
    for line, name, role, member_number in parsed:
        match = by_number.get(member_number) if member_number else None
        if match is None:
            candidates = [
                player
                for player in by_name[name_key(name)]
                if not player.member_number or not member_number
            ]
            if len(candidates) > 1:
                reason = _(
                    "the club has %(count)d players called %(name)s; add a member number "
                    "to say which"
                )
                errors.append(LineError(line, reason % {"count": len(candidates), "name": name}))
                continue
            match = candidates[0] if candidates else None
        if match is None:
            rows.append(ImportRow(line, name, role or "either", member_number))
            continue
        if match.pk in claimed:
            reason = _("this is the same player as line %(other)d (%(name)s)")
            errors.append(
                LineError(line, reason % {"other": claimed[match.pk], "name": match.name})
            )
            continue
        claimed[match.pk] = line
        updated = ImportRow(
            line, name, role or match.role, member_number or match.member_number, pk=match.pk
        )
        changed = (updated.name, updated.role, updated.member_number) != (
            match.name,
            match.role,
            match.member_number,
        )
        rows.append(replace(updated, changed=changed))
    if errors:
        return [], errors
    return rows, []
