"""Scoring a real game at a real table, peg move by peg move, with undo."""
