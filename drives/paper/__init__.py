"""Paper drives: players keep their own cards and the organiser types each card's total.

``services`` records the totals (versioned, every correction kept in ``CardTotalChange``),
settles a second typist's differences and finishes the drive; ``checks`` words the
warnings of :mod:`scoring.paper`; ``views`` serve the keyboard totals form, whose script is
``static/js/paper_totals.js``. The standings themselves come from
``drives.reports`` like any drive's, so the league takes paper and scored drives
alike. May import ``drives.evening``, ``drives.club``, the shared modules
(``drives.models``, ``drives.errors``, ``drives.permissions``) and ``scoring``; never
``drives.league``, ``drives.printing`` or ``drives.tableside``.
"""
