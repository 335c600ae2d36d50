"""What each member and a spectator sees of a game, rebuilt from the bot's HTTP traffic as Discord's client lays it
out, and the checks the player's view is held to (docs/who-sees-what.md, issue 29).

After every action of a game driven through discord.py's CommandTree (`Members` in test_discord_group.py), `Screens`
reads the requests that action made and the messages as they are now:
- a message is public unless its flags say ephemeral; an ephemeral one is seen by the member whose interaction made
  it (FakeDiscord.owners);
- an image is shown as Discord shows it: one image in a message is scaled (never cropped) into a box of about
  550x350 CSS px; two or more are tiled and cropped;
- a control is live when it is enabled; it is out of date when pressing it now would be refused (a move's version is
  not the game's, a declared show is over, an invitation has been answered).
It counts per deal the new public messages in the thread, the new private messages per member, and the presses that
had only one possible answer.
"""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from bot.app.commands import (
    GameInfo,
    GameMessage,
    GameRecord,
)
from bot.app.controller import Controller
from bot.app.shown.ids import BadComponentId, ComponentId, Verb
from engine.core.cards import parse_card
from engine.core.record_view import record_for
from tests.bot.discord.test_discord_group import CARD, MENTION
from tests.bot.discord_helpers import EPHEMERAL, Call, FakeDiscord

BOX = (550, 350)
"""Discord's box for a message's one image, in CSS pixels (desktop and phone alike, at most)."""
MOVE_VERBS = {Verb.LAY, Verb.PLAY, Verb.GO, Verb.MUGGINS}
INVITE_VERBS = {Verb.ACCEPT, Verb.DECLINE, Verb.FILL, Verb.CANCEL}
PERSONAL_VERBS = {*MOVE_VERBS, Verb.DECLARE, Verb.REVIEW}
"""Controls that are one member's: pressed by anyone else they are refused. A public message carries none of them;
the table's Open my panel (Verb.HAND) is for anyone (a seat's panel, or a watcher's view)."""
NOT_NEWEST = "the live table is not the newest message of the thread"
PERSONAL = "a public message with the personal control"
OUTSIDE = "a message outside the game's thread with"


def card_texts(text: str) -> set[str]:
    """The cards a text shows, in the record's spelling (10♥ -> 10H)."""
    return {str(parse_card(c)) for c in CARD.findall(text)}


def shown_size(width: int, height: int) -> tuple[int, int]:
    """The size Discord shows one image at: scaled down to fit the box, never up."""
    scale = min(1.0, BOX[0] / width, BOX[1] / height)
    return round(width * scale), round(height * scale)


@dataclass
class Deal:
    """What one deal cost the people at the table."""

    public_posts: int = 0
    private_new: Counter[str] = field(default_factory=Counter)
    presses: Counter[str] = field(default_factory=Counter)
    forced: Counter[str] = field(default_factory=Counter)
    """Presses of a panel that offered only one possible answer."""
    forced_kinds: Counter[str] = field(default_factory=Counter)
    """Those presses by the verb of the control pressed."""
    mentions: int = 0
    """Turn mentions posted in the thread (not counted in `public_posts`: each is deleted once its member acts)."""


