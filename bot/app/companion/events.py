"""Club nights in a server (issue 57; docs/events.md says the rules): a director creates one, members join and
leave with the registration post's buttons (or the commands), the director adds computer entrants and starts it;
then the rounds run by themselves (bot/app/companion/event_rounds.py). Every bad request is refused with its code
(EventCode), nothing changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.app.command_base import handles
from bot.app.commands import (
    AddEventComputer,
    CreateEvent,
    EventPosted,
    EventsDue,
    EventStandings,
    JoinEvent,
    LeaveEvent,
    SetEventMessage,
    StartEvent,
)
from bot.app.companion.event_knockout import bracket_text, seeding
from bot.app.companion.event_league import rounds_of
from bot.app.companion.event_rounds import EventRounds
from bot.app.companion.event_values import (
    FORMATS,
    KNOCKOUT,
    LEAGUE,
    OPEN,
    OVER,
    RUNNING,
    ClubSettings,
    EventAnswer,
    EventCode,
    EventNews,
    EventPost,
    EventRefused,
)
from bot.app.companion.event_words import event_line, registration_text
from bot.app.shown.ids import ComponentId, Verb
from bot.app.shown.replies import Answer, Button, Style
from bot.i18n import as_lang, t
from bot.storage import Storage
from bot.storage.values import EventRow
from engine.computer.players import DIFFICULTIES
from engine.events.matches import MATCH_LENGTHS

GAMES_MOST = 30
ENTRANTS_LEAST, ENTRANTS_MOST = 2, 256
CLOSES_MOST = 7 * 24 * 60
"""Entries close at most a week after the night is made (minutes)."""
DEADLINE_MOST = 7 * 24 * 60
"""A game's deadline is at most a week after it starts (minutes)."""
PERIOD_MOST = 30 * 24
"""A league's period is at most 30 days (hours)."""


def refuse(code: EventCode, **fields: object) -> EventRefused:
    return EventRefused(code, f"event refused: {code.value}", **fields)


def whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def check_settings(command: CreateEvent) -> None:
    """The refusal of a setting out of its bounds (or of the wrong type: a door that forged one)."""
    if not whole(command.games, 1, GAMES_MOST):
        raise refuse(EventCode.GAMES, games=command.games, most=GAMES_MOST)
    if type(command.target) is not int or command.target not in (121, 61):
        raise refuse(EventCode.TARGET, target=command.target)
    if not whole(command.most, ENTRANTS_LEAST, ENTRANTS_MOST):
        raise refuse(EventCode.MOST, most=command.most, low=ENTRANTS_LEAST, high=ENTRANTS_MOST)
    if not whole(command.closes, 0, CLOSES_MOST):
        raise refuse(EventCode.CLOSES, minutes=command.closes, high=CLOSES_MOST)
    if command.format not in FORMATS:
        raise refuse(EventCode.FORMAT, format=command.format)
    if type(command.best_of) is not int or command.best_of not in MATCH_LENGTHS:
        raise refuse(EventCode.BEST_OF, best_of=command.best_of)
    if not whole(command.deadline, 0, DEADLINE_MOST):  # a negative one would be in the past
        raise refuse(EventCode.DEADLINE, minutes=command.deadline, high=DEADLINE_MOST)
    if command.format == LEAGUE and not whole(command.period, 1, PERIOD_MOST):
        raise refuse(EventCode.PERIOD, hours=command.period, high=PERIOD_MOST)


