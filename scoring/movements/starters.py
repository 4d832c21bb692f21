"""Searched starters for Z-cyclic whist tournaments Wh(N).

Each entry is the starter round of a Wh(N), a tuple of games (N, E, S, W).
For N ≡ 0 (mod 4) it is developed mod N−1 and the player written N−1 is the
fixed point ∞; for N ≡ 1 (mod 4) it is developed mod N. Prime powers
N ≡ 1 (mod 4) need no entry: :mod:`scoring.movements.design` builds them with
the cyclotomic starter.

Wh(8) and Wh(12) are the starters quoted in DESIGN.md; the others come from
``bench/find_starters.py`` or its earlier annealing and patterned versions.
Wh(44) came from annealing on seat swaps. Wh(45) and Wh(64) came from
annealing over starters that are fixed by a multiplier r, which makes the
search much smaller. For 45, r = 26 fixes the game (9, 18, 36, 27), and the
other games are r-invariant or come in pairs (G, rG). For 64, r = 58 has
order 3 and fixes the game (∞, 21, 0, 42), and the other games come in
orbits (G, rG, r²G). For 56, r = 21 fixes the games (∞, 11, 0, 44) and
(22, 1, 33, 21); two more games are r-invariant and the rest come in pairs.
Wh(48), Wh(52), Wh(57) and Wh(60) came from a two-stage search. First a
random starter in the design sense: the partner pairs, one for each
difference class ±d, built greedily (most constrained class first) from the
nonzero residues, with ∞ partnering 0 when N ≡ 0 (mod 4). Then a depth-first
exact cover joins the partner pairs two by two into games so that the four
opponent differences of the games cover every class exactly twice (always
branching on the pair with the fewest admissible mates); after a node limit
it gives up and draws a new starter. Each took seconds to about a minute.
``tests/scoring/test_movements_design.py`` checks every entry.
"""

from scoring.movements.base import Table

