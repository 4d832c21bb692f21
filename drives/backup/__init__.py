"""Backups: a whole club (players, seasons, drives and all that was played) as one JSON file.

``club_file`` writes and reads the file; ``manage.py export_club`` and ``import_club``
call it. May import ``drives.models`` and ``drives.errors`` only: it moves rows, it
never scores them.
"""
