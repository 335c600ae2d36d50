"""The companion features that are not a bot game: counting a real hand, analysing six cards, the
rules, keeping the score of a real table (mirrored to the LED pegboard), and counting practice.

All of it is blocking work (pictures, the database, the board driver's queue) that the controller
runs in its worker threads; nothing here knows Discord. Every answer is an `Answer` in one
language, chosen by the front end (the member's for private answers, the server's for public ones).
A table session lives in storage as its replay-validated JSON action log, so it survives restarts;
the LED board only ever mirrors the stored session, so a failing board never stops the game.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.app.ids import ComponentId, Verb
from bot.app.replies import Answer, Attachment, Button, Control, Style
from bot.i18n import Lang, breakdown_calls, card_error, percent, t
from bot.learn_text import drill_prompt, practice_feedback
from bot.model import Declaration, StoredTable
from bot.pictures import breakdown_image, labels
from bot.rules_help import rules_page
from bot.storage import Storage
from bot.table_board import TableBoard
from engine.analysis import analyze
from engine.cards import Card, CardError, parse_card, parse_cards
from engine.practice import CheckResult, Tally, check, deal_drill
from engine.rules import Rules, RulesError
from engine.scoring import Breakdown, score_hand
from engine.tablescore import MAX_POINTS, Reason, Skunk, TableScoreError, TableSession
from engine.winplay import OptionChance, option_chances
from engine.winprob import Unavailable, WinTable, shipped_table
from render import analysis_png, board_png, hand_png, make_board

ANALYZE_SAMPLES = 400
"""Deals played out per lay-away option for the win chances of /cribbage analyze (about 0.2 s)."""
PEG_BUTTONS = (1, 2, 3, 4, 6)
"""The quick pegs on the table message: with the number pad they fit a row of five a player."""
TABLE_NAME_LIMIT = 32


@dataclass(frozen=True, slots=True)
class TablePlayer:
    """A seat at a real table: the member (when one was named) and the name on the board."""

    name: str
    user: str = ""


def new_table_id() -> str:
    return "t" + "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(9))


def _shown(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


class Companion:
    """The companion commands. Thread-safe: a lock serializes table sessions (one table per channel)."""

    def __init__(self, storage: Storage, *, images: bool = True, board_url: str | None = None,
                 clock: Callable[[], float], seeds: Callable[[], int],
                 table_ids: Callable[[], str] = new_table_id, win_table: WinTable | Unavailable | None = None,
                 board_factory: Callable[[str], TableBoard] = TableBoard) -> None:
        self.storage = storage
        self.images = images
        self.board_url = board_url
        self.clock = clock
        self._seeds = seeds
        self._table_ids = table_ids
        self._win = win_table
        self._board_factory = board_factory
        self._board: TableBoard | None = None
        self._board_error: str | None = None
        self._board_table: str | None = None
        """The table session the LED board shows: the one most recently moved."""
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ the real table's hand

    def win_table(self) -> WinTable | Unavailable:
        if self._win is None:
            self._win = shipped_table()
        return self._win

    def score(self, cards: str, starter: str, crib: bool, lang: Lang) -> Answer:
        """A hand or crib from a real table: the breakdown picture, the calls, the total (public)."""
        try:
            hand = parse_cards(cards, count=4)
        except CardError as exc:
            return Answer(False, card_error(cards, exc, lang))
        try:
            cut = parse_card(starter.strip())
        except CardError as exc:
            return Answer(False, card_error(starter, exc, lang))
        if cut in hand:
            return Answer(False, t("error.starter_in_hand", lang, card=cut.pretty()))
        b = score_hand(hand, cut, crib=crib)
        return Answer(True, self.breakdown_text(b, lang), self._breakdown_files(b, lang), public=True)

    def breakdown_text(self, b: Breakdown, lang: Lang) -> str:
        key = "score.title_crib" if b.crib else "score.title_hand"
        lines = [t(key, lang, cards=_shown(b.hand), starter=b.starter.pretty()),
                 ", ".join(breakdown_calls(b, lang)), t("score.total", lang, total=b.total)]
        if b.crib:
            suits = {c.suit for c in b.hand}
            four = len(suits) == 1 and b.starter.suit not in suits
            lines.append(t("score.crib_four_flush" if four else "score.crib_flush_rule", lang))
        return "\n".join(lines)

    def _breakdown_files(self, b: Breakdown, lang: Lang = Lang.EN) -> tuple[Attachment, ...]:
        if not self.images:
            return ()
        return (breakdown_image(b, "breakdown.png", "", lang),)

    def analyze(self, cards: str, dealer: bool, scores: str | None, lang: Lang, target: int = 121) -> Answer:
        """Every lay-away of six cards with the chart; with the scores, each one's chance of winning."""
        try:
            six = parse_cards(cards, count=6)
        except CardError as exc:
            return Answer(False, card_error(cards, exc, lang))
        me_them: tuple[int, int] | None = None
        if scores is not None and scores.strip():
            try:
                me, them = (int(v) for v in scores.replace(" ", "").split(","))
            except ValueError:
                return Answer(False, t("error.scores", lang, value=scores, max=target - 1))
            if not (0 <= me < target and 0 <= them < target):
                return Answer(False, t("error.scores", lang, value=scores, max=target - 1))
            me_them = (me, them)
        a = analyze(six, dealer=dealer)
        chances: list[OptionChance] | Unavailable | None = None
        if me_them is not None:
            table = self.win_table()
            if isinstance(table, Unavailable):
                chances = table
            else:
                chances = option_chances(a.cards, a.dealer, me_them[0], me_them[1], target, table,
                                         samples=ANALYZE_SAMPLES, options=a.options)
        role = t("general.dealer" if dealer else "general.pone", lang)
        best = a.best
        lines = [t("analyze.title", lang, cards=_shown(a.cards), role=role),
                 t("analyze.best", lang, discard=_shown(best.discard), keep=_shown(best.keep),
                   net=f"{best.net:.1f}")]
        if isinstance(chances, Unavailable):
            lines.append(t("error.win_unavailable", lang, reason=chances.reason))
        elif chances:
            top = max(chances, key=lambda c: c.p_win)
            lines.append(t("analyze.win", lang, discard=_shown(top.option.discard), chance=percent(top.p_win, lang),
                           samples=top.samples))
        rows = [f"{_shown(o.discard):<8} {_shown(o.keep):<14} {o.hand_ev:5.2f} {o.crib_ev:+6.2f} {o.net:6.2f}"
                + (f" {100 * _chance(chances, o.discard):5.1f}%" if isinstance(chances, list) else "")
                for o in a.options]
        head = t("analyze.columns", lang) + (t("analyze.column_win", lang) if isinstance(chances, list) else "")
        lines.append("```\n" + head + "\n" + "\n".join(rows) + "\n```")
        files: tuple[Attachment, ...] = ()
        if self.images:
            files = (Attachment("analysis.png", analysis_png(a.options, dealer=dealer, labels=labels(lang)),
                                f"lay-away chart: best {_shown(best.discard)}"),)
        return Answer(True, "\n".join(lines), files)

    def rules(self, topic: str | None, lang: Lang) -> Answer:
        page = rules_page(topic, lang)
        return Answer(page.found, f"**{page.title}**\n{page.text}")

    # ------------------------------------------------------------------ table mode

    def table_start(self, place: str, guild: str, players: Sequence[TablePlayer], host: str, target: int,
                    lang: Lang) -> Answer:
        """Start keeping the score of a real game here; the first player named deals first."""
        names = [p.name.strip()[:TABLE_NAME_LIMIT] for p in players]
        try:
            rules = Rules(players=len(names), target=target)
        except RulesError as exc:
            return Answer(False, t("table.bad_start", lang, detail=str(exc)))
        with self._lock:
            if self.storage.table_at(place) is not None:
                return Answer(False, t("table.already", lang))
            try:
                session = TableSession(rules, names)
            except TableScoreError as exc:
                return Answer(False, t("table.bad_start", lang, detail=str(exc)))
            session.set_dealer(0)
            now = self.clock()
            data = {"session": session.to_json(), "users": [p.user for p in players], "host": host,
                    "lang": lang.value}
            stored = StoredTable(self._table_ids(), place, guild, data, True, now, now)
            self.storage.save_table(stored)
            self._mirror(stored.id, session)
        head = t("table.started", lang, players=", ".join(names), target=target, dealer=names[0])
        return self._board_answer(stored, session, lang, head)

    def table_peg(self, place_or_id: str, user: str, seat: int | str, points: int | str, reason: str | None,
                  lang: Lang) -> Answer:
        """Peg points for a seat (named by number or name); refused with the reason, nothing changed."""
        with self._lock:
            found = self._find_mine(place_or_id, user, lang)
            if isinstance(found, Answer):
                return found
            stored, session = found
            who = self._seat(session, seat)
            if who is None:
                return Answer(False, t("table.not_a_player", lang, name=str(seat)))
            scored = None
            try:
                value = int(str(points).strip())
            except ValueError:
                scored = _score_text(str(points))
                if scored is None:
                    return Answer(False, t("table.not_points_or_cards", lang, value=points))
                if isinstance(scored, CardError):
                    return Answer(False, card_error(str(points), scored, lang))
                value = scored.total
                if value == 0:
                    return Answer(False, t("table.scored_nothing", lang, cards=_cards_text(scored)))
                reason = reason or ("crib" if scored.crib else "hand")
            if not 1 <= value <= MAX_POINTS:
                return Answer(False, t("table.points_range", lang, max=MAX_POINTS, value=value))
            why = _reason(reason)
            note = reason.strip()[:200] if reason and why is Reason.OTHER else None
            try:
                session.peg(who, value, why, note)
            except TableScoreError as exc:
                return Answer(False, str(exc))
            stored = self._save(stored, session)
        team = session.rules.team_of(who)
        name = session.team_name(team)
        score = session.scores[team]
        line = (t("table.pegged_reason", lang, player=name, points=value, reason=reason.strip(), score=score)
                if reason and reason.strip() else t("table.pegged", lang, player=name, points=value, score=score))
        if scored is not None:
            calls = ", ".join(breakdown_calls(scored, lang))
            line += "\n" + t("table.scored", lang, cards=_cards_text(scored), calls=calls)
        return self._board_answer(stored, session, lang, line)

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
            if version is not None and version != len(session.log):
                return Answer(False, t("table.stale_undo", lang))
            newer = self.storage.table_at(stored.place) if not stored.live else None
            if newer is not None and newer.id != stored.id:  # a won game reopened beside the next one: no
                return Answer(False, t("table.already", lang))
            if not session.log or len(session.log) == 1:  # the first dealer is part of the start
                return Answer(False, t("table.nothing_to_undo", lang))
            action = session.undo()
            stored = self._save(stored, session)
        if hasattr(action, "points"):
            team = session.rules.team_of(action.seat)  # type: ignore[union-attr]
            line = t("table.undone", lang, player=session.team_name(team), points=action.points,  # type: ignore[union-attr]
                     score=session.scores[team])
        else:
            line = t("table.undone_deal", lang, dealer=session.names[session.dealer or 0])
        return self._board_answer(stored, session, lang, line)

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

    def table_end(self, place: str, user: str, lang: Lang) -> Answer:
        with self._lock:
            found = self._find_mine(place, user, lang)
            if isinstance(found, Answer):
                return found
            stored, session = found
            stored = replace(stored, live=False, updated=self.clock())
            self.storage.save_table(stored)
        scores = ", ".join(f"{session.team_name(k)} {s}" for k, s in enumerate(session.scores))
        return Answer(True, t("table.ended", lang, scores=scores), public=True, table=stored.id)

    def table_session(self, place_or_id: str) -> TableSession | None:
        """The session as stored (tests, the record)."""
        found = self._find(place_or_id, Lang.EN, finished_too=True)
        return None if isinstance(found, Answer) else found[1]

    def board_status(self, lang: Lang) -> str:
        """The LED board's state in words: not configured, connected, or failing and why."""
        if self.board_url is None:
            return t("board.none", lang)
        if self._board is None:
            if self._board_error is not None:
                return t("board.failed", lang, port=self.board_url, reason=self._board_error)
            return t("board.idle", lang, port=self.board_url)
        try:
            status = self._board.status()
        except Exception as exc:  # the driver is ours, but a status must never break a reply
            return t("board.failed", lang, port=self.board_url, reason=str(exc))
        shows = self._board_table or t("general.none", lang)
        if status.connected and status.synced:
            return t("board.ok", lang, port=self.board_url, shows=shows)
        if status.connected:
            return t("board.syncing", lang, port=self.board_url)
        return t("board.failed", lang, port=self.board_url, reason=status.last_error or t("board.no_answer", lang))

    def close(self) -> None:
        with self._lock:
            if self._board is not None:
                self._board.close()
                self._board = None

    # -- table helpers

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
            return Answer(False, t("table.unreadable", lang, detail=str(exc)))
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

    @staticmethod
    def _seat(session: TableSession, seat: int | str) -> int | None:
        if isinstance(seat, int):
            return seat if 0 <= seat < session.rules.players else None
        text = str(seat).strip().lower()
        if text.isdigit() and 0 <= int(text) < session.rules.players:
            return int(text)
        for i, name in enumerate(session.names):
            if name.lower() == text:
                return i
        return None

    def _save(self, stored: StoredTable, session: TableSession) -> StoredTable:
        """Store the session (a win ends the table but keeps it; an undone win reopens it), then mirror it."""
        data = dict(stored.session, session=session.to_json())
        stored = replace(stored, session=data, live=not session.over, updated=self.clock())
        self.storage.save_table(stored)
        self._mirror(stored.id, session)
        return stored

    def _mirror(self, table_id: str, session: TableSession) -> None:
        """Push the session to the LED board, if one is configured; a failure is kept for the status."""
        if self.board_url is None:
            return
        try:
            if self._board is None:
                self._board = self._board_factory(self.board_url)
            self._board.show(session)
            self._board_table = table_id
            self._board_error = None
        except Exception as exc:  # a failing board never stops the game
            self._board_error = str(exc) or type(exc).__name__

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
            lines.append(self.board_status(lang))
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
        table = self.win_table()
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

    # ------------------------------------------------------------------ counting practice

    def practice(self, crib: bool, lang: Lang, seed: int | None = None) -> Answer:
        """A drill: four cards and a starter (or a crib) to count; the answer comes through a modal."""
        seed = self._seeds() if seed is None else seed
        drill = deal_drill(seed, crib=crib)
        files: tuple[Attachment, ...] = ()
        if self.images:
            files = (Attachment("drill.png", hand_png((*drill.cards, drill.starter)),
                                drill_prompt(drill, Lang.EN)),)
        count = ComponentId(str(seed), int(crib), Verb.COUNT).encode()
        return Answer(True, drill_prompt(drill, lang), files,
                      (Button(count, t("practice.button_declare", lang), Style.PRIMARY),))

    def practice_answer(self, user: str, seed: int, crib: bool, declared: str | int, lang: Lang) -> Answer:
        """The true breakdown, what was missed or over-claimed, and the running accuracy (kept per member)."""
        try:
            value = int(str(declared).strip())
        except ValueError:
            return Answer(False, t("error.not_a_number", lang, value=declared))
        if not 0 <= value <= MAX_POINTS:
            return Answer(False, t("error.declare_range", lang, value=value))
        drill = deal_drill(seed, crib=crib)
        b = drill.breakdown
        result = check(value, b)
        key = f"{seed}:{int(crib)}"
        with self._lock:
            before = self.storage.tally(user)
            tally = Tally.from_json(before) if before is not None else Tally()
            new = tally.record(result)
            if self.storage.add_practice(user, key, value, result.total, new.to_json()):
                tally = new
            else:
                lines = [t("practice.already", lang)]
                return Answer(True, "\n".join([*lines, practice_feedback(result, tally, lang)]),
                              self._breakdown_files(b, lang), self._next_controls(lang))
        text = practice_feedback(result, tally, lang) + "\n\n" + self.breakdown_text(b, lang)
        return Answer(True, text, self._breakdown_files(b, lang), self._next_controls(lang))

    def record_declaration(self, user: str, declaration: Declaration, result: CheckResult) -> Tally:
        """A count declared in a game ("I count my own hands") joins the member's practice tally, so
        their counting accuracy covers both; a show step settled before changes nothing."""
        with self._lock:
            before = self.tally(user)
            new = before.record(result)
            fresh = self.storage.add_declaration(declaration, user=user, tally=new.to_json(), now=self.clock())
            return new if fresh else before

    def tally(self, user: str) -> Tally:
        data = self.storage.tally(user)
        return Tally.from_json(data) if data is not None else Tally()

    @staticmethod
    def _next_controls(lang: Lang) -> tuple[Control, ...]:
        return (Button(ComponentId("p", 0, Verb.DRILL).encode(), t("practice.button_next", lang), Style.PRIMARY),
                Button(ComponentId("p", 1, Verb.DRILL).encode(), t("practice.button_crib", lang)))


def _reason(text: str | None) -> Reason | None:
    """A reason word as the table log keeps it; any other text is kept as a note with OTHER."""
    if text is None or not text.strip():
        return None
    word = text.strip().lower()
    for r in Reason:
        if r.value == word:
            return r
    return Reason.OTHER


def _chance(chances: Any, discard: tuple[Card, ...]) -> float:
    for c in chances:
        if c.option.discard == discard:
            return float(c.p_win)
    return 0.0


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

