"""Season set-up, the league page and CSV, player pages, the club and home pages."""
