"""Answering a poll: "not modified" from the fingerprint alone, else the fresh fragment."""

from django.utils.cache import get_conditional_response


def polled(request, etag: str | None, render_fragment):
    """304 when the poll's ETag is ``etag``, else the fragment ``render_fragment()`` makes.

    The view computes ``etag`` (``board.fingerprint``) before anything else, so a poll that
    finds nothing new costs only its queries. ``no-cache`` lets browsers keep the copy but
    ask every time.
    """
    response = get_conditional_response(request, etag=etag) if etag is not None else None
    if response is None:
        response = render_fragment()
    if etag is not None:
        response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response
