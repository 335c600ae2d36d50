"""The door's entrance: every interaction, command, click or pad, reaches its feature's handler from here.

The features (game_door.py, learning.py, tables.py, pegboard.py, settings.py) each hold their commands and their
handlers together; publishing.py says where messages go. This layer only translates: every decision (who may act, what
is legal, what is public) is the controller's. A component's custom id was decoded once, by its DynamicItem,
into a `ComponentId`; here one table maps each verb to its handler (and, for the verbs that open a number pad,
to the handler of the pad's submission). Work that can take a while is deferred first (Discord wants an answer
within 3 s); the first answer after a defer fills the deferred message in place (`edit_original_response`),
private answers are always ephemeral, and one click costs one controller call: its reply carries where the
table is and every seat's fresh panel.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.app.commands import (
    DuePosts,
    Sweep,
)
from bot.app.controller import Controller
from bot.app.shown.ids import BadComponentId, ComponentId, Verb
from bot.config import Config
from bot.discord.channel_posts import ChannelPoster
from bot.discord.daily import DailyDoor
from bot.discord.events import EventDoor
from bot.discord.exchange import Exchange
from bot.discord.game_door import GameDoor
from bot.discord.learning import LearnDoor
from bot.discord.pegboard import BoardDoor
from bot.discord.publishing import LiveEditor, Panels, Publisher
from bot.discord.seasons import SeasonDoor
from bot.discord.settings import SettingsDoor
from bot.discord.tables import TableDoor
from bot.discord.views import submitted_text
from bot.i18n import Lang, t
from bot.shards import Shards
from bot.storage import DamagedGame, DatabaseFault, StaleWrite, StorageError
from engine.core.errors import clip as shorten

log = logging.getLogger(__name__)

SWEEP_SECONDS = 10.0
"""How often the sweep looks for players who stopped answering: an unanswered muggins call lapses 120 s after
the count, so a sweep a minute let it run to 179 s; every 10 s it lapses within 130 s (each sweep reads only
the live games' rows, and passes over those with nothing due)."""
SEEN_LIMIT = 10_000
"""How many interaction ids are remembered to recognise one delivered twice."""
ANSWERED_CODES = frozenset({40060, 10062})
"""Discord's 'interaction has already been acknowledged' and 'unknown interaction' (answered elsewhere,
or too late): nothing more can be said through that interaction."""


def already_answered(error: BaseException) -> bool:
    """Whether an error only says the interaction was answered already (a doubled delivery) or is gone."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.InteractionResponded):
        return True
    return isinstance(error, discord.HTTPException) and error.code in ANSWERED_CODES


Click = Callable[[Exchange, ComponentId, Sequence[str]], Awaitable[None]]
Submit = Callable[[Exchange, ComponentId, Mapping[str, str]], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Handler:
    """What a verb does: on a click, and (for a verb whose click opens a number pad) on the pad's answer."""

    click: Click
    submit: Submit | None = None


def failure_text(error: BaseException, lang: Lang) -> str:
    """What a member hears when their command failed: what kind of failure, from its type, and what to do."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, StaleWrite):  # other writers came first, try after try
        return t("adapter.busy", lang)
    if isinstance(error, DatabaseFault):
        return t("adapter.database", lang, detail=shorten(str(error), 300))
    if isinstance(error, DamagedGame):  # its log and row disagree: said by code, in the member's language
        return t("adapter.damaged", lang, detail=t(f"damage.{error.code.value}", lang, **error.fields))
    if isinstance(error, StorageError):
        return t("adapter.damaged", lang, detail=shorten(str(error), 300))
    return t("adapter.failure", lang)


class DiscordFront:
    """Entry points of the door: commands, components, pad submissions, errors and the sweep."""

    def __init__(self, controller: Controller, config: Config, client: discord.Client,
                 edit_interval: float = 1.0) -> None:
        self.controller = controller
        self.config = config
        self.client = client
        self.shards = Shards(config.shard_count, config.shard_ids)
        """Whose games this process sweeps, when other processes run the other shards."""
        self.panels = Panels()
        self.publisher = Publisher(client, controller, self.panels, edit_interval)
        self.channel_posts = ChannelPoster(client, controller)
        self.games = GameDoor(controller, config, self.publisher)
        self.learn = LearnDoor(controller)
        self.tables = TableDoor(controller, config)
        self.board = BoardDoor(controller)
        self.settings = SettingsDoor(controller)
        self.daily = DailyDoor(controller, client, edit_interval)
        self.seasons = SeasonDoor(controller)
        self.events = EventDoor(controller, client, self.publisher)
        games, learn, tables = self.games, self.learn, self.tables
        self.handlers: dict[Verb, Handler] = {
            Verb.HAND: Handler(games.on_hand), Verb.LAY: Handler(games.on_move), Verb.PLAY: Handler(games.on_move),
            Verb.GO: Handler(games.on_move), Verb.MUGGINS: Handler(games.on_move),
            Verb.ACCEPT: Handler(games.on_accept), Verb.DECLINE: Handler(games.on_decline),
            Verb.FILL: Handler(games.on_fill), Verb.CANCEL: Handler(games.on_cancel),
            Verb.DECLARE: Handler(games.open_declare, games.submit_declare),
            Verb.REVIEW: Handler(learn.on_review), Verb.DRILL: Handler(learn.on_drill),
            Verb.COUNT: Handler(learn.open_count, learn.submit_count),
            Verb.PEG: Handler(tables.on_peg), Verb.PAD: Handler(tables.open_pad, tables.submit_pad),
            Verb.UNDO: Handler(tables.on_undo), Verb.DEAL: Handler(tables.on_deal),
            Verb.DAILY: Handler(self.daily.on_answer),
            Verb.JOIN: Handler(self.events.on_join), Verb.LEAVE: Handler(self.events.on_leave),
        }
        """One table from each verb to what it does."""
        self._seen: OrderedDict[int, None] = OrderedDict()

    @property
    def editor(self) -> LiveEditor:
        return self.publisher.editor

    def first_delivery(self, interaction: discord.Interaction) -> bool:
        """False (with one warning) for an interaction this process has seen already: Discord (or a
        resumed gateway session) delivered it twice, and the first delivery is the one answered."""
        if interaction.id in self._seen:
            log.warning("interaction %s arrived twice; answering only the first", interaction.id)
            return False
        self._seen[interaction.id] = None
        while len(self._seen) > SEEN_LIMIT:
            self._seen.popitem(last=False)
        return True

    async def on_component(self, interaction: discord.Interaction, cid: ComponentId,
                           values: Sequence[str]) -> None:
        """A click on one of our buttons or a choice in our select, its id decoded by the item."""
        if not self.first_delivery(interaction):
            return
        ask = Exchange.of(interaction)
        handler = self.handlers.get(cid.verb)
        try:
            if handler is None:
                await ask.say(t("adapter.unknown_button", ask.lang))
                return
            await handler.click(ask, cid, tuple(values))
        except Exception as exc:  # discord.py would only log it; the player deserves an answer
            await self.report_failure(interaction, exc)

    async def on_modal(self, interaction: discord.Interaction) -> None:
        """A number pad's submission, answered from its custom id and inputs alone, so a pad opened
        before a restart still works (discord.py keeps modals only in memory)."""
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        try:
            cid = ComponentId.parse(custom_id)
        except BadComponentId:
            return  # not ours
        if not self.first_delivery(interaction):
            return
        ask = Exchange.of(interaction)
        handler = self.handlers.get(cid.verb)
        try:
            if handler is None or handler.submit is None:
                await ask.say(t("adapter.unknown_button", ask.lang))
                return
            await handler.submit(ask, cid, submitted_text(interaction))
        except Exception as exc:
            await self.report_failure(interaction, exc)

    async def report_failure(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Something broke after the interaction was taken: log it, and tell the member privately. An
        interaction answered already (delivered twice) is only a warning: nothing more can be said."""
        if already_answered(error):
            log.warning("interaction %s was answered already (a doubled delivery?): %s", interaction.id, error)
            return
        log.error("interaction failed", exc_info=error)
        ask = Exchange.of(interaction)
        try:
            await ask.say(failure_text(error, ask.lang))
        except discord.HTTPException as exc:
            log.warning("could not tell the member about the failure (the interaction may have expired): %s", exc)

    async def sweep_forever(self, every: float = SWEEP_SECONDS) -> None:
        """Reminders and timeouts for players who stop answering (open panels follow the timeouts), then the posts
        due in servers' channels and the club nights' news."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep_once()
            except Exception:
                log.exception("the inactivity sweep failed; trying again in %s s", every)

    async def sweep_once(self) -> None:
        """One sweep: the games' reminders and forfeits (an event game's deadline among them) first, so that a
        round whose last game was forfeited moves on in the same sweep."""
        for reply in await self.controller.run(Sweep(self.shards.owns)):
            await self.publisher.publish(reply)
        await self.channel_posts.post_due(DuePosts(self.shards.owns))
        await self.events.post_due(self.shards.owns)

