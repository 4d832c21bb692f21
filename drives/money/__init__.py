"""A drive's money: entry fees (members, visitors, free places) paid or owing, the other
takings and the costs, prizes paid in money, the consolation prize drawn by lot, and a
season's accounts.

``accounts`` is the read model (a drive's cash sheet, a season's lines, a few queries
whatever the size); ``services`` the writes, keyword-only, atomic and versioned, each kept
in ``MoneyChange``; ``views`` word them. The arithmetic is ``scoring.money``'s (Decimal,
whole coins, never more than the fund); the prizes are ``drives.reports``'. The cash sheet
is printed by ``drives.printing``, above this room.
"""
