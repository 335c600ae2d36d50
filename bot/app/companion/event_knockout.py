"""A knockout being played (docs/events.md, "Running a knockout on Discord"): the bracket (engine/events/knockout.py)
read afresh from the seeding fixed at the start and the matches' games kept so far; each round starts the matches
ready then, a match's games one after another between the same two entrants (seat 0 alternating) until one has
won it (engine/events/matches.py), two computers' whole match played out at once; the next round once every match
of the round is decided, and the champion posted once.

A match's games are kept as the event's tables: `pairing` is the match's place in the bracket times MATCH_GAMES
plus its game number (from 0). Each post is a piece of work claimed once among the bot's processes:
`event:round:EVENT:R`, `event:game:EVENT:R:PAIRING` (a match's next game), `event:final:EVENT`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from bot.app.companion.event_night import Night
from bot.app.companion.event_pictures import bracket_picture
from bot.app.companion.event_results import AWAY, HOME, PLAYED, key, result_of
from bot.app.companion.event_values import ClubSettings, EventNews
from bot.app.companion.event_words import knockout_line
from bot.app.shown.replies import Reply
from bot.i18n import Lang, t
from bot.storage import Storage
from bot.storage.values import EntrantRow, EventGameRow, EventRow
from engine.events.knockout import Bracket, Draw, KnockoutMatch, MatchKey, draw
from engine.events.matches import MatchState, match_from_games
from engine.events.scoring import Forfeit, Played
from render.event_tables import MOST, PairingRow

MATCH_GAMES = 100
"""A match's games are its pairings MATCH_GAMES * place ... (a game ended with no winner is played again)."""


class Tables(Protocol):
    """What a knockout needs of the club night's rounds (bot/app/companion/event_rounds.py)."""

    storage: Storage
    ids: Callable[[], str]
    images: bool

    def night(self, event: EventRow) -> Night: ...

    def open_game(self, night: Night, row: EventGameRow, by_number: dict[int, EntrantRow]) -> Reply | None: ...

    def quick(self, night: Night, round_: int, pairing: int, home: EntrantRow, away: EntrantRow) -> EventGameRow:
        ...


def seeding(storage: Storage, guild: str, entrants: Sequence[EntrantRow]) -> tuple[int, ...]:
    """The entrants' numbers, the best first: the server's rated members by rating (ties by joining order), then
    the unrated members and the computers by joining order."""
    rated: list[tuple[float, int]] = []
    rest: list[int] = []
    for e in entrants:
        if e.withdrawn:
            continue
        found = storage.member_rating(guild, e.member) if e.member else None
        if found is None:
            rest.append(e.number)
        else:
            rated.append((-found.rating.rating, e.number))
    return tuple(n for _, n in sorted(rated)) + tuple(rest)


def counted(row: EventGameRow, target: int) -> Played | Forfeit | None:
    """A game's result as its match counts it; None while it goes on, or when it ended with no winner."""
    if row.outcome not in (PLAYED, HOME, AWAY):
        return None
    found = result_of(row, target)
    return found if isinstance(found, Played | Forfeit) else None


@dataclass(frozen=True, slots=True)
class KnockoutView:
    """A knockout as read at once: its bracket, and each match's games and state by the match's place."""

    night: Night
    keys: tuple[MatchKey, ...]
    draw: Draw
    games: Mapping[int, tuple[EventGameRow, ...]]
    states: Mapping[int, MatchState]

    @property
    def last(self) -> int:
        """A single elimination's last round (its final); 0 with double elimination, whose final is F1."""
        return 0 if self.night.settings.double else max(k.round for k in self.keys)

    def place(self, match: MatchKey) -> int:
        return self.keys.index(match)

    def matches_of(self, round_: int) -> list[int]:
        """The places of the matches begun in round `round_`."""
        return sorted(i for i, rows in self.games.items() if rows[0].round == round_)


