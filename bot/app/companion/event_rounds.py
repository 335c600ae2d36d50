"""A club night being played: each round paired (engine/events/swiss.py) and its games started, each game's
result kept as it ends (whatever ends it: the cards, a resignation, a timeout), the standings after each game, the
next round once a round is complete, and the final results once.

Every post it makes is a piece of work claimed once among the bot's processes (bot/storage/sql/claims.py, as the
calendar's are): `event:round:EVENT:R`, `event:standings:EVENT:N` (after N games), `event:final:EVENT`. A round is
made again the same way if its maker stopped: its tables are kept before any game starts, and only the games
missing are started."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence

from bot.app.companion.calendar import LEASE
from bot.app.companion.event_knockout import KnockoutRounds
from bot.app.companion.event_league import LeagueRounds
from bot.app.companion.event_night import Night
from bot.app.companion.event_pictures import pairings_picture
from bot.app.companion.event_results import BYE, PLAYED, game_result, key, results_of, table_of
from bot.app.companion.event_values import KNOCKOUT, LEAGUE, OVER, RUNNING, ClubSettings, EventNews
from bot.app.companion.event_words import event_line, pairings_text, settings_line
from bot.app.game.game_cache import replayed
from bot.app.game.live_game import LiveGame
from bot.app.game.play import GamePlay
from bot.app.shown.replies import Reply
from bot.i18n import t
from bot.settings import kept_for_game
from bot.storage import Storage
from bot.storage.values import EntrantRow, EventGameRow, EventRow, GameMeta, Seat, SeatKind, Status
from engine.computer.players import DIFFICULTIES, make_player
from engine.computer.selfplay import play_game
from engine.core.game import Game
from engine.core.rules import STANDARD, Rules
from engine.events.swiss import first_round, next_round


def table_seed(event: EventRow, round_: int, pairing: int) -> int:
    """A table's game seed: a function of the event, never of the process (a round made again deals the same)."""
    return (event.seed * 1_000_003 + round_ * 1_009 + pairing) % (2**31)


def rules_of(settings: ClubSettings) -> Rules:
    return STANDARD.with_options({"target": settings.target})


