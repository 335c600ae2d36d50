"""Everything a person (or a door on their behalf) can ask of the application, each a typed value.

A door builds one and hands it to `Controller.run`, which finds the handler by the command's type (see
`handles`), takes the game's lock when the command names a game, and runs the work in a worker thread.
Adding a command: a class here, a handler marked `@handles(TheCommand)` in the feature it belongs to, and the door
that builds it (docs/architecture.md, "Add a command").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.app.command_base import Command, GameCommand
from bot.app.companion.daily_values import DailyAnswered
from bot.app.companion.event_values import EventAnswer, EventNews
from bot.app.companion.game_stats import BoardOrder
from bot.app.companion.tablemode import TablePlayer
from bot.app.game.moves import Move
from bot.app.game.play import Member
from bot.app.game.play import NewGame as NewGame  # a command too: a game to start
from bot.app.shown.replies import Answer, Attachment, ChannelPost, Reply
from bot.i18n import Lang
from bot.settings import Scope
from bot.storage.values import GameMeta
from engine.table.session import TableSession


def user_id(user: Member | str) -> str:
    return user.user if isinstance(user, Member) else user


# ---------------------------------------------------------------------------------------------- playing a game

@dataclass(frozen=True)
class MakeMove(GameCommand[Reply]):
    """A member's move from the panel drawn at `version` (a stale panel is refused, nothing changed)."""

    user: Member | str
    game_id: str
    version: int
    move: Move
    lang: Lang | None = None


@dataclass(frozen=True)
class DeclareMuggins(GameCommand[Reply]):
    """A muggins game: the member's own count of the hand or crib being shown (pegged as declared)."""

    user: Member | str
    game_id: str
    version: int
    points: int | str
    lang: Lang | None = None


@dataclass(frozen=True)
class DeclareOwnCount(GameCommand[Reply]):
    """A self-counting player's count of their hand (or crib) at a show; the feedback is private and the game goes
    on with the true count whatever was declared."""

    user: Member | str
    game_id: str
    deal: int
    crib: bool
    declared: str | int
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class AcceptInvite(GameCommand[Reply]):
    user: Member | str
    game_id: str
    lang: Lang | None = None


@dataclass(frozen=True)
class DeclineInvite(GameCommand[Reply]):
    """An invitee declines (in a group game the seat stays open); the host declining cancels."""

    user: Member | str
    game_id: str
    lang: Lang | None = None


@dataclass(frozen=True)
class FillSeats(GameCommand[Reply]):
    """The host gives every open or unanswered seat to the computer (at `difficulty`, else the game's first
    computer's or the server's), and the game starts."""

    user: Member | str
    game_id: str
    difficulty: str | None = None
    lang: Lang | None = None


@dataclass(frozen=True)
class CancelInvite(GameCommand[Reply]):
    """The host calls off a game still waiting for its players."""

    user: Member | str
    game_id: str
    lang: Lang | None = None


@dataclass(frozen=True)
class ShowHand(GameCommand[Reply]):
    """A player's private panel; `lang` is the member's (None: the one they last used, or the game's)."""

    user: Member | str
    game_id: str
    lang: Lang | None = None


@dataclass(frozen=True)
class ViewGame(GameCommand[Reply]):
    """What the public message's button shows `user` privately: their panel when they hold a seat, else a
    watcher's view of what everyone sees (never a refusal: anyone may press it)."""

    user: Member | str
    game_id: str
    lang: Lang | None = None


@dataclass(frozen=True)
class Resign(GameCommand[Reply]):
    user: Member | str
    game_id: str


@dataclass(frozen=True)
class HandSeatOver(GameCommand[Reply]):
    """The host of a group game gives a member's seat to the computer (someone who had to go)."""

    host: Member | str
    game_id: str
    member: str
    lang: Lang | None = None


@dataclass(frozen=True)
class EndGame(GameCommand[Reply]):
    """A moderator ends an abandoned game: no winner, the record is kept."""

    game_id: str
    by: Member


@dataclass(frozen=True)
class GameMessage(GameCommand[Reply]):
    """The game's public message as it stands (to post it again after a restart, or for a new door)."""

    game_id: str


@dataclass(frozen=True)
class GameRecord(GameCommand[Attachment | None]):
    """The record as `user` may read it: whole once the game is over; while it goes on, only what the game has
    shown that member (a spectator when they hold no seat, or user is None). `whole`: hidden cards and seed
    included, for the operator's tools, never for a member."""

    game_id: str
    user: str | None = None
    whole: bool = False


@dataclass(frozen=True)
class SetMessage(GameCommand[None]):
    """Where the game's public message was posted (the door's ids)."""

    game_id: str
    place: str
    message: str


