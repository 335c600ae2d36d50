"""A game in play as the application holds it: the engine's state, who sits where, and what the
public may see of it yet.

"I count my own hands": the engine counts a show the moment the last card is played, so a
self-counting player's declaration is a step of this application, not of the engine. The show's
lines and the pegs it moved stay out of public view until that player has declared (or the sweep's
timeout lets it go on); declarations are stored beside the game, so a restart keeps waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.app.game.variants import Variants
from bot.app.shown.narrate import scores_named
from bot.i18n import Lang
from bot.settings import of_game
from bot.storage.values import GameMeta, SeatKind, Status
from engine.core.events import CardPlayed, DealStarted, Pegged, SaidGo, Shown
from engine.core.game import Game
from engine.core.observation import Observation, observe
from engine.core.record_view import shows_by_deal


@dataclass(frozen=True, slots=True)
class CountStep:
    """One hand or crib a self-counting player must declare at a show."""

    deal: int
    seat: int
    crib: bool
    index: int
    """The Shown event's index in the game's events."""

    @property
    def key(self) -> tuple[int, int, bool]:
        return (self.deal, self.seat, self.crib)


@dataclass(slots=True)
class LiveGame:
    """One game's state in memory, rebuilt from storage whenever it is not cached."""

    meta: GameMeta
    game: Game
    names: tuple[str, ...] = field(default=())
    declared: dict[tuple[int, int, bool], int | None] = field(default_factory=dict)
    """Settled count steps: (deal, seat, crib) -> the declared count (None: timed out)."""
    langs: dict[int, Lang] = field(default_factory=dict)
    """seat -> the language its member last used (in memory only: after a restart, the game's)."""
    rating_line: str = ""
    """What the game's end did to its members' ratings, said with its end ('' when it rated nobody)."""

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def lang(self) -> Lang:
        return Lang(self.meta.lang)

    @property
    def active(self) -> bool:
        return self.meta.status is Status.ACTIVE and not self.game.over

    def seat_of(self, user: str) -> int | None:
        for s, seat in enumerate(self.meta.seats):
            if seat.kind is SeatKind.HUMAN and seat.user == user:
                return s
        return None

    def human_seats(self) -> list[int]:
        return [s for s, seat in enumerate(self.meta.seats) if seat.kind is SeatKind.HUMAN]

    def for_them(self) -> frozenset[int]:
        """The indexes of the events the game made for its members (bot.app.game.play.forced_move): every member's go,
        and every member's last card of a deal, when the game has that convenience on."""
        if not of_game(self.meta, "auto_go"):
            return frozenset()
        humans = set(self.human_seats())
        kept = self.game.rules.cards_each - self.game.rules.discard_each
        laid: dict[int, int] = {}
        found = []
        for i, e in enumerate(self.game.events):
            if isinstance(e, DealStarted):
                laid.clear()
            elif isinstance(e, SaidGo) and e.seat in humans:
                found.append(i)
            elif isinstance(e, CardPlayed) and e.seat in humans:
                laid[e.seat] = laid.get(e.seat, 0) + 1
                if laid[e.seat] == kept:
                    found.append(i)
        return frozenset(found)

    def lang_of(self, seat: int | None, asked: Lang | None = None) -> Lang:
        """The language for a seat's private view: the one asked for, else its member's last, else the game's."""
        if asked is not None:
            return asked
        return self.langs.get(seat, self.lang) if seat is not None else self.lang

    def score_text(self, lang: Lang) -> str:
        """The scores with each side's name (partners share one)."""
        return scores_named(self.names, [self.game.score(s) for s in range(self.game.rules.players)], lang)

    # ------------------------------------------------------------------ "I count my own hands"

    def count_steps(self) -> list[CountStep]:
        """The steps still waiting for a self-counting player's declaration, in the order shown.

        Only the latest show can wait: a player who has not declared cannot act in the next deal, and a
        game that is over (or closed) waits for nobody. Computer seats never count for themselves."""
        counters = Variants.of(self.meta).own_counters
        if not counters or not self.active:
            return []
        shows = shows_by_deal(self.game)
        if not shows:
            return []
        deal = max(shows)
        out = []
        for index in shows[deal]:
            e = self.game.events[index]
            assert isinstance(e, Shown)
            if e.seat in counters and (deal, e.seat, e.crib) not in self.declared:
                out.append(CountStep(deal, e.seat, e.crib, index))
        return out

    def step_of(self, seat: int) -> CountStep | None:
        return next((s for s in self.count_steps() if s.seat == seat), None)

    def hidden(self) -> range:
        """Event indices the public must not see yet: the show a self-counting player is still counting."""
        steps = self.count_steps()
        return show_range(self.game, steps[0].deal) if steps else range(0)

    def waiting(self) -> tuple[str, ...]:
        """The members who must act now (counting their show, or to move)."""
        if self.meta.status is not Status.ACTIVE:
            return ()
        counting = [s.seat for s in self.count_steps()]
        seats = dict.fromkeys([*counting, *self.game.to_act()])
        return tuple(self.meta.seats[s].user for s in seats if self.meta.seats[s].kind is SeatKind.HUMAN)

    def awaited(self) -> tuple[str, ...]:
        """The members to tell that their move or answer is awaited: in a game with two or more people only
        (against the computer alone, the member knows it is always their turn)."""
        return self.waiting() if len(self.human_seats()) >= 2 else ()

    def public_obs(self) -> Observation:
        """What the table shows: while a self-counting player is still counting, the pegs are where they
        stood before the show, so the score does not give the count away."""
        obs = observe(self.game, 0)
        hidden = self.hidden()
        if not hidden:
            return obs
        events = self.game.events
        scores, backs = list(obs.scores), list(obs.backs)
        moved = {e.move.seat for i in hidden if isinstance(e := events[i], Pegged)}
        for seat in moved:
            front = back = 0
            for e in reversed(events[:hidden.start]):
                if isinstance(e, Pegged) and e.move.seat == seat:
                    front, back = e.move.front, e.move.back
                    break
            scores[seat], backs[seat] = front, back
        return replace(obs, scores=tuple(scores), backs=tuple(backs))


def show_range(game: Game, deal: int) -> range:
    """The events of a deal's show: its first hand counted to the last peg of it."""
    return _show_span(game, shows_by_deal(game).get(deal, []))


def show_ranges(game: Game) -> dict[int, range]:
    """Every deal's show_range, from one walk of the game's shows."""
    return {deal: _show_span(game, shows) for deal, shows in shows_by_deal(game).items()}


def _show_span(game: Game, shows: list[int]) -> range:
    if not shows:
        return range(0)
    end = len(game.events)
    for i in range(shows[-1] + 1, len(game.events)):
        if not isinstance(game.events[i], Pegged):
            end = i
            break
    return range(shows[0], end)


def shows_completed(game: Game, since: int) -> list[int]:
    """The deals whose show ended at event `since` or later (the next deal began, or the game ended in it):
    each gets its show post once, whole, even when its counts came one command at a time (muggins)."""
    done = []
    for deal, shows in shows_by_deal(game).items():
        end = next((i for i in range(shows[-1] + 1, len(game.events))
                    if isinstance(game.events[i], DealStarted)), len(game.events) if game.over else None)
        if end is not None and end >= since and (end > shows[-1] or game.over):
            done.append(deal)
    return sorted(done)


def deal_finished(game: Game, deal: int) -> bool:
    """A deal is reviewable once it was shown (or the game ended in it): a later deal exists or it is over."""
    return deal < len(game.deals) - 1 or game.over
