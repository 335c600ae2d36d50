"""The terminal table: a local game against the computer, through the same controller and storage
as the Discord bot. It prints the public lines with every call, shows the hand numbered, and maps
what the person types (card numbers or card names) onto the same controls a Discord player clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TextIO

from bot.app.controller import Controller, Member, NewGame, card_from_control
from bot.app.ids import ComponentId, Verb
from bot.app.replies import Button, Panel, Reply, Select
from engine.cards import Card, CardError, parse_card

PLACE = "terminal"
QUIT = {"q", "quit", "exit"}


@dataclass(frozen=True, slots=True)
class Choice:
    """What the person's line resolves to: a control's id and, for a select, its values."""

    custom_id: str
    values: tuple[str, ...] = ()


def local_member(name: str) -> Member:
    return Member(f"local:{name}", name)


async def play_at_terminal(controller: Controller, me: Member, stdin: TextIO, stdout: TextIO, *,
                           new: NewGame | None = None, resume: str | None = None,
                           on_pegs: Callable[[Panel], str | None] | None = None) -> int:
    """Play one game (a new one, or `resume` an unfinished one). 0 when it ends, 1 if the person quits.

    `on_pegs` sees every fresh panel (scores and back pegs: an LED pegboard mirrors them); text it
    returns is printed (a simulated board's drawing)."""

    def say(text: str) -> None:
        stdout.write(text if text.endswith(": ") else text + "\n")
        stdout.flush()

    if resume is not None:
        reply = await controller.table(resume)
        say(f"Resuming your game {resume} (--new starts another). The latest at the table:")
        reply = _with_panel(reply, (await controller.hand(me, resume)).panel)
    else:
        assert new is not None
        reply = await controller.new_game(new)
        target = new.target
        say(f"Cribbage to {target}. Type cards like 5H or 10d, or their numbers; "
            "'q' quits (the game is saved).")
    game = reply.game
    assert game is not None
    while True:
        for line in reply.lines:
            say(line)
        if on_pegs is not None and reply.panel is not None:
            drawing = on_pegs(reply.panel)
            if drawing:
                say(drawing)
        if reply.finished:
            record = await controller.record(game)
            final = reply.table.text.splitlines()[0] if reply.table else ""
            say(f"final: {final.split(': ', 1)[-1]}")
            if record is not None:
                say(f"(the game record is in the database as game {game})")
            return 0
        panel = reply.panel
        if panel is None:
            panel = (await controller.hand(me, game)).panel
            assert panel is not None
        choice = _ask(panel, say, stdin)
        if choice is None:
            say("bye — the game is saved; run `cribbage play` again to go on")
            return 1
        answer = await controller.press(me, choice.custom_id, choice.values)
        if not answer.ok:
            say(f"  {answer.note}")
            reply = Reply(True, game=game, panel=answer.panel or panel)
            continue
        reply = answer


def _with_panel(reply: Reply, panel: Panel | None) -> Reply:
    return replace(reply, panel=panel)


def _ask(panel: Panel, say: Callable[[str], None], stdin: TextIO) -> Choice | None:
    listing = "  ".join(f"{i}:{c.pretty()}" for i, c in enumerate(panel.hand, start=1))
    score = " – ".join(str(s) for s in panel.scores)
    say(f"[{score}]  your hand  {listing}")
    while True:
        say((panel.prompt or "waiting") + ": ")
        line = stdin.readline()
        if not line or line.strip().lower() in QUIT:
            return None
        try:
            return read_choice(panel, line.strip())
        except ValueError as exc:
            say(f"  {exc}")


def read_choice(panel: Panel, text: str) -> Choice:
    """Turn a typed line into one of the panel's controls, or say what is wrong with it."""
    select = next((c for c in panel.controls if isinstance(c, Select)), None)
    if select is not None:
        cards = tuple(_card(panel.hand, t) for t in text.replace(",", " ").split())
        k = select.min_values
        if len(cards) != k or len(set(cards)) != k:
            raise ValueError(f"name {k} different cards from your hand")
        return Choice(select.custom_id, tuple(c.text for c in cards))
    buttons = [c for c in panel.controls if isinstance(c, Button)]
    go = next((b for b in buttons if ComponentId.parse(b.custom_id).verb is Verb.GO), None)
    if go is not None and not go.disabled:
        if text and text.lower() != "go":
            raise ValueError("no card you hold fits under 31: say go (press Enter)")
        return Choice(go.custom_id)
    if not text:
        raise ValueError("name a card to play")
    if text.lower() == "go":
        raise ValueError("you can still play a card, so you cannot say go")
    card = _card(panel.hand, text)
    for b in buttons:
        if card_from_control(b.custom_id) == card:
            if b.disabled:
                raise ValueError(f"{card} would take the count past 31")
            return Choice(b.custom_id)
    raise ValueError(f"you cannot play {card} now")


def _card(hand: tuple[Card, ...], token: str) -> Card:
    if token.isdigit() and token != "10":
        i = int(token)
        if 1 <= i <= len(hand):
            return hand[i - 1]
        raise ValueError(f"no card number {i}: pick 1 to {len(hand)}")
    try:
        card = parse_card(token)
    except CardError as exc:
        raise ValueError(str(exc)) from None
    if card not in hand:
        raise ValueError(f"you do not hold {card}")
    return card
