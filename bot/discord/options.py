"""Whole-number options with bounds Discord is told of and that are checked again on arrival."""

from __future__ import annotations

import discord
from discord import app_commands

from engine.core.scoring import MAX_HAND


class OutOfRange(app_commands.TransformerError):
    """A whole number outside its option's bounds (Discord's client keeps to them; a stale or
    hand-made request may not)."""

    def __init__(self, value: int, transformer: Bounded) -> None:
        super().__init__(value, discord.AppCommandOptionType.integer, transformer)
        self.low, self.high = transformer.low, transformer.high


class Bounded(app_commands.Transformer):
    """An integer option with bounds that Discord is told of and that are checked again on arrival
    (`app_commands.Range` only tells Discord)."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    @property
    def min_value(self) -> int:
        return self.low

    @property
    def max_value(self) -> int:
        return self.high

    async def transform(self, interaction: discord.Interaction, value: int, /) -> int:
        if not self.low <= value <= self.high:
            raise OutOfRange(value, self)
        return value


Points = app_commands.Transform[int, Bounded(1, MAX_HAND)]
DealNumber = app_commands.Transform[int, Bounded(1, 999)]
Seats = app_commands.Transform[int, Bounded(0, 3)]