@dataclass
class Screens:
    """The view of one game's thread (and its channel) for each person, checked action by action."""

    fake: FakeDiscord
    controller: Controller
    game: str
    thread: str
    seated: dict[str, str]
    """user id -> name, for the members with a seat."""
    seen_calls: int = 0
    seen_deals: int = 0
    """How many deals the game had at the previous step: an action that deals anew is read against the deal it ended
    (its show post and table lines speak of that one; the new deal's cards are all face down)."""
    deals: dict[int, Deal] = field(default_factory=lambda: defaultdict(Deal))
    problems: list[str] = field(default_factory=list)
    """Every check that failed, as a line naming the action, the person and what they saw (once a message and kind)."""
    kinds: dict[tuple[str, str], str] = field(default_factory=dict)
    """(kind of problem, message id) -> the first action that showed it."""
    leaks: list[str] = field(default_factory=list)
    """The hidden-information failures alone (a card another seat still holds, the seed)."""
    lines: dict[str, set[str]] = field(default_factory=dict)
    """message id -> the lines it has shown so far: an edit is read for its new lines (the table keeps a few of the
    previous deal's lines, about cards that were shown then)."""
    public: set[str] = field(default_factory=set)
    """Every line a public message has shown: repeated to anyone later (a watcher's view), it tells them nothing."""
    images: list[tuple[int, int]] = field(default_factory=list)
    """Every image's size as shown, the last time each message was drawn."""

    async def record(self) -> dict[str, Any]:
        whole = await self.controller.run(GameRecord(self.game, whole=True))
        assert whole is not None
        return dict(json.loads(whole.data))

    async def step(self, action: str, who: str | None = None, offered: int = 0, kind: str = "") -> None:
        """Check what the latest action (`who` pressed a `kind` control on a panel that offered `offered` possible
        answers) left."""
        record = await self.record()
        deal = self.deals[max(len(record["deals"]) - 1, 0)]
        if who is not None:
            deal.presses[who] += 1
            deal.forced[who] += offered == 1
            deal.forced_kinds[kind] += offered == 1
        calls = self.fake.calls[self.seen_calls:]
        self.seen_calls = len(self.fake.calls)
        for call in calls:
            self._count(call, deal)
        deal_index = min(len(record["deals"]), max(self.seen_deals, 1)) - 1
        self.seen_deals = len(record["deals"])
        held = self._held(record, deal_index)
        version = await self._version()
        for message in self.fake.messages.values():
            if message["channel_id"] != self.thread:
                self._check_elsewhere(action, message)
                continue
            viewer = self._viewer(message)
            self._check_images(action, viewer, message)
            self._check_controls(action, viewer, message, version)
        for call in calls:
            self._check_hidden(action, call, held, record, deal_index)
        await self._check_table_last(action)

    async def _check_table_last(self, action: str) -> None:
        """The newest public message of the thread is the live table, so a member scrolled to the bottom sees it."""
        meta = await self.controller.run(GameInfo(self.game))
        public = [m for m in self.fake.messages.values() if m["channel_id"] == self.thread
                  and not m["flags"] & EPHEMERAL]
        told = Counter(found.group(0)[2:-2] for m in public if (found := MENTION.match(m["content"])))
        for user, count in told.items():
            if count > 1:
                self._problem("two pending turn mentions of one member", public[-1], action, f"member {user}")
        public = [m for m in public if not MENTION.match(m["content"])]  # pending mentions may stay below it
        if meta is not None and meta.status.live and public and str(public[-1]["id"]) != meta.message:
            self._problem(NOT_NEWEST, public[-1], action, "")

    def _check_elsewhere(self, action: str, message: dict[str, Any]) -> None:
        """Outside the game's thread (the channel it was started from) nobody is offered a move or a card: a
        member never plays from there."""
        for row in message.get("components", []):
            for item in row.get("components", []):
                try:
                    cid = ComponentId.parse(item.get("custom_id", ""))
                except BadComponentId:
                    continue
                if cid.game == self.game and cid.verb in PERSONAL_VERBS and not item.get("disabled"):
                    self._problem(f"{OUTSIDE} {cid.verb.value}", message, action, _who(self._viewer(message)))
        if message["flags"] & EPHEMERAL and CARD.search(message.get("content", "")):
            self._problem(f"{OUTSIDE} cards", message, action, _who(self._viewer(message)))

    async def _version(self) -> int:
        table = await self.controller.run(GameMessage(self.game))
        return table.version

    def _viewer(self, message: dict[str, Any]) -> str | None:
        """Whose screen a message is on: None for everyone (public), else the member's id."""
        if message["flags"] & EPHEMERAL:
            return self.fake.owners.get(int(message["id"]), "?")
        return None

    def _count(self, call: Call, deal: Deal) -> None:
        if not isinstance(call.body, dict):
            return
        if call.route == f"POST /channels/{self.thread}/messages" and MENTION.match(call.content):
            deal.mentions += 1
        elif call.route == f"POST /channels/{self.thread}/messages":
            deal.public_posts += 1
        elif call.route.endswith("/callback") and call.body["type"] in (4, 5) and call.flags & EPHEMERAL \
                or call.route.startswith("POST /webhooks") and call.flags & EPHEMERAL:
            owner = self._owner_of(call)
            if owner in self.seated:
                deal.private_new[owner] += 1

    def _target(self, call: Call) -> dict[str, Any] | None:
        """The message a request wrote (made or edited), as it is now."""
        parts = call.route.split(" ", 1)[1].strip("/").split("/")
        if parts[0] == "interactions":
            payload = self.fake.interactions.get(parts[2], {})
            if call.body["type"] == 7:
                return self.fake.messages.get(int(payload["message"]["id"]))
            message_id = self.fake.originals.get(parts[2])
        elif parts[0] == "webhooks":
            if call.route.startswith("POST"):
                return call.reply if isinstance(call.reply, dict) else None
            message_id = self.fake.originals.get(parts[2]) if parts[-1] == "@original" else int(parts[-1])
        elif parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            if call.route.startswith("POST"):
                return call.reply if isinstance(call.reply, dict) else None
            message_id = int(parts[3])
        else:
            return None
        return self.fake.messages.get(message_id) if message_id is not None else None

    def _counting(self, viewer: str | None, deal: int) -> bool:
        """Does the member still owe a count of this deal's show (a self-counted one, or muggins')?"""
        live = self.controller.games.load(self.game)
        assert live is not None
        seat = live.seat_of(viewer) if viewer is not None else None
        step = live.game.show_step()
        owed = step is not None and step.seat == seat and live.game.deal_number == deal
        return owed or any(s.seat == seat and s.deal == deal for s in live.count_steps())

    def _problem(self, kind: str, message: dict[str, Any], action: str, detail: str) -> None:
        key = (kind, str(message["id"]))
        if key not in self.kinds:
            self.kinds[key] = action
            self.problems.append(f"{action}: {kind}" + (f" ({detail})" if detail else ""))

    def _owner_of(self, call: Call) -> str:
        token = call.route.split("/")[3]  # POST /interactions/ID/TOKEN/callback, /webhooks/APP/TOKEN…
        payload = self.fake.interactions.get(token, {})
        return str(((payload.get("member") or {}).get("user") or {}).get("id", ""))

    def _check_images(self, action: str, viewer: str | None, message: dict[str, Any]) -> None:
        pictures = [a for a in message.get("attachments", []) if "width" in a]
        if len(pictures) > 1:
            self._problem("two or more images in a message (Discord tiles and crops them)", message, action,
                          f"{_who(viewer)}: {len(pictures)} images")
        for a in pictures[:1]:
            self.images.append(shown_size(a["width"], a["height"]))

    def _check_controls(self, action: str, viewer: str | None, message: dict[str, Any], version: int) -> None:
        for row in message.get("components", []):
            for item in row.get("components", []):
                if item.get("disabled") or "custom_id" not in item:
                    continue
                try:
                    cid = ComponentId.parse(item["custom_id"])
                except BadComponentId:
                    continue
                if cid.game != self.game:
                    continue
                if viewer is None and cid.verb in PERSONAL_VERBS:
                    self._problem(f"{PERSONAL} {cid.verb.value}", message, action, "")
                versioned = cid.verb in MOVE_VERBS or cid.verb is Verb.DECLARE and cid.arg == "muggins"
                if versioned and cid.version != version:  # a muggins count is a move: it names the game's version
                    self._problem(f"an enabled {cid.verb.value} control that is out of date", message, action,
                                  f"{_who(viewer)}: version {cid.version}, the game is at {version}")
                elif cid.verb is Verb.DECLARE and not versioned and not self._counting(viewer, cid.version):
                    self._problem("an enabled declare control for a count already made", message, action,
                                  f"{_who(viewer)}: deal {cid.version + 1}")

    def _held(self, record: dict[str, Any], index: int) -> dict[int, set[str]]:
        """Each seat's cards in a deal that it has not laid in the play."""
        if index < 0:
            return {}
        deal = record["deals"][index]
        played = {p["card"] for p in deal["plays"] if "card" in p}
        return {s: set(hand) - played for s, hand in enumerate(deal["hands"])}

    def _known(self, viewer: str | None, index: int) -> dict[int, set[str]]:
        """The cards of each seat in the latest deal that the table has shown `viewer` (engine.core.record_view)."""
        live = self.controller.games.load(self.game)
        assert live is not None
        seat = live.seat_of(viewer) if viewer is not None else None
        hidden = live.hidden()
        view = record_for(live.game, live.names, seat, hidden.start if hidden else None)
        if index < 0:
            return {}
        deal = view["deals"][index]
        crib = set(deal.get("crib", ()))  # shown once counted: whoever laid each card away
        cut = {c["card"] for c in view["cut"]} if index == 0 else set()  # cut for the deal, then shuffled in
        return {s: set(hand) | crib | cut for s, hand in enumerate(deal["hands"])}

    def _check_hidden(self, action: str, call: Call, held: dict[int, set[str]], record: dict[str, Any],
                      index: int) -> None:
        """A message this action wrote shows no card a seat still holds that the table has not shown its reader,
        and never the seed, while the game goes on."""
        text = call.content if isinstance(call.body, dict) else ""
        if not text or record.get("winner") is not None or call.route.endswith("/callback") \
                and call.body["type"] not in (4, 7):
            return
        target = self._target(call)
        if target is None or target.get("channel_id") != self.thread:
            return
        viewer = self._viewer(target)
        before = self.lines.setdefault(str(target["id"]), set())
        text = "\n".join(line for line in text.splitlines() if line not in before and line not in self.public)
        before.update(call.content.splitlines())
        if viewer is None:
            self.public.update(call.content.splitlines())
        known = self._known(viewer, index)
        for seat, cards in held.items():
            seen = card_texts(text) & cards - known.get(seat, set())
            if seen:
                line = (f"{action}: {_who(viewer)} sees {sorted(seen)} that {record['seats'][seat]} still holds "
                        f"({call.route} {text!r})")
                self.problems.append(line)
                self.leaks.append(line)
        seed = record.get("seed")
        if isinstance(seed, int) and seed >= 1000 and str(seed) in re.findall(r"\d+", text):  # a small one is a score
            line = f"{action}: {_who(viewer)} sees the seed"
            self.problems.append(line)
            self.leaks.append(line)


