"""Bid whist drives: what a table records for a hand, checked and scored by ``scoring.bidwhist``.

``records`` turns a table's entry for a hand into ``scoring.bidwhist.HandRecord`` (so
impossible entries are refused with a message in the page's language, worded by
``drives.errors.refusal_text`` from the error's stable code), gives a stored hand's
points under the drive's house rules, and words a bid for the pages. The round page's
sheet for it lives with the other sheets in ``drives.evening.score_forms``.

May import ``drives.models``, ``drives.errors`` and ``scoring``; the evening (services,
reports, pages) imports it, never the other way round.
"""
