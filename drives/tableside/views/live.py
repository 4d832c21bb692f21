"""Answering a poll: "not modified" from the fingerprint alone, else the fresh fragment."""

from django.utils.cache import get_conditional_response

from drives.tableside.board import fingerprint


def polled(request, drive_pk: int, render_fragment, *parts: str):
    """The fragment ``render_fragment()`` makes, or 304 when its fingerprint is unchanged.

    ``no-cache`` lets browsers keep the copy but ask every time, so a poll that finds
    nothing new costs one query and carries no body.
    """
    etag = fingerprint(drive_pk, *parts)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = render_fragment()
    if etag is not None:  # None only if the drive was deleted since the view read it
        response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response
