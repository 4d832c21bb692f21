"""Answering a poll: "not modified" from the fingerprint alone, else the fresh fragment."""

import time

from django.utils.cache import get_conditional_response


def polled(request, etag: str | None, render_fragment):
    """304 when the poll's ETag is ``etag``, else the fragment ``render_fragment()`` makes.

    The view computes ``etag`` (``board.fingerprint``) before anything else, so a poll that
    finds nothing new costs only its queries. ``no-cache`` lets browsers keep the copy but
    ask every time. Every answer carries the server's clock (``X-Server-Time``, epoch
    seconds to the millisecond): the screens measure their offset from it at each poll
    (``static/js/hall.js``), so their round timers agree however long they have been open.
    """
    response = get_conditional_response(request, etag=etag) if etag is not None else None
    if response is None:
        response = render_fragment()
    if etag is not None:
        response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["X-Server-Time"] = f"{time.time():.3f}"
    return response
