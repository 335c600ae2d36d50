"""A game's part in the ratings (docs/ratings.md): whether a new game is rated (the server's default), what its
start says when farming leaves a pair unrated, and at its end the results the engine's rule gives, applied in the
same commit as the end (GameStore.append / set_status `rated`) and said with it ("ann 1512 → 1527")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from bot.app.companion.settings_book import SettingsBook
from bot.app.game.live_game import LiveGame
from bot.i18n import t
from bot.settings import Scope, of_game
from bot.storage.interfaces import RatingStore
from bot.storage.rating_values import RatedGame
from bot.storage.values import GameMeta, SeatKind, Status
from engine.core.game import Game
from engine.rating.rated import DAY, Change, Ending, FinishedGame, SeatPlayer, judge

ENDINGS = {Status.OVER: Ending.CARDS, Status.RESIGNED: Ending.RESIGNED, Status.TIMED_OUT: Ending.TIMED_OUT}


def finished_game(meta: GameMeta, scores: tuple[int, ...]) -> FinishedGame:
    """The game as the engine's rule reads it: each seat's member (one who left is still theirs, marked left: the
    computer finished the seat), the final scores, the winner, how it ended and whether it is rated."""
    left = {c.seat: c.user for c in meta.changes if c.user}
    seats = tuple(SeatPlayer(s.user) if s.kind is SeatKind.HUMAN and s.user
                  else SeatPlayer(left[i], left=True) if i in left else SeatPlayer(None)
                  for i, s in enumerate(meta.seats))
    return FinishedGame(seats, scores, meta.winner, ENDINGS.get(meta.status, Ending.ENDED),
                        bool(of_game(meta, "rated")))


def facing(meta: GameMeta) -> list[tuple[str, str]]:
    """The pairs of members the game can give a result between (partners never play each other)."""
    seats = [(i, s.user) for i, s in enumerate(meta.seats) if s.kind is SeatKind.HUMAN and s.user]
    four = meta.rules.players == 4
    return [(a, b) for (i, a), (j, b) in combinations(seats, 2) if not (four and i % 2 == j % 2)]


class GameRatings:
    """Reads the ratings' settings and history for games, and builds what a finished game gives."""

    def __init__(self, store: RatingStore, settings: SettingsBook) -> None:
        self.store = store
        self.settings = settings

    def with_default(self, guild: str, given: Mapping[str, object]) -> Mapping[str, object]:
        """A new game's settings with the server's `rated` default where the game did not say."""
        if "rated" in given or not guild or self.settings.value(Scope.SERVER, guild, "rated"):
            return given
        return {**given, "rated": False}

    def farmed(self, meta: GameMeta) -> frozenset[frozenset[str]]:
        """The pairs of the game's members who had the server's number of rated pairings in the 24 hours before it
        was made: it gives them no result against each other (the same answer at its start and at its end)."""
        if not meta.guild or not of_game(meta, "rated"):
            return frozenset()
        met = {frozenset(pair): self.store.pairings_between(meta.guild, *pair, meta.created - DAY, meta.created)
               for pair in facing(meta)}
        if not any(met.values()):  # the limit is at least 1: nothing to read it for
            return frozenset()
        limit = int(self.settings.value(Scope.SERVER, meta.guild, "farming"))
        return frozenset(pair for pair, count in met.items() if count >= limit)

    def start_line(self, live: LiveGame) -> str:
        """What the game's start says when farming leaves pairs of its members unrated ('' when none)."""
        pairs = self.farmed(live.meta)
        if not pairs:
            return ""
        names = {s.user: s.name for s in live.meta.seats if s.kind is SeatKind.HUMAN}
        both = t("general.and", live.lang)
        said = t("general.list_sep", live.lang).join(both.join(sorted(names[m] for m in p)) for p in sorted(
            pairs, key=sorted))
        limit = self.settings.value(Scope.SERVER, live.meta.guild, "farming")
        return t("rating.farmed", live.lang, pairs=said, limit=limit)

    def rated(self, meta: GameMeta, game: Game, now: float) -> RatedGame | None:
        """The finished game's results to apply at `now` (`meta` as it ends: its status and winner); None when it
        rates nobody."""
        if not meta.guild or meta.winner is None:
            return None
        scores = tuple(game.score(s) for s in range(len(meta.seats)))
        judgement = judge(finished_game(meta, scores), self.farmed(meta))
        if not judgement.pairings:
            return None
        return RatedGame(meta.guild, meta.id, now, judgement.pairings)

    def end_line(self, live: LiveGame, changes: Sequence[Change]) -> str:
        """What the game did to each rated member ("ann 1512 → 1527, bob 1498 → 1483"); '' when nothing."""
        if not changes:
            return ""
        names = {c.user: c.was for c in live.meta.changes if c.user}
        names.update((s.user, s.name) for s in live.meta.seats if s.kind is SeatKind.HUMAN)
        lang = live.lang
        return t("rating.changes", lang, changes=t("general.list_sep", lang).join(
            t("rating.change", lang, name=names.get(c.member, c.member), before=round(c.before.rating),
              after=round(c.after.rating)) for c in changes))
