"""Reading a club file without holding it: a size cap, a nesting cap, then row by row.

A 30 MB file held whole by ``json.load`` took 400 MB; here the file is first measured
(``CLUB_FILE_MAX_BYTES``), then read once by ijson's C parser for its shape (a JSON
object of known keys, nested at most ``MAX_DEPTH`` deep, its format and version), then
once per model for that model's rows, one row at a time, so the memory an import needs
is the rows of one batch and the table of new ids, whatever the file's size. The parser
is iterative: a file of a million ``[`` is refused for its depth, never a RecursionError.
"""

import itertools
from collections.abc import Iterator
from typing import BinaryIO

import ijson
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from ijson.common import ObjectBuilder

from drives.errors import DriveError

#: The document (1), a model's list (2), a row (3), a JSON field's value (4) and what a
#: bid whist hand holds inside it (5, 6): deeper than that is no club file.
MAX_DEPTH = 8
#: Bytes of a key or a string in the file's head worth quoting in a message.
QUOTED = 40

OPENING = {"start_map", "start_array"}
CLOSING = {"end_map", "end_array"}


class Header:
    """What the file says about itself, read in one pass that also checks its shape."""

    def __init__(self) -> None:
        self.scalars: dict[str, object] = {}
        self.lists: set[str] = set()
        self.order: list[str] = []  # the lists, in the file's order


def max_bytes() -> int:
    return settings.CLUB_FILE_MAX_BYTES


def check_size(size: int) -> None:
    if size > max_bytes():
        raise DriveError(
            _("This file is %(size)s: a club file can be at most %(max)s.")
            % {"size": filesizeformat(size), "max": filesizeformat(max_bytes())}
        )


class ClubFile:
    """A club file on disk (or uploaded), checked for size and shape before any row is read.

    ``keys`` are the top-level keys a club file may hold: any other is refused.
    """

    def __init__(self, stream: BinaryIO, *, keys: set[str]):
        self.stream = stream
        check_size(stream.seek(0, 2))
        stream.seek(0)
        self.header = _read_header(stream, keys)

    def rows(self, key: str) -> Iterator[dict]:
        """The rows under ``key`` one at a time; nothing when the file has no such list."""
        if key not in self.header.lists:
            return
        self.stream.seek(0)
        for row in _parsing(lambda: ijson.items(self.stream, f"{key}.item", use_float=True)):
            yield _record(key, row)

    def rows_in_order(self, keys: list[str]) -> Iterator[tuple[str, Iterator[dict]]]:
        """Each of ``keys`` (in that order) with its rows: one pass over the file when it
        lists them in that order, as ``export_club`` writes it, else a pass per key."""
        present = [key for key in self.header.order if key in keys]
        if present != [key for key in keys if key in present]:
            for key in keys:
                yield key, self.rows(key)
            return
        self.stream.seek(0)
        rows = itertools.groupby(_parsing(lambda: _rows_of(self.stream, set(keys))), key=first)
        done = set()
        for key, group in rows:
            done.add(key)
            yield key, (row for _key, row in group)
        for key in keys:
            if key not in done:
                yield key, iter(())


def first(pair: tuple[str, dict]) -> str:
    return pair[0]


def _rows_of(stream: BinaryIO, keys: set[str]) -> Iterator[tuple[str, dict]]:
    """(key, row) for every row of the lists named ``keys``, in the file's order."""
    builder = None
    depth = 0
    key = ""
    for prefix, event, value in ijson.parse(stream, use_float=True):
        if builder is not None:
            builder.event(event, value)
            if event in OPENING:
                depth += 1
            elif event in CLOSING:
                depth -= 1
                if depth == 0:
                    yield key, _record(key, builder.value)
                    builder = None
        elif event in OPENING and prefix.endswith(".item"):
            key = prefix.removesuffix(".item")
            if key in keys:
                builder = ObjectBuilder()
                builder.event(event, value)
                depth = 1
        elif prefix.endswith(".item") and prefix.removesuffix(".item") in keys:
            yield prefix.removesuffix(".item"), _record(prefix.removesuffix(".item"), value)


def _record(key: str, row) -> dict:
    if not isinstance(row, dict):
        raise DriveError(
            _("The club file is damaged: a row of “%(list)s” is not a record.") % {"list": key}
        )
    return row


def _parsing(start) -> Iterator:
    try:
        yield from start()
    except ijson.JSONError as error:
        raise _not_json(error) from None


def _not_json(error: Exception) -> DriveError:
    return DriveError(
        _("This file is not a club file: it is not valid JSON (%(reason)s).")
        % {"reason": str(error)[:200]}
    )


def _read_header(stream: BinaryIO, keys: set[str]) -> Header:
    header = Header()
    depth = 0
    key = None
    seen: set[str] = set()
    try:
        for event, value in ijson.basic_parse(stream, use_float=True):
            if event in OPENING:
                depth += 1
                _check_opening(event, depth, key, header)
            elif event in CLOSING:
                depth -= 1
            elif depth == 0:
                raise _not_a_club_file()  # a bare number or string
            elif depth == 1 and event == "map_key":
                key = value
                _check_key(key, keys, seen)
                seen.add(key)
            elif depth == 1:
                header.scalars[key] = value  # type: ignore[index]
    except ijson.JSONError as error:
        raise _not_json(error) from None
    if depth == 0 and not seen and not header.scalars:
        raise _not_a_club_file()
    return header


def _check_opening(event: str, depth: int, key: str | None, header: Header) -> None:
    """A list or a record opening at ``depth``: the top one a record, the lists noted."""
    if depth > MAX_DEPTH:
        raise DriveError(
            _(
                "The club file is damaged: it nests deeper than any club file "
                "(more than %(depth)d levels)."
            )
            % {"depth": MAX_DEPTH}
        )
    if depth == 1 and event != "start_map":
        raise _not_a_club_file()
    if depth == 2 and key is not None:
        if event != "start_array":
            raise _not_a_list(key)
        header.lists.add(key)
        header.order.append(key)


def _check_key(key: str, keys: set[str], seen: set[str]) -> None:
    """A top-level key: one this site knows, once."""
    if key not in keys:
        raise DriveError(
            _("The club file holds “%(key)s”, which this site does not know.")
            % {"key": str(key)[:QUOTED]}
        )
    if key in seen:
        raise DriveError(_("The club file is damaged: it holds “%(key)s” twice.") % {"key": key})


def _not_a_club_file() -> DriveError:
    return DriveError(_("This is not a Whist Drive club file."))


def _not_a_list(key: str) -> DriveError:
    return DriveError(
        _("The club file is damaged: “%(list)s” must be a list of records.") % {"list": key}
    )