def _who(viewer: str | None) -> str:
    return "everyone" if viewer is None else f"member {viewer}"


def summary(screens: Screens) -> dict[str, object]:
    """The figures a closing note quotes: per deal (medians over the deals played whole), and each kind of problem
    with how often it came."""
    deals = [screens.deals[k] for k in sorted(screens.deals)]
    whole = deals[1:-1] or deals  # the first also holds the start, the last is cut short by the win
    members = list(screens.seated)
    kinds = Counter(kind for kind, _ in screens.kinds)
    kinds.update("a card another seat holds, or the seed" for _ in screens.leaks)
    return {
        "deals": len(deals),
        "public_posts_per_deal": statistics.median(d.public_posts for d in whole),
        "private_new_per_member_per_deal": statistics.median(d.private_new[m] for d in whole for m in members),
        "private_new_most": max(d.private_new[m] for d in whole for m in members),
        "presses_per_member_per_deal": statistics.median(d.presses[m] for d in whole for m in members),
        "forced_presses": sum(d.forced[m] for d in deals for m in members),
        "forced_by_kind": dict(sum((d.forced_kinds for d in deals), Counter[str]()).most_common()),
        "mentions_per_deal": statistics.median(d.mentions for d in whole),
        "narrowest_image_shown": min((w for w, _ in screens.images), default=0),
        "messages_with_problem": dict(kinds.most_common()),
    }
