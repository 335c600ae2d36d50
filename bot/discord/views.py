"""The controller's replies as discord.ui objects, and the components that come back.

Buttons and selects are `DynamicItem`s whose template matches our custom ids, registered when the
bot starts, so a click on any table or panel works after a restart. The custom id is decoded once,
in `from_custom_id`, into a `ComponentId` kept on the item; the door then calls typed controller
methods with it. Modals carry their whole state in their custom id too (the id of the button that
opened them) and their inputs have fixed ids, so a submission is answered from the interaction
alone, whether or not this process still holds the modal (see `CribbageBot.on_interaction`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

import discord

from bot.app.shown.ids import BUTTON_VERBS, SELECT_VERBS, ComponentId, template
from bot.app.shown.replies import Attachment, Button, Control, Style

MESSAGE_LIMIT = 2000
NUMBER, REASON = "number", "reason"
"""The custom ids of a number pad's inputs."""
STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


class Door(Protocol):
    """What a component hands its click to (the client's `front`)."""

    async def on_component(self, interaction: discord.Interaction, cid: ComponentId,
                           values: Sequence[str]) -> None: ...


def door_of(interaction: discord.Interaction) -> Door:
    front = getattr(interaction.client, "front", None)
    if front is None:
        raise RuntimeError("a cribbage component reached a client without a door (no `front`)")
    return cast(Door, front)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=template(BUTTON_VERBS)):
    """Any of our buttons: My hand, a card, Go, Accept, Decline, a table's pegs, practice, review."""

    def __init__(self, button: discord.ui.Button[Any], cid: ComponentId | None = None) -> None:
        super().__init__(button)
        self.cid = cid if cid is not None else ComponentId.parse(button.custom_id or "")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        assert isinstance(item, discord.ui.Button)
        return cls(item, ComponentId.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await door_of(interaction).on_component(interaction, self.cid, ())


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=template(SELECT_VERBS)):
    """The lay-away select: its chosen values are the cards."""

    def __init__(self, select: discord.ui.Select[Any], cid: ComponentId | None = None) -> None:
        super().__init__(select)
        self.cid = cid if cid is not None else ComponentId.parse(select.custom_id or "")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(item, ComponentId.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await door_of(interaction).on_component(interaction, self.cid, chosen_values(interaction))


class NumberModal(discord.ui.Modal):
    """A number pad: one number (a peg up to 29, or a declared count) and an optional reason.

    Its custom id is the id of the button that opened it, so it says what is being counted, and its
    inputs have fixed ids: every submission is answered by the client's `on_interaction` from the
    custom id and `submitted_text`, the same way before and after a restart (the door stops the
    modal before sending it, so discord.py never holds it).
    """

    def __init__(self, cid: ComponentId, title: str, label: str, reason_label: str | None = None) -> None:
        super().__init__(title=title[:45], timeout=None, custom_id=cid.encode())
        self.number: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=label[:45], custom_id=NUMBER, min_length=1, max_length=40)
        self.add_item(self.number)
        self.reason: discord.ui.TextInput[Any] | None = None
        if reason_label is not None:
            self.reason = discord.ui.TextInput(label=reason_label[:45], custom_id=REASON, required=False,
                                               max_length=100)
            self.add_item(self.reason)


def chosen_values(interaction: discord.Interaction) -> tuple[str, ...]:
    """The values a select submitted (its options' values, as sent)."""
    data = cast(Mapping[str, Any], interaction.data or {})
    return tuple(str(v) for v in data.get("values", ()))


def submitted_text(interaction: discord.Interaction) -> dict[str, str]:
    """A modal submission's text inputs by custom id (inside action rows or labels)."""
    out: dict[str, str] = {}
    stack = list(cast(Mapping[str, Any], interaction.data or {}).get("components", ()))
    while stack:
        component = stack.pop()
        stack.extend(component.get("components", ()))
        if "component" in component:
            stack.append(component["component"])
        if "custom_id" in component and isinstance(component.get("value"), str):
            out[component["custom_id"]] = component["value"]
    return out


def to_file(attachment: Attachment) -> discord.File:
    return discord.File(io.BytesIO(attachment.data), filename=attachment.filename,
                        description=attachment.description[:1024] or None)


def to_files(attachments: Sequence[Attachment | None]) -> list[discord.File]:
    return [to_file(a) for a in attachments if a is not None]


def to_item(control: Control) -> GameButton | GameSelect:
    cid = ComponentId.parse(control.custom_id)
    if isinstance(control, Button):
        return GameButton(discord.ui.Button(label=control.label, custom_id=control.custom_id,
                                            style=STYLES[control.style], disabled=control.disabled), cid)
    options = [discord.SelectOption(label=o.label, value=o.value) for o in control.options]
    return GameSelect(discord.ui.Select(custom_id=control.custom_id, placeholder=control.placeholder,
                                        min_values=control.min_values, max_values=control.max_values,
                                        options=options), cid)


def to_view(controls: Sequence[Control]) -> discord.ui.View | None:
    """A persistent view (no timeout) of dynamic items; None when there is nothing to press."""
    if not controls:
        return None
    view = discord.ui.View(timeout=None)
    for control in controls:
        view.add_item(to_item(control))
    return view


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Discord refuses longer messages; keep the end, where the newest lines are."""
    if len(text) <= limit:
        return text
    head, _, rest = text.partition("\n")
    keep = limit - len(head) - 3
    return head + "\n…" + rest[-keep:] if keep > 0 else text[:limit]
