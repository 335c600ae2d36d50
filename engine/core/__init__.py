"""The rules and the game: cards, scoring, pegging, the state machine, what a seat may observe, and records."""
