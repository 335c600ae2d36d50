"""The game itself, pure Python with no I/O, in seven sub-packages by concern; import from the module that defines a
name (`from engine.core.cards import parse_card`), as every caller does:

- `engine.core`: the rules and the game (cards, scoring, pegging, the state machine, observations, records);
- `engine.analysis`: the discard analyzer, coaching, counting practice and win probability;
- `engine.computer`: the computer players, the reference strategy, self-play and the arena;
- `engine.table`: scoring a real table's game;
- `engine.rating`: Glicko-2 ratings and what a finished game gives them;
- `engine.daily`: the daily hand: its pool of problems and the verdict on an answer;
- `engine.events`: club nights, leagues and knockouts: scoring, standings, pairings, brackets, duplicate deals.
"""
