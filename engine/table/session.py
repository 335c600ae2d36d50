"""Table mode: the score of a real game at a real table, kept as an ordered log of peg moves.

The players hold the cards; this keeps only what a wooden board keeps (a front and a back peg per
player or team) plus who deals, so the bot can draw pace against par and the dealer zones. The whole
session is its rules, its seat names and its action log: every state is rebuilt by replaying the log,
so storage keeps only that, a stored log proves itself when it is read back, and undo is exact (it
drops the last action and returns to the state before it).

Pure values, no I/O: the Discord adapter and the LED pegboard read the session and never change it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.analysis import coaching
from engine.analysis.winprob import Unavailable, WinTable
from engine.core.errors import CodedError, escaped
from engine.core.rules import Rules, RulesError
from engine.core.scoring import MAX_HAND
from engine.core.typed import is_number_like

FORMAT = "cribbage-table"
VERSION = 1
MAX_NOTE = 200
BOARD_HOLES = 121
"""The game hole of a standard board (board_driver.model.GAME_HOLE; the engine does not import it)."""


class TableProblem(Enum):
    """Why the table refused a move or a stored session; the comment lists the error's `fields`."""

    ACTION_NOT_OBJECT = "action_not_object"  # action
    UNKNOWN_ACTION = "unknown_action"  # kind, expected (the kinds there are)
    UNEXPECTED_FIELDS = "unexpected_fields"  # kind, names
    BAD_REASON = "bad_reason"  # reason
    NOT_RULES = "not_rules"  # rules
    NAME_COUNT = "name_count"  # expected, got, names
    BAD_NAME = "bad_name"  # seat, name (empty, not text, or holding a control character)
    SAME_NAME = "same_name"  # seat, name, other (the earlier seat with the same name)
    NUMBER_NAME = "number_name"  # seat, name (a name that reads as a number: players are typed by number too)
    NOTHING_TO_UNDO = "nothing_to_undo"  # (none)
    NO_TEAM = "no_team"  # team, teams
    SESSION_NOT_OBJECT = "session_not_object"  # session
    NOT_A_SESSION = "not_a_session"  # format, version
    BAD_RULES = "bad_rules"  # rules, error (the rules' own message)
    NAMES_NOT_LIST = "names_not_list"  # names
    ACTIONS_NOT_LIST = "actions_not_list"  # actions
    BAD_LOG = "bad_log"  # index, action, cause (the action's own TableProblem)
    NO_SEAT = "no_seat"  # seat, players
    GAME_OVER = "game_over"  # seat (the winner), target
    BAD_POINTS = "bad_points"  # seat, points, most
    BAD_NOTE = "bad_note"  # note, most
    ALREADY_DEALS = "already_deals"  # seat
    NO_DEALER = "no_dealer"  # (none)
    NOT_AN_ACTION = "not_an_action"  # action


class TableScoreError(CodedError[TableProblem]):
    """A move the table cannot make, or a stored session that does not replay: `code` says which, `fields`
    hold what the message names."""


class Reason(Enum):
    """Why points were pegged: labels for the record and the statistics, not checked against the points
    (tables differ on how they call a go at 31, and the players' word is the score)."""

    PLAY = "play"
    GO = "go"
    LAST = "last"
    HEELS = "heels"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"
    OTHER = "other"


class Skunk(Enum):
    SKUNK = "skunk"
    DOUBLE = "double skunk"


# -- the actions: each one line of the log -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Peg:
    """`seat` pegs `points`: its team's back peg jumps ahead of the front one."""

    seat: int
    points: int
    reason: Reason | None = None
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": "peg", "seat": self.seat, "points": self.points}
        if self.reason is not None:
            out["reason"] = self.reason.value
        if self.note is not None:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class SetDealer:
    """The cut for deal (or a correction of who deals now): `seat` deals the current deal."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"do": "dealer", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class NextDeal:
    """The deal is over: it counts for the dealer and the pones, and the deal passes to the left."""

    def to_json(self) -> dict[str, Any]:
        return {"do": "next_deal"}


Action = Peg | SetDealer | NextDeal


_FIELDS = {"peg": {"do", "seat", "points", "reason", "note"}, "dealer": {"do", "seat"}, "next_deal": {"do"}}
"""Each stored action's kind and the fields it may have."""


