"""How a game stops other than by the cards: a resignation, a moderator's end, an invitation declined
or expired, and the inactivity sweep's reminders and forfeits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.app.companion.pegboard import Pegboard
from bot.app.companion.statistics import summary_of
from bot.app.game.deadlines import Deadline, Deadlines
from bot.app.game.ends import GameEnds
from bot.app.game.game_cache import GameCache
from bot.app.game.live_game import CountStep, LiveGame
from bot.app.game.rating_games import GameRatings
from bot.app.shown.presenter import Presenter, closed_note, record_file, sentence_sep, with_line
from bot.app.shown.replies import Post, Reply
from bot.i18n import t
from bot.storage.values import DECIDED, Declaration, GameMeta, SeatKind, Status
from engine.core.events import Shown

HandOver = Callable[[LiveGame, Sequence[int], str], Reply]
"""Gives seats to the computer mid-game and goes on (GamePlay.hand_over)."""
CloseClaims = Callable[[LiveGame, str], Reply]
"""Lets a missed count pass for every member who did not call muggins in time (GamePlay.close_claims)."""


class Closing:
    """Ends games that stop early, and nudges (then forfeits) players who stop answering."""

    def __init__(self, cache: GameCache, presenter: Presenter, pegboard: Pegboard, *, clock: Callable[[], float],
                 remind_after: float, forfeit_after: float, hand_over: HandOver, close_claims: CloseClaims,
                 claim_after: float = 120.0, ratings: GameRatings | None = None,
                 ends: GameEnds | None = None) -> None:
        """`ends` hears of each game ended here."""
        self.ratings = ratings
        self.ends = ends or GameEnds()
        self.hand_over = hand_over
        self.close_claims = close_claims
        self.claim_after = claim_after
        self.cache = cache
        self.pegboard = pegboard
        self.presenter = presenter
        self.clock = clock
        self.remind_after = remind_after
        self.forfeit_after = forfeit_after
        self.deadlines: Deadlines | None = None
        """Which games have an event's deadline (set by the controller once the events feature is made)."""

    def close(self, live: LiveGame, status: Status, winner: int | None, text: str) -> Reply:
        now = self.clock()
        live.meta = replace(live.meta, status=status, winner=winner, updated=now)
        summary = summary_of(live) if status in DECIDED else None  # counted with the result, in one commit
        rated = None
        if self.ratings is not None and status in DECIDED:  # the ratings change in the same commit too
            rated = self.ratings.rated(live.meta, live.game, now)
        changes = self.cache.write(live, self.cache.store.set_status, status, now=now, winner=winner,
                                   summary=summary, rated=rated)
        if self.ratings is not None and changes:
            text = f"{text}\n{self.ratings.end_line(live, changes)}"
        files = (record_file(live),) if live.game.deals else ()
        board = self.pegboard.game_changed(live)
        reply = self.presenter.changed(live, "", lines=(text,), posts=(Post(text, files),), finished=True, note=text)
        self.cache.forget(live.id)
        self.ends.ended(live)
        return with_line(reply, board)

    def resign(self, live: LiveGame, seat: int) -> Reply:
        if not live.meta.status.live:
            return Reply(False, closed_note(live), live.id, live.game.version)
        lang = live.lang
        if live.meta.status is Status.INVITED:
            return self.close(live, Status.DECLINED, None, t("game.withdrew", lang, name=live.names[seat]))
        if live.game.rules.players > 2:  # a group game goes on: the computer takes the seat
            return self._leave(live, [seat], t("game.leaves", lang, name=live.names[seat]))
        winner = 1 - seat
        text = t("game.resigns", lang, name=live.names[seat], winner=live.names[winner], score=live.score_text(lang))
        return self.close(live, Status.RESIGNED, winner, text)

    def _leave(self, live: LiveGame, seats: Sequence[int], line: str) -> Reply:
        """Members leave a group game: the computer takes over, unless nobody would be left to play."""
        members = [s for s in live.human_seats() if s not in seats]
        if not members:
            return self.close(live, Status.ENDED, None, line + sentence_sep(live.lang) + t(
                "game.nobody_left", live.lang, score=live.score_text(live.lang)))
        return self.hand_over(live, seats, line)

    def end(self, live: LiveGame, by: str) -> Reply:
        if not live.meta.status.live:
            return Reply(False, closed_note(live), live.id, live.game.version)
        return self.close(live, Status.ENDED, None,
                          t("game.ended", live.lang, by=by, score=live.score_text(live.lang)))

    # ------------------------------------------------------------------ the sweep

    def may_be_due(self, meta: GameMeta) -> bool:
        """Could anything be due for this game, from its row alone? (The sweep loads only those: a game
        moved within the shortest wait needs nothing; an event game once its deadline's reminder is due.)"""
        found = self.deadlines.of(meta) if self.deadlines is not None else None
        if found is not None and self.clock() >= found.remind:
            return True
        return self.clock() - meta.updated >= min(self.remind_after, self.claim_after, self.forfeit_after)

    def sweep_one(self, game_id: str) -> Reply | None:
        """A reminder, a forfeit, an expired invitation or timed-out counts for one game, when due."""
        live = self.cache.load(game_id)
        if live is None or not live.meta.status.live:
            return None
        idle = self.clock() - live.meta.updated
        if live.meta.status is Status.INVITED:
            return self.close(live, Status.DECLINED, None, t("game.expired", live.lang)) \
                if idle >= self.forfeit_after else None
        found = self.deadlines.of(live.meta) if self.deadlines is not None else None
        due = self._deadline(live, found) if found is not None and live.game.rules.players == 2 else None
        if due is not None:
            return due
        steps = live.count_steps()
        if steps and idle >= self.remind_after:
            return self.time_out_counts(live, steps)
        claimants = [s for s in live.game.claimants() if live.meta.seats[s].kind is SeatKind.HUMAN]
        if claimants and idle >= self.claim_after:
            names = t("general.and", live.lang).join(live.names[s] for s in claimants)
            return self.close_claims(live, t("muggins.time_up", live.lang, names=names))
        if not live.waiting() or found is not None:  # an event game's deadline stands for the turn timers
            return None
        seats = [s for s in live.game.to_act() if live.meta.seats[s].kind is SeatKind.HUMAN]
        if idle >= self.forfeit_after:
            return self._forfeit(live, seats, idle)
        if idle >= self.remind_after and not live.meta.reminded:
            return self._remind(live, seats)
        return None

    def _deadline(self, live: LiveGame, found: Deadline) -> Reply | None:
        """An event game at its deadline: the player holding it up (whose turn it is) loses by forfeit, both when
        both are (neither has moved); before it, at the reminder's time, its players reminded once."""
        now, lang = self.clock(), live.lang
        seats = [s for s in live.game.to_act() if live.meta.seats[s].kind is SeatKind.HUMAN]
        if now >= found.at:
            if len(seats) == 1:
                loser = seats[0]
                return self.close(live, Status.TIMED_OUT, 1 - loser, t(
                    "event.deadline_forfeit", lang, loser=live.names[loser], winner=live.names[1 - loser],
                    score=live.score_text(lang)))
            return self.close(live, Status.TIMED_OUT, None, t("event.deadline_both", lang,
                                                              score=live.score_text(lang)))
        if now < found.remind or self.deadlines is None or not self.deadlines.remind_once(live.id):
            return None
        waiting = live.waiting()
        names = t("general.and", lang).join(live.names[s] for s in seats or live.human_seats())
        text = t("event.deadline_reminder", lang, names=names, at=int(found.at))
        return Reply(True, text, live.id, live.game.version, posts=(Post(text, mentions=waiting),),
                     waiting=waiting, place=live.meta.place, message=live.meta.message)

    def _forfeit(self, live: LiveGame, seats: Sequence[int], idle: float) -> Reply:
        lang = live.lang
        if live.game.rules.players > 2:
            names = t("general.and", lang).join(live.names[s] for s in seats)
            return self._leave(live, seats, t("game.forfeit_seat", lang, names=names, minutes=int(idle // 60)))
        if len(seats) == 1:
            loser = seats[0]
            return self.close(live, Status.TIMED_OUT, 1 - loser,
                              t("game.forfeit", lang, loser=live.names[loser], minutes=int(idle // 60),
                                winner=live.names[1 - loser], score=live.score_text(lang)))
        return self.close(live, Status.TIMED_OUT, None, t("game.idle_end", lang, score=live.score_text(lang)))

    def _remind(self, live: LiveGame, seats: Sequence[int]) -> Reply:
        self.cache.write(live, self.cache.store.set_reminded, True)
        live.meta = replace(live.meta, reminded=True)
        lang = live.lang
        waiting = live.waiting()
        names = t("general.and", lang).join(live.names[s] for s in seats)
        text = t("game.reminder", lang, names=names, minutes=int(self.forfeit_after // 60))
        return Reply(True, text, live.id, live.game.version, posts=(Post(text, mentions=waiting),),
                     waiting=waiting, place=live.meta.place, message=live.meta.message)

    def time_out_counts(self, live: LiveGame, steps: Sequence[CountStep]) -> Reply:
        """Self-counting players who did not declare in time: the show goes on with the true counts."""
        for step in steps:
            shown = live.game.events[step.index]
            assert isinstance(shown, Shown)
            untold = Declaration(live.id, step.deal, step.seat, step.crib, None, shown.breakdown.total)
            self.cache.write(live, lambda _, rev, d=untold: self.cache.store.add_declaration(
                d, user="", tally=None, now=self.clock(), rev=rev))
            settle(live, step, None, self.clock())
        seats = sorted({s.seat for s in steps})
        text = sentence_sep(live.lang).join(t("selfcount.timeout", live.lang, name=live.names[s]) for s in seats)
        board = self.pegboard.game_changed(live)
        return with_line(self.presenter.released(live, steps[0].deal, "", note=text, lead=(text,)), board)


def settle(live: LiveGame, step: CountStep, declared: int | None, now: float) -> None:
    """Remember a settled count step (the storage write was done by the caller)."""
    live.declared[step.key] = declared
    live.meta = replace(live.meta, updated=now, reminded=False)

