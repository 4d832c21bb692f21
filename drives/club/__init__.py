"""A club's members: the player list, adding and editing players, importing them from CSV.

May import ``drives.models``, ``drives.errors``, ``drives.permissions`` and ``scoring``;
no other room.
"""
