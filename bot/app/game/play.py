"""The moves of a game, as typed commands: start, answer an invitation, lay away, play, go, declare.

An action is checked by the engine, then committed to storage together with the computer's answers,
and only then acknowledged: a reply describes only committed actions. Every method runs in a worker
thread under the game's lock (see `Runner.on_game`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from bot.app.command_base import Command
from bot.app.companion.pegboard import Pegboard
from bot.app.companion.practice import read_count
from bot.app.companion.statistics import summary_of
from bot.app.game.ends import GameEnds
from bot.app.game.game_cache import GameCache
from bot.app.game.invites import cut_line
from bot.app.game.live_game import LiveGame
from bot.app.game.moves import DeclareCount, action_maker, check_version
from bot.app.game.rating_games import GameRatings
from bot.app.game.seating import (
    PartnerCut,
    Partners,
    arrange,
    computer_seat,
    invited,
    number_computers,
    seat_computers,
    waiting_seats,
)
from bot.app.shown.presenter import Presenter, closed_note, with_line
from bot.app.shown.refusals import illegal_text
from bot.app.shown.replies import Post, Reply
from bot.i18n import Lang, t
from bot.settings import SettingError, kept_for_game, of_game
from bot.storage import GameStore
from bot.storage.values import GameMeta, Seat, SeatChange, SeatKind, Status
from engine.computer.players import DIFFICULTIES, make_player
from engine.core.actions import Declare, Discard, Go, Muggins, Play, PlayerAction
from engine.core.errors import CodedError, excerpt, shown
from engine.core.game import Game, Phase
from engine.core.legality import IllegalAction
from engine.core.observation import Observation, observe
from engine.core.rules import STANDARD, Rules, RulesError, RulesProblem

PLAYER_ACTIONS = (Discard, Play, Go, Declare, Muggins)
"""What a seat may do (chance, the cuts and deals, is the game's)."""
SEED_LIMIT = 2**63
"""Seeds are stored as SQLite integers: a larger one is refused, not overflowed."""


class NewGameProblem(Enum):
    """Why a game cannot start as asked; the comment lists the error's `fields`."""

    DIFFICULTY = "difficulty"  # difficulty, choices
    SEED = "seed"  # seed, most
    TARGET = "target"  # target, allowed
    RULES = "rules"  # detail (the engine's words)
    SELF_INVITE = "self_invite"  # (none)
    TWICE = "twice"  # name
    PLAYERS = "players"  # players


class ControllerError(CodedError[NewGameProblem]):
    """A game that cannot start as asked. A door answers `text(lang)`; `str()` is the English for logs."""

    def text(self, lang: Lang) -> str:
        return t(f"newgame.{self.code.value}", lang, **self.fields)


@dataclass(frozen=True, slots=True)
class Member:
    """A person as a door knows them: a stable user id and a display name."""

    user: str
    name: str


Guest = Member | str
"""Who takes a seat besides the host: an invited member, or a computer's strength ('easy' … 'expert')."""


@dataclass(frozen=True, slots=True)
class NewGame(Command[Reply]):
    """What a door asks for: the rules and the seats, and the application's own settings."""

    place: str
    host: Member
    seats: tuple[Guest, ...] = ("normal",)
    """The other seats in table order: one for a game of two, two or three for a game of three or four."""
    rules: Rules = STANDARD
    """The options the game is played under; their player count is the seats' (set when the game starts)."""
    seed: int | None = None
    guild: str = ""
    """The server the game belongs to (for its statistics); '' outside one."""
    member_lang: Lang | None = None
    """The host's own language, for their private panel (None: the game's `lang`)."""
    self_count: bool = False
    """The host counts their own hands ("I count my own hands"): they declare each count at the show."""
    lang: Lang = Lang.EN
    """The language of the game's public messages (the server's)."""
    partners: Partners = Partners.CUT
    """Four players: cut for partners, or the host partners the second listed."""
    settings: Mapping[str, object] = field(default_factory=dict)
    """The game's settings (bot/settings.py, scope game), by name, as given: `auto_go` (a member's forced moves made
    for them: go, and the last card held) ... Those not given have their defaults."""


def game_rules(usual: Rules, given: Mapping[str, object]) -> Rules:
    """The rules a door was asked for: its usual ones with the options given (by name, as typed or chosen);
    a ControllerError saying which one cannot be played."""
    try:
        return usual.with_options(given)
    except (RulesError, TypeError, ValueError) as exc:
        if isinstance(exc, RulesError) and exc.code is RulesProblem.TARGET:
            raise ControllerError(NewGameProblem.TARGET, str(exc), target=exc.fields["target"],
                                  allowed="121, 61") from None
        raise ControllerError(NewGameProblem.RULES, str(exc), detail=str(exc)) from None


def unknown_difficulty(name: object) -> ControllerError:
    choices = ", ".join(DIFFICULTIES)
    return ControllerError(NewGameProblem.DIFFICULTY, f"unknown difficulty {excerpt(name)}; choose from {choices}",
                           difficulty=shown(name), choices=choices)


def new_game_id() -> str:
    """Ten characters of lowercase base-32: short enough for custom ids, unguessable enough."""
    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def called_first(game: Game, seat: int) -> int | None:
    """Who took the latest count open to claims, when another seat that `seat` may call against did: the
    answer to a muggins call (or pass) that came too late. None otherwise."""
    said = next((d.declarations[-1] for d in reversed(game.deals) if d.declarations), None)
    if said is None or not said.claimed or said.claimant is None or said.claimant == seat:
        return None
    team = game.rules.team_of
    return said.claimant if team(seat) != team(said.seat) else None


def think(strength: str, seed: int, obs: Observation) -> PlayerAction:
    """One decision of the computer (module level, so a worker process can run it)."""
    action = make_player(strength, seed).choose(obs)
    if not isinstance(action, PLAYER_ACTIONS):  # chance (cuts, deals) is never a player's to choose
        raise TypeError(f"the {strength} player chose {action!r}, which is not a player's action")
    return action


QUICK = frozenset({("greedy", Phase.DISCARD), ("greedy", Phase.PLAY), ("expected", Phase.PLAY)})
"""The computer's decisions (strength, phase) that take a tenth of a millisecond or less: cheaper made in the
thread than sent to a worker process, a round trip that costs several times that. The others (the expected
player's discards, 4 ms; hard and expert, 2-18 ms) go to the worker processes."""


def think_here(strength: str, phase: Phase) -> bool:
    """Whether the computer's decision is cheaper made where it is asked for than in a worker process."""
    return (strength, phase) in QUICK


def stand_in(seats: Sequence[Seat], default: str) -> str:
    """The strength of a computer taking over a seat: the table's computer's, else the server's default."""
    return next((s.difficulty for s in seats if s.kind is SeatKind.COMPUTER), default)


def computer_seed(game_seed: int, version: int, seat: int) -> int:
    """The computer's randomness for one decision: a function of the game, never of the process."""
    return (game_seed * 1_000_003 + version * 101 + seat) % (2**31)


def forced_move(live: LiveGame) -> Go | Play | None:
    """The move a member has no choice about, when the game makes it for them: go when no card they hold fits,
    their last card when it fits. None when they have a choice (or the game leaves forced moves to them).
    Neither tells the table anything the move itself would not: with several cards held, one that alone fits
    is left to the member, since laying it at once would say that the others do not fit."""
    game = live.game
    if not of_game(live.meta, "auto_go") or game.phase is not Phase.PLAY or game.turn is None:
        return None
    seat = game.turn
    if live.meta.seats[seat].kind is not SeatKind.HUMAN:
        return None
    playable = game.playable(seat)
    if not playable:
        return Go(seat)
    return Play(seat, playable[0]) if len(game.hands[seat]) == 1 else None


Make = Callable[[int], PlayerAction]
"""Builds the member's action once their seat is known."""


class GamePlay:
    """Starts games and carries out the members' moves, the computer answering in the same commit."""

    def __init__(self, cache: GameCache, presenter: Presenter, pegboard: Pegboard, *, clock: Callable[[], float],
                 ids: Callable[[], str], seeds: Callable[[], int], difficulty: str = "normal",
                 ratings: GameRatings | None = None, ends: GameEnds | None = None) -> None:
        """`difficulty`: the computer's strength where nobody chose one (a seat handed over, empty seats
        filled, in a game without a computer yet). `ratings`: what a game does to its members' ratings (None: a
        door without ratings). `ends` hears of each game ended by the cards."""
        self.difficulty = difficulty
        self.ratings = ratings
        self.ends = ends or GameEnds()
        self.cache = cache
        self.pegboard = pegboard
        self.store: GameStore = cache.store
        self.presenter = presenter
        self.clock = clock
        self._ids = ids
        self._seeds = seeds

    # ------------------------------------------------------------------ starting

    def create(self, req: NewGame) -> tuple[LiveGame, tuple[str, ...]]:
        """A new game: an invitation is stored at once, a game ready to start by `start` (with the computer's
        first discards). Also the lines that open it (the cut for partners)."""
        meta, cut = self._meta(req)
        live = LiveGame(meta, Game(meta.rules, seed=meta.seed), names=tuple(s.name for s in meta.seats))
        if meta.status is Status.INVITED:
            self.cache.create(live)
        return live, (cut_line(cut, live.lang, live.names),) if cut is not None else ()

    def start(self, live: LiveGame, user: str, lang: Lang | None, lead: tuple[str, ...] = ()) -> Reply:
        """Every seat is filled: the game starts. The computer's first discards are stored in one commit with
        a new game, or with an invitation's last seats and its start: a crash leaves no game, the invitation
        waiting for the same answer, or the game started (never the computer owing a move)."""
        actions = self._computer_moves(live)
        farmed = self.ratings.start_line(live) if self.ratings is not None else ""
        if live.meta.status is Status.INVITED:
            self._commit(live, 0, actions, started=True)
        else:
            self.cache.create(live, actions)
        board = self.pegboard.game_changed(live)
        reply = self.presenter.after(live, 0, user, lang)
        if farmed:  # said publicly at the start: these pairs play unrated
            reply = replace(reply, lines=(farmed, *reply.lines), posts=(Post(farmed), *reply.posts))
        return with_line(replace(reply, lines=(*lead, *reply.lines)), board)

    def hand_over(self, live: LiveGame, seats: Sequence[int], line: str) -> Reply:
        """Members leave a group game: the computer takes their seats (the record says so), plays at once if
        it is its turn, and the game goes on. `line` says why, publicly."""
        difficulty = stand_in(live.meta.seats, self.difficulty)
        leaving = [(seat, live.meta.seats[seat].user) for seat in seats]
        changes = [*live.meta.changes, *(SeatChange(seat, live.meta.seats[seat].name, difficulty, live.game.version,
                                                    live.meta.seats[seat].user) for seat in seats)]
        live.meta = replace(live.meta, seats=seat_computers(live.meta.seats, seats, difficulty), changes=tuple(changes))
        live.names = tuple(s.name for s in live.meta.seats)
        start_events, start = len(live.game.events), live.game.version
        self._commit(live, start, self._computer_moves(live), seated=True)  # one commit: no move owed after a crash
        board = self.pegboard.game_changed(live)
        reply = self.presenter.after(live, start_events, "")
        gone = tuple(self.presenter.left(live, seat, user) for seat, user in leaving)  # their panels close
        return with_line(replace(reply, lines=(line, *reply.lines), note=line, posts=(Post(line), *reply.posts),
                                 panels=(*reply.panels, *gone)), board)

    def store_seats(self, live: LiveGame) -> None:
        self.cache.write(live, self.store.set_seats, live.meta.seats, live.meta.changes, now=self.clock())

    def _meta(self, req: NewGame) -> tuple[GameMeta, PartnerCut | None]:
        for strength in req.seats:
            if not isinstance(strength, Member) and strength not in DIFFICULTIES:
                raise unknown_difficulty(strength)
        if not 1 <= len(req.seats) <= 3:
            raise ControllerError(NewGameProblem.PLAYERS, f"a table seats 2 to 4 players, not {len(req.seats) + 1}",
                                  players=len(req.seats) + 1)
        if req.seed is not None and not 0 <= req.seed < SEED_LIMIT:
            raise ControllerError(NewGameProblem.SEED, f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not "
                                  f"{shown(req.seed)}", seed=req.seed, most=SEED_LIMIT - 1)
        rules = replace(req.rules, players=1 + len(req.seats))
        try:
            settings = kept_for_game(req.settings)
        except SettingError as exc:
            raise ControllerError(NewGameProblem.RULES, str(exc), detail=str(exc)) from None
        seed = req.seed if req.seed is not None else self._seeds()
        seats, cut = self._seats(req, seed)
        now = self.clock()
        status = Status.INVITED if waiting_seats(seats) else Status.ACTIVE
        meta = GameMeta(self._ids(), rules, seats, seed, status, req.place, now, now, guild=req.guild,
                        self_count=(0,) if req.self_count else (), lang=req.lang.value, settings=settings)
        return meta, cut

    def _seats(self, req: NewGame, seed: int) -> tuple[tuple[Seat, ...], PartnerCut | None]:
        host = Seat(SeatKind.HUMAN, req.host.name, req.host.user)
        seats = [host]
        for other in req.seats:
            if isinstance(other, Member):
                if other.user == host.user:
                    raise ControllerError(NewGameProblem.SELF_INVITE, "you cannot invite yourself; leave the "
                                          "opponent out to play the computer")
                if other.user in {s.user for s in seats}:
                    raise ControllerError(NewGameProblem.TWICE, f"{other.name} is invited twice", name=other.name)
                seats.append(invited(other.user, other.name))
            else:
                seats.append(computer_seat(other))
        return arrange(number_computers(seats), req.partners, seed)

    # ------------------------------------------------------------------ moves

    def move(self, game_id: str, user: str, version: int, make: Make, lang: Lang | None = None) -> Reply:
        """A member's move from the panel drawn at `version`: refused (nothing changed) unless the game is
        still there, or carried out and committed with the computer's answers. The game is read as the
        database holds it now, so a panel drawn by another process on the same database is accepted here;
        if another writer commits first, the commit raises StaleWrite and the controller tries again."""
        check_version(version)
        found = self.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        action = make(seat)
        refusal = self._refusal(live, seat, version, lang, action)
        if refusal is not None:
            return self.presenter.refused(live, seat, refusal, lang)
        start_events, start = len(live.game.events), live.game.version
        try:
            live.game.apply(action)
        except IllegalAction as exc:
            return self.presenter.refused(live, seat, illegal_text(exc, live, lang or live.lang), lang)
        self._commit(live, start, [action, *self._computer_moves(live)])
        board = self.pegboard.game_changed(live)
        return with_line(self.presenter.after(live, start_events, user, lang), board)

    def _refusal(self, live: LiveGame, seat: int, version: int, lang: Lang | None,
                 action: PlayerAction | None = None) -> str | None:
        lang = lang or live.lang
        if live.meta.status is not Status.ACTIVE:
            return closed_note(live, lang)
        if live.step_of(seat) is not None:
            return t("selfcount.first", lang)
        if version != live.game.version:
            first = called_first(live.game, seat) if isinstance(action, Muggins) else None
            if first is not None:  # a muggins race lost: say who won it
                return t("muggins.called_first", lang, name=live.names[first])
            return t("refuse.stale", lang)
        return None

    def declare_muggins(self, game_id: str, user: str, version: int, points: int | str,
                        lang: Lang | None = None) -> Reply:
        """A muggins game's declared count (the engine pegs what was declared)."""
        found = self.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        value = read_count(points, lang or live.lang)
        if isinstance(value, str):
            return self.presenter.refused(live, seat, value, lang)
        return self.move(game_id, user, version, action_maker(DeclareCount(value)), lang)

    def _commit(self, live: LiveGame, start: int, actions: list[PlayerAction], *, started: bool = False,
                seated: bool = False) -> None:
        """`actions` logged; with the game's start (`started`) and its seats as memory has them now (`seated`,
        implied by `started`) in the same commit."""
        game = live.game
        status = Status.OVER if game.over else Status.ACTIVE if started else None
        summary = summary_of(live) if game.over else None  # the statistics count it in the same commit
        seating = (live.meta.seats, live.meta.changes) if started or seated else None
        now = self.clock()
        rated = None
        if game.over and self.ratings is not None:  # the ratings change in the same commit too
            rated = self.ratings.rated(replace(live.meta, status=Status.OVER, winner=game.winner), game, now)
        # memory is ahead of the database if this fails: the cache drops the game, to rebuild it next time
        changes = self.cache.write(live, self.store.append, start, actions, now=now, status=status,
                                   winner=game.winner, summary=summary, seating=seating, rated=rated)
        if started:
            live.meta = replace(live.meta, status=Status.ACTIVE)
        if game.over:
            live.meta = replace(live.meta, status=Status.OVER, winner=game.winner)
            if self.ratings is not None:
                live.rating_line = self.ratings.end_line(live, changes)
            self.cache.forget(live.id)
            self.ends.ended(live)
        live.meta = replace(live.meta, updated=self.clock(), reminded=False)

    def _computer_moves(self, live: LiveGame) -> list[PlayerAction]:
        """Let computer seats act, and make a member's forced moves (`forced_move`), until a person must choose
        (or the game ends). Returns what was done."""
        game = live.game
        done: list[PlayerAction] = []
        while not game.over:
            forced = forced_move(live)
            if forced is not None:
                game.apply(forced)
                done.append(forced)
                continue
            seats = [s for s in game.to_act() if live.meta.seats[s].kind is SeatKind.COMPUTER]
            if not seats or self._members_claim_first(live):
                break
            seat = seats[0]
            strength = DIFFICULTIES[live.meta.seats[seat].difficulty]
            args = (strength, computer_seed(live.meta.seed, game.version, seat), observe(game, seat))
            action = think(*args) if think_here(strength, game.phase) else self.presenter.runner.cpu(think, *args)
            game.apply(action)
            done.append(action)
        return done

    @staticmethod
    def _members_claim_first(live: LiveGame) -> bool:
        """A missed count is open to claims: the computer, which never misses one, waits until the members
        who may claim have passed (or their time ran out), so a person's call is never beaten to it."""
        return any(live.meta.seats[s].kind is SeatKind.HUMAN for s in live.game.claimants())

    def close_claims(self, live: LiveGame, line: str) -> Reply:
        """The time to call muggins ran out: every member who may still claim lets it pass."""
        start_events, start = len(live.game.events), live.game.version
        actions: list[PlayerAction] = []
        for seat in live.game.claimants():
            if live.meta.seats[seat].kind is SeatKind.HUMAN:
                action = Muggins(seat, False)
                live.game.apply(action)
                actions.append(action)
        self._commit(live, start, [*actions, *self._computer_moves(live)])
        board = self.pegboard.game_changed(live)
        reply = self.presenter.after(live, start_events, "")
        return with_line(replace(reply, lines=(line, *reply.lines), posts=(Post(line), *reply.posts)), board)

    # ------------------------------------------------------------------ finding the member

    def seated(self, game_id: str, user: str, lang: Lang | None = None) -> tuple[LiveGame, int] | Reply:
        """The game and `user`'s seat in it; else the refusal (no such game, or not a player in it)."""
        live = self.cache.load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", lang or Lang.EN), game_id)
        seat = live.seat_of(user)
        if seat is None:
            players = t("refuse.and", lang or live.lang).join(live.names)
            return Reply(False, t("refuse.not_seated", lang or live.lang, players=players), game_id,
                         live.game.version)
        if lang is not None:
            live.langs[seat] = lang
        return live, seat

    def hand(self, game_id: str, user: str, lang: Lang | None = None) -> Reply:
        found = self.seated(game_id, user, lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        if live.meta.status is Status.INVITED:
            return Reply(False, t("refuse.not_started", lang or live.lang), game_id)
        return Reply(True, "", game_id, live.game.version, panel=self.presenter.panel(live, seat, lang),
                     place=live.meta.place, message=live.meta.message)
