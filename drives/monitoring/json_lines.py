"""The log's JSON lines: python-json-logger's formatter, each line masked as a whole.

A record may carry a table link's secret anywhere: in its message, in a traceback, or in an
extra field such as the ``request`` Django's own request logger attaches (whose repr is the
full path). Masking the finished line covers them all; the request object itself is left
out, since the request log already writes what of it is worth keeping.

Imported while logging is configured, before the apps are loaded: no model may be imported.
"""

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter

from drives.tableside.logs import mask_tokens


class JsonLines(JsonFormatter):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("reserved_attrs", [*RESERVED_ATTRS, "request", "server_time"])
        super().__init__(*args, **kwargs)

    def format(self, record) -> str:
        return mask_tokens(super().format(record))
