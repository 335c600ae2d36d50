"""A live game's state as the people at it see it: the public table, each player's private panel,
the show and result posts. Pure reading of the game; the pictures go through the runner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.app.game.live_game import CountStep, LiveGame, show_range, show_ranges, shows_completed
from bot.app.game.variants import Variants
from bot.app.plumbing.runner import Runner
from bot.app.shown import pictures
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.narrate import describe, scores_named
from bot.app.shown.replies import (
    Attachment,
    Awaited,
    Button,
    Control,
    LiveMessage,
    Option,
    Panel,
    Post,
    Reply,
    Select,
    Style,
)
from bot.i18n import Lang, t
from bot.storage.values import Status
from engine.core.actions import Declare, Go, Muggins, Play
from engine.core.events import GameWon, Shown
from engine.core.game import Phase
from engine.core.observation import Observation, observe
from engine.core.record import dumps, to_record
from engine.core.record_view import record_for, shows_by_deal

RECENT_LINES = 8
"""How many of the latest public lines the table message keeps."""
MUGGINS_COUNT = "muggins"
"""The declare control's arg in a muggins game (a self-counting player's says `hand` or `crib`)."""


WHOLE = -1
"""The viewer of a whole record (a finished game's, or the operator's own tools)."""


def record_file(live: LiveGame, viewer: int | None = WHOLE) -> Attachment:
    """The game record; seats handed to the computer are listed under `seat_changes`. While the game goes on, a
    seat's member (or a spectator, viewer None) gets only what the table has shown them (engine.core.record_view)."""
    if viewer == WHOLE or not live.active:
        record = to_record(live.game, live.names)
    else:
        hidden = live.hidden()
        record = record_for(live.game, live.names, viewer, hidden.start if hidden else None)
    if live.meta.changes:
        record["seat_changes"] = [{k: v for k, v in c.to_json().items() if k != "user"}  # names, not ids
                                  for c in live.meta.changes]
    data = dumps(record).encode()
    return Attachment(f"cribbage-{live.id}.json", data, "the game record (docs/record-format.md)")


def with_line(reply: Reply, line: str | None) -> Reply:
    """The reply with one more public line (the LED board's, at a game's end), in its last post too."""
    if not line:
        return reply
    posts = reply.posts
    if posts:
        last = posts[-1]
        posts = (*posts[:-1], replace(last, text=f"{last.text}\n{line}"))
    return replace(reply, lines=(*reply.lines, line), posts=posts)


def sentence_sep(lang: Lang) -> str:
    """Between two sentences: a space in English, nothing after a Chinese full stop."""
    return "" if lang is Lang.ZH else " "


def closed_note(live: LiveGame, lang: Lang | None = None) -> str:
    """How a game stands when it takes no moves (or a one-line 'on' when it does)."""
    lang = lang or live.lang
    status, winner = live.meta.status, live.meta.winner
    if status is Status.INVITED:
        return t("game.note_invited", lang)
    if status is Status.ACTIVE and not live.game.over:
        return t("game.note_on", lang)
    who = live.names[winner] if winner is not None else ""
    if status is Status.TIMED_OUT:
        return t("game.note_timed_out_won" if who else "game.note_timed_out", lang, who=who)
    key = {Status.OVER: "game.note_over", Status.ACTIVE: "game.note_over", Status.RESIGNED: "game.note_resigned",
           Status.ENDED: "game.note_ended", Status.DECLINED: "game.note_declined"}[status]
    return t(key, lang, who=who)


