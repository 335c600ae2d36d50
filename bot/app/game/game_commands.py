"""The handlers of the commands on games (bot/app/commands.py): starting, moving, inviting, reading, reviewing,
closing and the LED board's following. Each is run by `Controller.run`, under the game's lock when the command names
a game; the work itself is in the parts each one calls (GamePlay, Invitations, Closing, SelfCount, Presenter)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.app.command_base import handles
from bot.app.commands import (
    AcceptInvite,
    BoardFollow,
    CancelInvite,
    DeclareMuggins,
    DeclareOwnCount,
    DeclineInvite,
    EndGame,
    FillSeats,
    GameInfo,
    GameMessage,
    GameRecord,
    GamesAt,
    HandSeatOver,
    LatestGame,
    LiveGames,
    MakeMove,
    NewGame,
    Resign,
    ReviewDeal,
    SetMessage,
    ShowHand,
    SweepGame,
    ViewGame,
    user_id,
)
from bot.app.companion.learning import Scorer
from bot.app.companion.pegboard import Pegboard
from bot.app.companion.tablemode import TableMode
from bot.app.game.closing import Closing
from bot.app.game.game_cache import GameCache
from bot.app.game.invites import Invitations
from bot.app.game.live_game import LiveGame, deal_finished
from bot.app.game.moves import action_maker, checked
from bot.app.game.play import GamePlay, stand_in
from bot.app.game.selfcount import SelfCount
from bot.app.shown.learn_text import group_review_text, review_text
from bot.app.shown.presenter import WHOLE, Presenter, record_file
from bot.app.shown.replies import Answer, Attachment, Post, Reply
from bot.i18n import LANGS, Lang, t
from bot.storage import DatabaseFault, Storage, StorageError
from bot.storage.values import GameMeta, SeatKind, Status
from engine.computer.review import ReviewError, review_game_deal, review_group_deal
from engine.core.errors import shown

log = logging.getLogger(__name__)

REVIEW_SAMPLES = 200
"""Deals played out per lay-away for the review's win chances: enough to rank, quick enough to answer."""


def find_player_game(games: list[GameMeta], user: str) -> GameMeta | None:
    """The newest game among `games` in which `user` holds a seat."""
    mine = [g for g in games if any(s.user == user for s in g.seats if s.kind is SeatKind.HUMAN)]
    return mine[-1] if mine else None