@dataclass(frozen=True)
class GameInfo(GameCommand[GameMeta | None]):
    """Who plays a game, where, and how it stands (without its actions)."""

    game_id: str


@dataclass(frozen=True)
class ReviewDeal(GameCommand[Answer]):
    """A player's private review of one deal of their game (the last finished one when not named)."""

    user: Member | str
    game_id: str
    deal: int | None = None
    lang: Lang = Lang.EN


# ---------------------------------------------------------------------------------------------- finding games

@dataclass(frozen=True)
class GamesAt(Command[list[GameMeta]]):
    """The live games at a place, oldest first."""

    place: str


@dataclass(frozen=True)
class LiveGames(Command[list[GameMeta]]):
    """Every game going on."""


@dataclass(frozen=True)
class LatestGame(Command[GameMeta | None]):
    """The newest game at a place (live or finished) in which `user` holds a seat."""

    place: str
    user: str


@dataclass(frozen=True)
class Sweep(Command[list[Reply]]):
    """Reminders for players who stop answering, then forfeits; invitations expire the same way. `owns` picks the
    servers (by id) whose games this process sweeps when several share the database."""

    owns: Callable[[str], bool] | None = None


@dataclass(frozen=True)
class SweepGame(GameCommand[Reply | None]):
    """One game's turn in the sweep: its reminder, forfeit, expired invitation or timed-out counts, when due."""

    game_id: str


@dataclass(frozen=True)
class DuePosts(Command[list[ChannelPost]]):
    """The posts due now in servers' channels (a day's hand, a season's standings: bot/app/companion/calendar.py),
    each claimed by this process so that no other makes it; `owns` as for Sweep."""

    owns: Callable[[str], bool] | None = None


@dataclass(frozen=True)
class PostDone(Command[None]):
    """A door sent the post of `key` as `message` ('' when it could not be sent: the work is given up)."""

    key: str
    message: str


# ---------------------------------------------------------------------------------------------- members and servers

@dataclass(frozen=True)
class WhomToMention(Command[tuple[str, ...]]):
    """Those of the awaited `users` to mention now, by the server's setting and each member's own."""

    guild: str
    users: Sequence[str]


@dataclass(frozen=True)
class ChangeSetting(Command[Answer]):
    """Set one setting (bot/settings.py) of a server, a member or a game to a value as typed or chosen; the door
    checks who may (a server's: Manage Server)."""

    scope: Scope
    owner: str
    name: str
    value: object
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class ShowSettings(Command[Answer]):
    """Every setting of a server or a member with its value."""

    scope: Scope
    owner: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class MemberStats(Command[Answer]):
    guild: str
    user: str
    name: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class Leaderboard(Command[Answer]):
    guild: str
    lang: Lang = Lang.EN
    order: BoardOrder = BoardOrder.WINS


@dataclass(frozen=True)
class ShowRating(Command[Answer]):
    """A member's rating in a server: rating, deviation, rank (or provisional), games, the last results and a
    chart of the rating over their rated games."""

    guild: str
    user: str
    name: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class SeasonStandings(Command[Answer]):
    """A server's ended season's final table: `number` as typed (None: the newest)."""

    guild: str
    number: int | str | None = None
    lang: Lang = Lang.EN


# ---------------------------------------------------------------------------------------------- the companion features

@dataclass(frozen=True)
class ScoreHand(Command[Answer]):
    cards: str
    starter: str
    crib: bool = False
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class AnalyzeDiscards(Command[Answer]):
    cards: str
    dealer: bool
    scores: str | None = None
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class RulesHelp(Command[Answer]):
    topic: str | None = None
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class NewDrill(Command[Answer]):
    """A counting drill: a hand (or crib) to count."""

    crib: bool = False
    lang: Lang = Lang.EN
    seed: int | None = None


@dataclass(frozen=True)
class AnswerDrill(Command[Answer]):
    user: Member | str
    seed: int
    crib: bool
    declared: str | int
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class DailyHand(Command[Answer]):
    """The daily hand of `day` (YYYY-MM-DD, UTC; None: today's): today's as a problem to solve (with the select of
    the server's open post), an earlier day's to try privately (or the member's answer that day judged, with every
    discard's exact values); then the member's record in `guild`. A day not yet published, or outside the pool,
    refused."""

    day: str | None = None
    lang: Lang = Lang.EN
    guild: str = ""
    user: str = ""


@dataclass(frozen=True)
class DailyOpen(Command[bool]):
    """Whether a server's post of `day` still takes answers (a door edits its count only then, never over its
    close)."""

    guild: str
    day: str


