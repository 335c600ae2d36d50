"""Commands are values with one entrance: `Controller.run` finds each command's one handler by its type, and the
controller keeps no relay methods."""

from dataclasses import dataclass
from typing import Any

import pytest

from bot.app import commands
from bot.app.command_base import Command, handles
from bot.app.commands import GameInfo, GamesAt, RulesHelp, ScoreHand
from bot.app.controller import Controller, every_command, handlers_of
from bot.i18n import Lang
from tests.bot.conftest import make_controller


def test_every_command_has_one_handler_and_the_controller_no_relays() -> None:
    c = make_controller()
    try:
        assert sorted(cls.__name__ for cls in every_command()) == sorted([
            "AcceptInvite", "AnalyzeDiscards", "AnswerDrill", "ChangeSetting", "ShowSettings", "ShowRating",
            "BoardFollow", "BoardShowHere", "BoardStatus",
            "CancelInvite", "DailyHand", "AnswerDaily", "DailyOpen", "DuePosts", "PostDone", "SeasonStandings",
            "CreateEvent", "SetEventMessage", "JoinEvent", "LeaveEvent", "AddEventComputer", "StartEvent",
            "EventStandings", "EventsDue", "EventPosted",
            "DeclareMuggins", "DeclareOwnCount",
            "DeclineInvite", "EndGame", "FillSeats",
            "GameInfo",
            "GameMessage", "GameRecord", "GamesAt", "HandSeatOver", "LatestGame", "Leaderboard", "LiveGames",
            "MakeMove", "MemberStats", "NewDrill", "NewGame", "ReadTable", "Resign", "ReviewDeal", "RulesHelp",
            "ScoreHand", "SetMessage", "ShowHand", "Sweep", "SweepGame", "TableEnd", "TableNextDeal", "TablePeg",
            "TableStart", "TableStatus", "TableUndo", "TableUsers", "ViewGame", "WhomToMention"])
        assert set(c.handlers) == set(every_command())
        public = sorted(name for name in vars(Controller) if not name.startswith("_"))
        assert public == ["board_show_here", "close", "run", "sweep", "warm"]  # two handlers that await others
    finally:
        c.close()


@dataclass(frozen=True)
class Unheard(Command[str]):
    word: str


def test_a_command_without_a_handler_is_named_when_the_controller_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(commands, "Unheard", Unheard, raising=False)
    with pytest.raises(TypeError, match="^no handler for Unheard$"):
        make_controller()


def test_two_handlers_of_one_command_are_refused() -> None:
    class One:
        @handles(ScoreHand)
        def score(self, c: ScoreHand) -> str:
            return "one"

    class Two:
        @handles(ScoreHand)
        def also(self, c: ScoreHand) -> str:
            return "two"

    with pytest.raises(TypeError, match="^two handlers for ScoreHand$"):
        handlers_of(One(), Two())


async def test_run_answers_by_the_command_s_type_and_locks_only_a_named_game() -> None:
    c = make_controller()
    try:
        seen: list[Any] = []
        original = c.runner.on_game

        async def watched(game_id: str, *args: Any) -> Any:
            seen.append(game_id)
            return await original(game_id, *args)

        c.runner.on_game = watched  # type: ignore[method-assign]
        answer = await c.run(ScoreHand("5H 5C 5D JS", "5S"))
        assert answer.ok and answer.text.endswith("\nTotal: 29")
        assert (await c.run(RulesHelp(None, Lang.EN))).ok
        assert await c.run(GamesAt("nowhere")) == []
        assert seen == []
        assert await c.run(GameInfo("nosuchgame")) is None
        assert seen == ["nosuchgame"]
    finally:
        c.close()