class Presenter:
    """Builds replies from live games: the table, panels and posts, with pictures when asked for."""

    def __init__(self, runner: Runner, *, images: bool = True) -> None:
        self.runner = runner
        self.images = images

    # ------------------------------------------------------------------ whole replies

    def after(self, live: LiveGame, start_events: int, user: str, lang: Lang | None = None) -> Reply:
        """The reply to a command that changed the game: what it caused since `start_events`."""
        game = live.game
        hidden, for_them = live.hidden(), live.for_them()
        lines = tuple(line for i in range(start_events, len(game.events)) if i not in hidden
                      and (line := describe(game.events[i], live.names, live.lang, i in for_them)))
        steps = live.count_steps()
        posts = [self.show_post(live, d) for d in shows_completed(game, start_events)
                 if not (steps and d == steps[0].deal)]
        if game.over:
            posts.append(self.end_post(live))
        return self.changed(live, user, lang, lines=lines, posts=tuple(posts), finished=game.over)

    def changed(self, live: LiveGame, user: str, lang: Lang | None = None, *, lines: tuple[str, ...] = (),
                posts: tuple[Post, ...] = (), finished: bool = False, note: str = "") -> Reply:
        """A reply after any change: the public table, the actor's panel and every seat's fresh panel."""
        seat = live.seat_of(user)
        images, hands = self._draw(live)
        panels = self.panels(live, {seat: lang} if seat is not None and lang is not None else {}, hands)
        mine = next((p for p in panels if p.seat == seat), None)
        awaited = tuple(Awaited(u, t("turn.mention", live.lang)) for u in live.awaited())
        return Reply(True, note, live.id, live.game.version, lines=lines, live=self.live_message(live, images),
                     posts=posts,
                     panel=mine, waiting=live.waiting(), finished=finished, place=live.meta.place,
                     message=live.meta.message, names=live.names, panels=panels, awaited=awaited,
                     guild=live.meta.guild)

    def refused(self, live: LiveGame, seat: int | None, note: str, lang: Lang | None = None) -> Reply:
        """A refusal: nothing changed; the refused member sees their panel again."""
        panel = self.panel(live, seat, lang) if seat is not None else None
        return Reply(False, note, live.id, live.game.version, panel=panel, place=live.meta.place,
                     message=live.meta.message)

    def current(self, live: LiveGame) -> Reply:
        return Reply(True, "", live.id, live.game.version, lines=self.recent(live), live=self.live_message(live),
                     waiting=live.waiting(), finished=not live.meta.status.live, place=live.meta.place,
                     message=live.meta.message, names=live.names)

    def released(self, live: LiveGame, deal: int, user: str, lang: Lang | None = None, note: str = "",
                 lead: tuple[str, ...] = ()) -> Reply:
        """After a count step was settled: the show's post and lines once nobody is counting any more."""
        lines, posts = lead, tuple[Post, ...]()
        if not live.count_steps():
            chunk = show_range(live.game, deal)
            lines += tuple(line for e in live.game.events[chunk.start:chunk.stop]
                           if (line := describe(e, live.names, live.lang)))
            posts = (self.show_post(live, deal),)
        return self.changed(live, user, lang, lines=lines, posts=posts, note=note)

    # ------------------------------------------------------------------ posts

    def show_post(self, live: LiveGame, deal: int) -> Post:
        """One post per show: each hand and the crib with its breakdown picture, and what any
        self-counting player declared."""
        events = live.game.events
        chunk = show_range(live.game, deal)
        lang = live.lang
        text = t("game.show_title", lang) + "\n" + "\n".join(
            line for i in chunk if (line := describe(events[i], live.names, lang)))
        said = declaration_lines(live, deal)
        if said:
            text += "\n" + "\n".join(said)
        files: tuple[Attachment, ...] = ()
        if self.images:  # every count in one picture: Discord tiles and crops two or more
            shows = [e for i in chunk if isinstance(e := events[i], Shown)]
            image = self.runner.cpu(pictures.show_image, shows, live.names, lang)
            files = (image,) if image is not None else ()
        return Post(text, files)  # its reviews are personal: each member's own panel offers theirs

    def end_post(self, live: LiveGame) -> Post:
        won = next(e for e in reversed(live.game.events) if isinstance(e, GameWon))
        lang = live.lang
        text = t("game.over", lang, line=describe(won, live.names, lang) or "")
        if won.skunk:
            text += t("game.skunk", lang, skunk=won.skunk)
        if live.rating_line:
            text += "\n" + live.rating_line
        files: list[Attachment] = []
        if self.images:
            files.append(self.runner.cpu(pictures.live_image, live.public_obs(), live.names, lang))
        files.append(record_file(live))
        return Post(text, tuple(files))

    # ------------------------------------------------------------------ panels

    def panels(self, live: LiveGame, asked: dict[int, Lang] | None = None,
               hands: dict[int, Attachment | None] | None = None) -> tuple[Panel, ...]:
        """Every seated member's panel, each in the language asked for or that member last used (`hands`:
        their hands' pictures, when drawn already)."""
        asked = asked or {}
        return tuple(self.panel(live, s, asked.get(s), hands) for s in live.human_seats())

    @staticmethod
    def left(live: LiveGame, seat: int, user: str) -> Panel:
        """The last panel of a member whose seat the computer took (resigned, handed over, timed out): no
        cards and no controls, so nothing on it can still be pressed."""
        text = t("game.left_panel", live.lang_of(seat))
        return Panel(user, seat, text, (), (), game=live.id, version=live.game.version)

    def panel(self, live: LiveGame, seat: int, lang: Lang | None = None,
              hands: dict[int, Attachment | None] | None = None) -> Panel:
        """A player's private view in their language."""
        lang = live.lang_of(seat, lang)
        obs = observe(live.game, seat)
        if hands is not None and seat in hands:
            image = hands[seat]
        else:
            image = self.runner.cpu(pictures.hand_image, obs.hand) if self.images and obs.hand else None
        score = live.score_text(lang)
        if not live.active:
            return self._make(live, obs, f"{closed_note(live, lang)} ({score})", (), None)
        step = live.step_of(seat)
        if step is not None:
            return self._count_panel(live, obs, step, image, lang)
        if Variants.of(live.meta).asks_for_a_count(obs.phase):
            return self._muggins_panel(live, obs, image, score, lang)
        if obs.phase is Phase.DISCARD:
            panel = self._discard_panel(live, obs, image, score, lang)
        else:
            panel = self._play_panel(live, obs, image, score, lang)
        review = review_control(live, lang)
        return replace(panel, controls=(*panel.controls, review)) if review is not None else panel

    def watcher_panel(self, live: LiveGame, user: str, lang: Lang | None = None) -> Panel:
        """What someone without a seat gets from the table's button: where the game stands and its latest
        lines, privately and only what the table shows everyone (no picture: the table above has it)."""
        lang = lang or live.lang
        obs = live.public_obs()
        players = t("general.list_sep", lang).join(live.names)
        text = t("panel.watching", lang, players=players, head=self._table_head(live, obs, lang))
        recent = self.recent(live)
        text += "\n\n" + "\n".join(recent) if recent else ""
        return Panel(user, -1, text, (), (), None, "", obs.scores, live.id, obs.backs, live.meta.winner,
                     live.game.version, obs.phase.value)

    def _play_panel(self, live: LiveGame, obs: Observation, image: Attachment | None, score: str,
                    lang: Lang) -> Panel:
        seat, version = obs.seat, live.game.version
        my_turn = seat in obs.to_act
        controls: list[Control] = []
        for card in obs.hand:
            cid = ComponentId(live.id, version, Verb.PLAY, card.text).encode()
            controls.append(Button(cid, card.pretty(), Style.PRIMARY if my_turn else Style.SECONDARY,
                                   disabled=not my_turn or Play(seat, card) not in obs.legal))
        can_go = my_turn and Go(seat) in obs.legal
        if obs.hand:
            controls.append(Button(ComponentId(live.id, version, Verb.GO).encode(), t("panel.go", lang),
                                   Style.DANGER if can_go else Style.SECONDARY, disabled=not can_go))
        starter = obs.starter.pretty() if obs.starter else t("panel.not_cut", lang)
        head = t("panel.hand_head", lang, score=score, starter=starter, count=obs.count)
        if not my_turn:
            waiting = t("general.list_sep", lang).join(live.names[s] for s in obs.to_act) or t("panel.the_show", lang)
            return self._make(live, obs, t("panel.waiting", lang, head=head, waiting=waiting), controls, image)
        said = t("panel.say_go" if can_go else "panel.play_card", lang)
        prompt = "you cannot play: say go" if can_go else "play a card"
        return self._make(live, obs, t("panel.your_turn", lang, head=head, prompt=said), controls, image,
                          f"count {obs.count}: {prompt}")

    def _discard_panel(self, live: LiveGame, obs: Observation, image: Attachment | None, score: str,
                       lang: Lang) -> Panel:
        k = obs.rules.discard_each
        whose = t("panel.whose_mine", lang) if obs.is_dealer else t("panel.whose_other", lang,
                                                                     name=live.names[obs.dealer])
        if obs.seat not in obs.to_act:
            laid = " ".join(c.pretty() for c in obs.discards)
            waiting = t("general.list_sep", lang).join(live.names[s] for s in obs.to_act)
            text = t("panel.laid", lang, score=score, laid=laid, whose=whose, waiting=waiting)
            return self._make(live, obs, text, (), image)
        cid = ComponentId(live.id, live.game.version, Verb.LAY).encode()
        select = Select(cid, t("panel.choose", lang, k=k, whose=whose),
                        tuple(Option(c.text, c.pretty()) for c in obs.hand), k, k)
        english = "your" if obs.is_dealer else f"{live.names[obs.dealer]}'s"
        return self._make(live, obs, t("panel.lay", lang, score=score, k=k, whose=whose), (select,),
                          image, f"lay away {k} for {english} crib")

    def _muggins_panel(self, live: LiveGame, obs: Observation, image: Attachment | None, score: str,
                       lang: Lang) -> Panel:
        """A muggins show: the owner declares their count; the next player may claim what was missed."""
        seat, version = obs.seat, live.game.version
        if seat not in obs.to_act:
            waiting = t("general.list_sep", lang).join(live.names[s] for s in obs.to_act)
            return self._make(live, obs, t("muggins.waiting", lang, score=score, waiting=waiting), (), image)
        if Muggins(seat, True) in obs.legal:
            claim = Button(ComponentId(live.id, version, Verb.MUGGINS, "yes").encode(), t("muggins.claim", lang),
                           Style.DANGER)
            let = Button(ComponentId(live.id, version, Verb.MUGGINS, "no").encode(), t("muggins.accept", lang))
            text = t("muggins.claim_prompt", lang, score=score, said=self._declaration(live, lang))
            return self._make(live, obs, text, (claim, let), image, "claim muggins? (y/n)")
        assert obs.starter is not None and any(isinstance(a, Declare) for a in obs.legal)
        which = "crib" if obs.counting_crib else "hand"
        cards = obs.crib if obs.counting_crib else obs.kept
        what = t(f"selfcount.what_{which}", lang)
        text = t("muggins.declare_prompt", lang, score=score, what=what,
                 cards=" ".join(c.pretty() for c in cards), starter=obs.starter.pretty())
        button = Button(ComponentId(live.id, version, Verb.DECLARE, MUGGINS_COUNT).encode(),
                        t(f"selfcount.button_{which}", lang), Style.PRIMARY)
        return self._make(live, obs, text, (button,), image, f"declare your {which} (0-29)")

    @staticmethod
    def _declaration(live: LiveGame, lang: Lang) -> str:
        """The count open to claims, as the table heard it: whose, the cards, what was declared."""
        shown = next(e for e in reversed(live.game.events) if isinstance(e, Shown))
        return describe(shown, live.names, lang) or ""

    def _count_panel(self, live: LiveGame, obs: Observation, step: CountStep, image: Attachment | None,
                     lang: Lang) -> Panel:
        """The counting player's panel at the show: the cards to count and the declare button (no score: it
        would give the count away)."""
        shown = live.game.events[step.index]
        assert isinstance(shown, Shown)
        public = live.public_obs()
        obs = replace(obs, scores=public.scores, backs=public.backs)
        b = shown.breakdown
        what = t("selfcount.what_crib" if step.crib else "selfcount.what_hand", lang)
        text = t("selfcount.prompt", lang, what=what, cards=" ".join(c.pretty() for c in b.hand),
                 starter=b.starter.pretty())
        which = "crib" if step.crib else "hand"
        button = Button(ComponentId(live.id, step.deal, Verb.DECLARE, which).encode(),
                        t(f"selfcount.button_{which}", lang), Style.PRIMARY)
        return self._make(live, obs, text, (button,), image, f"declare your {which}")

    @staticmethod
    def _make(live: LiveGame, obs: Observation, text: str, controls: Sequence[Control],
              image: Attachment | None, prompt: str = "") -> Panel:
        winner = live.meta.winner if live.meta.winner is not None else obs.winner
        playable = tuple(a.card for a in obs.legal if isinstance(a, Play))
        return Panel(live.meta.seats[obs.seat].user, obs.seat, text, obs.hand, tuple(controls), image, prompt,
                     obs.scores, live.id, obs.backs, winner, live.game.version, obs.phase.value, playable,
                     Go(obs.seat) in obs.legal)

    # ------------------------------------------------------------------ the table

    def _draw(self, live: LiveGame, hands: bool = True) -> tuple[tuple[Attachment, ...] | None,
                                                                  dict[int, Attachment | None]]:
        """The table's one picture (the table over the board) and every seated member's hand, in one round to
        the worker processes (one picture a process at a time when there are several)."""
        if not self.images:
            return None, {}
        obs = live.public_obs()
        calls: list[tuple[Callable[..., Any], tuple[object, ...]]] = [
            (pictures.live_image, (obs, live.names, live.lang))]
        held = {s: observe(live.game, s).hand for s in live.human_seats()} if hands else {}
        seats = [s for s, hand in held.items() if hand]
        calls += [(pictures.hand_image, (held[s],)) for s in seats]
        table, *drawn = self.runner.cpu_all(calls)
        pictured: dict[int, Attachment | None] = dict.fromkeys(held)
        pictured.update(zip(seats, drawn, strict=True))
        return (table,), pictured

    def live_message(self, live: LiveGame, images: tuple[Attachment, ...] | None = None) -> LiveMessage:
        """The public table message (`images`: its pictures, when drawn already)."""
        obs = live.public_obs()
        text = self._table_text(live, obs)
        if images is None:
            images = self._draw(live, hands=False)[0] or ()
        controls: tuple[Control, ...] = ()
        if live.active:  # anyone may press it: a seat's panel, or a watcher's view (Controller.view)
            controls = (Button(ComponentId(live.id, 0, Verb.HAND).encode(), t("game.open_panel", live.lang),
                               Style.PRIMARY),)
        return LiveMessage(text, images, controls, t("game.table_moved", live.lang))

    def _table_text(self, live: LiveGame, obs: Observation) -> str:
        recent = self.recent(live)
        head = self._table_head(live, obs, live.lang)
        return head + ("\n\n" + "\n".join(recent) if recent else "")

    @staticmethod
    def _table_head(live: LiveGame, obs: Observation, lang: Lang) -> str:
        """The scores, the deal and whose move it is, in `lang`."""
        names = live.names
        sep, join = sentence_sep(lang), t("general.list_sep", lang).join
        scores = scores_named(names, obs.scores, lang)  # with four, the partners named together: who plays with whom
        rules = live.game.rules
        head = t(Variants.of(live.meta).table_head, lang, target=rules.target, scores=scores)
        if live.active:
            head += "\n" + t("game.table_deal", lang, deal=obs.deal + 1, name=names[obs.dealer])
            if obs.phase is Phase.DISCARD:
                head += sep + t("game.table_laying", lang, names=join(names[s] for s in obs.to_act))
            elif obs.phase is Phase.PLAY and obs.to_act:
                head += sep + t("game.table_to_play", lang, count=obs.count, name=names[obs.to_act[0]])
        else:
            head += f"\n{closed_note(live, lang)}"
        counting = sorted({s.seat for s in live.count_steps()})
        if counting:
            head += sep + t("selfcount.waiting", lang, names=join(names[s] for s in counting))
        return head

    @staticmethod
    def recent(live: LiveGame) -> tuple[str, ...]:
        """The table's latest lines; a past deal's show is left out once a new deal began (its show post, just
        above the table, says it whole)."""
        lines: list[str] = []
        hidden, for_them = live.hidden(), live.for_them()
        current = len(live.game.deals) - 1
        posted = {i for deal, span in show_ranges(live.game).items() if deal < current for i in span}
        for i in reversed(range(len(live.game.events))):
            if i in hidden or i in posted:
                continue
            line = describe(live.game.events[i], live.names, live.lang, i in for_them)
            if line:
                lines.append(line)
                if len(lines) == RECENT_LINES:
                    break
        return tuple(reversed(lines))


