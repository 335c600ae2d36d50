"""The Discord adapter: the /cribbage commands, the buttons and selects, and where messages go.

This layer only translates. Every decision (who may act, what is legal, what is public) is the
controller's; here interactions become controller commands and replies become messages. Work
that can take a while is deferred first (Discord wants an answer within 3 s), private answers
are always ephemeral, and table edits go through the batching `TableEditor`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.config import Config
from bot.controller import Controller, ControllerError, Member, NewGame, find_player_game
from bot.ids import BadComponentId, ComponentId, Verb
from bot.replies import Panel, Post, Reply, Table
from bot.views import GameButton, GameSelect, TableEditor, clip, to_file, to_files, to_view

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
TOKEN_LIFE = 14 * 60.0
"""An interaction token lasts 15 minutes; a private panel is refreshed through it only before that,
with a minute to spare, and an expired one is never tried."""
DIFFICULTY_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "hard", "expert")]
TARGET_CHOICES = [app_commands.Choice(name="121 (the full game)", value=121),
                  app_commands.Choice(name="61 (the short game)", value=61)]
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
FAILURE = ("Something went wrong on my side. Every move that was accepted is saved; "
           "/cribbage hand shows where your game stands.")


def member_of(user: discord.abc.User) -> Member:
    return Member(str(user.id), getattr(user, "display_name", None) or user.name)


class CribbageGroup(app_commands.Group):
    """/cribbage play|hand|resign|end|record."""

    def __init__(self, front: DiscordFront) -> None:
        super().__init__(name="cribbage", description="Play cribbage in this channel", guild_only=True)
        self.front = front

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await self.front.report_failure(interaction, error)

    @app_commands.command(name="play", description="Start a game against the computer or another member")
    @app_commands.describe(opponent="A member to invite (leave out to play the computer)",
                           difficulty="The computer's strength", target="Points to win")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, target=TARGET_CHOICES)
    async def play(self, interaction: discord.Interaction, opponent: discord.Member | None = None,
                   difficulty: app_commands.Choice[str] | None = None,
                   target: app_commands.Choice[int] | None = None) -> None:
        await self.front.start_game(interaction, opponent, difficulty.value if difficulty else None,
                                    target.value if target else None)

    @app_commands.command(name="hand", description="Show your hand in your game here (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.front.show_hand(interaction)

    @app_commands.command(name="resign", description="Resign your game here")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.front.resign(interaction)

    @app_commands.command(name="end", description="End an abandoned game here (needs Manage Messages)")
    @app_commands.describe(game="The game's id, shown under its table (needed only when several are here)")
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.front.end(interaction, game)

    @app_commands.command(name="record", description="The record of the game here, as a JSON file")
    async def record(self, interaction: discord.Interaction) -> None:
        await self.front.record(interaction)


class DiscordFront:
    """Turns interactions into controller commands and replies into messages."""

    def __init__(self, controller: Controller, config: Config, client: discord.Client,
                 edit_interval: float = 1.0) -> None:
        self.controller = controller
        self.config = config
        self.client = client
        self.editor = TableEditor(self._edit_table, edit_interval)
        self._panels: dict[tuple[str, str], tuple[float, Callable[..., Awaitable[Any]]]] = {}
        """(game, user) -> when the panel was shown, and how to edit it (while its token lives)."""
        self.clock = time.monotonic

    # ------------------------------------------------------------------ slash commands

    async def start_game(self, interaction: discord.Interaction, opponent: discord.abc.User | None,
                         difficulty: str | None, target: int | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        if channel is None or interaction.guild is None:
            await self._private(interaction, "Games are played in a server's channels.")
            return
        host = member_of(interaction.user)
        if opponent is not None and opponent.bot:
            await self._private(interaction, "Bots cannot be invited; leave the opponent out to play me.")
            return
        if isinstance(channel, discord.Thread) and await self.controller.games_at(str(channel.id)):
            await self._private(interaction, "This thread already has a game; start one in the channel.")
            return
        request = NewGame(str(channel.id), host, member_of(opponent) if opponent else None,
                          difficulty or self.config.difficulty, target or self.config.target,
                          self.config.skunk)
        try:
            reply = await self.controller.new_game(request)
        except ControllerError as exc:
            await self._private(interaction, str(exc))
            return
        assert reply.game is not None
        if opponent is not None:
            invite = reply.posts[0]
            await channel.send(clip(self._mention(invite) + invite.text), view=to_view(invite.controls),
                               allowed_mentions=MENTIONS)
            await self._private(interaction, reply.note)
            return
        where = await self._open_table(channel, reply, f"{host.name} vs the computer")
        await self._send_panel(interaction, reply.panel, f"Your game is in {where}. ")

    async def show_hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self._my_game(interaction)
        if game is None:
            return
        reply = await self.controller.hand(member_of(interaction.user), game)
        if not reply.ok:
            await self._private(interaction, reply.note)
            return
        await self._send_panel(interaction, reply.panel)

    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self._my_game(interaction)
        if game is None:
            return
        reply = await self.controller.resign(member_of(interaction.user), game)
        await self._private(interaction, reply.note if not reply.ok else "You resigned.")
        if reply.ok:
            await self.publish(reply)

    async def end(self, interaction: discord.Interaction, game: str | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        if not perms.manage_messages:
            await self._private(interaction, "Only members who may manage messages can end a game.")
            return
        games = await self.controller.games_at(str(interaction.channel_id))
        if game is not None:
            games = [g for g in games if g.id == game]
        if not games:
            await self._private(interaction, "There is no game going on here" +
                                (f" with the id {game}." if game else "."))
            return
        if len(games) > 1:
            ids = ", ".join(g.id for g in games)
            await self._private(interaction, f"Several games are going on here ({ids}); name one with game:.")
            return
        reply = await self.controller.end(games[0].id, member_of(interaction.user))
        await self._private(interaction, reply.note)
        if reply.ok:
            await self.publish(reply)

    async def record(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self._my_game(interaction, any_player=True)
        if game is None:
            return
        record = await self.controller.record(game)
        if record is None:
            await self._private(interaction, "That game has no record.")
            return
        await interaction.followup.send("The game record (docs/record-format.md):", file=to_file(record),
                                        ephemeral=True)

    async def report_failure(self, interaction: discord.Interaction, error: Exception) -> None:
        """Something broke after the command was taken: log it, and tell the user privately."""
        log.error("interaction failed", exc_info=error)
        text = FAILURE
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell the user about the failure (the interaction may have expired)")

    # ------------------------------------------------------------------ buttons and selects

    async def on_component(self, interaction: discord.Interaction, custom_id: str,
                           values: Sequence[str]) -> None:
        try:
            cid = ComponentId.parse(custom_id)
        except BadComponentId as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        user = member_of(interaction.user)
        if cid.verb is Verb.HAND:
            # on the public table: the answer is a new private message
            await interaction.response.defer(ephemeral=True, thinking=True)
            reply = await self.controller.press(user, custom_id)
            if not reply.ok:
                await self._private(interaction, reply.note)
            else:
                await self._send_panel(interaction, reply.panel)
            return
        if cid.verb in (Verb.ACCEPT, Verb.DECLINE):
            await self._answer_invite(interaction, user, custom_id)
            return
        # on a private panel: update that panel in place
        await interaction.response.defer()
        reply = await self.controller.press(user, custom_id, values)
        if reply.panel is not None:
            await interaction.edit_original_response(**self._panel_message(reply.panel))
            self._panels[(cid.game, user.user)] = (self.clock(), interaction.edit_original_response)
        if not reply.ok:
            await interaction.followup.send(reply.note, ephemeral=True)
            return
        await self.publish(reply)
        await self.refresh_panels(cid.game, but=user.user)

    async def _answer_invite(self, interaction: discord.Interaction, user: Member, custom_id: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await self.controller.press(user, custom_id)
        if not reply.ok:
            await self._private(interaction, reply.note)
            return
        message = interaction.message
        if reply.finished:  # declined
            if message is not None:
                await message.edit(content=clip(message.content + f"\n{reply.note}"), view=None)
            await self._private(interaction, "You declined.")
            return
        meta = await self.controller.meta(reply.game or "")
        names = " vs ".join(s.name for s in meta.seats) if meta else "cribbage"
        channel = interaction.channel
        assert channel is not None
        where = await self._open_table(channel, reply, names)
        if message is not None:
            text = message.content + f"\nAccepted: the game is in {where}."
            await message.edit(content=clip(text), view=None)
        await self._send_panel(interaction, reply.panel, f"The game is in {where}. ")

    # ------------------------------------------------------------------ publishing

    async def publish(self, reply: Reply) -> None:
        """The public side of a reply: the table edit (batched) and new posts, in order."""
        if reply.game is None:
            return
        meta = await self.controller.meta(reply.game)
        if meta is None:
            return
        if reply.table is not None and meta.message:
            self.editor.submit(reply.game, reply.table)
        if not reply.posts:
            return
        channel = await self._channel(int(meta.place))
        for post in reply.posts:
            await channel.send(clip(self._mention(post) + post.text), files=to_files(post.files) or None,
                               view=to_view(post.controls), allowed_mentions=MENTIONS)

    async def _edit_table(self, game_id: str, table: Table) -> None:
        meta = await self.controller.meta(game_id)
        if meta is None or not meta.message:
            return
        channel = await self._channel(int(meta.place))
        message = channel.get_partial_message(int(meta.message))  # type: ignore[union-attr]
        await message.edit(content=clip(table.text), attachments=to_files(table.images),
                           view=to_view(table.controls))

    async def _open_table(self, channel: Any, reply: Reply, title: str) -> str:
        """Post the table in a new thread when the bot may make one (else in the channel); record where."""
        assert reply.game is not None and reply.table is not None
        target = channel
        if isinstance(channel, discord.TextChannel):
            me = channel.guild.me
            perms = channel.permissions_for(me)
            if perms.create_public_threads and perms.send_messages_in_threads:
                target = await channel.create_thread(name=f"cribbage: {title}"[:100],
                                                     type=discord.ChannelType.public_thread,
                                                     auto_archive_duration=1440)
        table = reply.table
        message = await target.send(clip(table.text), files=to_files(table.images) or None,
                                    view=to_view(table.controls))
        await self.controller.set_message(reply.game, str(target.id), str(message.id))
        return str(target.mention)

    async def _channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

    # ------------------------------------------------------------------ private answers

    async def _my_game(self, interaction: discord.Interaction, any_player: bool = False) -> str | None:
        games = await self.controller.games_at(str(interaction.channel_id))
        mine = find_player_game(games, str(interaction.user.id))
        if mine is None and any_player and games:
            mine = games[-1]
        if mine is None:
            await self._private(interaction, "You have no game going on here. Start one with /cribbage play.")
            return None
        return mine.id

    async def _private(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.followup.send(clip(text or "Done."), ephemeral=True)

    async def _send_panel(self, interaction: discord.Interaction, panel: Panel | None,
                          lead: str = "") -> None:
        if panel is None:
            await self._private(interaction, lead.strip() or "You have no hand to show.")
            return
        message = self._panel_message(panel)
        files = message.pop("attachments")
        view = message.pop("view") or discord.utils.MISSING
        sent = await interaction.followup.send(clip(lead + message["content"]), files=files, view=view,
                                               ephemeral=True, wait=True)
        if panel.game and sent is not None:
            self._panels[(panel.game, panel.user)] = (self.clock(), sent.edit)

    async def refresh_panels(self, game: str, but: str) -> None:
        """Show the other players of `game` their new hands and choices in the private panel they
        already have open, while its token is alive; an expired or failing one is forgotten."""
        meta = await self.controller.meta(game)
        if meta is None:
            return
        for seat in meta.seats:
            key = (game, seat.user)
            if not seat.user or seat.user == but or key not in self._panels:
                continue
            shown, edit = self._panels[key]
            if self.clock() - shown > TOKEN_LIFE:
                del self._panels[key]
                continue
            reply = await self.controller.hand(seat.user, game)
            if reply.panel is None:
                continue
            try:
                await edit(**self._panel_message(reply.panel))
            except discord.HTTPException:
                self._panels.pop(key, None)
        if not meta.status.live:
            for seat in meta.seats:
                self._panels.pop((game, seat.user), None)

    @staticmethod
    def _panel_message(panel: Panel) -> dict[str, Any]:
        return {"content": clip(panel.text), "attachments": to_files([panel.image]),
                "view": to_view(panel.controls)}

    @staticmethod
    def _mention(post: Post) -> str:
        return "".join(f"<@{u}> " for u in post.mentions if u.isdigit())

    # ------------------------------------------------------------------ background

    async def sweep_forever(self, every: float = SWEEP_SECONDS) -> None:
        """Reminders and timeouts for players who stop answering."""
        while True:
            await asyncio.sleep(every)
            try:
                for reply in await self.controller.sweep():
                    await self.publish(reply)
            except Exception:
                log.exception("the inactivity sweep failed; trying again in %s s", every)


class CribbageBot(discord.AutoShardedClient):
    """The bot process. Sharded when the config says so (shard_count), else Discord's recommendation."""

    def __init__(self, config: Config, controller: Controller) -> None:
        super().__init__(intents=discord.Intents.default(), shard_count=config.shard_count)
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.front = DiscordFront(controller, config, self)
        self.tree.add_command(CribbageGroup(self.front))
        self._sweeper: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self.front.controller.warm()
        # buttons and selects from before a restart keep working: they are matched by template
        self.add_dynamic_items(GameButton, GameSelect)
        if self.config.dev_guild is not None:
            guild = discord.Object(id=self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._sweeper = asyncio.create_task(self.front.sweep_forever(), name="cribbage-sweep")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.front.editor.flush()
        await super().close()
