"""Discord on the wire, offline: gateway payloads in, recorded HTTP requests out.

`FakeDiscord` replaces discord.py's two HTTP paths (`HTTPClient.request` for the REST API and
`AsyncWebhookAdapter.request` for interaction callbacks and webhooks) with a recorder that keeps
every request's route and JSON body and answers with JSON shaped like Discord's: messages echo
their components (so a later click can carry them), a second callback for one interaction is
refused with 40060 as Discord does. The payload builders make INTERACTION_CREATE events for
slash commands (options and resolved users), component clicks (the message the component is on)
and modal submits; `Harness.send` dispatches one through the client's connection state, exactly
as the gateway would, and waits until everything it started has finished.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord import CribbageBot
from bot.discord.translator import CatalogTranslator

APP = 4000
"""The application's id (and its bot user's)."""
GUILD, CHANNEL = 900, 100
BASE = Route.BASE
TIME = "2026-01-01T00:00:00.000000+00:00"
EPHEMERAL = 64
ALL = 2**53 - 1
"""Every permission."""
THREADS = int(discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                  read_message_history=True, create_public_threads=True,
                                  send_messages_in_threads=True).value)
NO_THREADS = int(discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                     read_message_history=True).value)


@dataclass(frozen=True)
class Room:
    """A channel of the server, as a channel option names it (type 0 a text channel, 2 a voice one)."""

    id: int
    name: str
    type: int = 0

    def resolved(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "type": self.type, "permissions": str(ALL)}


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    nick: str | None = None
    bot: bool = False

    def user(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": None, "discriminator": "0",
                "avatar": None, "public_flags": 0, "bot": self.bot}

    def member(self, permissions: int = 0) -> dict[str, Any]:
        return {"user": self.user(), "nick": self.nick, "roles": [], "joined_at": TIME, "deaf": False,
                "mute": False, "flags": 0, "pending": False, "avatar": None, "permissions": str(permissions)}


ANN, BOB, EVE = Person(1, "ann"), Person(2, "bob"), Person(3, "eve")
BOT = Person(APP, "cribbage", bot=True)
MANAGE = int(discord.Permissions(manage_messages=True).value)


def channel_json(channel_id: int = CHANNEL, *, thread_of: int | None = None, name: str = "general") -> dict[str, Any]:
    """A guild text channel, or a public thread in `thread_of`."""
    data: dict[str, Any] = {"id": str(channel_id), "guild_id": str(GUILD), "name": name, "type": 0, "position": 0,
                            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
                            "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}
    if thread_of is not None:
        data.update(type=11, parent_id=str(thread_of), owner_id=str(APP), member_count=1, message_count=0,
                    thread_metadata={"archived": False, "auto_archive_duration": 1440, "archive_timestamp": TIME,
                                     "locked": False})
        del data["position"], data["permission_overwrites"], data["nsfw"], data["topic"]
    return data


@dataclass
class Call:
    """One recorded request: `route` is 'METHOD /path' (the path filled in), `body` its JSON."""

    route: str
    body: Any = None
    files: tuple[str, ...] = ()
    params: Mapping[str, Any] | None = None
    reply: Any = None
    """What the fake Discord answered."""
    data: Mapping[str, bytes] = field(default_factory=dict)
    """The attached files' bytes by name (a game record, to read back)."""

    @property
    def ids(self) -> list[str]:
        """The custom ids of the components in the body (a message, or a modal's inputs)."""
        body = self.body or {}
        data = body.get("data", body) if isinstance(body, dict) else {}
        return component_ids(data.get("components") or [])

    @property
    def content(self) -> str:
        body = self.body or {}
        data = body.get("data", body)
        return str(data.get("content") or "")

    @property
    def flags(self) -> int:
        body = self.body or {}
        return int(body.get("data", body).get("flags") or 0)


