"""The game itself, pure Python with no I/O: cards, scoring, the game state machine, observations, computer
players, the analyzer, records, table mode, counting practice and the win-probability table.

The names below are the engine's public face: `from engine import Game, parse_card, IllegalAction`.
`import engine` stays cheap: each name loads its module on first use (PEP 562), so a command that only
reads cards does not pay for the computer players, and no data file is read until a function needs it.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
"""Type checkers take this as true (as typing.TYPE_CHECKING, which would cost `import engine` the typing module)."""
if TYPE_CHECKING:  # what type checkers see; at run time `__getattr__` loads each name on first use
    from engine.actions import (
        Action,
        ChanceAction,
        Cut,
        Deal,
        Declare,
        Discard,
        Go,
        Muggins,
        Play,
        PlayerAction,
        Starter,
    )
    from engine.analysis import Analysis, DiscardOption, analyze
    from engine.cards import DECK, SUITS, Card, CardError, Suit, format_cards, parse_card, parse_cards
    from engine.errors import CodedError
    from engine.events import Event, PegMove, PegReason
    from engine.game import Game, Phase
    from engine.legality import GameError, Illegal, IllegalAction
    from engine.observation import Observation, observe
    from engine.pegging import MAX_COUNT
    from engine.players import DIFFICULTIES, STRENGTHS, Player, UnknownStrength, make_player
    from engine.practice import CheckResult, Drill, PracticeError, PracticeProblem, Tally, check, deal_drill
    from engine.record import RecordError, replay, to_record
    from engine.rules import (
        OPTIONS,
        PLAYER_COUNTS,
        STANDARD,
        TARGETS,
        Overcount,
        RuleOption,
        Rules,
        RulesError,
        RulesProblem,
        rule_option,
    )
    from engine.scoring import MAX_HAND, Breakdown, ItemKind, ScoreItem, score_cards, score_hand, score_total
    from engine.selfplay import play_game
    from engine.tablescore import TableProblem, TableScoreError, TableSession
    from engine.winprob import Unavailable, WinTable, shipped_table, win_probability

_MODULES: dict[str, tuple[str, ...]] = {
    "engine.actions": ("Action", "ChanceAction", "Cut", "Deal", "Declare", "Discard", "Go", "Muggins", "Play",
                       "PlayerAction", "Starter"),
    "engine.analysis": ("Analysis", "DiscardOption", "analyze"),
    "engine.cards": ("DECK", "SUITS", "Card", "CardError", "Suit", "format_cards", "parse_card", "parse_cards"),
    "engine.errors": ("CodedError",),
    "engine.events": ("Event", "PegMove", "PegReason"),
    "engine.game": ("Game", "Phase"),
    "engine.legality": ("GameError", "Illegal", "IllegalAction"),
    "engine.observation": ("Observation", "observe"),
    "engine.pegging": ("MAX_COUNT",),
    "engine.players": ("DIFFICULTIES", "STRENGTHS", "Player", "UnknownStrength", "make_player"),
    "engine.practice": ("CheckResult", "Drill", "PracticeError", "PracticeProblem", "Tally", "check", "deal_drill"),
    "engine.record": ("RecordError", "replay", "to_record"),
    "engine.rules": ("OPTIONS", "PLAYER_COUNTS", "STANDARD", "TARGETS", "Overcount", "RuleOption", "Rules",
                     "RulesError", "RulesProblem", "rule_option"),
    "engine.scoring": ("MAX_HAND", "Breakdown", "ItemKind", "ScoreItem", "score_cards", "score_hand", "score_total"),
    "engine.selfplay": ("play_game",),
    "engine.tablescore": ("TableProblem", "TableScoreError", "TableSession"),
    "engine.winprob": ("Unavailable", "WinTable", "shipped_table", "win_probability"),
}
"""Where each public name lives (the TYPE_CHECKING imports above and __all__ below list the same names)."""

_HOME = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "DECK",
    "DIFFICULTIES",
    "MAX_COUNT",
    "MAX_HAND",
    "OPTIONS",
    "PLAYER_COUNTS",
    "STANDARD",
    "STRENGTHS",
    "SUITS",
    "TARGETS",
    "Action",
    "Analysis",
    "Breakdown",
    "Card",
    "CardError",
    "ChanceAction",
    "CheckResult",
    "CodedError",
    "Cut",
    "Deal",
    "Declare",
    "Discard",
    "DiscardOption",
    "Drill",
    "Event",
    "Game",
    "GameError",
    "Go",
    "Illegal",
    "IllegalAction",
    "ItemKind",
    "Muggins",
    "Observation",
    "Overcount",
    "PegMove",
    "PegReason",
    "Phase",
    "Play",
    "Player",
    "PlayerAction",
    "PracticeError",
    "PracticeProblem",
    "RecordError",
    "RuleOption",
    "Rules",
    "RulesError",
    "RulesProblem",
    "ScoreItem",
    "Starter",
    "Suit",
    "TableProblem",
    "TableScoreError",
    "TableSession",
    "Tally",
    "Unavailable",
    "UnknownStrength",
    "WinTable",
    "analyze",
    "check",
    "deal_drill",
    "format_cards",
    "make_player",
    "observe",
    "parse_card",
    "parse_cards",
    "play_game",
    "replay",
    "rule_option",
    "score_cards",
    "score_hand",
    "score_total",
    "shipped_table",
    "to_record",
    "win_probability",
]


def __getattr__(name: str) -> object:
    """Load a public name's module the first time the name is asked for, and keep the name here."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    __import__(module)  # importlib's import_module would cost `import engine` the importlib package
    value = getattr(sys.modules[module], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
