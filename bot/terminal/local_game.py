"""The terminal table: a local game against the computer, through the same controller and storage
as the Discord bot. A door as thin as the Discord one: it prints the public lines with every call,
shows the hand numbered, reads what the panel asks for (lay away, play, a muggins count or claim),
and calls the controller's typed moves with the version of the panel it showed.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import TextIO

from bot.app.commands import (
    GameInfo,
    GameMessage,
    GameRecord,
    MakeMove,
    ShowHand,
)
from bot.app.controller import Controller, Member, NewGame
from bot.app.game.moves import ClaimMuggins, DeclareCount, LayAway, Move, PlayCard, SayGo
from bot.app.shown.replies import Panel, Reply, Select
from bot.app.shown.rule_words import options_said
from bot.settings import of_game
from bot.terminal.prompt import HungUp, LineTooLong, read_line
from engine.core.cards import Card, CardError, parse_card
from engine.core.errors import clip
from engine.core.rules import STANDARD, Rules
from engine.core.scoring import MAX_HAND
from engine.core.typed import whole_number

PLACE = "terminal"
QUIT = {"q", "quit", "exit"}
HELP = {"?", "h", "help"}
FINISHED = QUIT_STATUS = 0
INTERRUPTED = 128 + signal.SIGINT
"""The exit status after Ctrl-C (130), as shells report it; SIGTERM and SIGHUP give 143 and 129."""
HUNG_UP = 128 + signal.SIGHUP
"""The exit status when the terminal went away (129, as if its SIGHUP had stopped the game)."""
PegHook = Callable[[Panel, Sequence[str]], str | None]
"""Sees every fresh panel with the players' names (an LED pegboard mirrors the pegs); text it returns is
printed (a simulated board's drawing)."""


def local_member(name: str) -> Member:
    return Member(f"local:{name}", name)


def farewell(*, interrupted: bool, saved: bool, resume: str = "cribbage play") -> str:
    """The last line of a session that stops before the game ends (`q`, end of input, or Ctrl-C)."""
    head = "interrupted" if interrupted else "bye"
    if not saved:
        return f"{head} — a --memory game is not saved: this one is gone"
    return f"{head} — the game is saved; run `{resume}` again to go on"


@dataclass(frozen=True, slots=True)
class Ask:
    """What a panel asks of the person now, read from its values (no custom ids)."""

    kind: str
    """'lay' (lay away `count` cards), 'play' (one of `playable`), 'go' (no card fits), 'declare' (a muggins
    count), 'claim' (muggins or let it stand), or 'none' (nothing to do now)."""
    count: int = 0
    playable: tuple[Card, ...] = ()


def asked(panel: Panel) -> Ask:
    """What the panel asks of this person now, from its typed values."""
    if not panel.prompt:
        return Ask("none")
    select = next((c for c in panel.controls if isinstance(c, Select)), None)
    if select is not None:
        return Ask("lay", select.min_values)
    if panel.phase == "show":  # a muggins show: the engine waits for this player's own count
        return Ask("declare")
    if panel.phase == "muggins":  # ... or for this player to claim what a count missed
        return Ask("claim")
    if panel.can_go:
        return Ask("go")
    return Ask("play", playable=panel.playable)


HELP_TEXT = {
    "lay": "lay away {n} cards for the crib: type their numbers (1 2) or names (5H 10d), spaces between",
    "play": "play one card: its number (3) or its name (5H, 10d, qs); when no card fits under 31 you say go "
            "by yourself",
    "declare": "muggins: type what this hand (or crib) counts, 0 to 29; points you miss can be claimed",
    "claim": "muggins: y claims the points the count missed, n lets it stand",
    "go": "no card you hold fits under 31: press Enter to say go",
}
PROMPTS = {"declare": "your count (0-29)", "claim": "claim muggins? (y/n)",
           "go": "you cannot play: press Enter to say go"}
"""The terminal's own prompts where the panel's are for buttons (lay away and play use the panel's)."""
CARD_HELP = "cards are rank then suit: A 2 … 10 J Q K (T for ten) and S H D C; q quits"


def help_text(ask: Ask, saved: bool) -> str:
    what = HELP_TEXT.get(ask.kind, "nothing to type now").format(n=ask.count)
    return f"  {what}\n  {CARD_HELP} ({'the game is saved' if saved else 'a --memory game is not saved'})"


def read_move(ask: Ask, hand: Sequence[Card], text: str) -> Move:
    """Turn a typed line into the move the panel asks for, or say exactly what is wrong with it."""
    tokens = text.replace(",", " ").split()
    if ask.kind == "lay":
        return LayAway(_lay_away(ask.count, hand, tokens))
    if ask.kind == "declare":
        count = whole_number(text.strip(), 0, MAX_HAND)
        if count is None:
            raise ValueError(f"type what the hand counts: a number from 0 to {MAX_HAND}")
        return DeclareCount(count)
    if ask.kind == "claim":
        if text.strip().lower() not in {"y", "yes", "n", "no"}:
            raise ValueError("type y to claim muggins or n to let the count stand")
        return ClaimMuggins(text.strip().lower().startswith("y"))
    if ask.kind == "go":
        if tokens and tokens != ["go"]:
            raise ValueError("no card you hold fits under 31: press Enter to say go")
        return SayGo()
    if not tokens:
        raise ValueError("name a card to play (its number or name; ? for help)")
    if len(tokens) > 1:
        raise ValueError(f"play one card at a time: you named {len(tokens)} ({clip(' '.join(tokens), 60)})")
    if tokens[0].lower() == "go":
        raise ValueError("you can still play a card, so you cannot say go")
    card = _card(hand, tokens[0])
    if card not in ask.playable:
        raise ValueError(f"{card.pretty()} would take the count past 31")
    return PlayCard(card)


def _lay_away(k: int, hand: Sequence[Card], tokens: list[str]) -> tuple[Card, ...]:
    cards = tuple(_card(hand, t) for t in tokens)
    if not cards:
        raise ValueError(f"name {k} cards to lay away, e.g. 1 2 or 5H 10d")
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        raise ValueError(f"you named {twice.pretty()} twice: name {k} different cards")
    if len(cards) != k:
        few = "too few" if len(cards) < k else "too many"
        raise ValueError(f"{few}: name {k} cards, you named {len(cards)}")
    return cards


def _card(hand: Sequence[Card], token: str) -> Card:
    i = whole_number(token, 0, 999_999) if token != "10" else None  # not "²", nor 5,000 digits
    if i is not None:
        if 1 <= i <= len(hand):
            return hand[i - 1]
        raise ValueError(f"no card number {i}: pick 1 to {len(hand)}")
    try:
        card = parse_card(token)
    except CardError as exc:
        raise ValueError(str(exc)) from None
    if card not in hand:
        raise ValueError(f"you do not hold {card.pretty()}")
    return card


def final_line(names: Sequence[str], scores: Sequence[int], winner: int | None) -> str:
    """The result, the winner first."""
    order = sorted(range(len(scores)), key=lambda s: (s != winner, s))
    return "final: " + " – ".join(f"{_name(names, s)} {scores[s]}" for s in order)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"player {seat + 1}"


class _Stop(Exception):
    """The person leaves before the game ends: `q`, the end of input, Ctrl-C or another stop signal, or the
    terminal hanging up; `status` is the exit status (0, or 128 + the signal)."""

    def __init__(self, interrupted: bool, at_prompt: bool, status: int = QUIT_STATUS) -> None:
        super().__init__()
        self.interrupted = interrupted
        self.at_prompt = at_prompt
        self.status = status


def stop_status(interrupt: BaseException) -> int:
    """128 + the signal that raised `interrupt` (a stop signal's exception carries `signum`; Ctrl-C's does not)."""
    signum = getattr(interrupt, "signum", signal.SIGINT)
    return 128 + int(signum)


def options_line(rules: Rules, usual: Rules) -> str:
    """' with muggins, the overcount penalty': the options (but the target) in which a game differs from the
    usual rules; '' when it has none."""
    words = options_said(rules, usual, leave_out=("target",))
    return f" with {', '.join(words)}" if words else ""


class TerminalDoor:
    """One person's game at the terminal: shows replies, asks for moves, sends them to the controller."""

    def __init__(self, controller: Controller, me: Member, stdin: TextIO, stdout: TextIO, *,
                 on_pegs: PegHook | None = None, resume_command: str = "cribbage play", saved: bool = True,
                 usual: Rules = STANDARD) -> None:
        """`usual`: the rules a game has unless asked otherwise (the config's): the opening line names the rest."""
        self.controller = controller
        self.usual = usual
        self.me = me
        self.stdin = stdin
        self.stdout = stdout
        self.on_pegs = on_pegs
        self.resume_command = resume_command
        self.saved = saved
        self.names: tuple[str, ...] = ()

    def say(self, text: str) -> None:
        self.stdout.write(text if text.endswith(": ") else text + "\n")
        self.stdout.flush()

    async def play(self, new: NewGame | None, resume: str | None) -> int:
        reply = await self._start(new, resume)
        game = reply.game
        assert game is not None
        self.names = reply.names
        meta = await self.controller.run(GameInfo(game))
        auto = meta is None or bool(of_game(meta, "auto_go"))  # go said by the app; off: the person presses Enter
        try:
            while True:
                self._show(reply)
                if reply.finished:
                    return await self._finish(game, reply)
                panel = reply.panel or await self._panel(game)
                reply = await self._turn(game, panel, auto)
        except _Stop as stop:
            with suppress(OSError):  # a terminal that hung up takes no farewell
                self.say(("\n" if stop.at_prompt and stop.interrupted else "")
                         + farewell(interrupted=stop.interrupted, saved=self.saved, resume=self.resume_command))
            return stop.status

    async def _start(self, new: NewGame | None, resume: str | None) -> Reply:
        if resume is not None:
            reply = await self.controller.run(GameMessage(resume))
            self.say(f"Resuming your game {resume} (--new starts another). The latest at the table:")
            hand = await self.controller.run(ShowHand(self.me, resume))
            return Reply(True, game=resume, version=hand.version, lines=reply.lines, panel=hand.panel,
                         names=reply.names)
        assert new is not None
        reply = await self.controller.run(new)
        kept = "the game is saved" if self.saved else "a --memory game is not saved"
        self.say(f"Cribbage to {new.rules.target}{options_line(new.rules, self.usual)}. Type cards like 5H or 10d, "
                 f"or their numbers.\n? says what to type; q quits ({kept}).")
        return reply

    async def _panel(self, game: str) -> Panel:
        panel = (await self.controller.run(ShowHand(self.me, game))).panel
        assert panel is not None
        return panel

    def _show(self, reply: Reply) -> None:
        for line in reply.lines:
            self.say(line)
        if self.on_pegs is not None and reply.panel is not None:
            drawing = self.on_pegs(reply.panel, self.names)
            if drawing:
                self.say(drawing)

    async def _finish(self, game: str, reply: Reply) -> int:
        panel = reply.panel or await self._panel(game)
        self.say(final_line(self.names, panel.scores, panel.winner))
        if self.saved and await self.controller.run(GameRecord(game)) is not None:
            self.say(f"(the game record is in the database as game {game})")
        return FINISHED

    async def _turn(self, game: str, panel: Panel, auto: bool = True) -> Reply:
        """One move: a go said for the person when no card fits (unless that was just refused), else what
        they type. A refusal is printed and the move asked for again. A game another process ended meanwhile
        (the same member at another terminal) comes back as its finished table."""
        while True:
            ask = asked(panel)
            if ask.kind == "none":
                table = await self.controller.run(GameMessage(game))
                if table.finished:  # the refusal said so: its final line follows
                    return replace(table, lines=())
                raise RuntimeError(f"nothing to do at the terminal in game {game}: {panel.text}")
            self._hand_line(panel)
            if ask.kind == "go" and auto:
                self.say("you cannot play: go")
                move: Move = SayGo()
            else:
                move = self._read(ask, panel)
            answer = await self.controller.run(MakeMove(self.me, game, panel.version, move))
            if answer.ok:
                return answer
            self.say(f"  {answer.note}")
            panel, auto = answer.panel or await self._panel(game), False

    def _hand_line(self, panel: Panel) -> None:
        listing = "  ".join(f"{i}:{c.pretty()}" for i, c in enumerate(panel.hand, start=1))
        score = " – ".join(f"{_name(self.names, s)} {p}" for s, p in enumerate(panel.scores))
        self.say(f"[{score}]  your hand  {listing}" if panel.hand else f"[{score}]  {panel.text}")

    def _read(self, ask: Ask, panel: Panel) -> Move:
        prompt = PROMPTS.get(ask.kind) or panel.prompt or "your move"
        while True:
            self.say(prompt + ": ")
            try:
                line = read_line(self.stdin)
            except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM or SIGHUP raised as one
                raise _Stop(interrupted=True, at_prompt=True, status=stop_status(interrupt)) from None
            except HungUp:
                raise _Stop(interrupted=True, at_prompt=True, status=HUNG_UP) from None
            except LineTooLong as exc:
                self.say(f"  {exc}")
                continue
            if not line:
                raise _Stop(interrupted=False, at_prompt=True)
            text = line.strip()
            if text.lower() in QUIT:
                raise _Stop(interrupted=False, at_prompt=False)
            if text.lower() in HELP:
                self.say(help_text(ask, self.saved))
                continue
            try:
                return read_move(ask, panel.hand, text)
            except ValueError as exc:
                self.say(f"  {exc}")

async def play_at_terminal(controller: Controller, me: Member, stdin: TextIO, stdout: TextIO, *,
                           new: NewGame | None = None, resume: str | None = None, on_pegs: PegHook | None = None,
                           resume_command: str = "cribbage play", saved: bool = True, usual: Rules = STANDARD) -> int:
    """Play one game (a new one, or `resume` an unfinished one) until it ends (0), the person quits with
    `q` or the end of input (0, the game kept), or presses Ctrl-C at a prompt (130, the game kept; 143 and 129 for
    SIGTERM and SIGHUP, 129 when the terminal hangs up).

    `resume_command` is how to come back (the quit line names it); `saved` False says a --memory game is lost."""
    door = TerminalDoor(controller, me, stdin, stdout, on_pegs=on_pegs, resume_command=resume_command, saved=saved,
                        usual=usual)
    return await door.play(new, resume)