@dataclass(frozen=True)
class AnswerDaily(Command[DailyAnswered]):
    """A pick in a daily hand's select (its id's game field and version, bot/app/shown/ids.py: Verb.DAILY)."""

    guild: str
    user: str
    field: str
    version: int
    values: tuple[str, ...]
    lang: Lang = Lang.EN



# ---------------------------------------------------------------------------------------------- table mode

@dataclass(frozen=True)
class TableStart(Command[Answer]):
    """Start scoring a real table's game at a place."""

    place: str
    players: Sequence[TablePlayer]
    host: Member
    target: int = 121
    lang: Lang = Lang.EN
    guild: str = ""


@dataclass(frozen=True)
class TablePeg(Command[Answer]):
    """Peg for a seat at the real table `table` (its id, or the place it is kept at)."""

    table: str
    user: Member | str
    seat: int | str
    points: int | str
    reason: str | None = None
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class TableUndo(Command[Answer]):
    table: str
    user: Member | str
    version: int | None = None
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class TableNextDeal(Command[Answer]):
    table: str
    user: Member | str
    version: int | None = None
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class TableStatus(Command[Answer]):
    table: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class TableEnd(Command[Answer]):
    table: str
    user: Member | str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class ReadTable(Command[TableSession | None]):
    """A real table's session as stored (its seats and pegs)."""

    table: str


@dataclass(frozen=True)
class TableUsers(Command[list[str]]):
    """The member ids of a real table's seats ('' for a seat named without a member), in seat order."""

    table: str


# ---------------------------------------------------------------------------------------------- events (club nights)

@dataclass(frozen=True)
class CreateEvent(Command[EventAnswer]):
    """A club night in a server, directed by `director`, posting in `channel`; `manager`: the door says whether the
    member may manage the server. Settings as typed: games (rounds), target, rated, minutes until entries close
    (0: at the start), the most entrants."""

    guild: str
    channel: str
    director: Member
    manager: bool
    games: int = 9
    target: int = 121
    rated: bool = False
    closes: int = 0
    most: int = 64
    lang: Lang = Lang.EN
    format: str = "club"
    """'club', 'knockout' (then `best_of` and `double` say its matches; `games` is not used) or 'league' (then
    `period` says its round's length in hours; `games` is not used)."""
    best_of: int = 3
    double: bool = False
    deadline: int = 0
    """Minutes each game has before the player holding it up forfeits it (0: none; a league's is its period)."""
    period: int = 168


@dataclass(frozen=True)
class SetEventMessage(Command[None]):
    """The registration post of `event` was sent as `message`."""

    event: str
    message: str


@dataclass(frozen=True)
class JoinEvent(Command[EventAnswer]):
    """A member enters the server's club night taking entries (`event`: the one a button names)."""

    guild: str
    member: Member
    event: str = ""
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class LeaveEvent(Command[EventAnswer]):
    """A member leaves the server's club night: struck out before it starts, withdrawn (not paired again) after."""

    guild: str
    member: Member
    event: str = ""
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class AddEventComputer(Command[EventAnswer]):
    """The director (or a manager) enters a computer at a strength ('easy' ... 'expert')."""

    guild: str
    by: str
    manager: bool
    strength: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class StartEvent(Command[EventAnswer]):
    """The director (or a manager) closes the entries and starts round 1: its pairings and games."""

    guild: str
    by: str
    manager: bool
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class EventStandings(Command[Answer]):
    """The standings of the server's newest club night."""

    guild: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class EventsDue(Command[list[EventNews]]):
    """The club nights' posts due now (the standings after a game, the next round, the final results), each
    claimed by this process; `owns` as for Sweep."""

    owns: Callable[[str], bool] | None = None


@dataclass(frozen=True)
class EventPosted(Command[None]):
    """A door sent the news of `key` (its work is finished)."""

    key: str


# ---------------------------------------------------------------------------------------------- the LED pegboard

@dataclass(frozen=True)
class BoardStatus(Command[str]):
    """The LED board in words: not configured, connected and what it shows, or failing and why."""

    lang: Lang = Lang.EN


@dataclass(frozen=True)
class BoardShowHere(Command[str]):
    """Show on the LED board the newest game going on at a place (else its real table); the board's status."""

    place: str
    lang: Lang = Lang.EN


@dataclass(frozen=True)
class BoardFollow(Command[str]):
    """Show this game or real table on the LED board from now on (None: whichever moves last); its status."""

    item_id: str | None
    lang: Lang = Lang.EN

    def locks(self) -> str | None:
        return self.item_id