@dataclass(frozen=True)
class GameCommands:
    """The game commands' handlers, over the parts the controller made."""

    storage: Storage
    games: GameCache
    play: GamePlay
    invites: Invitations
    closing: Closing
    self_count: SelfCount
    presenter: Presenter
    scorer: Scorer
    pegboard: Pegboard
    tables: TableMode

    @handles(NewGame)
    def new_game(self, req: NewGame) -> Reply:
        """A game against the computer starts at once; one with invited members waits for their answers."""
        if self.play.ratings is not None:  # rated or casual: the server's default where the game does not say
            req = replace(req, settings=self.play.ratings.with_default(req.guild, req.settings))
        live, lead = self.play.create(req)
        try:
            if live.meta.status is Status.INVITED:
                return self.invites.post(live, req.member_lang or req.lang, lead)
            reply = self.play.start(live, req.host.user, req.member_lang, lead)
        finally:
            self.games.park(live.id)  # nobody else knows the game yet: no lock is needed
        return replace(reply, posts=(Post("\n".join(lead)), *reply.posts)) if lead else reply  # the cut, said

    @handles(MakeMove)
    def move(self, c: MakeMove) -> Reply:
        move = checked(c.move, c.version)  # BadMove for values of the wrong types, before anything is touched
        return self.play.move(c.game_id, user_id(c.user), c.version, action_maker(move), c.lang)

    @handles(DeclareMuggins)
    def declare_muggins(self, c: DeclareMuggins) -> Reply:
        return self.play.declare_muggins(c.game_id, user_id(c.user), c.version, c.points, c.lang)

    @handles(AcceptInvite)
    def accept(self, c: AcceptInvite) -> Reply:
        return self._invited(c.game_id, c.lang, lambda live, lang: self.invites.answer(live, user_id(c.user), True,
                                                                                      lang))

    @handles(DeclineInvite)
    def decline(self, c: DeclineInvite) -> Reply:
        return self._invited(c.game_id, c.lang, lambda live, lang: self.invites.answer(live, user_id(c.user), False,
                                                                                      lang))

    @handles(FillSeats)
    def fill_seats(self, c: FillSeats) -> Reply:
        def fill(live: LiveGame, lang: Lang) -> Reply:
            strength = c.difficulty or stand_in(live.meta.seats, self.play.difficulty)
            return self.invites.fill(live, user_id(c.user), lang, strength)

        return self._invited(c.game_id, c.lang, fill)

    @handles(CancelInvite)
    def cancel(self, c: CancelInvite) -> Reply:
        return self._invited(c.game_id, c.lang, lambda live, lang: self.invites.cancel(live, user_id(c.user), lang))

    def _invited(self, game_id: str, lang: Lang | None, answer: Callable[[LiveGame, Lang], Reply]) -> Reply:
        live = self.games.load(game_id)
        if live is None:
            return Reply(False, t("refuse.no_game", lang or Lang.EN), game_id)
        return answer(live, lang or live.lang)

    @handles(DeclareOwnCount)
    def declare(self, c: DeclareOwnCount) -> Reply:
        user = user_id(c.user)
        found = self.play.seated(c.game_id, user, c.lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        return self.self_count.declare(live, seat, user, c.deal, c.crib, c.declared, c.lang)

    @handles(ShowHand)
    def hand(self, c: ShowHand) -> Reply:
        return self.play.hand(c.game_id, user_id(c.user), c.lang)

    @handles(ViewGame)
    def view(self, c: ViewGame) -> Reply:
        user = user_id(c.user)
        live = self.games.load(c.game_id)
        if live is None or live.seat_of(user) is not None or not live.active:
            return self.play.hand(c.game_id, user, c.lang)
        return Reply(True, "", c.game_id, live.game.version, panel=self.presenter.watcher_panel(live, user, c.lang),
                     place=live.meta.place, message=live.meta.message)

    @handles(Resign)
    def resign(self, c: Resign) -> Reply:
        found = self.play.seated(c.game_id, user_id(c.user))
        return found if isinstance(found, Reply) else self.closing.resign(*found)

    @handles(HandSeatOver)
    def hand_seat(self, c: HandSeatOver) -> Reply:
        found = self.play.seated(c.game_id, user_id(c.host), c.lang)
        if isinstance(found, Reply):
            return found
        live, seat = found
        lang = c.lang or live.lang
        if seat != 0 or live.game.rules.players == 2:
            return Reply(False, t("refuse.host_only", lang, name=live.meta.host.name), c.game_id)
        target = live.seat_of(c.member)
        if target is None or target == 0 or not live.active:
            return Reply(False, t("refuse.not_a_seat", lang), c.game_id)
        return self.play.hand_over(live, [target], t("game.handed", live.lang, name=live.names[target],
                                                     host=live.names[0]))

    @handles(EndGame)
    def end(self, c: EndGame) -> Reply:
        try:
            live = self.games.load(c.game_id)
        except DatabaseFault:
            raise
        except StorageError:  # its log does not replay: it can still be ended, so it stops being "going on"
            return self._end_unreadable(c.game_id, c.by.name)
        if live is None:
            return Reply(False, t("refuse.no_game", Lang.EN), c.game_id)
        return self.closing.end(live, c.by.name)

    def _end_unreadable(self, game_id: str, by: str) -> Reply:
        meta = next((m for m in self.storage.live_games() if m.id == game_id), None)
        if meta is None:
            return Reply(False, t("refuse.no_game", Lang.EN), game_id)
        self.storage.set_status(game_id, Status.ENDED, now=self.closing.clock())
        self.games.forget(game_id)
        text = t("game.ended_damaged", Lang(meta.lang) if meta.lang in LANGS else Lang.EN, by=by)
        return Reply(True, text, game_id, lines=(text,), posts=(Post(text),), finished=True, place=meta.place,
                     message=meta.message, names=tuple(s.name for s in meta.seats))

    @handles(GameMessage)
    def message(self, c: GameMessage) -> Reply:
        live = self.games.load(c.game_id)
        return self.presenter.current(live) if live is not None else Reply(False, t("refuse.no_game"), c.game_id)

    @handles(GameRecord)
    def record(self, c: GameRecord) -> Attachment | None:
        live = self.games.load(c.game_id)
        if live is None:
            return None
        return record_file(live, WHOLE if c.whole else live.seat_of(c.user) if c.user is not None else None)

    @handles(SetMessage)
    def set_message(self, c: SetMessage) -> None:
        self.games.set_message(c.game_id, c.place, c.message)

    @handles(GameInfo)
    def info(self, c: GameInfo) -> GameMeta | None:
        return self.games.meta(c.game_id)

    @handles(GamesAt)
    def games_at(self, c: GamesAt) -> list[GameMeta]:
        return self.storage.find(c.place)

    @handles(LiveGames)
    def live_games(self, c: LiveGames) -> list[GameMeta]:
        return self.storage.live_games()

    @handles(LatestGame)
    def latest_game(self, c: LatestGame) -> GameMeta | None:
        return find_player_game(self.storage.games_here(c.place), c.user)

    @handles(SweepGame)
    def sweep_game(self, c: SweepGame) -> Reply | None:
        return self.closing.sweep_one(c.game_id)

    @handles(ReviewDeal)
    def review(self, c: ReviewDeal) -> Answer:
        lang = c.lang
        live = self.games.load(c.game_id)
        if live is None:
            return Answer(False, t("review.no_game", lang))
        seat = live.seat_of(user_id(c.user))
        if seat is None:
            return Answer(False, t("review.not_player", lang))
        game = live.game
        done = [i for i, d in enumerate(game.deals) if d.starter is not None and d.discards
                and all(x is not None for x in d.discards) and deal_finished(game, i)]
        if c.deal is None and not done:
            return Answer(False, t("review.none_yet", lang))
        deal = done[-1] if c.deal is None else c.deal
        if deal not in done:
            shown_deal = shown(deal + 1) if isinstance(deal, int) else shown(deal)
            return Answer(False, t("review.not_finished", lang, deal=shown_deal))
        try:
            if game.rules.players > 2:  # the lay-away, from the member's own five cards
                return Answer(True, group_review_text(review_group_deal(game, deal, seat), live.names, lang))
            review = review_game_deal(game, deal, seat, table=self.scorer.win_table(), samples=REVIEW_SAMPLES)
        except ReviewError:
            log.warning("no review of deal %s of game %s for seat %s", deal, c.game_id, seat, exc_info=True)
            return Answer(False, t("review.not_finished", lang, deal=deal + 1))
        return Answer(True, review_text(review, lang))

    @handles(BoardFollow)
    def board_follow(self, c: BoardFollow) -> str:
        self.pegboard.follow(c.item_id)
        if c.item_id is not None:
            live = self.games.load(c.item_id)
            if live is not None:
                self.pegboard.game_changed(live)
            else:
                self.tables.show(c.item_id)
        return self.pegboard.status(c.lang)
