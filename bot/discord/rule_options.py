"""The /cribbage play options made from the rules' declared options (engine.core.rules.OPTIONS).

A callback marks where they go with a parameter `rules: RuleValues`; `with_rule_options` puts one Discord
option there for each declared option (a yes-or-no, or a choice), with its description and choices'
names from the catalog, and hands the callback the options the member gave, by name (None: not given, so
the server's usual rules decide). A new rule option needs nothing here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from discord import app_commands

from bot.app.shown.rule_words import choice_key, described
from bot.discord.declared_options import Callback, DeclaredOption, with_declared_options
from bot.i18n import Lang, t
from engine.core.rules import OPTIONS, RuleOption

RuleValues = Mapping[str, object]
"""The rule options a member gave, by name: a value as the option stores it."""
NONE_GIVEN: RuleValues = MappingProxyType({})
MARK = "rules"
"""The callback's parameter that the options replace."""


def rule_choices(option: RuleOption) -> list[app_commands.Choice[Any]]:
    """An option's choices for Discord, each named from the catalog."""
    return [app_commands.Choice(name=app_commands.locale_str(t(choice_key(option, c), Lang.EN),
                                                             key=choice_key(option, c)), value=option.stored(c))
            for c in option.choices]


CHOSEN: dict[type, Any] = {int: app_commands.Choice[int], float: app_commands.Choice[float],
                           str: app_commands.Choice[str]}
"""The annotation of a choice, by the type of the values the option stores."""


def _annotation(option: RuleOption) -> Any:
    if option.kind is bool:
        return bool | None
    return CHOSEN[type(option.stored(option.default))] | None


def with_rule_options(callback: Callback) -> Callback:
    """`callback` with its `rules` parameter replaced by one Discord option per rule option."""
    return with_declared_options(MARK, [
        DeclaredOption(o.name, _annotation(o), app_commands.locale_str(described(o), key=f"{o.key}.desc"),
                       rule_choices(o) if o.kind is not bool else ()) for o in OPTIONS])(callback)
