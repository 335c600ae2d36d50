"""The controller's replies as Discord objects: files, views with dynamic items, batched table edits.

Buttons and selects are `DynamicItem`s whose template matches our custom ids, registered when
the bot starts, so a click on any table or hand panel works after a restart: nothing about a
component is kept in memory; the custom id carries the game and the state version.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import discord

from bot.app.ids import BUTTON_VERBS, SELECT_VERBS, template
from bot.app.replies import Attachment, Button, Control, Select, Style, Table

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


class ComponentHandler(Protocol):
    async def on_component(self, interaction: discord.Interaction, custom_id: str,
                           values: Sequence[str]) -> None: ...

    async def report_failure(self, interaction: discord.Interaction, error: Exception) -> None: ...


async def dispatch(interaction: discord.Interaction, custom_id: str, values: Sequence[str]) -> None:
    handler = handler_of(interaction)
    try:
        await handler.on_component(interaction, custom_id, values)
    except Exception as exc:  # discord.py would only log it; the player deserves an answer
        await handler.report_failure(interaction, exc)


def handler_of(interaction: discord.Interaction) -> ComponentHandler:
    """The front end that owns the client (the bot sets `client.front`)."""
    return interaction.client.front  # type: ignore[attr-defined]


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=template(BUTTON_VERBS)):
    """Any of our buttons: My hand, a card, Go, Accept, Decline."""

    def __init__(self, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.custom_id, ())


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=template(SELECT_VERBS)):
    """The lay-away select: its chosen values are the cards."""

    def __init__(self, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        data = interaction.data or {}
        values = tuple(str(v) for v in data.get("values", ()))  # type: ignore[union-attr]
        await dispatch(interaction, self.custom_id, values)


class NumberModal(discord.ui.Modal):
    """A number pad: one number (a peg up to 29, or a declared count) and an optional reason.

    The modal answers through `submit(interaction, number_text, reason_text)`, so the front end (and
    its tests) handle the values as plain text; the controller checks them and names a bad one.
    """

    def __init__(self, title: str, label: str, reason_label: str | None,
                 submit: Callable[[discord.Interaction, str, str | None], Awaitable[None]]) -> None:
        super().__init__(title=title[:45], timeout=600)
        self._submit = submit
        self.number: discord.ui.TextInput[Any] = discord.ui.TextInput(label=label[:45], min_length=1, max_length=40)
        self.add_item(self.number)
        self.reason: discord.ui.TextInput[Any] | None = None
        if reason_label is not None:
            self.reason = discord.ui.TextInput(label=reason_label[:45], required=False, max_length=100)
            self.add_item(self.reason)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            await self._submit(interaction, self.number.value, self.reason.value if self.reason else None)
        except Exception as exc:
            await handler_of(interaction).report_failure(interaction, exc)


def to_file(attachment: Attachment) -> discord.File:
    return discord.File(io.BytesIO(attachment.data), filename=attachment.filename,
                        description=attachment.description[:1024] or None)


def to_files(attachments: Sequence[Attachment | None]) -> list[discord.File]:
    return [to_file(a) for a in attachments if a is not None]


def to_view(controls: Sequence[Control]) -> discord.ui.View | None:
    """A persistent view (no timeout) of dynamic items; None when there is nothing to press."""
    if not controls:
        return None
    view = discord.ui.View(timeout=None)
    for control in controls:
        if isinstance(control, Button):
            view.add_item(GameButton(discord.ui.Button(
                label=control.label, custom_id=control.custom_id, style=STYLES[control.style],
                disabled=control.disabled)))
        elif isinstance(control, Select):
            view.add_item(GameSelect(discord.ui.Select(
                custom_id=control.custom_id, placeholder=control.placeholder,
                min_values=control.min_values, max_values=control.max_values,
                options=[discord.SelectOption(label=o.label, value=o.value) for o in control.options])))
    return view


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Discord refuses longer messages; keep the end, where the newest lines are."""
    if len(text) <= limit:
        return text
    head, _, rest = text.partition("\n")
    keep = limit - len(head) - 3
    return head + "\n…" + rest[-keep:] if keep > 0 else text[:limit]


class TableEditor:
    """Batches edits of table messages: at most one edit per game per `interval` seconds, always
    with the newest table, so a fast game never trips Discord's rate limits."""

    def __init__(self, edit: Callable[[str, Table], Awaitable[None]], interval: float = 1.0) -> None:
        self._edit = edit
        self.interval = interval
        self._pending: dict[str, Table] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def submit(self, game_id: str, table: Table) -> None:
        self._pending[game_id] = table
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"table-{game_id}")

    async def _run(self, game_id: str) -> None:
        try:
            while game_id in self._pending:
                table = self._pending.pop(game_id)
                try:
                    await self._edit(game_id, table)
                except Exception:  # a failed edit must not stop later ones
                    log.exception("editing the table of game %s failed", game_id)
                await asyncio.sleep(self.interval)
        finally:
            self._tasks.pop(game_id, None)

    async def flush(self) -> None:
        """Wait until every submitted table has been edited (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)
