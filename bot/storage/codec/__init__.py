"""What every backend turns rows into and out of, written once: a game's row and its log's actions, a
table session's row, the statistics' columns. A backend holds only its SQL and its connection."""