def action_from_json(data: object, rules: Rules) -> Action:
    """One stored action, its fields checked as a move under `rules` is (the session checks it against the
    game's state when it replays it)."""
    if not isinstance(data, Mapping):
        raise TableScoreError(TableProblem.ACTION_NOT_OBJECT, f"an action must be an object, not {data!r}",
                              action=data)
    kind = data.get("do")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise TableScoreError(TableProblem.UNKNOWN_ACTION, f"unknown action {kind!r}: expected one of "
                              f"{', '.join(_FIELDS)}", kind=kind, expected=tuple(_FIELDS))
    extra = sorted(set(data) - _FIELDS[kind])
    if extra:
        raise TableScoreError(TableProblem.UNEXPECTED_FIELDS, f"unexpected field(s) {', '.join(map(repr, extra))} "
                              f"in a {kind} action", kind=kind, names=tuple(extra))
    if kind == "next_deal":
        return NextDeal()
    seat = _check_seat(rules, data.get("seat"))
    if kind == "dealer":
        return SetDealer(seat)
    points, reason = _check_points(seat, data.get("points")), data.get("reason")
    return Peg(seat, points, _reason(reason) if reason is not None else None, _check_note(data.get("note")))


def _reason(value: object) -> Reason:
    if isinstance(value, Reason):
        return value
    if isinstance(value, str):
        try:
            return Reason(value.strip().lower())
        except ValueError:
            pass
    raise TableScoreError(TableProblem.BAD_REASON, f"reason {value!r} is not one of "
                          f"{', '.join(r.value for r in Reason)}", reason=value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- the state the log builds --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pegs:
    """One track: the front peg is the score, the back peg where the front one stood before the last move."""

    front: int
    back: int


@dataclass(frozen=True, slots=True)
class DealCounts:
    """Finished deals a team dealt and sat as pone in: what par is measured against."""

    dealt: int
    as_pone: int


@dataclass(frozen=True, slots=True)
class _State:
    pegs: tuple[Pegs, ...]
    dealer: int | None
    deals: int
    dealt: tuple[int, ...]
    """Finished deals per team in which that team dealt."""
    winner: int | None
    """The seat whose move reached the target."""


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game. Skunks are always worked out (a real table wants them); the rules' `skunk`
    option only says whether bot games announce them."""

    winner: int
    """The seat that pegged out."""
    team: int
    scores: tuple[int, ...]
    """Final front pegs per team (the winner's may pass the target: the move's full points)."""
    skunks: tuple[Skunk | None, ...]
    """Per team: None for the winner and for a loser past the skunk line."""
    skunk: Skunk | None
    """The best-placed loser's, as engine.core.game reports it: a skunk of the whole table."""
    deals: int


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What an LED pegboard shows of the session, one track per team, in engine terms."""

    pegs: tuple[Pegs, ...]
    """Front and back per track, capped at the game hole."""
    winner: int | None
    """The winning track, which flashes."""
    dealer: int | None
    """The track of the team that deals now (highlighted), None once the game is won or before the cut."""
    skunk_line: int | None
    """The line a skunked loser failed to pass (61 for a double skunk), lit at the end; else None."""


class TableSession:
    """The score of one real game: players (or teams), target, pegs, who deals, and the log behind them."""

    def __init__(self, rules: Rules, names: Sequence[str], *, stored: bool = False) -> None:
        """`names` as typed: each a text without control characters, no two the same (by `name_key`), none a
        number (a player is typed by name or by number). `stored`: a session read back, whose names were taken
        under older rules and are only required to be non-empty text."""
        if not isinstance(rules, Rules):
            raise TableScoreError(TableProblem.NOT_RULES, f"rules must be engine.core.rules.Rules, not {rules!r}",
                                  rules=rules)
        names = tuple(names) if not isinstance(names, str) else (names,)
        if len(names) != rules.players:
            raise TableScoreError(TableProblem.NAME_COUNT, f"{rules.players} seat names needed for "
                                  f"{rules.players} players, got {len(names)}: {list(names)!r}",
                                  expected=rules.players, got=len(names), names=names)
        for i, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                raise TableScoreError(TableProblem.BAD_NAME, f"seat {i} name {name!r} is not a non-empty text",
                                      seat=i, name=name)
        if not stored:
            check_names(names)
        self.rules = rules
        self.names: tuple[str, ...] = tuple(escaped(n.strip()) for n in names)  # a stored one may hold any text
        teams = rules.teams
        self._log: list[Action] = []
        self._states: list[_State] = [_State((Pegs(0, 0),) * teams, None, 0, (0,) * teams, None)]

    # -- moves ---------------------------------------------------------------------------------------

    def peg(self, seat: int, points: int, reason: Reason | str | None = None, note: str | None = None) -> Pegs:
        """Peg points for a seat (its team in the four-player game); the team's pegs after the move."""
        if reason is not None:
            reason = _reason(reason)
        self._do(Peg(seat, points, reason, note))
        return self.pegs(seat)

    def set_dealer(self, seat: int) -> None:
        """Who deals now: the cut at the start, or a correction later (it counts no deal)."""
        self._do(SetDealer(seat))

    cut = set_dealer

    def next_deal(self) -> int:
        """The deal is over; the next seat to the left deals. The new dealer's seat."""
        self._do(NextDeal())
        dealer = self.dealer
        assert dealer is not None  # passing the deal on needs a dealer
        return dealer

    def undo(self) -> Action:
        """Take back the last action exactly (a win too); the action taken back."""
        if not self._log:
            raise TableScoreError(TableProblem.NOTHING_TO_UNDO, "nothing to undo: the table log is empty")
        self._states.pop()
        return self._log.pop()

    def _do(self, action: Action) -> None:
        self._states.append(_apply(self.rules, self._states[-1], action))
        self._log.append(action)

    # -- reading -------------------------------------------------------------------------------------

    @property
    def _now(self) -> _State:
        return self._states[-1]

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    def _team(self, seat: int) -> int:
        _check_seat(self.rules, seat)
        return self.rules.team_of(seat)

    def pegs(self, seat: int) -> Pegs:
        return self._now.pegs[self._team(seat)]

    def front(self, seat: int) -> int:
        return self.pegs(seat).front

    def back(self, seat: int) -> int:
        return self.pegs(seat).back

    @property
    def scores(self) -> tuple[int, ...]:
        """Front pegs per team (per player unless four play)."""
        return tuple(p.front for p in self._now.pegs)

    @property
    def tracks(self) -> tuple[Pegs, ...]:
        return self._now.pegs

    def team_name(self, team: int) -> str:
        """A player's name, or "A & C" for a four-player team."""
        if not _is_int(team) or not 0 <= team < self.rules.teams:
            raise TableScoreError(TableProblem.NO_TEAM, f"team {team!r} is not 0-{self.rules.teams - 1}",
                                  team=team, teams=self.rules.teams)
        if self.rules.players == 4:
            return f"{self.names[team]} & {self.names[team + 2]}"
        return self.names[team]

    @property
    def dealer(self) -> int | None:
        """The seat that deals now; None before the cut."""
        return self._now.dealer

    @property
    def deals(self) -> int:
        """Finished deals (next_deal calls)."""
        return self._now.deals

    @property
    def deal_number(self) -> int:
        """The deal in progress, from 1."""
        return self._now.deals + 1

    def deal_counts(self, seat: int) -> DealCounts:
        """Finished deals the seat's team dealt and sat as pone in (partners share, as they share par)."""
        dealt = self._now.dealt[self._team(seat)]
        return DealCounts(dealt, self._now.deals - dealt)

    @property
    def winner(self) -> int | None:
        """The seat that pegged out, or None while the game goes on."""
        return self._now.winner

    @property
    def over(self) -> bool:
        return self._now.winner is not None

    def result(self) -> Result | None:
        now = self._now
        if now.winner is None:
            return None
        team = self.rules.team_of(now.winner)
        skunks = tuple(None if t == team else _skunk(self.rules, p.front) for t, p in enumerate(now.pegs))
        best_loser = max(p.front for t, p in enumerate(now.pegs) if t != team)
        return Result(now.winner, team, self.scores, skunks, _skunk(self.rules, best_loser), now.deals)

    # -- coaching --------------------------------------------------------------------------------------

    def pace(self, seat: int, par: coaching.Par | None = None) -> coaching.Pace:
        """The seat's score against par over the finished deals it dealt and sat as pone in."""
        counts = self.deal_counts(seat)
        return coaching.pace(self.front(seat), counts.dealt, counts.as_pone, par)

    def in_dealer_zone(self, seat: int) -> bool:
        return coaching.in_dealer_zone(self.front(seat), self.rules.target)

    def coach(self, seat: int, table: WinTable | Unavailable | None = None) -> coaching.Coaching:
        """Everything the board shows one player: win chance and stance (heads-up only, and only once
        the dealer is known), pace against par, the dealer zone."""
        team = self._team(seat)
        them = max(p.front for t, p in enumerate(self._now.pegs) if t != team)
        chance: WinTable | Unavailable
        if table is None:
            chance = Unavailable("no win table loaded")
        elif isinstance(table, Unavailable):
            chance = table
        elif self.rules.teams != 2:
            chance = Unavailable("the win table is for two players or two teams")
        elif self.dealer is None:
            chance = Unavailable("who deals is not known yet")
        else:
            chance = table
        counts = self.deal_counts(seat)
        i_deal = self.dealer is not None and self.rules.team_of(self.dealer) == team
        result = coaching.coach(self.front(seat), them, i_deal, counts.dealt, counts.as_pone,
                                self.rules.target, chance)
        if isinstance(table, WinTable) and chance is not table:  # par still comes from the table
            p = coaching.par(table)
            result = coaching.Coaching(result.p_win, result.stance,
                                       coaching.pace(self.front(seat), counts.dealt, counts.as_pone, p), p,
                                       result.zone)
        return result

    # -- the board ---------------------------------------------------------------------------------------

    def board(self, holes: int = BOARD_HOLES) -> BoardPicture:
        """The session as a pegboard shows it: pegs capped at the game hole (the target, or the board's
        last hole if it is shorter), the winner, the dealer, and the skunk line at the end."""
        cap = min(self.rules.target, holes)
        pegs = []
        for p in self._now.pegs:
            front = min(p.front, cap)
            back = min(p.back, front - 1) if front else 0
            pegs.append(Pegs(front, back))
        result = self.result()
        winner = result.team if result else None
        dealer = self.rules.team_of(self.dealer) if self.dealer is not None and result is None else None
        line = None
        if result is not None and result.skunk is not None:
            line = self.rules.double_skunk_line if result.skunk is Skunk.DOUBLE else self.rules.skunk_line
        return BoardPicture(tuple(pegs), winner, dealer, line)

    # -- storage -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "rules": self.rules.to_json(), "names": list(self.names),
                "actions": [a.to_json() for a in self._log]}

    @classmethod
    def from_json(cls, data: object) -> TableSession:
        """Rebuild a session by replaying its log; every action is checked as if it were made now."""
        if not isinstance(data, Mapping):
            raise TableScoreError(TableProblem.SESSION_NOT_OBJECT, "a table session must be an object, not "
                                  f"{type(data).__name__}", session=data)
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise TableScoreError(TableProblem.NOT_A_SESSION, f"not a {FORMAT} version {VERSION} session: "
                                  f"format {data.get('format')!r}, version {data.get('version')!r}",
                                  format=data.get("format"), version=data.get("version"))
        try:
            rules = Rules.from_json(data.get("rules"))
        except (RulesError, TypeError, ValueError) as exc:
            raise TableScoreError(TableProblem.BAD_RULES, f"the session's rules do not make a game: {exc}",
                                  rules=data.get("rules"), error=str(exc)) from None
        names = data.get("names")
        if not isinstance(names, list):
            raise TableScoreError(TableProblem.NAMES_NOT_LIST, f"the session's names must be a list, not {names!r}",
                                  names=names)
        session = cls(rules, names, stored=True)
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise TableScoreError(TableProblem.ACTIONS_NOT_LIST, "the session's actions must be a list, not "
                                  f"{actions!r}", actions=actions)
        for i, raw in enumerate(actions):
            session._replay(i, raw)
        return session

    def _replay(self, index: int, raw: object) -> None:
        """Do one stored action again, or say which one does not replay and why."""
        try:
            self._check_open()
            self._do(action_from_json(raw, self.rules))
        except TableScoreError as exc:
            raise TableScoreError(TableProblem.BAD_LOG, f"action {index} of the table log ({raw!r}) does not "
                                  f"replay: {exc}", index=index, action=raw, cause=exc.code) from None

    def _check_open(self) -> None:
        _check_open(self.rules, self._now)


