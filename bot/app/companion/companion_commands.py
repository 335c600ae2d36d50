"""The handlers of the companion features' commands (bot/app/commands.py): scoring and analysing hands, the rules,
counting drills, statistics, mentions, table mode and the LED board's status. The work is in the feature each one
names; these only take the command apart."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.app.command_base import handles
from bot.app.commands import (
    AnalyzeDiscards,
    AnswerDaily,
    AnswerDrill,
    BoardStatus,
    ChangeSetting,
    DailyHand,
    DailyOpen,
    Leaderboard,
    MemberStats,
    NewDrill,
    ReadTable,
    RulesHelp,
    ScoreHand,
    ShowSettings,
    TableEnd,
    TableNextDeal,
    TablePeg,
    TableStart,
    TableStatus,
    TableUndo,
    TableUsers,
    WhomToMention,
    user_id,
)
from bot.app.companion.daily import DailyHands
from bot.app.companion.daily_values import DailyAnswered
from bot.app.companion.daily_words import record_text
from bot.app.companion.learning import Scorer
from bot.app.companion.pegboard import Pegboard
from bot.app.companion.practice import Practice
from bot.app.companion.settings_book import SettingsBook
from bot.app.companion.statistics import Statistics
from bot.app.companion.tablemode import TableMode
from bot.app.shown.replies import Answer
from bot.storage import Storage
from engine.table.session import TableSession


@dataclass(frozen=True)
class CompanionCommands:
    storage: Storage
    scorer: Scorer
    drills: Practice
    statistics: Statistics
    settings: SettingsBook
    tables: TableMode
    pegboard: Pegboard
    daily: DailyHands

    @handles(ScoreHand)
    def score(self, c: ScoreHand) -> Answer:
        return self.scorer.score(c.cards, c.starter, c.crib, c.lang)

    @handles(AnalyzeDiscards)
    def analyze(self, c: AnalyzeDiscards) -> Answer:
        return self.scorer.analyze(c.cards, c.dealer, c.scores, c.lang)

    @handles(RulesHelp)
    def rules(self, c: RulesHelp) -> Answer:
        return self.scorer.rules(c.topic, c.lang)

    @handles(NewDrill)
    def drill(self, c: NewDrill) -> Answer:
        return self.drills.practice(c.crib, c.lang, c.seed)

    @handles(AnswerDrill)
    def drill_answer(self, c: AnswerDrill) -> Answer:
        return self.drills.practice_answer(user_id(c.user), c.seed, c.crib, c.declared, c.lang)

    @handles(DailyHand)
    def daily_hand(self, c: DailyHand) -> Answer:
        return self.daily.show(c.day, c.guild, c.user, c.lang)

    @handles(DailyOpen)
    def daily_open(self, c: DailyOpen) -> bool:
        return self.daily.is_open(c.guild, c.day)

    @handles(AnswerDaily)
    def daily_answer(self, c: AnswerDaily) -> DailyAnswered:
        return self.daily.answer(c.guild, c.user, c.field, c.version, c.values, c.lang)

    @handles(MemberStats)
    def member_stats(self, c: MemberStats) -> Answer:
        """The member's games and counting, and their daily hands here once they have answered one."""
        answer = self.statistics.member(c.guild, c.user, c.name, c.lang)
        daily = self.daily.record_of(c.guild, c.user)
        return replace(answer, text=answer.text + "\n" + record_text(daily, c.lang)) if daily.answered else answer

    @handles(Leaderboard)
    def leaderboard(self, c: Leaderboard) -> Answer:
        return self.statistics.board(c.guild, c.lang, c.order)

    @handles(WhomToMention)
    def mentioned(self, c: WhomToMention) -> tuple[str, ...]:
        return self.settings.wanted(c.guild, tuple(c.users))

    @handles(ChangeSetting)
    def change_setting(self, c: ChangeSetting) -> Answer:
        return Answer(*self.settings.change(c.scope, c.owner, c.name, c.value, c.lang))

    @handles(ShowSettings)
    def show_settings(self, c: ShowSettings) -> Answer:
        return Answer(True, self.settings.shown(c.scope, c.owner, c.lang))

    @handles(TableStart)
    def table_start(self, c: TableStart) -> Answer:
        return self.tables.table_start(c.place, c.guild, tuple(c.players), c.host.user, c.target, c.lang)

    @handles(TablePeg)
    def table_peg(self, c: TablePeg) -> Answer:
        return self.tables.table_peg(c.table, user_id(c.user), c.seat, c.points, c.reason, c.lang)

    @handles(TableUndo)
    def table_undo(self, c: TableUndo) -> Answer:
        return self.tables.table_undo(c.table, user_id(c.user), c.version, c.lang)

    @handles(TableNextDeal)
    def table_next_deal(self, c: TableNextDeal) -> Answer:
        return self.tables.table_next_deal(c.table, user_id(c.user), c.version, c.lang)

    @handles(TableStatus)
    def table_status(self, c: TableStatus) -> Answer:
        return self.tables.table_status(c.table, c.lang)

    @handles(TableEnd)
    def table_end(self, c: TableEnd) -> Answer:
        return self.tables.table_end(c.table, user_id(c.user), c.lang)

    @handles(ReadTable)
    def read_table(self, c: ReadTable) -> TableSession | None:
        return self.tables.table_session(c.table)

    @handles(TableUsers)
    def table_users(self, c: TableUsers) -> list[str]:
        stored = self.storage.table_at(c.table)
        return list(stored.session.get("users", [])) if stored is not None else []

    @handles(BoardStatus)
    def board_status(self, c: BoardStatus) -> str:
        return self.pegboard.status(c.lang)

