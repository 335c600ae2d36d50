"""Table mode: keeping the score of a real game played at a table, by command, with undo and
coaching, mirrored to the LED pegboard.

A table session lives in storage as its replay-validated JSON action log, so it survives restarts;
the LED board only ever mirrors the stored session, so a failing board never stops the game.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Concatenate, ParamSpec, TypeVar

from bot.app.companion.learning import Scorer
from bot.app.companion.pegboard import Pegboard
from bot.app.plumbing import retry
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.pictures import labels
from bot.app.shown.replies import Answer, Attachment, Button, Control, Style
from bot.i18n import Lang, breakdown_calls, card_error, has, percent, t
from bot.storage import StaleWrite, TableStore
from bot.storage.values import StoredTable
from engine.analysis.winprob import Unavailable
from engine.core.cards import CardError, parse_cards
from engine.core.errors import shown
from engine.core.rules import Rules, RulesError
from engine.core.scoring import MAX_HAND, Breakdown, score_hand
from engine.core.typed import is_number_like, whole_number
from engine.table.session import Peg, Reason, Skunk, TableScoreError, TableSession, name_key
from render import board_png, make_board

P = ParamSpec("P")
R = TypeVar("R")

PEG_BUTTONS = (1, 2, 3, 4, 6)
"""The quick pegs on the table message: with the number pad they fit a row of five a player."""
TABLE_NAME_LIMIT = 32
ENDED = "ended"
"""The stored table's mark of a table ended with /cribbage table end (a won game is not live either, but undo may
reopen it; an ended one stays ended)."""


@dataclass(frozen=True, slots=True)
class TablePlayer:
    """A seat at a real table: the member (when one was named) and the name on the board."""

    name: str
    user: str = ""


def afresh(method: Callable[Concatenate[TableMode, P], R]) -> Callable[Concatenate[TableMode, P], R]:
    """Run a table command again, from a fresh read, when its save met another process's (StaleWrite): two
    players pegging at once both count."""
    def tried(self: TableMode, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return retry.afresh(lambda: method(self, *args, **kwargs))
    tried.__doc__ = method.__doc__
    return tried


def new_table_id() -> str:
    return "t" + "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(9))


class TableMode:
    """Table sessions, one live per channel. A lock serializes them (reads and writes of one JSON log)."""

    def __init__(self, store: TableStore, scorer: Scorer, pegboard: Pegboard, *, clock: Callable[[], float],
                 images: bool = True, table_ids: Callable[[], str] = new_table_id) -> None:
        self.storage = store
        self.scorer = scorer
        self.pegboard = pegboard
        self.images = images
        self.clock = clock
        self._table_ids = table_ids
        self._lock = threading.Lock()

    def table_start(self, place: str, guild: str, players: Sequence[TablePlayer], host: str, target: int,
                    lang: Lang) -> Answer:
        """Start keeping the score of a real game here; the first player named deals first."""
        names = [p.name.strip()[:TABLE_NAME_LIMIT] for p in players]
        try:
            rules = Rules(players=len(names), target=target)
        except RulesError as exc:
            return Answer(False, refusal_text(exc, lang))
        with self._lock:
            if self.storage.table_at(place) is not None:
                return Answer(False, t("table.already", lang))
            try:
                session = TableSession(rules, names)
            except TableScoreError as exc:
                return Answer(False, refusal_text(exc, lang))
            session.set_dealer(0)
            now = self.clock()
            data = {"session": session.to_json(), "users": [p.user for p in players], "host": host,
                    "lang": lang.value}
            stored = StoredTable(self._table_ids(), place, guild, data, True, now, now)
            try:
                self.storage.save_table(stored)
            except StaleWrite:  # another process started one here first
                return Answer(False, t("table.already", lang))
            stored = replace(stored, rev=1)
            self._mirror(stored.id, session)
        head = t("table.started", lang, players=", ".join(names), target=target, dealer=names[0])
        return self._board_answer(stored, session, lang, head)

    @afresh
    def table_peg(self, place_or_id: str, user: str, seat: int | str, points: int | str, reason: str | None,
                  lang: Lang) -> Answer:
        """Peg points for a seat (named by number or name); refused with the reason, nothing changed."""
        with self._lock:
            found = self._find_mine(place_or_id, user, lang)
            if isinstance(found, Answer):
                return found
            stored, session = found
            who = _seat(session, seat, lang)
            if isinstance(who, Answer):
                return who
            read = _read_points(points, lang)
            if isinstance(read, Answer):
                return read
            value, scored = read
            if scored is not None:
                reason = reason or ("crib" if scored.crib else "hand")
            why = _reason(reason)
            note = reason.strip()[:200] if reason and why is Reason.OTHER else None
            try:
                session.peg(who, value, why, note)
            except TableScoreError as exc:
                return Answer(False, refusal_text(exc, lang, session.names))
            stored = self._save(stored, session)
        team = session.rules.team_of(who)
        name = session.team_name(team)
        score = session.scores[team]
        said = shown(reason.strip(), 200) if reason else ""
        line = (t("table.pegged_reason", lang, player=name, points=value, reason=said, score=score)
                if said else t("table.pegged", lang, player=name, points=value, score=score))
        if scored is not None:
            calls = ", ".join(breakdown_calls(scored, lang))
            line += "\n" + t("table.scored", lang, cards=_cards_text(scored), calls=calls)
        if session.over:  # the game is won: the board must end showing it, or the players hear why not
            board = self.pegboard.finish(lang) if self.pegboard.shows(stored.id) else None
            line += f"\n{board}" if board else ""
        return self._board_answer(stored, session, lang, line)

    @afresh
    def table_undo(self, place_or_id: str, user: str, version: int | None, lang: Lang) -> Answer:
        """Take back the last action; from a button, only if nothing happened since it was drawn."""
        with self._lock:
            found = self._find(place_or_id, lang, finished_too=True)
            if isinstance(found, Answer):
                return found
            stored, session = found
            refused = self._refuse(stored, user, lang, finished_ok=True)
            if refused is not None:
                return refused
            if stored.session.get(ENDED):  # ended by a player: nothing reopens it
                return Answer(False, t("table.ended_for_good", lang))
            if version is not None and version != len(session.log):
                return Answer(False, t("table.stale_undo", lang))
            newer = self.storage.table_at(stored.place) if not stored.live else None
            if newer is not None and newer.id != stored.id:  # a won game reopened beside the next one: no
                return Answer(False, t("table.already", lang))
            if not session.log or len(session.log) == 1:  # the first dealer is part of the start
                return Answer(False, t("table.nothing_to_undo", lang))
            action = session.undo()
            stored = self._save(stored, session)
        if isinstance(action, Peg):
            team = session.rules.team_of(action.seat)
            line = t("table.undone", lang, player=session.team_name(team), points=action.points,
                     score=session.scores[team])
        else:
            line = t("table.undone_deal", lang, dealer=session.names[session.dealer or 0])
        return self._board_answer(stored, session, lang, line)

    @afresh
    def table_next_deal(self, place_or_id: str, user: str, version: int | None, lang: Lang) -> Answer:
        with self._lock:
            found = self._find_mine(place_or_id, user, lang)
            if isinstance(found, Answer):
                return found
            stored, session = found
            if version is not None and version != len(session.log):
                return Answer(False, t("table.stale_undo", lang))
            dealer = session.next_deal()
            stored = self._save(stored, session)
        return self._board_answer(stored, session, lang, t("table.dealer", lang, player=session.names[dealer]))

    def table_status(self, place_or_id: str, lang: Lang) -> Answer:
        with self._lock:
            found = self._find(place_or_id, lang, finished_too=True)
            if isinstance(found, Answer):
                return found
            stored, session = found
        return self._board_answer(stored, session, lang, "", coaching=True)

    @afresh
    def table_end(self, place: str, user: str, lang: Lang) -> Answer:
        with self._lock:
            found = self._find_mine(place, user, lang)
            if isinstance(found, Answer):
                return found
            stored, session = found
            stored = replace(stored, session={**stored.session, ENDED: True}, live=False, updated=self.clock())
            self.storage.save_table(stored)
            stored = replace(stored, rev=stored.rev + 1)
        scores = ", ".join(f"{session.team_name(k)} {s}" for k, s in enumerate(session.scores))
        return Answer(True, t("table.ended", lang, scores=scores), public=True, table=stored.id)

    def table_session(self, place_or_id: str) -> TableSession | None:
        """The session as stored (tests, the record)."""
        found = self._find(place_or_id, Lang.EN, finished_too=True)
        return None if isinstance(found, Answer) else found[1]

    def _find_mine(self, place_or_id: str, user: str, lang: Lang) -> tuple[StoredTable, TableSession] | Answer:
        """The live table there, if `user` may move its pegs; else the answer saying why not."""
        found = self._find(place_or_id, lang)
        if isinstance(found, Answer):
            return found
        refused = self._refuse(found[0], user, lang)
        return found if refused is None else refused

    def _find(self, place_or_id: str, lang: Lang, finished_too: bool = False
              ) -> tuple[StoredTable, TableSession] | Answer:
        stored = self.storage.table_at(place_or_id, live_only=not finished_too)
        if stored is None:
            stored = self.storage.load_table(place_or_id)
            if stored is None or not (stored.live or finished_too):
                return Answer(False, t("table.no_table", lang))
        try:
            session = TableSession.from_json(stored.session["session"])
        except (TableScoreError, KeyError, TypeError) as exc:
            return Answer(False, t("table.unreadable", lang, detail=shown(str(exc), 200)))
        return stored, session

    @staticmethod
    def _refuse(stored: StoredTable, user: str, lang: Lang, finished_ok: bool = False) -> Answer | None:
        """Only the table's members (and whoever started it) move its pegs; nothing after the end."""
        allowed = {u for u in stored.session.get("users", []) if u} | {stored.session.get("host", "")}
        if user not in allowed:
            return Answer(False, t("table.not_yours", lang))
        if not stored.live and not finished_ok:
            return Answer(False, t("table.over", lang))
        return None

    def _save(self, stored: StoredTable, session: TableSession) -> StoredTable:
        """Store the session (a win ends the table but keeps it; an undone win reopens it), then mirror it."""
        data = dict(stored.session, session=session.to_json())
        stored = replace(stored, session=data, live=not session.over, updated=self.clock())
        self.storage.save_table(stored)
        self._mirror(stored.id, session)
        return replace(stored, rev=stored.rev + 1)

    def show(self, table_id: str) -> None:
        """Put a table session on the LED board (when asked to follow it)."""
        with self._lock:
            found = self._find(table_id, Lang.EN, finished_too=True)
        if not isinstance(found, Answer):
            self._mirror(found[0].id, found[1])

    def _mirror(self, table_id: str, session: TableSession) -> None:
        """Show the session on the LED board (the application's one pegboard decides whether it follows it)."""
        self.pegboard.table_changed(table_id, session)

    def _board_answer(self, stored: StoredTable, session: TableSession, lang: Lang, head: str,
                      coaching: bool = False) -> Answer:
        lines = [head] if head else []
        scores = " · ".join(f"{session.team_name(k)} {s}" for k, s in enumerate(session.scores))
        lines.append(t("table.scores", lang, scores=scores, target=session.rules.target))
        result = session.result()
        if result is not None:
            winner = session.team_name(result.team)
            loser = max(s for k, s in enumerate(result.scores) if k != result.team)
            if result.skunk is not None:
                skunk = t("table.double_skunk" if result.skunk is Skunk.DOUBLE else "table.skunk", lang)
                lines.append(t("table.won_skunk", lang, player=winner, score=result.scores[result.team],
                               loser_score=loser, skunk=skunk))
            else:
                lines.append(t("table.won", lang, player=winner, score=result.scores[result.team]))
        elif session.dealer is not None:
            lines.append(t("table.deal", lang, deal=session.deal_number, player=session.names[session.dealer]))
        if coaching and result is None:
            lines.extend(self._coaching_lines(session, lang))
        if coaching:
            lines.append(self.pegboard.status(lang))
        lines.append(t("table.id", lang, table=stored.id))
        files: tuple[Attachment, ...] = ()
        if self.images:
            pegs = [(p.front, p.back) for p in session.tracks]
            names = [session.team_name(k) for k in range(session.rules.teams)]
            png = board_png(make_board(pegs, names, session.rules.target), labels(lang))
            files = (Attachment("board.png", png, f"the pegboard: {scores}"),)
        return Answer(True, "\n".join(lines), files, self._table_controls(stored, session, lang), public=True,
                      table=stored.id)

    def _coaching_lines(self, session: TableSession, lang: Lang) -> list[str]:
        """Per player (team): pace against par, the chance to win when the table knows it, and the
        advice that goes with the pace; then the dealer zones for whoever deals (121 game only)."""
        table = self.scorer.win_table()
        lines = []
        for team in range(session.rules.teams):
            seat = team  # seat `team` is on team `team` in every game size
            c = session.coach(seat, table)
            name = session.team_name(team)
            deals = session.deal_counts(seat)
            lines.append(t("coach.pace", lang, player=name, diff=f"{c.pace.ahead:+.1f}", score=c.pace.score,
                           deals=deals.dealt + deals.as_pone, par=f"{c.pace.par:.1f}"))
            if not isinstance(c.p_win, Unavailable):
                lines.append(t("coach.win", lang, player=name, chance=percent(c.p_win, lang)))
            if deals.dealt + deals.as_pone:
                advice = t("coach.attack" if c.pace.ahead < 0 else "coach.defend", lang)
                lines.append(t("coach.stance", lang, player=name, advice=advice))
        if session.rules.target == 121 and session.dealer is not None:
            dealer = session.rules.team_of(session.dealer)
            for team in range(session.rules.teams):
                advice = t("coach.zone_dealer" if team == dealer else "coach.zone_pone", lang)
                lines.append(t("coach.stance", lang, player=session.team_name(team), advice=advice))
        return lines

    def _table_controls(self, stored: StoredTable, session: TableSession, lang: Lang) -> tuple[Control, ...]:
        version = len(session.log)
        controls: list[Control] = []
        if stored.session.get(ENDED):
            return ()
        if not session.over and stored.live:
            for team in range(session.rules.teams):
                for points in PEG_BUTTONS:
                    cid = ComponentId(stored.id, version, Verb.PEG, f"{team}.{points}").encode()
                    controls.append(Button(cid, f"{session.team_name(team)[:20]} +{points}", Style.PRIMARY))
                controls.append(Button(ComponentId(stored.id, version, Verb.PAD, str(team)).encode(),
                                       f"{session.team_name(team)[:20]} {t('table.button_numpad', lang)}"))
            controls.append(Button(ComponentId(stored.id, version, Verb.DEAL).encode(),
                                   t("table.button_deal", lang), Style.SUCCESS))
        if len(session.log) > 1:
            controls.append(Button(ComponentId(stored.id, version, Verb.UNDO).encode(),
                                   t("table.button_undo", lang), Style.DANGER))
        return tuple(controls)


