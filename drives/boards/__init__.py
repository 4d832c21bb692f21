"""Compass whist's own pages: a drive's boards (dealt by the site from a recorded seed,
imported from PBN, or dealt at the tables), the pairs' standings compared board by board,
the travellers and hand records on screen and on paper, and the PBN file out.

``services`` changes the boards (atomic, keyword-only, versioned); ``scores`` is the read
model the pages and sheets share; ``sheets`` hands them to the sheet worker of
``drives.printing`` (registered at start-up), which prints them with WeasyPrint.

May import every room below the printed sheets (``drives.evening``, ``drives.reports``,
``drives.games``…) and ``scoring``; only the URLs import it.
"""