class EventRounds:
    """Pairs rounds, starts their games and keeps their results."""

    def __init__(self, storage: Storage, play: GamePlay, clock: Callable[[], float], ids: Callable[[], str],
                 holder: str | None = None, *, images: bool = True) -> None:
        self.images = images
        self.storage = storage
        self.play = play
        self.clock = clock
        self.ids = ids
        self.holder = holder or uuid.uuid4().hex
        self.posting: dict[str, float] = {}
        """The works this process has made and its door is posting, and when (a claim's holder may take it again:
        this process does not, until the door says it is sent or the lease has run out, when its door failed)."""
        self.knockout = KnockoutRounds(self)
        self.league = LeagueRounds(self, clock)

    def night(self, event: EventRow) -> Night:
        return Night(event, ClubSettings.from_json(event.settings), tuple(self.storage.entrants(event.id)),
                     tuple(self.storage.event_games(event.id)))

    # ------------------------------------------------------------------ results

    def game_ended(self, live: LiveGame) -> None:
        """A game has ended: its result is kept for its table, if it is an event's (once)."""
        found = game_result(live)
        if found is not None and self.storage.event_game(live.id) is not None:
            self.storage.record_event_result(live.id, *found)

    # ------------------------------------------------------------------ what is due

    def claimed(self, work: str) -> bool:
        """Whether this process takes `work` now (no other holds it, it is not done, and it is not being posted
        here already)."""
        now = self.clock()
        if now - self.posting.get(work, now - LEASE) < LEASE:
            return False
        if not self.storage.claim(work, self.holder, now=now, lease=LEASE):
            return False
        self.posting[work] = now
        return True

    def due(self, owns: Callable[[str], bool] | None) -> list[EventNews]:
        """The news due now in every running event this process owns, each claimed here."""
        out = []
        live: set[str] | None = None
        for event in self.storage.events_running():
            if owns is not None and not owns(event.guild):
                continue
            night = self.night(event)
            waiting = [row.game for row in night.round_tables(event.round) if row.game and not row.outcome]
            if waiting:
                live = live if live is not None else {meta.id for meta in self.storage.live_games()}
                if self._heal([game for game in waiting if game not in live]):
                    night = self.night(event)
            for work, make in self._works(night):
                if self.claimed(work):
                    out.append(make())
        return out

    def _heal(self, ended: Sequence[str]) -> bool:
        """Keep the results of games that ended without their result kept (their process stopped between the
        game's end and its result); whether any was kept."""
        kept = False
        for game in ended:
            stored = self.storage.load(game)
            if stored is None or stored.meta.status.live:
                continue
            found = game_result(LiveGame(stored.meta, replayed(stored)))
            kept = found is not None and self.storage.record_event_result(game, *found) or kept
        return kept

    def _works(self, night: Night) -> Iterator[tuple[str, Callable[[], EventNews]]]:
        round_ = night.event.round
        if night.event.format == KNOCKOUT and not night.settings.seeds:  # being seeded by its starter
            return
        if night.event.format == LEAGUE and not night.settings.started:  # its start being kept by its starter
            return
        begun = f"event:round:{night.event.id}:{max(round_, 1)}"
        if not self.storage.finished(begun):  # its maker stopped before its news was sent: made again
            yield begun, lambda: self.begin(night.event, max(round_, 1))
            return
        if night.event.format == KNOCKOUT:
            yield from self.knockout.works(night)
            return
        if night.event.format == LEAGUE:
            yield from self.league.works(night, self.standings, self.final)
            return
        tables = night.round_tables(round_)
        if all(row.outcome for row in tables):
            playing = sum(1 for e in night.entrants if not e.withdrawn)
            if round_ < night.settings.games and playing >= 2:  # else too few are left to pair: the night ends
                yield f"event:round:{night.event.id}:{round_ + 1}", lambda: self.begin(night.event, round_ + 1)
            else:
                yield f"event:final:{night.event.id}", lambda: self.final(night)
        elif any(row.game and row.outcome for row in tables):
            done = sum(1 for row in night.tables if row.game and row.outcome)
            yield f"event:standings:{night.event.id}:{done}", lambda: self.standings(night)

    def posted(self, work: str) -> None:
        """The news of `work` was sent: the work is finished (and a final result ends the event)."""
        kind, event = work.split(":")[1:3]
        if kind == "final":
            self.storage.set_event_state(event, OVER, was=RUNNING)
        self.storage.finish(work, self.holder)
        self.posting.pop(work, None)

    def standings(self, night: Night) -> EventNews:
        done = sum(1 for row in night.tables if row.game and row.outcome)
        head = t("event.standings_head", night.lang, done=done)
        files = night.standings_files(f"after-{done}", t("event.pic.standings", night.lang),
                                      event_line(night.settings, night.event.format, night.lang), self.images)
        return EventNews(f"event:standings:{night.event.id}:{done}", night.event.guild, night.event.channel,
                         night.standings_text(head), lang=night.lang, files=files)

    def final(self, night: Night) -> EventNews:
        table = table_of(night.entrants, night.tables, night.settings.target)
        winner = next(e for e in night.entrants if key(e.number) == table[0].entrant)
        name = t("event.withdrawn_name", night.lang, name=winner.name) if winner.withdrawn else winner.name
        head = "event.league.final_head" if night.event.format == LEAGUE else "event.final_head"
        text = night.standings_text(t(head, night.lang, name=name))
        members = tuple(e.member for e in night.entrants if e.member)
        files = night.standings_files("final", t("event.pic.final", night.lang),
                                      t("event.pic.winner", night.lang, name=name), self.images)
        return EventNews(f"event:final:{night.event.id}", night.event.guild, night.event.channel, text, members,
                         lang=night.lang, files=files)

    # ------------------------------------------------------------------ a round

    def begin(self, event: EventRow, round_: int) -> EventNews:
        """Round `round_`: its tables paired and kept (or read, when kept before), its games started, and the
        post saying it (the standings so far, then the pairings), pinging the members who play."""
        if event.format == KNOCKOUT:
            return self.knockout.begin(event, round_)
        if event.format == LEAGUE:
            return self.league.begin(event, round_)
        night = self.night(event)
        tables = night.round_tables(round_) or self._pair(night, round_)
        self.storage.set_event_round(event.id, round_, was=round_ - 1)
        night = self.night(self.storage.event(event.id) or event)
        by_number = {e.number: e for e in night.entrants}
        opening = [row for row in night.round_tables(round_) if row.game and not row.outcome]
        started = [(self.open_game(night, row, by_number), row) for row in opening]
        games = tuple((game, tuple(m for m in (by_number[row.home].member, by_number[row.away].member) if m))
                      for game, row in started if game is not None)
        text = pairings_text(round_, night.settings.games, night.round_tables(round_), night.names(), night.lang)
        if round_ > 1:
            head = t("event.after_round", night.lang, round=round_ - 1)
            text = night.standings_text(head, before=round_) + "\n\n" + text
        members = tuple(by_number[n].member for row in tables if row.game for n in (row.home, row.away)
                        if by_number[n].member)
        files = (pairings_picture(event.id, round_, night.settings.games, settings_line(night.settings, night.lang),
                                  night.round_tables(round_), night.names(), night.lang),) if self.images else ()
        return EventNews(f"event:round:{event.id}:{round_}", event.guild, event.channel, text, members,
                         tuple(g for g, _ in games), tuple(p for _, p in games), night.lang, files)

    def _pair(self, night: Night, round_: int) -> list[EventGameRow]:
        playing = [key(e.number) for e in night.entrants if not e.withdrawn]
        results = list(results_of(night.tables, night.settings.target))
        pairs = first_round(playing, seed=night.event.seed) if round_ == 1 else next_round(
            playing, results, seed=night.event.seed)
        by_number = {e.number: e for e in night.entrants}
        rows = []
        for i, (home, away) in enumerate(pairs.pairs):
            a, b = by_number[int(home)], by_number[int(away)]
            if a.member or b.member:
                rows.append(EventGameRow(night.event.id, round_, i, a.number, b.number, self.ids()))
            else:
                rows.append(self.quick(night, round_, i, a, b))
        if pairs.bye is not None:
            rows.append(EventGameRow(night.event.id, round_, len(rows), int(pairs.bye), 0, outcome=BYE))
        if not self.storage.add_event_games(rows):  # made before by a process that stopped: as it was kept
            return self.night(night.event).round_tables(round_)
        return rows

    def quick(self, night: Night, round_: int, pairing: int, home: EntrantRow, away: EntrantRow) -> EventGameRow:
        """Two computers meet: their game is played out at once, out of sight, and only its score is kept."""
        seed = table_seed(night.event, round_, pairing)
        players = [make_player(DIFFICULTIES[e.strength], seed + i) for i, e in enumerate((home, away))]
        game = play_game(rules_of(night.settings), players, seed)
        target = night.settings.target
        scores = [min(s, target) for s in game.scores[:2]]
        return EventGameRow(night.event.id, round_, pairing, home.number, away.number, "", scores[0], scores[1],
                            PLAYED)

    def open_game(self, night: Night, row: EventGameRow, by_number: dict[int, EntrantRow]) -> Reply | None:
        """A table's game started in the event's channel; one started before (by a process that stopped before its
        news was sent) as it stands, when its table was never posted; None when it was."""
        stored = self.storage.load(row.game)
        if stored is not None:
            if stored.meta.message or not stored.meta.status.live:
                return None
            live = LiveGame(stored.meta, replayed(stored), names=tuple(s.name for s in stored.meta.seats))
            return self.play.presenter.current(live)
        seats = tuple(self._seat(by_number[n]) for n in (row.home, row.away))
        rules = rules_of(night.settings)
        seed, now = table_seed(night.event, row.round, row.pairing), self.clock()
        meta = GameMeta(row.game, rules, seats, seed, Status.ACTIVE, night.event.channel, now, now,
                        guild=night.event.guild, lang=night.event.lang,
                        settings=kept_for_game({"rated": night.settings.rated}))  # a rated night's games rated
        live = LiveGame(meta, Game(rules, seed=seed), names=tuple(s.name for s in seats))
        host = next((s.user for s in seats if s.user), "")
        return self.play.start(live, host, None)

    @staticmethod
    def _seat(entrant: EntrantRow) -> Seat:
        if entrant.member:
            return Seat(SeatKind.HUMAN, entrant.name, entrant.member)
        return Seat(SeatKind.COMPUTER, entrant.name, "", entrant.strength)
