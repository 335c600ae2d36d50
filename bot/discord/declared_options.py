"""Discord options made from declarations (the rules' options, the settings): a callback marks where they go with one
parameter, and `with_declared_options` puts one optional Discord option there for each declaration, with its
description and choices, and hands the callback the values given, by name (those left out are not there)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar, cast

import discord
from discord import app_commands

Callback = TypeVar("Callback", bound=Callable[..., Coroutine[Any, Any, None]])
DESCRIPTIONS = "__discord_app_commands_param_description__"
CHOICES = "__discord_app_commands_param_choices__"
"""Where discord.py reads a callback's parameters' descriptions and choices (what `describe` and `choices` set)."""


@dataclass(frozen=True)
class DeclaredOption:
    name: str
    annotation: Any
    """What discord.py makes the option from: `bool | None`, `app_commands.Choice[str] | None`, a range, a channel."""
    description: app_commands.locale_str
    choices: Sequence[app_commands.Choice[Any]] = ()


def given_value(value: object) -> object:
    """A value as Discord gave it, as the declaration reads it: a choice by its value, a channel the bot can post in
    (a text or news channel) by its id, any other by its name (which no channel setting takes)."""
    if isinstance(value, app_commands.Choice):
        return value.value
    if isinstance(value, discord.abc.GuildChannel | app_commands.AppCommandChannel):
        postable = value.type in (discord.ChannelType.text, discord.ChannelType.news)
        return str(value.id) if postable else f"#{value.name}"
    return value


def with_declared_options(mark: str, options: Sequence[DeclaredOption]) -> Callable[[Callback], Callback]:
    """The callback with its parameter `mark` replaced by one optional Discord option per declaration."""

    def wrap(callback: Callback) -> Callback:
        signature = inspect.signature(callback, eval_str=True)  # the annotations as objects: read in another module
        params = list(signature.parameters.values())
        at = [p.name for p in params].index(mark)

        @functools.wraps(callback)
        async def given_options(*args: Any, **kwargs: Any) -> None:
            chosen = {o.name: kwargs.pop(o.name, None) for o in options}
            values = {name: given_value(v) for name, v in chosen.items() if v is not None}
            await callback(*args, **kwargs, **{mark: MappingProxyType(values)})

        made = [inspect.Parameter(o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                                  annotation=o.annotation) for o in options]
        attributes = vars(given_options)  # what discord.py reads: the signature, and what describe and choices set
        attributes["__signature__"] = signature.replace(parameters=[*params[:at], *made, *params[at + 1:]])
        for name, found in ((DESCRIPTIONS, {o.name: o.description for o in options}),
                            (CHOICES, {o.name: list(o.choices) for o in options if o.choices})):
            attributes[name] = {**attributes.get(name, {}), **found}  # beside those set before this decorator
        return cast(Callback, given_options)  # the same callback to discord.py, which reads the signature above

    return wrap
