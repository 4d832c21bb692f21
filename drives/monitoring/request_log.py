"""One JSON line a request (``drives.requests`` logger, python-json-logger's formatter):
when, what, how it ended and how long it took, for log search and alerting.

The path is written with table links' secrets masked (``drives.tableside.logs``), the query
string left out (it may carry what a visitor typed), and no cookie, header or body is kept.
"""

import logging
import time

from drives.limits import client_address
from drives.tableside.logs import mask_tokens

logger = logging.getLogger("drives.requests")


class RequestLog:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        if logger.isEnabledFor(logging.INFO):
            milliseconds = round((time.perf_counter() - started) * 1000, 1)
            path = mask_tokens(request.path)
            match = getattr(request, "resolver_match", None)
            user = getattr(request, "user", None)
            logger.info(
                "%s %s %s",
                request.method,
                path,
                response.status_code,
                extra={
                    "method": request.method,
                    "path": path,
                    "view": match.view_name if match else None,
                    "status": response.status_code,
                    "ms": milliseconds,
                    "bytes": None if response.streaming else len(response.content),
                    "client": client_address(request),
                    "user": user.pk if user is not None and user.is_authenticated else None,
                },
            )
        return response