def name_key(name: str) -> str:
    """A seat name as it is compared: Unicode-normalised (NFKC: full-width and composed forms alike), case folded,
    blanks collapsed. 'Ann', 'ANN', ' ann ' and 'Ａｎｎ' are one name."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_names(names: Sequence[str]) -> None:
    """Seat names a person can tell apart and type: TableScoreError for a control character in one (a newline,
    ESC, NUL, a right-to-left override), a name that reads as a number, or two names that are the same."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if escaped(name) != name:
            raise TableScoreError(TableProblem.BAD_NAME, f"seat {i} name {name!r} holds a control character",
                                  seat=i, name=name)
        if is_number_like(name):
            raise TableScoreError(TableProblem.NUMBER_NAME, f"seat {i} name {name!r} is a number: players are "
                                  "also typed by number, so a name must not be one", seat=i, name=name)
        key = name_key(name)
        if key in seen:
            raise TableScoreError(TableProblem.SAME_NAME, f"seat {i} name {name!r} is the name of seat {seen[key]} "
                                  f"({names[seen[key]]!r}): each player needs a name of their own", seat=i,
                                  name=name, other=seen[key])
        seen[key] = i


def _check_seat(rules: Rules, seat: object) -> int:
    """The seat, if it is one of the game's (a bool is not); else TableScoreError."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise TableScoreError(TableProblem.NO_SEAT, f"seat {seat!r} is not 0-{rules.players - 1} in a "
                              f"{rules.players}-player game", seat=seat, players=rules.players)
    return seat


def _check_points(seat: int, points: object) -> int:
    """The points, if one move can score them; else TableScoreError."""
    if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= MAX_HAND:
        raise TableScoreError(TableProblem.BAD_POINTS, f"points {points!r} for seat {seat} is not 1-{MAX_HAND}",
                              seat=seat, points=points, most=MAX_HAND)
    return points


def _check_note(note: object) -> str | None:
    if note is not None and (not isinstance(note, str) or len(note) > MAX_NOTE):
        raise TableScoreError(TableProblem.BAD_NOTE, f"note {note!r} is not a text of at most {MAX_NOTE} "
                              "characters", note=note, most=MAX_NOTE)
    return note


def _check_open(rules: Rules, state: _State) -> None:
    if state.winner is not None:
        raise TableScoreError(TableProblem.GAME_OVER, f"the game is over: seat {state.winner} reached "
                              f"{rules.target}; undo to change it", seat=state.winner, target=rules.target)


def _skunk(rules: Rules, score: int) -> Skunk | None:
    double = rules.double_skunk_line
    if double is not None and score < double:
        return Skunk.DOUBLE
    if score < rules.skunk_line:
        return Skunk.SKUNK
    return None


def _apply(rules: Rules, state: _State, action: Action) -> _State:
    """The state after one action, or TableScoreError naming what is wrong with it (state unchanged)."""
    _check_open(rules, state)
    if isinstance(action, Peg):
        _check_seat(rules, action.seat)
        _check_points(action.seat, action.points)
        if action.reason is not None and not isinstance(action.reason, Reason):
            _reason(action.reason)  # raises, naming it
        _check_note(action.note)
        team = rules.team_of(action.seat)
        old = state.pegs[team]
        front = old.front + action.points
        pegs = state.pegs[:team] + (Pegs(front, old.front),) + state.pegs[team + 1:]
        winner = action.seat if front >= rules.target else None
        return _State(pegs, state.dealer, state.deals, state.dealt, winner)
    if isinstance(action, SetDealer):
        _check_seat(rules, action.seat)
        if action.seat == state.dealer:
            raise TableScoreError(TableProblem.ALREADY_DEALS, f"seat {action.seat} already deals", seat=action.seat)
        return _State(state.pegs, action.seat, state.deals, state.dealt, None)
    if isinstance(action, NextDeal):
        if state.dealer is None:
            raise TableScoreError(TableProblem.NO_DEALER, "who deals is not known: set the dealer (the cut) first")
        team = rules.team_of(state.dealer)
        dealt = state.dealt[:team] + (state.dealt[team] + 1,) + state.dealt[team + 1:]
        return _State(state.pegs, (state.dealer + 1) % rules.players, state.deals + 1, dealt, None)
    raise TableScoreError(TableProblem.NOT_AN_ACTION, f"{action!r} is not a table action (Peg, SetDealer or "
                          "NextDeal)", action=action)
