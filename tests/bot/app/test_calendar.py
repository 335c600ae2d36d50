"""Timed channel posts (bot/app/companion/calendar.py): made once however many processes find them due, made after
a process that claimed one stopped, never made again once done; and through Discord, sent and said back."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app.commands import DuePosts
from bot.app.companion.calendar import LEASE, Calendar, Due
from bot.app.shown.replies import ChannelPost
from bot.storage import SqliteStorage
from tests.bot.conftest import make_controller, start_bot
from tests.bot.discord_helpers import http_error, settle


@dataclass
class Bells:
    """A timed feature for the test: one post a server and hour, due from the hour's start."""

    guilds: tuple[str, ...] = ("g1", "g2")
    made: list[str] = field(default_factory=list)
    kept: dict[str, str] = field(default_factory=dict)
    prefix: str = "bell"

    def due(self, now: float) -> Iterable[Due]:
        hour = int(now // 3600)
        for guild in self.guilds:
            key = f"bell:{guild}:{hour}"
            if key not in self.kept:
                yield Due(key, guild, lambda key=key, guild=guild: self.make(key, guild))

    def make(self, key: str, guild: str) -> ChannelPost | None:
        self.made.append(key)
        if guild == "quiet":
            return None
        return ChannelPost(key, "100", f"the {key.rsplit(':', 1)[1]} o'clock bell of {guild}")

    def posted(self, key: str, message: str) -> None:
        self.kept[key] = message


def calendars(path: Path, clock: list[float], count: int) -> tuple[list[Calendar], list[Bells]]:
    """`count` processes' calendars over one database file (each its own connection and features)."""
    bells = [Bells() for _ in range(count)]
    return [Calendar(SqliteStorage(path), lambda: clock[0], [b], holder=f"p{i}") for i, b in enumerate(bells)], bells


def test_two_processes_make_each_post_once(tmp_path: Path) -> None:
    clock = [7200.0]
    (one, two), _ = calendars(tmp_path / "db.sqlite3", clock, 2)
    first = one.due_posts(DuePosts())
    assert [p.text for p in first] == ["the 2 o'clock bell of g1", "the 2 o'clock bell of g2"]
    assert two.due_posts(DuePosts()) == []  # claimed by the first
    for post in first:
        one.done(post.key, f"m-{post.key}")
    clock[0] += LEASE + 1
    assert two.due_posts(DuePosts()) == []  # done: never again, though the second process's feature forgot it


def test_a_post_claimed_by_a_process_that_stopped_is_made_by_another_after_the_lease(tmp_path: Path) -> None:
    clock = [7200.0]
    (one, two), (_, bells_two) = calendars(tmp_path / "db.sqlite3", clock, 2)
    assert len(one.due_posts(DuePosts(lambda guild: guild == "g1"))) == 1  # then the process stops
    clock[0] += LEASE - 1
    assert [p.key for p in two.due_posts(DuePosts())] == ["bell:g2:2"]
    two.done("bell:g2:2", "m7")
    clock[0] += 1
    posts = two.due_posts(DuePosts())
    assert [p.key for p in posts] == ["bell:g1:2"]
    two.done("bell:g1:2", "m9")
    one.done("bell:g1:2", "m8")  # the first comes back too late: its feature keeps it, the claim stays the other's
    assert bells_two.kept == {"bell:g2:2": "m7", "bell:g1:2": "m9"}


def test_nothing_to_post_finishes_the_work(tmp_path: Path) -> None:
    clock = [3600.0]
    (one,), (bells,) = calendars(tmp_path / "db.sqlite3", clock, 1)
    bells.guilds = ("quiet",)
    assert one.due_posts(DuePosts()) == []
    assert (bells.made, bells.kept) == (["bell:quiet:1"], {"bell:quiet:1": ""})
    bells.kept.clear()
    assert one.due_posts(DuePosts()) == [] and bells.made == ["bell:quiet:1"]


async def test_the_sweep_sends_each_post_and_gives_up_a_channel_it_cannot_post_in(fake: Any) -> None:
    clock = [7200.0]
    controller = make_controller(clock=lambda: clock[0])
    bells = Bells(guilds=("900",))
    controller.calendar.features = {"bell": bells}
    bot = await start_bot(controller, fake, sweep_every=0.01)
    await settle(bot.client, until=lambda: "bell:900:2" in bells.kept)
    (sent,) = fake.find("POST /channels/100/messages")
    assert (sent.content, bells.kept) == ("the 2 o'clock bell of 900", {"bell:900:2": sent.reply["id"]})
    fake.fail = lambda call: http_error(403, 50013, "Missing Permissions") if call.route.startswith("POST") else None
    clock[0] += 3600
    await settle(bot.client, until=lambda: "bell:900:3" in bells.kept)
    assert bells.kept["bell:900:3"] == "" and len(fake.find("POST /channels/100/messages")) == 2  # tried once
    await bot.client.close()


async def test_a_discord_failure_leaves_the_post_to_be_tried_again_at_the_next_sweep(fake: Any) -> None:
    clock = [7200.0]
    controller = make_controller(clock=lambda: clock[0])
    bells = Bells(guilds=("900",))
    controller.calendar.features = {"bell": bells}
    bot = await start_bot(controller, fake)
    fake.fail = lambda call: http_error(500, 0, "Server Error")
    assert await bot.client.front.channel_posts.post_due(DuePosts()) == 0
    assert bells.kept == {}
    fake.fail = None
    assert await bot.client.front.channel_posts.post_due(DuePosts()) == 1  # this process holds it: tried again
    assert bells.kept == {"bell:900:2": fake.last("POST /channels/100/messages").reply["id"]}
    clock[0] += LEASE
    assert await bot.client.front.channel_posts.post_due(DuePosts(lambda guild: True)) == 0
    assert len(fake.find("POST /channels/100/messages")) == 2
    await bot.client.close()