def _reason(text: str | None) -> Reason | None:
    """A reason word as the table log keeps it; any other text is kept as a note with OTHER."""
    if text is None or not text.strip():
        return None
    word = text.strip().lower()
    for r in Reason:
        if r.value == word:
            return r
    return Reason.OTHER

def refusal_text(exc: RulesError | TableScoreError, lang: Lang, names: Sequence[str] = ()) -> str:
    """A refused table move or start in the member's language, by its code (`refuse.table.<code>`); a code
    nobody can cause from a command (a damaged stored session) keeps the engine's words as the detail."""
    key = f"refuse.table.{exc.code.value}"
    if not has(key):
        return t("table.bad_start", lang, detail=shown(str(exc), 200))
    fields = {k: shown(", ".join(map(str, v)) if isinstance(v, (tuple, list)) else v)
              if isinstance(v, (str, tuple, list)) else v for k, v in exc.fields.items()}
    seat, other = exc.fields.get("seat"), exc.fields.get("other")
    fields["player"] = shown(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "-"
    fields["number"] = seat + 1 if isinstance(seat, int) else "-"  # a person counts seats from 1
    fields["other_number"] = other + 1 if isinstance(other, int) else "-"
    return t(key, lang, **fields)


def _seat(session: TableSession, seat: int | str, lang: Lang) -> int | Answer:
    """The seat a move is for: an int is the seat's index (a button, a mentioned member); text is what a person
    typed, a number counted from 1 or a name (compared as `name_key` compares them); else the refusal."""
    players = session.rules.players
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat if 0 <= seat < players else Answer(False, t("table.no_such_number", lang, number=shown(seat + 1),
                                                                  count=players))
    text = str(seat).strip()
    if is_number_like(text):
        number = whole_number(text, 1, players)
        if number is None:
            return Answer(False, t("table.no_such_number", lang, number=shown(text), count=players))
        return number - 1
    key = name_key(text)
    found = [i for i, name in enumerate(session.names) if name_key(name) == key]
    if len(found) == 1:
        return found[0]
    if found:  # a table kept from before names had to differ
        return Answer(False, t("table.ambiguous_name", lang, name=shown(text), count=players))
    return Answer(False, t("table.not_a_player", lang, name=shown(text)))


def _read_points(points: int | str, lang: Lang) -> tuple[int, Breakdown | None] | Answer:
    """Points to peg: a number from 1 to 29 in ASCII digits, or a hand typed as cards (scored here); else the
    refusal ('+5', '1_0', '５' are not taken as numbers)."""
    if isinstance(points, int) and not isinstance(points, bool):
        value: int | None = points
    else:
        text = str(points).strip()
        value = whole_number(text, -(10**6), 10**6)
        plain = text.removeprefix("-")
        if value is None and plain.isascii() and plain.isdigit():  # thousands of digits: out of range, not read
            return Answer(False, t("table.points_range", lang, max=MAX_HAND, value=shown(text)))
        if value is None and is_number_like(text):
            return Answer(False, t("table.points_digits", lang, max=MAX_HAND, value=shown(text)))
    if value is None:
        scored = _score_text(str(points))
        if scored is None:
            return Answer(False, t("table.not_points_or_cards", lang, value=shown(points)))
        if isinstance(scored, CardError):
            return Answer(False, card_error(str(points), scored, lang))
        if scored.total == 0:
            return Answer(False, t("table.scored_nothing", lang, cards=_cards_text(scored)))
        return scored.total, scored
    if not 1 <= value <= MAX_HAND:
        return Answer(False, t("table.points_range", lang, max=MAX_HAND, value=shown(value)))
    return value, None


def _score_text(text: str) -> Breakdown | CardError | None:
    """The number pad's hand/crib scorer: four cards, the starter, and optionally the word `crib`.
    None when the text is not meant as cards at all (too few tokens)."""
    tokens = text.replace(",", " ").split()
    crib = bool(tokens) and tokens[-1].lower() == "crib"
    if crib:
        tokens = tokens[:-1]
    if len(tokens) < 2:
        return None
    try:
        cards = parse_cards(tokens, count=5)
        return score_hand(cards[:4], cards[4], crib=crib)
    except CardError as exc:
        return exc

def _cards_text(b: Breakdown) -> str:
    return f"{' '.join(c.pretty() for c in b.hand)} + {b.starter.pretty()}"
