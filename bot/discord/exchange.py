"""One interaction being answered, and who asked: the member, their language and the server's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord.utils import MISSING

from bot.app.controller import Member
from bot.app.shown.replies import Answer
from bot.discord.views import clip, to_files, to_view
from bot.i18n import Lang, pick_lang, t

Edit = Callable[..., Awaitable[Any]]
"""How to edit a message sent in answer to an interaction (while its token lives)."""


def member_of(user: discord.abc.User) -> Member:
    return Member(str(user.id), getattr(user, "display_name", None) or user.name)


def lang_of(interaction: discord.Interaction, public: bool = False) -> Lang:
    """The member's language for private answers, the server's for public ones."""
    return pick_lang(interaction.locale, interaction.guild_locale, public=public)


class Exchange:
    """One interaction being answered: who, in which languages, and where its answers go.

    `say` picks the one right way to answer: the interaction response while there is none; the
    deferred "thinking" message itself for the first answer after `think` (the same visibility;
    a refusal after a public defer replaces it privately); a follow-up message after that.
    """

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.user = member_of(interaction.user)
        self.lang = lang_of(interaction)
        self.public_lang = lang_of(interaction, public=True)
        self._thinking: bool | None = None
        """After `think`: whether the deferred message is private."""
        self._filled = False
        interaction.extras["ask"] = self

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Exchange:
        ask = interaction.extras.get("ask")
        return ask if isinstance(ask, Exchange) else cls(interaction)

    async def think(self, private: bool = True) -> None:
        await self.interaction.response.defer(ephemeral=private, thinking=True)
        self._thinking = private

    async def hold(self) -> None:
        """Acknowledge a click (or a pad opened from one) whose answer edits that message (`edit`)."""
        await self.interaction.response.defer()

    async def open(self, modal: discord.ui.Modal) -> None:
        """Open a number pad. It is stopped first, so discord.py keeps nothing of it in memory: its
        submission is answered from its custom id (`DiscordFront.on_modal`), before a restart or after."""
        modal.stop()
        await self.interaction.response.send_modal(modal)

    async def say(self, text: str, *, public: bool = False, files: Sequence[discord.File] = (),
                  view: discord.ui.View | None = None) -> Edit:
        """Answer with a message; returns how to edit that message later."""
        i = self.interaction
        content = clip(text or t("general.done", self.lang))
        if not i.response.is_done():
            await i.response.send_message(content, ephemeral=not public, files=list(files) or MISSING,
                                          view=view or MISSING)
            return i.edit_original_response
        if self._thinking is not None and not self._filled:
            self._filled = True
            if self._thinking == (not public):
                await i.edit_original_response(content=content, attachments=list(files), view=view)
                return i.edit_original_response
            await i.delete_original_response()
        sent = await i.followup.send(content, ephemeral=not public, files=list(files) or MISSING,
                                     view=view or MISSING, wait=True)
        return sent.edit

    async def edit(self, content: str, attachments: Sequence[discord.File] = (),
                   view: discord.ui.View | None = None) -> Edit:
        """After `hold`: edit the message the click or pad came from."""
        await self.interaction.edit_original_response(content=clip(content), attachments=list(attachments),
                                                      view=view)
        return self.interaction.edit_original_response

    async def answer(self, answer: Answer) -> None:
        """A companion answer: a refusal is always private; a public one goes to the channel."""
        await self.say(answer.text, public=answer.ok and answer.public, files=to_files(answer.files),
                       view=to_view(answer.controls))
