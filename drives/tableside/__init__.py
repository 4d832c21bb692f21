"""Tables entering their own tricks: links, the table page, confirmation, the dashboard, the hall.

``tokens`` makes and checks each side's secret link at each table; ``services`` turns a
side's figures into pending entries and, once the other side confirms (or the organiser
settles), into the table's result through ``drives.evening.results``, so versions, history and
standings work as for the round page; the figures come checked by the drive's game
(``drives.games``: its phone form, its partials). ``state`` derives what the table page,
the organiser's dashboard and the hall display show; ``ratelimit`` and ``logs`` guard the
public table endpoints. May import ``drives.evening``, ``drives.reports``, ``drives.games``,
``drives.club``, the shared modules and ``scoring``; never printing or league.
"""
