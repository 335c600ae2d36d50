"""The handlers of the companion features' commands (bot/app/commands.py): scoring and analysing hands, the rules,
counting drills, statistics, mentions, table mode and the LED board's status. The work is in the feature each one
names; these only take the command apart."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.app.command_base import handles
from bot.app.commands import (
    AnalyzeDiscards,
    AnswerDrill,
    BoardStatus,
    ChangeSetting,
    DailyHand,
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
from bot.app.companion.learning import Scorer
from bot.app.companion.pegboard import Pegboard
from bot.app.companion.practice import Practice
from bot.app.companion.settings_book import SettingsBook
from bot.app.companion.statistics import Statistics
from bot.app.companion.tablemode import TableMode
from bot.app.shown.replies import Answer
from bot.i18n import Lang, t
from bot.storage import Storage
from engine.core.errors import shown
from engine.core.typed import iso_day
from engine.daily.pool import PoolError
from engine.daily.problem import DailyProblem
from engine.daily.shipped import NoPool, shipped_pool
from engine.daily.verdict import rows
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
    def daily(self, c: DailyHand) -> Answer:
        today = datetime.fromtimestamp(self.drills.clock(), UTC).date()
        day = today if c.day is None else iso_day(c.day)
        if day is None:
            return Answer(False, t("daily.bad_day", c.lang, day=shown(c.day)))
        pool = shipped_pool()
        if isinstance(pool, NoPool):
            return Answer(False, t("daily.no_pool", c.lang))
        if day > today:
            return Answer(False, t("daily.not_yet", c.lang, day=day.isoformat()))
        try:
            problem = pool.problem_for(day)
        except PoolError:
            return Answer(False, t("daily.out_of_pool", c.lang, day=day.isoformat(), first=pool.start.isoformat(),
                                   last=pool.end.isoformat()))
        return Answer(True, daily_text(problem, day < today, c.lang))

    @handles(MemberStats)
    def member_stats(self, c: MemberStats) -> Answer:
        return self.statistics.member(c.guild, c.user, c.name, c.lang)

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


def daily_text(problem: DailyProblem, solved: bool, lang: Lang) -> str:
    """A day's hand in words: the six cards, whose crib, the scores when the chance to win decides; once the day is
    over, every discard's exact values with the best marked."""
    cards = " ".join(c.pretty() for c in problem.cards)
    role = t("daily.dealer" if problem.dealer else "daily.pone", lang)
    lines = [t("daily.head", lang, day=problem.day.isoformat(), level=t(f"daily.level.{problem.level.value}", lang),
               cards=cards, role=role)]
    if problem.scores is not None:
        lines.append(t("daily.scores", lang, me=problem.scores[0], them=problem.scores[1]))
    if not solved:
        lines.append(t("daily.open", lang))
        return "\n".join(lines)
    sign = "+" if problem.dealer else "-"  # the crib adds to a dealer's net, and takes from a pone's
    for r in rows(problem):
        chance = t("daily.chance", lang, chance=f"{100 * r.chance:.1f}") if r.chance is not None else ""
        mark = t("daily.best", lang) if r.best else t("daily.obvious", lang) if r.obvious else ""
        lines.append(t("daily.row", lang, discard=" ".join(c.pretty() for c in r.discard), hand=f"{r.hand:.2f}",
                       crib=f"{sign}{r.crib:.2f}", net=f"{r.net:.2f}", chance=chance, mark=mark).rstrip())
    return "\n".join(lines)
