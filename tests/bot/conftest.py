"""Shared fixtures of the bot tests: a controller closed after each test, one `wait_until`, and (for
the Discord door) the fake Discord on the wire and a logged-in client over it."""

from __future__ import annotations

import itertools
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

from bot.app.controller import Controller
from bot.config import Config
from bot.storage import SqliteStorage
from tests.waiting import wait_until

if TYPE_CHECKING:
    from tests.bot.discord_helpers import FakeDiscord, Harness




@pytest.fixture(name="wait_until")
def wait_until_fixture() -> Callable[[Callable[[], bool], float], bool]:
    return wait_until


def make_controller(path: object = ":memory:", seeds: int = 11, clock: Callable[[], float] = time.time) -> Controller:
    """A controller over SQLite with predictable ids: games game1, game2 …, tables t1, t2 … (one counter)."""
    counter = itertools.count(1)
    controller = Controller(SqliteStorage(path), ids=lambda: f"game{next(counter)}", seeds=lambda: seeds,
                            clock=clock)
    controller.tables._table_ids = lambda: f"t{next(counter)}"
    return controller


@pytest.fixture(autouse=True)
def close_controllers(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Controller]]:
    """Every controller a test makes is closed after it, even when an assertion fails half-way."""
    made: list[Controller] = []
    build = Controller.__init__

    def init(self: Controller, *args: Any, **kwargs: Any) -> None:
        build(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Controller, "__init__", init)
    yield made
    for c in made:
        c.close()


@pytest.fixture
def controller() -> Iterator[Controller]:
    c = make_controller()
    yield c
    c.close()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    """Discord's HTTP API, recorded and answered offline."""
    from tests.bot.discord_helpers import FakeDiscord, install

    fake = FakeDiscord()
    install(monkeypatch, fake)
    return fake


async def start_bot(controller: Controller, fake: FakeDiscord, config: Config | None = None,
                    sweep_every: float = 3600.0) -> Harness:
    """A CribbageBot logged in over `fake` (its setup hook has run: translator, dynamic items, sync)."""
    from bot.discord import CribbageBot
    from tests.bot.discord_helpers import Harness

    client = CribbageBot(config or Config(None, difficulty="easy", skunk=True), controller, edit_interval=0.0,
                         sweep_every=sweep_every)
    await client.login("MTIz.fake.token")
    return Harness(client, fake)


@pytest.fixture
async def bot(controller: Controller, fake: FakeDiscord) -> AsyncIterator[Harness]:
    harness = await start_bot(controller, fake)
    yield harness
    await harness.client.close()
