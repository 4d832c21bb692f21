"""The read model: what a drive's pages, CSVs, sheets, e-mails and the league show, derived
from its rows and never stored.

``report`` ranks a drive (standings, half-time, prizes, pairs) from ``scores``, each
player's points on each deal; a paper drive is ranked from its typed card totals instead
(``paper_totals``). ``lines`` gives the standings line by line for the CSV and the printed
sheet; ``summaries`` caches each finished drive's standings for the league, player and club
pages; ``freshness`` stamps what the standings read, for ETags and those caches' keys.

May import ``drives.models``, ``drives.games``, the shared modules below them and
``scoring``; the rooms that show it (evening, tableside, paper, league, reach, printing)
import it, never the other way round.
"""