def component_ids(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    out: list[str] = []
    for row in rows:
        for item in row.get("components", ()):
            if "custom_id" in item:
                out.append(item["custom_id"])
    return out


class FakeResponse:
    """What discord.HTTPException reads from an aiohttp response."""

    def __init__(self, status: int, reason: str) -> None:
        self.status, self.reason = status, reason


def http_error(status: int, code: int, message: str) -> discord.HTTPException:
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(FakeResponse(status, message), {"code": code, "message": message})  # type: ignore[arg-type]


@dataclass
class FakeDiscord:
    """Discord's HTTP API as far as the bot uses it, recording every request."""

    calls: list[Call] = field(default_factory=list)
    members: dict[int, Person] = field(default_factory=dict)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    originals: dict[str, int] = field(default_factory=dict)
    """interaction token -> the id of its original response message."""
    interactions: dict[str, dict[str, Any]] = field(default_factory=dict)
    """interaction token -> its payload (for the channel and the clicked message)."""
    answered: set[str] = field(default_factory=set)
    """interaction ids with a callback already."""
    fail: Callable[[Call], discord.HTTPException | None] | None = None
    """Return an error to raise instead of answering a request."""
    owners: dict[int, str] = field(default_factory=dict)
    """message id -> the user id of the interaction that made it (whose ephemeral message it is)."""
    interaction_ids: Iterator[int] = field(default_factory=lambda: itertools.count(7_000_001))
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(10_001))

    def new_id(self) -> int:
        return next(self._ids)

    # ------------------------------------------------------------------ what the tests read

    def routes(self) -> list[str]:
        return [c.route for c in self.calls]

    def find(self, prefix: str) -> list[Call]:
        return [c for c in self.calls if c.route.startswith(prefix)]

    def last(self, prefix: str) -> Call:
        found = self.find(prefix)
        assert found, f"no request {prefix!r} among {self.routes()}"
        return found[-1]

    def clear(self) -> None:
        self.calls.clear()

    def posted(self, channel: int, content: str, buttons: Mapping[str, str]) -> dict[str, Any]:
        """A message the bot posted before (custom id -> label buttons), to click on."""
        row = {"type": 1, "components": [{"type": 2, "style": 2, "label": label, "custom_id": custom_id}
                                         for custom_id, label in buttons.items()]}
        return copy.deepcopy(self._message(channel, Call("POST", {"content": content, "components": [row]})))

    # ------------------------------------------------------------------ the two HTTP paths

    async def rest(self, route: Route, *, files: Sequence[discord.File] | None = None,
                   form: Sequence[dict[str, Any]] | None = None, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if form:
            body = json.loads(next(f["value"] for f in form if f["name"] == "payload_json"))
        return self._answer(Call(f"{route.method} {route.url[len(BASE):]}", body, _names(files),
                                 kwargs.get("params"), data=_data(files)))

    async def webhook(self, route: Route, session: Any = None, *, payload: dict[str, Any] | None = None,
                      multipart: Sequence[dict[str, Any]] | None = None, files: Sequence[discord.File] | None = None,
                      params: Mapping[str, Any] | None = None, **kwargs: Any) -> Any:
        body: Any = payload
        if multipart:
            body = json.loads(next(p["value"] for p in multipart if p["name"] == "payload_json"))
        return self._answer(Call(f"{route.method} {route.url[len(BASE):]}", body, _names(files), params,
                                 data=_data(files)))

    def _answer(self, call: Call) -> Any:
        self.calls.append(call)
        if self.fail is not None and (error := self.fail(call)) is not None:
            raise error
        method, path = call.route.split(" ", 1)
        parts = path.strip("/").split("/")
        handler = getattr(self, f"_{method.lower()}_{parts[0]}", None)
        assert handler is not None, f"the fake Discord does not know {call.route}"
        call.reply = handler(parts, call)
        return call.reply

    # ------------------------------------------------------------------ REST

    def _get_users(self, parts: list[str], call: Call) -> Any:
        return BOT.user() | {"verified": True, "mfa_enabled": False, "flags": 0}

    def _get_oauth2(self, parts: list[str], call: Call) -> Any:
        return {"id": str(APP), "name": "cribbage", "icon": None, "description": "", "bot_public": True,
                "bot_require_code_grant": False, "owner": Person(99, "owner").user(), "verify_key": "00",
                "flags": 0, "summary": "", "team": None}

    def _put_applications(self, parts: list[str], call: Call) -> Any:
        return [dict(c, id=str(self.new_id()), application_id=str(APP), version="1") for c in call.body]

    def _get_guilds(self, parts: list[str], call: Call) -> Any:
        person = self.members.get(int(parts[3]))
        if person is None:
            raise http_error(404, 10007, "Unknown Member")
        return person.member()

    def _get_channels(self, parts: list[str], call: Call) -> Any:
        return channel_json(int(parts[1]))

    def _post_channels(self, parts: list[str], call: Call) -> Any:
        channel = int(parts[1])
        if parts[2] == "threads":
            return channel_json(self.new_id(), thread_of=channel, name=call.body["name"])
        return self._message(channel, call)

    def _patch_channels(self, parts: list[str], call: Call) -> Any:
        return self._edit(int(parts[3]), call)

    def _delete_channels(self, parts: list[str], call: Call) -> Any:
        """A message deleted: gone from every screen."""
        self.messages.pop(int(parts[3]), None)
        return None

    # ------------------------------------------------------------------ interactions and webhooks

    def _post_interactions(self, parts: list[str], call: Call) -> Any:
        interaction, token = parts[1], parts[2]
        if interaction in self.answered:
            raise http_error(400, 40060, "Interaction has already been acknowledged.")
        self.answered.add(interaction)
        kind = call.body["type"]
        data = call.body.get("data") or {}
        payload = self.interactions.get(token, {})
        out: dict[str, Any] = {"interaction": {"id": interaction, "type": payload.get("type", 2),
                                               "response_message_loading": kind == 5,
                                               "response_message_ephemeral": bool((data.get("flags") or 0)
                                                                                  & EPHEMERAL)},
                               "resource": {"type": kind}}
        if kind in (4, 5):
            message = self._message(int(payload.get("channel_id", CHANNEL)),
                                    Call(call.route, data, call.files, data=call.data))
            self.originals[token] = int(message["id"])
            self.owners[int(message["id"])] = _user_of(payload)
            out["interaction"]["response_message_id"] = message["id"]
            out["resource"]["message"] = message
        elif kind in (6, 7) and "message" in payload:
            self.originals[token] = int(payload["message"]["id"])
            if kind == 7:
                out["resource"]["message"] = self._edit(int(payload["message"]["id"]), Call(call.route, data))
        return out

    def _post_webhooks(self, parts: list[str], call: Call) -> Any:
        payload = self.interactions.get(parts[2], {})
        message = self._message(int(payload.get("channel_id", CHANNEL)), call)
        self.owners[int(message["id"])] = _user_of(payload)
        return message

    def _patch_webhooks(self, parts: list[str], call: Call) -> Any:
        token, which = parts[2], parts[4]
        return self._edit(self.originals[token] if which == "@original" else int(which), call)

    def _delete_webhooks(self, parts: list[str], call: Call) -> Any:
        return None

    # ------------------------------------------------------------------ messages

    def _message(self, channel: int, call: Call, message_id: int | None = None) -> dict[str, Any]:
        body = call.body or {}
        message = {"id": str(message_id or self.new_id()), "channel_id": str(channel), "guild_id": str(GUILD),
                   "type": 0, "content": body.get("content") or "", "author": BOT.user(), "attachments": [],
                   "embeds": [], "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False,
                   "tts": False, "timestamp": TIME, "edited_timestamp": None, "flags": body.get("flags") or 0,
                   "components": body.get("components") or []}
        message["attachments"] = self._attachments(call)
        self.messages[int(message["id"])] = message
        return message

    def _edit(self, message_id: int, call: Call) -> dict[str, Any]:
        if message_id not in self.messages:  # a message from before this fake (a restart's old panel)
            self.messages[message_id] = self._message(CHANNEL, Call(call.route, {}), message_id)
        message = self.messages[message_id]
        body = call.body or {}
        for key in ("content", "components", "flags"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key == "components" else "")
        if "attachments" in body or call.files:
            message["attachments"] = self._attachments(call)
        message["edited_timestamp"] = TIME
        return message

    def _attachments(self, call: Call) -> list[dict[str, Any]]:
        """As Discord answers: an image's width and height are read from its bytes."""
        out = []
        for name in call.files:
            data = call.data.get(name, b"")
            item: dict[str, Any] = {"id": str(self.new_id()), "filename": name, "size": len(data) or 1,
                                    "url": f"https://cdn.example/{name}", "proxy_url": f"https://cdn.example/{name}"}
            if data[:8] == b"\x89PNG\r\n\x1a\n":
                item["width"], item["height"] = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            out.append(item)
        return out


def _user_of(payload: Mapping[str, Any]) -> str:
    member = payload.get("member") or {}
    return str((member.get("user") or payload.get("user") or {}).get("id", ""))


def _names(files: Sequence[discord.File] | None) -> tuple[str, ...]:
    return tuple(f.filename or "" for f in files or ())


def _data(files: Sequence[discord.File] | None) -> dict[str, bytes]:
    out = {}
    for f in files or ():
        f.reset()
        out[f.filename or ""] = f.fp.read()
        f.reset()
    return out


# ---------------------------------------------------------------------- gateway payloads


class Payloads:
    """INTERACTION_CREATE payloads, each with a new id and token."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._ids = fake.interaction_ids

    def base(self, kind: int, who: Person, channel: Mapping[str, Any] | None = None, *, locale: str = "en-US",
             guild_locale: str | None = "en-US", permissions: int = 0, app_permissions: int = THREADS,
             message: Mapping[str, Any] | None = None) -> dict[str, Any]:
        number = next(self._ids)
        channel = channel or channel_json()
        payload: dict[str, Any] = {
            "id": str(number), "application_id": str(APP), "type": kind, "token": f"token-{number}", "version": 1,
            "guild_id": str(GUILD), "channel_id": channel["id"], "channel": dict(channel),
            "member": who.member(permissions), "locale": locale, "app_permissions": str(app_permissions),
            "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD)}, "context": 0,
            "attachment_size_limit": 10_485_760}
        if guild_locale is not None:
            payload["guild_locale"] = guild_locale
        if message is not None:
            payload["message"] = dict(message)
        self.fake.interactions[payload["token"]] = payload
        return payload

    def command(self, path: str, who: Person, options: Mapping[str, Any] | None = None, *,
                users: Sequence[Person] = (), **kwargs: Any) -> dict[str, Any]:
        """/cribbage <path> with options (a Person for a user option, a Room for a channel: resolved as Discord
        does)."""
        names = path.split()
        opts: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for name, value in (options or {}).items():
            if isinstance(value, Person):
                resolved.setdefault("users", {})[str(value.id)] = value.user()
                member = value.member()
                del member["user"]
                resolved.setdefault("members", {})[str(value.id)] = member
                opts.append({"type": 6, "name": name, "value": str(value.id)})
            elif isinstance(value, Room):
                resolved.setdefault("channels", {})[str(value.id)] = value.resolved()
                opts.append({"type": 7, "name": name, "value": str(value.id)})
            else:
                kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
                opts.append({"type": kind, "name": name, "value": value})
        for kind, name in reversed(list(zip([2] * (len(names) - 1) + [1], names, strict=True))):
            opts = [{"type": kind, "name": name, "options": opts}]
        data: dict[str, Any] = {"id": "1", "name": "cribbage", "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        payload = self.base(2, who, **kwargs)
        payload["data"] = data
        return payload

    def click(self, message: Mapping[str, Any], custom_id: str, who: Person, values: Sequence[str] = (),
              **kwargs: Any) -> dict[str, Any]:
        """A click on a component of `message` (a select's choice when `values` are given)."""
        kinds = {item["custom_id"]: item["type"] for row in message.get("components", ())
                 for item in row.get("components", ()) if "custom_id" in item}
        assert custom_id in kinds, f"{custom_id} is not on the message: {sorted(kinds)}"
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kinds[custom_id]}
        if kinds[custom_id] == 3:
            data["values"] = list(values)
        channel = kwargs.pop("channel", None) or channel_json(int(message["channel_id"]))
        payload = self.base(3, who, channel, message=message, **kwargs)
        payload["data"] = data
        return payload

    def submit(self, custom_id: str, who: Person, fields: Mapping[str, str], *,
               message: Mapping[str, Any] | None = None, **kwargs: Any) -> dict[str, Any]:
        """A modal's submission with its text inputs by custom id (opened from `message`'s button)."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
        channel = kwargs.pop("channel", None) or (channel_json(int(message["channel_id"])) if message else None)
        payload = self.base(5, who, channel, message=message, **kwargs)
        payload["data"] = {"custom_id": custom_id, "components": rows}
        return payload


# ---------------------------------------------------------------------- the running client


class Harness:
    """A logged-in CribbageBot over the fake Discord, and the way to send it events."""

    def __init__(self, client: CribbageBot, fake: FakeDiscord) -> None:
        self.client = client
        self.fake = fake
        self.payloads = Payloads(fake)

    @property
    def front(self) -> Any:
        return self.client.front

    async def send(self, payload: Mapping[str, Any]) -> None:
        """Deliver one INTERACTION_CREATE and wait for everything it set going."""
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await settle(self.client)

    async def command(self, path: str, who: Person, options: Mapping[str, Any] | None = None,
                      **kwargs: Any) -> dict[str, Any]:
        payload = self.payloads.command(path, who, options, **kwargs)
        await self.send(payload)
        return payload

    async def click(self, message: Mapping[str, Any], custom_id: str, who: Person, values: Sequence[str] = (),
                    **kwargs: Any) -> dict[str, Any]:
        payload = self.payloads.click(message, custom_id, who, values, **kwargs)
        await self.send(payload)
        return payload

    async def submit(self, custom_id: str, who: Person, fields: Mapping[str, str], **kwargs: Any) -> dict[str, Any]:
        payload = self.payloads.submit(custom_id, who, fields, **kwargs)
        await self.send(payload)
        return payload

    def of(self, payload: Mapping[str, Any]) -> list[Call]:
        """The requests answering one interaction (its callback and its webhook calls), in order."""
        token = payload["token"]
        return [c for c in self.fake.calls if f"/{payload['id']}/{token}/" in c.route + "/"
                or f"/webhooks/{APP}/{token}" in c.route]

    def original(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        """The message answering an interaction (its deferred-then-edited original), as it is now (a copy:
        a later click from it carries it as the member saw it)."""
        return copy.deepcopy(self.fake.messages[self.fake.originals[payload["token"]]])

    def live_message(self, channel: int) -> dict[str, Any]:
        """The newest public message in a channel that offers the table's Open my panel (turn mentions may be
        below it), as it is now (a copy)."""
        found = [m for m in self.fake.messages.values() if m["channel_id"] == str(channel)
                 and not m["flags"] & EPHEMERAL and any(c.get("custom_id", "").endswith(":0:hand")
                                                        for row in m.get("components", ()) for c in row["components"])]
        assert found, f"no table in {channel}"
        return copy.deepcopy(found[-1])

    def last_message(self, channel: int) -> dict[str, Any]:
        """The newest public message in a channel, as it is now (a copy)."""
        found = [m for m in self.fake.messages.values()
                 if m["channel_id"] == str(channel) and not m["flags"] & EPHEMERAL]
        assert found, f"no message in {channel}"
        return copy.deepcopy(found[-1])


def exchange(calls: Sequence[Call]) -> list[tuple[str, int | None, int]]:
    """Requests as (kind, callback type, flags): 'callback', 'edit-original', 'followup', 'edit-followup'."""
    out: list[tuple[str, int | None, int]] = []
    for c in calls:
        if c.route.endswith("/callback"):
            out.append(("callback", c.body["type"], c.flags))
        elif c.route.startswith("PATCH") and c.route.endswith("/@original"):
            out.append(("edit-original", None, c.flags))
        elif c.route.startswith("DELETE"):
            out.append(("delete-original", None, 0))
        elif c.route.startswith("POST /webhooks"):
            out.append(("followup", None, c.flags))
        elif c.route.startswith("PATCH /webhooks"):
            out.append(("edit-followup", None, c.flags))
    return out


async def settle(client: discord.Client, until: Callable[[], bool] | None = None, timeout: float = 30.0) -> None:
    """Wait until every task but the long-lived ones (the sweep) is done, or until `until()` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    keep = {asyncio.current_task(), getattr(client, "_sweeper", None)}
    while True:
        if until is not None and until():
            return
        pending = [t for t in asyncio.all_tasks()
                   if t not in keep and t.get_name() != "cribbage-sweep" and not t.done()]  # any bot's sweep
        if not pending and until is None:
            return
        left = deadline - loop.time()
        if left <= 0:
            raise TimeoutError(f"still running: {[t.get_name() for t in pending]}")
        await asyncio.wait(pending, timeout=min(left, 0.05)) if pending else await asyncio.sleep(0.01)


def install(monkeypatch: Any, fake: FakeDiscord) -> None:
    """Route discord.py's HTTP through `fake` (no network)."""

    async def rest(self: HTTPClient, route: Route, **kwargs: Any) -> Any:
        return await fake.rest(route, **kwargs)

    async def webhook(self: AsyncWebhookAdapter, route: Route, session: Any = None, **kwargs: Any) -> Any:
        return await fake.webhook(route, session, **kwargs)

    monkeypatch.setattr(HTTPClient, "request", rest)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook)


async def translated_payload(group: app_commands.Group) -> dict[str, Any]:
    """A command group as it is synced, translated from the catalog (no connection is made)."""
    client = discord.Client(intents=discord.Intents.none())
    try:
        tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
        tree.add_command(group)
        translator = CatalogTranslator()
        await tree.set_translator(translator)
        return await group.get_translated_payload(tree, translator)
    finally:
        await client.close()