def review_control(live: LiveGame, lang: Lang) -> Button | None:
    """"My review of deal N", offered in each member's own panel through the deal after N's show (a review is
    one player's, so it is never on a public message)."""
    deal = len(live.game.deals) - 2
    if deal < 0 or not live.active:
        return None
    return Button(ComponentId(live.id, deal, Verb.REVIEW).encode(), t("review.button", lang, deal=deal + 1))


def declaration_lines(live: LiveGame, deal: int) -> list[str]:
    """What each self-counting player declared at a deal's show, against the true count (in a muggins game,
    each declaration: the show post comes once the show is over, so the truth gives no claim away)."""
    lang = live.lang
    deals = live.game.deals
    mugged = {(d.seat, d.crib): d.declared for d in deals[deal].declarations} if deal < len(deals) else {}
    lines = []
    for index in shows_by_deal(live.game).get(deal, []):
        e = live.game.events[index]
        assert isinstance(e, Shown)
        key = (deal, e.seat, e.crib)
        if key not in live.declared and (e.seat, e.crib) not in mugged:
            continue
        declared = live.declared[key] if key in live.declared else mugged[(e.seat, e.crib)]
        total = e.breakdown.total
        fields = {"name": live.names[e.seat], "total": total,
                  "what": t("selfcount.what_crib" if e.crib else "selfcount.what_hand", lang)}
        if declared is None:
            lines.append(t("selfcount.post_none", lang, **fields))
        elif declared == total:
            lines.append(t("selfcount.post_exact", lang, declared=declared, **fields))
        elif declared < total:
            lines.append(t("selfcount.post_missed", lang, declared=declared, missed=total - declared, **fields))
        else:
            lines.append(t("selfcount.post_over", lang, declared=declared, over=declared - total, **fields))
    return lines