class ClubNights:
    """The club nights' commands."""

    def __init__(self, storage: Storage, rounds: EventRounds, clock: Callable[[], float], ids: Callable[[], str],
                 seeds: Callable[[], int]) -> None:
        self.storage = storage
        self.rounds = rounds
        self.clock = clock
        self.ids = ids
        self.seeds = seeds

    # ------------------------------------------------------------------ finding the event

    def current(self, guild: str, event: str = "") -> EventRow:
        """The event a button names, else the server's event taking entries or being played."""
        if event:
            found = self.storage.event(event)
            if found is not None and found.guild == guild:
                return found
            raise refuse(EventCode.NO_EVENT)
        live = self.storage.events_in(guild, [OPEN, RUNNING])
        if not live:
            raise refuse(EventCode.NO_EVENT)
        return live[-1]

    def post(self, event: EventRow) -> EventPost:
        """The registration post as it stands: Join and Leave while entries are open."""
        lang = as_lang(event.lang)
        text = registration_text(event, self.storage.entrants(event.id), lang)
        controls = (Button(ComponentId(event.id, 0, Verb.JOIN).encode(), t("event.join", lang), Style.PRIMARY),
                    Button(ComponentId(event.id, 0, Verb.LEAVE).encode(), t("event.leave", lang))) \
            if event.state == OPEN else ()
        return EventPost(event.id, event.channel, text, controls, event.message)

    @staticmethod
    def direct(event: EventRow, by: str, manager: bool) -> None:
        if by != event.director and not manager:
            raise refuse(EventCode.NOT_DIRECTOR, director=event.director)

    def taking_entries(self, event: EventRow) -> ClubSettings:
        settings = ClubSettings.from_json(event.settings)
        if event.state != OPEN or (settings.closes and self.clock() >= settings.closes):
            raise refuse(EventCode.CLOSED)
        return settings

    # ------------------------------------------------------------------ commands

    @handles(CreateEvent)
    def create(self, command: CreateEvent) -> EventAnswer:
        try:
            if not command.manager:
                raise refuse(EventCode.NOT_MANAGER)
            check_settings(command)
            if self.storage.events_in(command.guild, [OPEN, RUNNING]):
                raise refuse(EventCode.BUSY)
        except EventRefused as exc:
            return EventAnswer(exc.answer(command.lang))
        now = self.clock()
        knockout = command.format == KNOCKOUT
        league = command.format == LEAGUE
        settings = ClubSettings(command.games, command.target, command.rated,
                                now + 60 * command.closes if command.closes else 0.0, command.most,
                                command.best_of, knockout and bool(command.double),
                                deadline=0 if league else command.deadline, period=command.period if league else 0)
        event = EventRow(self.ids(), command.guild, command.format, settings.to_json(), OPEN,
                         command.director.user, command.channel, self.seeds(), now, lang=command.lang.value)
        self.storage.add_event(event)
        said = t("event.ko.created", command.lang, best_of=command.best_of, target=command.target) if knockout \
            else t("event.league.created", command.lang, hours=command.period, target=command.target) if league \
            else t("event.created", command.lang, games=command.games, target=command.target)
        return EventAnswer(Answer(True, said), self.post(event))

    @handles(SetEventMessage)
    def set_message(self, command: SetEventMessage) -> None:
        self.storage.set_event_message(command.event, command.message)

    @handles(JoinEvent)
    def join(self, command: JoinEvent) -> EventAnswer:
        try:
            event = self.current(command.guild, command.event)
            number = self._enter(event, command.member.user, "", command.member.name)
        except EventRefused as exc:
            return EventAnswer(exc.answer(command.lang))
        return EventAnswer(Answer(True, t("event.joined", command.lang, number=number)), self.post(event))

    def _check_entry(self, event: EventRow, member: str) -> ClubSettings:
        """The refusal when the night takes no entries, is full, or has the member already."""
        settings = self.taking_entries(event)
        entrants = self.storage.entrants(event.id)
        if member and any(e.member == member for e in entrants):
            raise refuse(EventCode.TWICE)
        if len(entrants) >= settings.most:
            raise refuse(EventCode.FULL, most=settings.most)
        return settings

    def _enter(self, event: EventRow, member: str, strength: str, name: str) -> int:
        """Enter a member or a computer: their number in the joining order, or the refusal."""
        settings = self._check_entry(event, member)
        number = self.storage.add_entrant(event.id, member, strength, name, most=settings.most)
        if number is None:  # another got there first (a race the statement refused): the reason as it is now
            self._check_entry(self.storage.event(event.id) or event, member)
            raise refuse(EventCode.CLOSED)
        return number

    @handles(LeaveEvent)
    def leave(self, command: LeaveEvent) -> EventAnswer:
        try:
            event = self.current(command.guild, command.event)
            if event.format == KNOCKOUT and event.state == RUNNING:
                raise refuse(EventCode.KNOCKOUT_LEAVE)
            if not self.storage.withdraw_entrant(event.id, command.member.user):
                raise refuse(EventCode.NOT_ENTERED)
        except EventRefused as exc:
            return EventAnswer(exc.answer(command.lang))
        said = "event.left" if event.state == OPEN else "event.withdrew"
        return EventAnswer(Answer(True, t(said, command.lang)), self.post(event))

    @handles(AddEventComputer)
    def add_computer(self, command: AddEventComputer) -> EventAnswer:
        try:
            event = self.current(command.guild)
            self.direct(event, command.by, command.manager)
            if command.strength not in DIFFICULTIES:
                raise refuse(EventCode.STRENGTH, strength=command.strength, choices=", ".join(DIFFICULTIES))
            count = sum(1 for e in self.storage.entrants(event.id) if not e.member)
            name = t("event.computer_name", as_lang(event.lang), number=count + 1, strength=command.strength)
            number = self._enter(event, "", command.strength, name)
        except EventRefused as exc:
            return EventAnswer(exc.answer(command.lang))
        return EventAnswer(Answer(True, t("event.computer_added", command.lang, name=name, number=number)),
                           self.post(event))

    @handles(StartEvent)
    def start(self, command: StartEvent) -> EventAnswer:
        try:
            event = self.current(command.guild)
            self.direct(event, command.by, command.manager)
            if event.state != OPEN:
                raise refuse(EventCode.CLOSED)
            count = sum(1 for e in self.storage.entrants(event.id) if not e.withdrawn)
            if count < 2:
                raise refuse(EventCode.TOO_FEW, count=count)
            if not self.storage.set_event_state(event.id, RUNNING, was=OPEN):
                raise refuse(EventCode.CLOSED)
            if event.format == KNOCKOUT:  # the entries closed: the seeding is theirs
                self._seed(event)
            if event.format == LEAGUE:  # its periods are counted from now
                settings = ClubSettings.from_json(event.settings)
                self.storage.set_event_settings(event.id, replace(settings, started=self.clock()).to_json(),
                                                state=RUNNING)
        except EventRefused as exc:
            return EventAnswer(exc.answer(command.lang))
        started = self.storage.event(event.id) or event
        work = f"event:round:{event.id}:1"
        news = (self.rounds.begin(started, 1),) if self.rounds.claimed(work) else ()
        said = {KNOCKOUT: "event.ko.started", LEAGUE: "event.league.started"}.get(event.format, "event.started")
        return EventAnswer(Answer(True, t(said, command.lang)), self.post(started), news)

    def _seed(self, event: EventRow) -> None:
        """A knockout's seeding, fixed as it starts (the ratings change as its games are rated); its rounds wait for
        it (a sweep in between finds none and does nothing)."""
        settings = ClubSettings.from_json(event.settings)
        seeds = seeding(self.storage, event.guild, self.storage.entrants(event.id))
        fixed = replace(settings, seeds=seeds)
        self.storage.set_event_settings(event.id, fixed.to_json(), state=RUNNING)

    @handles(EventStandings)
    def standings(self, command: EventStandings) -> Answer:
        events = self.storage.events_in(command.guild, [OPEN, RUNNING, OVER])
        if not events:
            return Answer(False, t("event.refuse.no_event", command.lang))
        night = self.rounds.night(events[-1])
        if night.event.format == KNOCKOUT:
            head = t("event.ko.standings_now", command.lang, round=night.event.round)
            return Answer(True, bracket_text(night, head), public=True)
        head = t("event.standings_now", command.lang, round=night.event.round, games=night.settings.games) \
            if night.event.format != LEAGUE else t("event.league.standings_now", command.lang,
                                                   round=night.event.round, rounds=rounds_of(night))
        files = night.standings_files("now", t("event.pic.standings", night.lang),
                                      event_line(night.settings, night.event.format, night.lang), self.rounds.images)
        return Answer(True, night.standings_text(head), files, public=True)

    @handles(EventsDue)
    def due(self, command: EventsDue) -> list[EventNews]:
        return self.rounds.due(command.owns)

    @handles(EventPosted)
    def posted(self, command: EventPosted) -> None:
        self.rounds.posted(command.key)