STARTERS: dict[int, tuple[Table, ...]] = {
    4: ((3, 1, 0, 2),),
    8: ((7, 2, 4, 1), (0, 3, 5, 6)),
    12: ((11, 9, 8, 1), (0, 10, 5, 3), (2, 6, 4, 7)),
    16: ((13, 3, 6, 5), (14, 8, 4, 2), (7, 1, 11, 0), (12, 15, 9, 10)),
    20: ((19, 9, 15, 16), (5, 7, 11, 2), (18, 6, 0, 14), (13, 8, 17, 10), (1, 12, 4, 3)),
    21: ((18, 16, 9, 10), (4, 1, 12, 20), (3, 8, 19, 15), (5, 17, 2, 6), (14, 7, 13, 11)),
    24: (
        (4, 0, 3, 13),
        (9, 14, 6, 12),
        (5, 10, 16, 17),
        (2, 21, 7, 15),
        (23, 19, 18, 11),
        (22, 20, 8, 1),
    ),
    28: (
        (27, 3, 0, 24),
        (10, 5, 17, 22),
        (6, 8, 21, 19),
        (12, 11, 15, 16),
        (2, 9, 25, 18),
        (1, 7, 26, 20),
        (4, 13, 23, 14),
    ),
    32: (
        (31, 19, 0, 15),
        (21, 26, 12, 25),
        (18, 27, 2, 20),
        (4, 10, 9, 23),
        (29, 1, 8, 30),
        (13, 5, 16, 11),
        (3, 14, 22, 6),
        (17, 24, 28, 7),
    ),
    33: (
        (17, 14, 8, 1),
        (25, 30, 28, 15),
        (32, 11, 7, 18),
        (2, 12, 23, 31),
        (9, 4, 3, 27),
        (21, 19, 26, 20),
        (29, 16, 13, 5),
        (6, 22, 10, 24),
    ),
    36: (
        (35, 12, 0, 25),
        (4, 33, 11, 1),
        (19, 27, 31, 3),
        (20, 5, 18, 9),
        (23, 21, 6, 22),
        (7, 13, 17, 28),
        (26, 29, 34, 8),
        (14, 32, 30, 2),
        (15, 10, 24, 16),
    ),
    40: (
        (39, 13, 0, 26),
        (15, 1, 24, 38),
        (11, 16, 28, 23),
        (5, 3, 34, 36),
        (12, 6, 27, 33),
        (18, 14, 21, 25),
        (17, 2, 22, 37),
        (19, 10, 20, 29),
        (7, 4, 32, 35),
        (9, 8, 30, 31),
    ),
    44: (
        (19, 4, 28, 8),
        (11, 21, 9, 27),
        (13, 34, 42, 6),
        (38, 26, 37, 43),
        (36, 41, 15, 18),
        (32, 33, 39, 23),
        (12, 20, 0, 17),
        (1, 40, 31, 2),
        (35, 22, 3, 5),
        (10, 25, 29, 7),
        (30, 24, 14, 16),
    ),
    45: (
        (9, 18, 36, 27),
        (2, 39, 26, 23),
        (7, 24, 1, 13),
        (32, 37, 33, 35),
        (22, 17, 3, 10),
        (38, 14, 16, 42),
        (43, 4, 11, 12),
        (40, 20, 28, 6),
        (5, 25, 8, 21),
        (19, 29, 44, 34),
        (15, 31, 30, 41),
    ),
    48: (
        (24, 15, 45, 31),
        (43, 28, 18, 39),
        (25, 29, 37, 42),
        (5, 32, 20, 33),
        (7, 36, 14, 38),
        (12, 1, 17, 10),
        (6, 41, 23, 4),
        (22, 16, 30, 19),
        (44, 3, 11, 21),
        (27, 26, 46, 2),
        (9, 47, 13, 0),
        (35, 34, 8, 40),
    ),
    52: (
        (31, 39, 3, 8),
        (10, 13, 19, 21),
        (22, 6, 33, 23),
        (37, 44, 7, 49),
        (14, 1, 32, 15),
        (27, 18, 46, 34),
        (45, 12, 48, 16),
        (30, 35, 43, 9),
        (25, 50, 40, 11),
        (24, 20, 26, 42),
        (28, 17, 38, 41),
        (4, 29, 5, 36),
        (47, 51, 2, 0),
    ),
    56: (
        (55, 11, 0, 44),
        (22, 1, 33, 21),
        (51, 13, 15, 45),
        (26, 53, 40, 10),
        (16, 23, 8, 30),
        (6, 43, 3, 25),
        (24, 4, 28, 32),
        (9, 29, 38, 12),
        (17, 36, 19, 35),
        (27, 41, 14, 20),
        (31, 54, 7, 5),
        (46, 34, 37, 50),
        (18, 39, 48, 49),
        (2, 47, 42, 52),
    ),
    57: (
        (19, 40, 21, 54),
        (51, 35, 52, 3),
        (26, 15, 29, 34),
        (47, 32, 1, 2),
        (33, 31, 45, 49),
        (22, 9, 39, 24),
        (4, 41, 20, 8),
        (28, 46, 36, 11),
        (30, 27, 50, 55),
        (10, 13, 23, 17),
        (48, 37, 14, 42),
        (56, 12, 5, 38),
        (18, 44, 25, 53),
        (43, 6, 7, 16),
    ),
    60: (
        (25, 47, 29, 7),
        (39, 9, 40, 15),
        (42, 30, 45, 53),
        (11, 28, 19, 57),
        (24, 38, 31, 5),
        (41, 36, 4, 54),
        (13, 46, 22, 1),
        (2, 6, 26, 18),
        (12, 52, 37, 14),
        (23, 27, 33, 43),
        (3, 56, 8, 10),
        (48, 51, 50, 20),
        (17, 34, 44, 49),
        (35, 21, 55, 32),
        (58, 59, 16, 0),
    ),
    64: (
        (63, 21, 0, 42),
        (52, 29, 27, 58),
        (55, 44, 54, 25),
        (40, 32, 45, 1),
        (31, 57, 18, 3),
        (34, 30, 36, 48),
        (19, 39, 9, 12),
        (22, 15, 61, 56),
        (16, 51, 10, 35),
        (46, 60, 13, 14),
        (41, 38, 49, 50),
        (47, 62, 7, 2),
        (17, 5, 28, 53),
        (8, 26, 43, 6),
        (23, 59, 37, 33),
        (11, 20, 4, 24),
    ),
}
