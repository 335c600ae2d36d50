"""Invitations: a game with invited members starts once every seat is filled.

Each invitee accepts or declines; a declined seat stays open until the host gives it (and any seat still
unanswered) to the computer, or cancels. An unanswered invitation expires in the sweep. A two-player
invitation declined is simply declined.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.app.game.live_game import LiveGame
from bot.app.game.seating import OPEN_NAME, PartnerCut, computer_seat, number_computers, open_seat, waiting_seats
from bot.app.game.variants import Variants
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.narrate import side_names
from bot.app.shown.presenter import sentence_sep
from bot.app.shown.replies import Button, Post, Reply, Style
from bot.i18n import Lang, t
from bot.storage.values import Seat, SeatKind, Status

Close = Callable[[LiveGame, Status, int | None, str], Reply]
Start = Callable[[LiveGame, str, Lang | None, tuple[str, ...]], Reply]


def cut_line(cut: PartnerCut, lang: Lang, names: tuple[str, ...]) -> str:
    """The cut for partners as it is announced: each card, then who plays with whom."""
    cards = t("general.list_sep", lang).join(f"{n} {c.pretty()}" for n, c in zip(cut.names, cut.cards, strict=True))
    return t("game.partner_cut", lang, cards=cards, team1=t("refuse.and", lang).join((names[0], names[2])),
             team2=t("refuse.and", lang).join((names[1], names[3])))


class Invitations:
    """The invitation post and the answers to it."""

    def __init__(self, store_seats: Callable[[LiveGame], None], *, start: Start, close: Close) -> None:
        self._store_seats = store_seats
        self._start = start
        self._close = close

    def post(self, live: LiveGame, host_lang: Lang, lead: tuple[str, ...] = ()) -> Reply:
        """The invitation (to every member still to answer), and the host's private note."""
        meta, lang = live.meta, live.lang
        pending = [s for s in meta.seats if s.kind is SeatKind.HUMAN and not s.accepted]
        guests = t("refuse.and", lang).join(s.name for s in pending)
        if meta.rules.players == 2:
            text = t("game.invite", lang, guest=guests, host=meta.host.name, target=meta.rules.target)
        else:
            seats = t("general.list_sep", lang).join(self._seat_text(live, i, lang) for i in range(len(meta.seats)))
            text = t("game.invite_group" if guests else "game.invite_group_open", lang, guests=guests,
                     host=meta.host.name, target=meta.rules.target, players=meta.rules.players, seats=seats)
        text = "\n".join((*lead, text + self._muggins(live, lang)))
        controls = [Button(ComponentId(live.id, 0, Verb.ACCEPT).encode(), t("game.accept", lang), Style.SUCCESS),
                    Button(ComponentId(live.id, 0, Verb.DECLINE).encode(), t("game.decline", lang), Style.DANGER)]
        if meta.rules.players > 2:
            controls += [Button(ComponentId(live.id, 0, Verb.FILL).encode(), t("game.fill", lang)),
                         Button(ComponentId(live.id, 0, Verb.CANCEL).encode(), t("game.cancel", lang))]
        invite = Post(text, controls=tuple(controls), mentions=tuple(s.user for s in pending))
        note = t("game.invite_sent", host_lang, name=guests) if guests else t("game.waiting_host", host_lang)
        return Reply(True, note, live.id, 0, posts=(invite,), place=meta.place, names=live.names)

    @staticmethod
    def _muggins(live: LiveGame, lang: Lang) -> str:
        """The sentence that says muggins is on (after the invitation's), else ''."""
        note = Variants.of(live.meta).invitation_note
        return sentence_sep(lang) + t(note, lang) if note is not None else ""

    def _seat_text(self, live: LiveGame, seat: int, lang: Lang) -> str:
        s = live.meta.seats[seat]
        if s.kind is SeatKind.OPEN:
            return t("game.seat_declined", lang, name=s.name) if s.name != OPEN_NAME else t("game.seat_open", lang)
        if s.kind is SeatKind.HUMAN and not s.accepted:
            return t("game.seat_pending", lang, name=s.name)
        if s.kind is SeatKind.HUMAN and seat != 0:
            return t("game.seat_accepted", lang, name=s.name)
        return s.name

    def summary(self, live: LiveGame, *more: str) -> str:
        """The invitation redrawn once it is answered for good (the game starts, or is called off): the seats
        with each member's answer, then `more` lines (who declined, the computer's seats, how it ended)."""
        meta, lang = live.meta, live.lang
        if meta.rules.players == 2:
            guest = self._seat_text(live, 1, lang)
            head = t("game.invite_summary_two", lang, host=meta.host.name, guest=guest, target=meta.rules.target)
        else:
            seats = t("general.list_sep", lang).join(self._seat_text(live, i, lang) for i in range(len(meta.seats)))
            head = t("game.invite_summary", lang, host=meta.host.name, players=meta.rules.players,
                     target=meta.rules.target, seats=seats)
        return "\n".join((head + self._muggins(live, lang), *(line for line in more if line)))

    def answer(self, live: LiveGame, user: str, accept: bool, lang: Lang) -> Reply:
        """An invitee's answer; the host declining cancels."""
        meta = live.meta
        if meta.status is not Status.INVITED:
            return Reply(False, t("refuse.answered", lang), live.id)
        if accept and meta.host.user == user:
            return Reply(False, t("refuse.host_accepts", lang), live.id)
        if not accept and meta.host.user == user:
            return self._called_off(live, t("game.withdrew", live.lang, name=meta.host.name),
                                    t("game.you_cancelled", lang))
        seat = next((i for i, s in enumerate(meta.seats) if s.kind is SeatKind.HUMAN and s.user == user), None)
        if seat is None:
            names = t("refuse.and", lang).join(s.name for s in meta.seats[1:] if s.kind is SeatKind.HUMAN)
            return Reply(False, t("refuse.only_guest", lang, name=names or "-"), live.id)
        if meta.seats[seat].accepted:
            return Reply(False, t("refuse.answered", lang), live.id)
        name = meta.seats[seat].name
        if not accept and meta.rules.players == 2:
            return self._called_off(live, t("game.declined", live.lang, name=name), t("game.you_declined", lang))
        seats = list(meta.seats)
        seats[seat] = replace(meta.seats[seat], accepted=True) if accept else open_seat(name)
        self._set_seats(live, seats)
        live.langs[seat] = lang
        key = "game.accepted_by" if accept else "game.declined_seat"
        return self._go_on(live, user, lang, t(key, live.lang, name=name), t(key, lang, name=name))

    def fill(self, live: LiveGame, user: str, lang: Lang, difficulty: str) -> Reply:
        """The host gives every open or unanswered seat to the computer, and the game starts."""
        if live.meta.status is not Status.INVITED:
            return Reply(False, t("refuse.answered", lang), live.id)
        if live.meta.host.user != user:
            return Reply(False, t("refuse.host_only", lang, name=live.meta.host.name), live.id)
        seats = list(live.meta.seats)
        declined = [s.name for s in seats if s.kind is SeatKind.OPEN and s.name != OPEN_NAME]
        for seat in waiting_seats(live.meta.seats):
            seats[seat] = computer_seat(difficulty)
        self._set_seats(live, number_computers(seats))
        line = t("game.filled", live.lang, difficulty=difficulty)
        said = t("game.declined_by", live.lang, names=t("refuse.and", live.lang).join(declined)) if declined else ""
        return self._go_on(live, user, lang, line, t("game.filled", lang, difficulty=difficulty), (said, line))

    def cancel(self, live: LiveGame, user: str, lang: Lang) -> Reply:
        if live.meta.host.user != user:
            return Reply(False, t("refuse.host_only", lang, name=live.meta.host.name), live.id)
        return self.answer(live, user, False, lang)

    @staticmethod
    def _set_seats(live: LiveGame, seats: Sequence[Seat]) -> None:
        """In memory only: `_go_on` stores them, with the start when they fill the table."""
        live.meta = replace(live.meta, seats=tuple(seats))
        live.names = tuple(s.name for s in live.meta.seats)

    def _called_off(self, live: LiveGame, line: str, note: str) -> Reply:
        """The game will not start: closed, the invitation redrawn with `line`; the presser told `note`."""
        reply = self._close(live, Status.DECLINED, None, line)
        return replace(reply, note=note, invitation=self.summary(live, line))

    def _go_on(self, live: LiveGame, user: str, lang: Lang, line: str, note: str = "",
               done: tuple[str, ...] = ()) -> Reply:
        """Start when every seat is filled (the seats stored in the start's commit; the invitation's last
        words, `done`, say how they were filled); else store them and post the invitation again, saying who
        is still awaited (the public `line` in the game's language, the member's `note` in theirs)."""
        if not waiting_seats(live.meta.seats):
            started = self._start(live, user, lang, (line,))
            if live.meta.rules.players == 4:  # the thread says who partners whom (the cut was in the invitation)
                team1, team2 = side_names(live.names, live.lang)
                said = Post(t("game.partners", live.lang, team1=team1, team2=team2))
                started = replace(started, posts=(said, *started.posts))
            return replace(started, invitation=self.summary(live, *done))
        self._store_seats(live)
        reply = self.post(live, lang, (line,))
        return replace(reply, note=note or line)
