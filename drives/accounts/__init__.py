"""Accounts and a club's team: signing up (django-allauth, configured in config/settings.py
and adapted here), a club of one's own, "my clubs", invitations to join a club's team as
an organiser or a helper, removing people, the team's history, and deleting one's account.

May import ``drives.models``, ``drives.errors``, ``drives.permissions``, ``drives.mail`` and
allauth; no other room. Roles are enforced in ``drives.permissions``, which every room reads.
"""