def view_of(night: Night) -> KnockoutView:
    settings = night.settings
    seeds = [key(n) for n in settings.seeds]
    keys = tuple(m.key for m in draw(seeds, double=settings.double).matches) + (
        (MatchKey(Bracket.FINAL, 2, 0),) if settings.double else ())
    games: dict[int, list[EventGameRow]] = {}
    for row in night.tables:
        games.setdefault(row.pairing // MATCH_GAMES, []).append(row)
    states, winners = {}, {}
    for place, rows in games.items():
        first, second = key(rows[0].home), key(rows[0].away)
        results = [r for r in (counted(row, settings.target) for row in rows) if r is not None]
        states[place] = match_from_games(first, second, settings.best_of, results)
        winner = states[place].winner
        if winner is not None:
            winners[keys[place]] = winner
    return KnockoutView(night, keys, draw(seeds, winners, settings.double), {p: tuple(r) for p, r in games.items()},
                        states)


def match_label(match: MatchKey, lang: Lang, last: int = 0) -> str:
    """A match's name: its round and place, or the final (`last`: a single elimination's last round)."""
    if match.side is Bracket.WINNERS and match.round == last:
        return t("event.ko.final_match", lang)
    if match.side is Bracket.FINAL:
        return t("event.ko.final" if match.round == 1 else "event.ko.final_again", lang)
    said = "event.ko.match" if match.side is Bracket.WINNERS else "event.ko.losers_match"
    return t(said, lang, round=match.round, match=match.slot + 1)


def match_line(view: KnockoutView, match: KnockoutMatch, names: Mapping[str, str], lang: Lang) -> str | None:
    """One match of the bracket as it stands: a bye, a result, a score so far, or who meets; None while either
    entrant is unknown (or both places are byes)."""
    label = match_label(match.key, lang, view.last)
    if match.walkover:
        return t("event.ko.bye_line", lang, match=label, name=names[match.winner]) \
            if isinstance(match.winner, str) else None
    if not isinstance(match.first, str) or not isinstance(match.second, str):
        return None
    state = view.states.get(view.place(match.key))
    if state is None or state.games == 0:
        return t("event.ko.meet_line", lang, match=label, first=names[match.first], second=names[match.second])
    wins = {state.first: state.first_wins, state.second: state.second_wins}
    if state.winner is not None and state.loser is not None:
        return t("event.ko.won_line", lang, match=label, winner=names[state.winner], loser=names[state.loser],
                 won=wins[state.winner], lost=wins[state.loser])
    return t("event.ko.playing_line", lang, match=label, first=names[state.first], second=names[state.second],
             first_wins=state.first_wins, second_wins=state.second_wins)


def picture_line(settings: ClubSettings, lang: Lang) -> str:
    kind = t("event.ko.double" if settings.double else "event.ko.single", lang)
    return t("event.ko.pic.settings", lang, best_of=settings.best_of, target=settings.target, kind=kind)


def short_label(match: MatchKey, last: int) -> str:
    """A match's label in a picture: '1.2' (round 1, match 2), 'L2.1' in the losers' bracket, 'F' the final."""
    if match.side is Bracket.FINAL:
        return "F" if match.round == 1 else "F2"
    if match.side is Bracket.WINNERS and match.round == last:
        return "F"
    return f"{'L' if match.side is Bracket.LOSERS else ''}{match.round}.{match.slot + 1}"


def picture_rows(view: KnockoutView, names: Mapping[str, str],
                 only: Callable[[KnockoutMatch], bool] = lambda m: True) -> list[PairingRow]:
    """The matches the text lists, for the picture: a bye as a bye, a score in games once a game is counted."""
    rows = []
    for m in view.draw.matches:
        if not only(m) or not isinstance(m.first, str) and not isinstance(m.winner, str):
            continue
        label = short_label(m.key, view.last)
        if m.walkover:
            if isinstance(m.winner, str):
                rows.append(PairingRow(label, names[m.winner], ""))
        elif isinstance(m.first, str) and isinstance(m.second, str):
            state = view.states.get(view.place(m.key))
            score = f"{state.first_wins}-{state.second_wins}" if state is not None and state.games else ""
            first, second = (state.first, state.second) if state is not None else (m.first, m.second)
            rows.append(PairingRow(label, names[first], names[second], score))
    return rows


def bracket_lines(view: KnockoutView, names: Mapping[str, str], lang: Lang,
                  only: Callable[[KnockoutMatch], bool] = lambda m: True) -> list[str]:
    lines = (match_line(view, m, names, lang) for m in view.draw.matches if only(m))
    return [line for line in lines if line is not None]


def names_of(night: Night) -> dict[str, str]:
    return {key(e.number): e.name for e in night.entrants}


def bracket_text(night: Night, head: str) -> str:
    """The whole bracket as it stands (`/cribbage event standings`); before the start, that it is not drawn yet."""
    if not night.settings.seeds:
        return "\n".join([head, knockout_line(night.settings, night.lang), t("event.ko.not_drawn", night.lang)])
    view = view_of(night)
    lines = [head, knockout_line(night.settings, night.lang), *bracket_lines(view, names_of(night), night.lang)]
    if view.draw.champion is not None:
        lines.append(t("event.ko.champion_line", night.lang, name=names_of(night)[view.draw.champion]))
    return "\n".join(lines)


class KnockoutRounds:
    """Starts a knockout's rounds and its matches' games, and posts its champion."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    @property
    def storage(self) -> Storage:
        return self.tables.storage

    def works(self, night: Night) -> Iterator[tuple[str, Callable[[], EventNews]]]:
        """The work due now in a knockout whose current round was posted: a match's next game, else the next
        round, else the champion."""
        event, round_ = night.event, night.event.round
        view = view_of(night)
        undecided = False
        for place in view.matches_of(round_):
            if view.states[place].winner is not None:
                continue
            undecided = True
            last = view.games[place][-1]
            number = last.pairing % MATCH_GAMES
            pairing = last.pairing + 1 if last.outcome else last.pairing
            work = f"event:game:{event.id}:{round_}:{pairing}"
            if last.outcome or (number > 0 and not self.storage.finished(work)):
                yield work, partial(self.next_game, event, round_, place, pairing)
        if undecided:
            return
        if view.draw.champion is not None:
            yield f"event:final:{event.id}", partial(self.final, night)
        elif view.draw.ready():
            yield f"event:round:{event.id}:{round_ + 1}", partial(self.begin, event, round_ + 1)

    # ------------------------------------------------------------------ a round

    def begin(self, event: EventRow, round_: int) -> EventNews:
        """Round `round_`: its matches' first games kept (two computers' matches played out), started, and the
        post saying it (the last round's results, then this round's matches), pinging the members who play."""
        night = self.tables.night(event)
        if not night.round_tables(round_):
            self._pair(night, round_)
        self.storage.set_event_round(event.id, round_, was=round_ - 1)
        night = self.tables.night(self.storage.event(event.id) or event)
        view, names, lang = view_of(night), names_of(night), night.lang
        by_number = {e.number: e for e in night.entrants}
        opening = [row for row in night.round_tables(round_) if row.game and not row.outcome]
        started = [(self.tables.open_game(night, row, by_number), row) for row in opening]
        games = [(game, tuple(m for m in (by_number[row.home].member, by_number[row.away].member) if m))
                 for game, row in started if game is not None]
        now = set(view.matches_of(round_))

        def starting(m: KnockoutMatch) -> bool:
            return view.place(m.key) in now or (round_ == 1 and m.walkover)

        lines = [t("event.ko.round_head", lang, round=round_), *bracket_lines(view, names, lang, starting)]
        files = (bracket_picture(event.id, f"stage-{round_}", t("event.ko.pic.stage", lang, round=round_),
                                 picture_line(night.settings, lang), picture_rows(view, names, starting), lang),) \
            if self.tables.images else ()
        if round_ > 1:
            before = set(view.matches_of(round_ - 1))
            lines = [t("event.ko.results_head", lang, round=round_ - 1), *bracket_lines(
                view, names, lang, lambda m: view.place(m.key) in before), "", *lines]
        members = tuple(dict.fromkeys(by_number[n].member for row in night.round_tables(round_) if row.game
                                      for n in (row.home, row.away) if by_number[n].member))
        return EventNews(f"event:round:{event.id}:{round_}", event.guild, event.channel, "\n".join(lines), members,
                         tuple(g for g, _ in games), tuple(p for _, p in games), lang, files,
                         start=t("event.ko.game_start", lang))

    def _pair(self, night: Night, round_: int) -> None:
        """The first game of every match ready now (a whole match between two computers, played out)."""
        view = view_of(night)
        by_key = {key(e.number): e for e in night.entrants}
        rows: list[EventGameRow] = []
        for match in view.draw.ready():
            place = view.place(match.key)
            a, b = by_key[str(match.first)], by_key[str(match.second)]
            if a.member or b.member:
                rows.append(EventGameRow(night.event.id, round_, place * MATCH_GAMES, a.number, b.number,
                                         self.tables.ids()))
            else:
                rows.extend(self._quick_match(night, round_, place, a, b))
        self.storage.add_event_games(rows)  # False: made before by a process that stopped, as it was kept

    def _quick_match(self, night: Night, round_: int, place: int, first: EntrantRow,
                     second: EntrantRow) -> list[EventGameRow]:
        rows: list[EventGameRow] = []
        results: list[Played | Forfeit] = []
        state = match_from_games(key(first.number), key(second.number), night.settings.best_of, ())
        while state.winner is None:
            home, away = (first, second) if len(rows) % 2 == 0 else (second, first)
            row = self.tables.quick(night, round_, place * MATCH_GAMES + len(rows), home, away)
            rows.append(row)
            result = counted(row, night.settings.target)
            if result is not None:
                results.append(result)
            state = match_from_games(key(first.number), key(second.number), night.settings.best_of, results)
        return rows

    # ------------------------------------------------------------------ a match's next game

    def next_game(self, event: EventRow, round_: int, place: int, pairing: int) -> EventNews:
        """A match's next game (seat 0 alternating), kept and started; or the one kept before, as it stands."""
        night = self.tables.night(event)
        view = view_of(night)
        first_row = view.games[place][0]
        number = pairing % MATCH_GAMES
        home, away = (first_row.home, first_row.away) if number % 2 == 0 else (first_row.away, first_row.home)
        row = EventGameRow(event.id, round_, pairing, home, away, self.tables.ids())
        if not self.storage.add_event_games([row]):
            row = next(r for r in self.storage.event_games(event.id) if r.round == round_ and r.pairing == pairing)
        by_number = {e.number: e for e in night.entrants}
        reply = self.tables.open_game(night, row, by_number)
        state = view.states[place]
        names, lang = names_of(night), night.lang
        text = t("event.ko.game_head", lang, match=match_label(view.keys[place], lang, view.last), game=number + 1,
                 home=names[key(home)], away=names[key(away)], first=names[state.first], second=names[state.second],
                 first_wins=state.first_wins, second_wins=state.second_wins)
        players = tuple(m for m in (by_number[home].member, by_number[away].member) if m)
        games = ((reply,), (players,)) if reply is not None else ((), ())
        return EventNews(f"event:game:{event.id}:{round_}:{pairing}", event.guild, event.channel, text, players,
                         games[0], games[1], lang, start=t("event.ko.game_start", lang))

    def final(self, night: Night) -> EventNews:
        view = view_of(night)
        names = names_of(night)
        champion = names[str(view.draw.champion)]
        text = "\n".join([t("event.ko.final_head", night.lang, name=champion),
                          knockout_line(night.settings, night.lang), *bracket_lines(view, names, night.lang)])
        members = tuple(e.member for e in night.entrants if e.member)
        rows = picture_rows(view, names)[-MOST:]  # the last rounds, the final at the foot
        files = (bracket_picture(night.event.id, "final", t("event.ko.pic.champion", night.lang, name=champion),
                                 picture_line(night.settings, night.lang), rows, night.lang),) \
            if self.tables.images else ()
        return EventNews(f"event:final:{night.event.id}", night.event.guild, night.event.channel, text, members,
                         lang=night.lang, files=files)

