"""Backups: a whole club (players, seasons, drives and all that was played) as one JSON file.

``club_file`` writes and reads the file (``reading`` streams it under a size and a
nesting cap, ``checks`` checks every value); ``manage.py export_club`` and
``import_club`` and the import page (``views``) call it. Imports only the shared modules
(models, errors, names): it moves rows, it never scores them.
"""
