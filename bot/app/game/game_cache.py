"""The live games in memory, each rebuilt from storage by replaying its log when it is not cached.

A new process over the same database continues every game exactly: state is never stored, only the
actions, and the computer's choices depend on the game's seed and version, never on memory.
"""

from __future__ import annotations

import logging
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from bot.app.game import snapshot
from bot.app.game.live_game import LiveGame
from bot.storage import GameStore, StorageError
from bot.storage.errors import state_mismatch
from bot.storage.values import GameMeta, Status, StoredGame
from engine.core.actions import PlayerAction
from engine.core.game import Game, GameError

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Resting:
    """A game between commands: who plays it and how it stands, and the game itself pickled."""

    meta: GameMeta
    data: bytes

CACHE_GAMES = 2000
"""Live games kept in memory; older ones are rebuilt from storage when next touched."""


def replayed(stored: StoredGame) -> Game:
    """The game a stored log replays to: StorageError when an action does not replay, DamagedGame when the
    game it comes to contradicts the row's status (over by the cards exactly when the row says so, with the
    same winner), so a damaged game is refused, never resumed from another state."""
    meta = stored.meta
    game = Game(meta.rules, seed=meta.seed)
    for n, action in enumerate(stored.actions):
        try:
            game.apply(action)
        except GameError as exc:
            raise StorageError(f"game {meta.id}: logged action {n} ({action}) does not replay: {exc}") from None
    if game.over != (meta.status is Status.OVER) or (game.over and game.winner != meta.winner):
        raise state_mismatch(meta.id, meta.status.value, game.over)
    return game


class GameCache:
    """Loads, keeps and forgets live games; safe to call from several worker threads.

    A game at rest between commands is kept as its pickled bytes, not as objects: a full pass of the
    garbage collector walks every object a process holds and stops its event loop meanwhile, and a
    thousand games' worth of objects made that pass last about 100 ms. A command unpickles its game
    (`load`), works on it, and `park` puts it back to rest (the controller does so under the game's lock).

    Other processes may share the database: a cached game is used only while its stored revision is the
    one this process read or wrote last (one indexed read a command); otherwise it is read again."""

    def __init__(self, store: GameStore, size: int = CACHE_GAMES) -> None:
        self.store = store
        self._size = size
        snapshot.install()
        self._resting: OrderedDict[str, _Resting] = OrderedDict()
        self._busy: dict[str, LiveGame] = {}
        self._lock = threading.Lock()  # worker threads of different games share the cache

    def load(self, game_id: str) -> LiveGame | None:
        live = self._fresh(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id)
        if stored is None:
            return None
        game = replayed(stored)
        live = LiveGame(stored.meta, game, names=tuple(s.name for s in stored.meta.seats))
        if stored.meta.self_count:
            live.declared = {(d.deal, d.seat, d.crib): d.declared for d in self.store.declarations(game_id)}
        self.remember(live)
        return live

    def _held_meta(self, game_id: str) -> GameMeta | None:
        """What this process holds of a game (in use or at rest), if the database is still at its revision;
        otherwise the game is forgotten (another process wrote since: memory is behind)."""
        with self._lock:
            live = self._busy.get(game_id)
            resting = self._resting.get(game_id)
        meta = live.meta if live is not None else resting.meta if resting is not None else None
        if meta is not None and self.store.revision(game_id) != meta.rev:
            self.forget(game_id)
            return None
        return meta

    def _fresh(self, game_id: str) -> LiveGame | None:
        """The cached game, if it is as the database holds it now, woken from rest if need be."""
        if self._held_meta(game_id) is None:
            return None
        with self._lock:
            live = self._busy.get(game_id)  # in use, or woken by another thread meanwhile
            if live is None:
                resting = self._resting.get(game_id)
                if resting is None:  # forgotten meanwhile
                    return None
                live = self._busy[game_id] = pickle.loads(resting.data)
                self._resting.move_to_end(game_id)
        return live

    def write(self, live: LiveGame, write: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`write(game id, *args, rev=..., **kwargs)`: a storage write made only if the game's row is still at
        the revision this process holds (StaleWrite otherwise, and the game is dropped from memory)."""
        try:
            done = write(live.id, *args, rev=live.meta.rev, **kwargs)
        except BaseException:
            self.forget(live.id)
            raise
        live.meta = replace(live.meta, rev=live.meta.rev + 1)
        return done

    def create(self, live: LiveGame, actions: Sequence[PlayerAction] = ()) -> None:
        """Store a new game (with its first `actions`), then keep it in memory: one not stored is never held."""
        self.store.create(live.meta, actions)
        self.remember(live)

    def remember(self, live: LiveGame) -> None:
        """Keep a game in memory, in use until it is parked."""
        with self._lock:
            self._busy[live.id] = live

    def park(self, game_id: str) -> None:
        """Put a game at rest once a command is done with it (call it where no other command can be using
        it, as under the game's lock)."""
        with self._lock:
            live = self._busy.pop(game_id, None)
        if live is None:
            return
        try:
            data = pickle.dumps(live, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:  # its log still rebuilds it
            log.warning("game %s could not be put at rest (%s): it will be replayed when next used", game_id, exc)
            with self._lock:
                self._resting.pop(game_id, None)
            return
        with self._lock:
            if game_id in self._busy:  # woken again meanwhile: that copy is the one in use
                return
            self._resting[game_id] = _Resting(live.meta, data)
            self._resting.move_to_end(game_id)
            while len(self._resting) > self._size:
                self._resting.popitem(last=False)

    def forget(self, game_id: str) -> None:
        """Drop a game from memory: it is over, or memory may be ahead of the database."""
        with self._lock:
            self._busy.pop(game_id, None)
            self._resting.pop(game_id, None)

    def meta(self, game_id: str) -> GameMeta | None:
        """Who plays a game and how it stands, from memory when cached and current (no replay needed)."""
        meta = self._held_meta(game_id)
        if meta is not None:
            return meta
        stored = self.store.load(game_id)
        return stored.meta if stored is not None else None

    def set_message(self, game_id: str, place: str, message: str) -> None:
        live = self.load(game_id)
        if live is not None:
            self.write(live, self.store.set_message, place, message)
            live.meta = replace(live.meta, place=place, message=message)
