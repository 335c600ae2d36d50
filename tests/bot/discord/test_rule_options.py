"""/cribbage play's rule options, made from the rules' declared options: synced with the catalog's words and
their translations, and a member's choices reach the stored game (the server's usual rules for the rest)."""

from typing import Any

import discord
from discord import app_commands

from bot.app.controller import Controller
from bot.discord.rule_options import NONE_GIVEN, RuleValues, rule_choices, with_rule_options
from engine.core.rules import OPTIONS, Overcount, Rules, rule_option
from tests.bot.discord_helpers import ANN, BOB, Harness, translated_payload


def play_options(bot: Harness) -> dict[str, dict[str, Any]]:
    (sync,) = bot.fake.find("PUT /applications/4000/commands")
    (group,) = sync.body
    play = next(o for o in group["options"] if o["name"] == "play")
    return {o["name"]: o for o in play["options"]}


async def test_each_rule_option_is_synced_with_its_words_and_their_chinese(bot: Harness) -> None:
    options = play_options(bot)
    assert [name for name in options if name in {o.name for o in OPTIONS}] == [
        "target", "muggins", "skunk", "overcount"]
    skunk, overcount, target = options["skunk"], options["overcount"], options["target"]
    assert (skunk["type"], skunk["required"], "choices" in skunk) == (5, False, False)
    assert skunk["description"] == "Skunks: say so when the loser ends far behind (below 91, or 31 in the short game)"
    assert skunk["description_localizations"]["zh-CN"] == (
        "Skunk：输家远远落后（不到 91 分，短局不到 31 分）时宣布 skunk")
    assert overcount["description_localizations"]["zh-CN"] == "罚分规则：报高的分数被更正，或多报部分作为罚分"
    assert [(c["name"], c["value"], c["name_localizations"]["zh-CN"]) for c in overcount["choices"]] == [
        ("corrected (no penalty)", "correct", "更正（不罚分）"),
        ("penalty: the excess goes to the next player", "penalty", "罚分：多报部分归下家")]
    assert [(c["name"], c["value"], c["name_localizations"]["zh-CN"]) for c in target["choices"]] == [
        ("121 (the full game)", 121, "121（完整一局）"), ("61 (the short game)", 61, "61（短局）")]


async def test_the_options_chosen_are_the_stored_games_rules(bot: Harness, controller: Controller) -> None:
    await bot.command("play", ANN, {"opponent": BOB, "target": 61, "skunk": False, "overcount": "penalty"})
    stored = controller.storage.load("game1")
    assert stored is not None
    assert stored.meta.rules == Rules(target=61, skunk=False, overcount=Overcount.PENALTY)


async def test_options_left_out_are_the_servers_usual_rules(bot: Harness, controller: Controller) -> None:
    await bot.command("play", ANN, {"muggins": True})
    stored = controller.storage.load("game1")
    assert stored is not None and stored.meta.rules == Rules(muggins=True, skunk=True)  # the config's skunk


class Group(app_commands.Group):
    """A command of its own, to see the options go where the callback marks them."""

    seen: list[RuleValues] = []

    def __init__(self) -> None:
        super().__init__(name="cribbage", description="Play cribbage in this channel")

    @app_commands.command(name="play", description="Start a game against the computer or other members")
    @app_commands.describe(first="before the rules", last="after them")
    @with_rule_options
    async def play(self, interaction: discord.Interaction, first: str, rules: RuleValues = NONE_GIVEN,
                   last: bool = False) -> None:
        self.seen.append(rules)


async def test_the_options_replace_the_marked_parameter_in_order() -> None:
    payload = await translated_payload(Group())
    (play,) = payload["options"]
    assert [(o["name"], o["type"], o["required"]) for o in play["options"]] == [
        ("first", 3, True), ("target", 4, False), ("muggins", 5, False), ("skunk", 5, False),
        ("overcount", 3, False), ("last", 5, False)]
    assert [o["description"] for o in play["options"]][:3] == ["before the rules", "Points to win",
                                                               "Muggins: everyone declares their own counts; missed "
                                                               "points can be claimed"]


async def test_the_callback_gets_only_the_options_given_as_the_rules_hold_them() -> None:
    group = Group()
    command = group.play
    assert isinstance(command, app_commands.Command)
    no_interaction: Any = None  # the callback passes it on untouched
    await command.callback(group, no_interaction, "x", target=app_commands.Choice(name="61", value=61),
                           muggins=None, skunk=False, overcount=None, last=True)
    assert dict(Group.seen[-1]) == {"target": 61, "skunk": False}


def test_choices_are_named_from_the_catalog() -> None:
    (correct, penalty) = rule_choices(rule_option("overcount"))
    assert (correct.value, penalty.value) == ("correct", "penalty")
    assert isinstance(correct.name, str) and correct.name == "corrected (no penalty)"
