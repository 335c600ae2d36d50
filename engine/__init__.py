"""The game itself, pure Python with no I/O, in four sub-packages by concern:

- `engine.core`: the rules and the game (cards, scoring, pegging, the state machine, observations, records);
- `engine.computer`: the computer players, the reference strategy, self-play and the arena;
- `engine.analysis.discards`: the discard analyzer, coaching, reviews, counting practice and win probability;
- `engine.table`: scoring a real table's game.

The names below are the engine's public face: `from engine import Game, parse_card, IllegalAction`.
`import engine` stays cheap: each name loads its module on first use (PEP 562), so a command that only
reads cards does not pay for the computer players, and no data file is read until a function needs it.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
"""Type checkers take this as true (as typing.TYPE_CHECKING, which would cost `import engine` the typing module)."""
if TYPE_CHECKING:  # what type checkers see; at run time `__getattr__` loads each name on first use
    from engine.analysis.discards import Analysis, DiscardOption, analyze
    from engine.analysis.practice import (
        CheckResult,
        Drill,
        PracticeError,
        PracticeProblem,
        Tally,
        check,
        deal_drill,
    )
    from engine.analysis.winprob import Unavailable, WinTable, shipped_table, win_probability
    from engine.computer.players import DIFFICULTIES, STRENGTHS, Player, UnknownStrength, make_player
    from engine.computer.selfplay import play_game
    from engine.core.actions import (
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
    from engine.core.cards import DECK, SUITS, Card, CardError, Suit, format_cards, parse_card, parse_cards
    from engine.core.errors import CodedError
    from engine.core.events import Event, PegMove, PegReason
    from engine.core.game import Game, Phase
    from engine.core.legality import GameError, Illegal, IllegalAction
    from engine.core.observation import Observation, observe
    from engine.core.pegging import MAX_COUNT
    from engine.core.record import RecordError, replay, to_record
    from engine.core.rules import (
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
    from engine.core.scoring import MAX_HAND, Breakdown, ItemKind, ScoreItem, score_cards, score_hand, score_total
    from engine.table.session import TableProblem, TableScoreError, TableSession

_MODULES: dict[str, tuple[str, ...]] = {
    "engine.core.actions": ("Action", "ChanceAction", "Cut", "Deal", "Declare", "Discard", "Go", "Muggins", "Play",
                       "PlayerAction", "Starter"),
    "engine.analysis.discards": ("Analysis", "DiscardOption", "analyze"),
    "engine.core.cards": ("DECK", "SUITS", "Card", "CardError", "Suit", "format_cards", "parse_card", "parse_cards"),
    "engine.core.errors": ("CodedError",),
    "engine.core.events": ("Event", "PegMove", "PegReason"),
    "engine.core.game": ("Game", "Phase"),
    "engine.core.legality": ("GameError", "Illegal", "IllegalAction"),
    "engine.core.observation": ("Observation", "observe"),
    "engine.core.pegging": ("MAX_COUNT",),
    "engine.computer.players": ("DIFFICULTIES", "STRENGTHS", "Player", "UnknownStrength", "make_player"),
    "engine.analysis.practice": ("CheckResult", "Drill", "PracticeError", "PracticeProblem", "Tally", "check",
                                 "deal_drill"),
    "engine.core.record": ("RecordError", "replay", "to_record"),
    "engine.core.rules": ("OPTIONS", "PLAYER_COUNTS", "STANDARD", "TARGETS", "Overcount", "RuleOption", "Rules",
                          "RulesError", "RulesProblem", "rule_option"),
    "engine.core.scoring": ("MAX_HAND", "Breakdown", "ItemKind", "ScoreItem", "score_cards", "score_hand",
                            "score_total"),
    "engine.computer.selfplay": ("play_game",),
    "engine.table.session": ("TableProblem", "TableScoreError", "TableSession"),
    "engine.analysis.winprob": ("Unavailable", "WinTable", "shipped_table", "win_probability"),
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
