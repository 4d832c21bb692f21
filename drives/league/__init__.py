"""Seasons and what players read after the evening: league tables, player pages with their
chart, the club's public page and the home page.

May import ``drives.reports`` (finished drives' summaries), the rooms below it, the shared modules
(``drives.models``, ``drives.errors``, ``drives.permissions``) and ``scoring``;
never ``drives.printing``.
"""
