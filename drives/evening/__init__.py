"""The evening itself: who plays, the drive's life, the rounds and their results.

``entries`` (check-in, walk-ins, late arrivals, withdrawals, returns), ``lifecycle`` (create,
start, open rounds, finish, reopen, cancel, restore), ``results`` (a table's figures) and
``repairs`` (a wrong move put right in a played round) are the writes: atomic, keyword-only,
taking their locks from ``guards``, each returning what it did and refusing with a
``DriveError`` (scoring's refusals worded at that boundary).
``seating`` seats the rounds with ``scoring.movements``; ``rounds`` gives what the round
page shows. May import ``drives.reports``, the rooms below it, the shared modules and
``scoring``; never the rooms above it (printing, league, tableside, paper).
"""
