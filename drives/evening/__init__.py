"""The evening itself: set-up, check-in, seating, the rounds, results, standings and prizes.

``services`` is the one bridge to ``scoring`` for writes; ``reports``, ``rounds`` and
``summaries`` derive what the pages show from the rows. May import ``drives.models``,
``drives.errors``, ``drives.permissions``, ``drives.club`` and ``scoring``; never the rooms
above it (printing, league, tableside, paper).
"""
