"""The /cribbage play options made from the rules' declared options (engine.core.rules.OPTIONS).

A callback marks where they go with a parameter `rules: RuleValues`; `with_rule_options` puts one Discord
option there for each declared option (a yes-or-no, or a choice), with its description and choices'
names from the catalog, and hands the callback the options the member gave, by name (None: not given, so
the server's usual rules decide). A new rule option needs nothing here.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Coroutine, Mapping
from types import MappingProxyType
from typing import Any, TypeVar, cast

from discord import app_commands

from bot.app.shown.rule_words import choice_key, described
from bot.i18n import Lang, t
from engine.core.rules import OPTIONS, RuleOption

RuleValues = Mapping[str, object]
"""The rule options a member gave, by name: a value as the option stores it."""
NONE_GIVEN: RuleValues = MappingProxyType({})
MARK = "rules"
"""The callback's parameter that the options replace."""

Callback = TypeVar("Callback", bound=Callable[..., Coroutine[Any, Any, None]])


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


def _parameter(option: RuleOption) -> inspect.Parameter:
    return inspect.Parameter(option.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                             annotation=_annotation(option))


def with_rule_options(callback: Callback) -> Callback:
    """`callback` with its `rules` parameter replaced by one Discord option per rule option."""
    signature = inspect.signature(callback, eval_str=True)  # the annotations as objects: read in another module
    params = list(signature.parameters.values())
    at = [p.name for p in params].index(MARK)
    names = tuple(o.name for o in OPTIONS)

    @functools.wraps(callback)
    async def given_options(*args: Any, **kwargs: Any) -> None:
        chosen = {name: kwargs.pop(name, None) for name in names}
        values = {name: v.value if isinstance(v, app_commands.Choice) else v for name, v in chosen.items()
                  if v is not None}
        await callback(*args, **kwargs, **{MARK: MappingProxyType(values)})

    merged = [*params[:at], *map(_parameter, OPTIONS), *params[at + 1:]]
    described_here = {o.name: app_commands.locale_str(described(o), key=f"{o.key}.desc") for o in OPTIONS}
    choices_here = {o.name: rule_choices(o) for o in OPTIONS if o.kind is not bool}
    attributes = vars(given_options)  # what discord.py reads: the signature, and what describe and choices set
    attributes["__signature__"] = signature.replace(parameters=merged)
    for name, made in (("__discord_app_commands_param_description__", described_here),
                       ("__discord_app_commands_param_choices__", choices_here)):
        attributes[name] = {**attributes.get(name, {}), **made}  # beside those set before this decorator
    return cast(Callback, given_options)  # the same callback to discord.py, which reads the signature above
