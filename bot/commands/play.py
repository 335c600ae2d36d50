"""`cribbage play`: a game against the computer at the terminal."""

from __future__ import annotations

import argparse
import getpass
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from bot.errors import UsageError
from bot.narrate import describe
from engine.actions import Action, Discard, Go, Play
from engine.cards import Card, CardError, parse_card
from engine.game import Game, Phase
from engine.observation import observe
from engine.players import Player, UnknownStrength, make_player
from engine.rules import Rules, RulesError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game against the computer at the terminal")
    p.add_argument("--opponent", default="random", help="the computer's strength")
    p.add_argument("--target", type=int, default=121, help="121 or 61")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    p.add_argument("--name", default=None, help="your name at the table (default: your login)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules = Rules(target=args.target)
        computer = make_player(args.opponent, args.seed)
    except (RulesError, UnknownStrength) as exc:
        raise UsageError(str(exc)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    name = args.name or _login()
    return play_terminal(Game(rules, seed=seed), computer, name, sys.stdin, sys.stdout)


def _login() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "player"


def play_terminal(game: Game, computer: Player, name: str, stdin: TextIO, stdout: TextIO) -> int:
    """Seat 0 is the person; returns 0 when the game ends, 1 if input runs out."""
    names = [name, f"computer ({computer.name})"]
    seen = 0

    def say(text: str) -> None:
        stdout.write(text if text.endswith(": ") else text + "\n")
        stdout.flush()

    say(f"Cribbage to {game.rules.target}. Type cards like 5H or 10d, or their numbers; 'q' quits.")
    while True:
        for event in game.events[seen:]:
            line = describe(event, names)
            if line:
                say(line)
        seen = len(game.events)
        if game.over:
            say(f"final: {names[0]} {game.score(0)}, {names[1]} {game.score(1)}")
            return 0
        for seat in game.to_act():
            if seat == 1:
                game.apply(computer.choose(observe(game, 1)))
                break
        else:
            action = _ask(game, say, stdin)
            if action is None:
                say("bye")
                return 1
            game.apply(action)


def _ask(game: Game, say: Callable[[str], None], stdin: TextIO) -> Action | None:
    obs = observe(game, 0)
    hand = obs.hand
    listing = "  ".join(f"{i}:{c.pretty()}" for i, c in enumerate(hand, start=1))
    say(f"[{obs.scores[0]} – {obs.scores[1]}]  your hand  {listing}")
    while True:
        if game.phase is Phase.DISCARD:
            whose = "your" if obs.is_dealer else "the computer's"
            prompt = f"lay away {game.rules.discard_each} for {whose} crib: "
        elif Go(0) in obs.legal:
            prompt = f"count {obs.count}: you cannot play — press Enter to say go: "
        else:
            prompt = f"count {obs.count}: play a card: "
        say(prompt)
        line = stdin.readline()
        if not line or line.strip().lower() in {"q", "quit", "exit"}:
            return None
        try:
            return _read_action(game, hand, line.strip(), obs.legal)
        except ValueError as exc:
            say(f"  {exc}")


def _read_action(game: Game, hand: tuple[Card, ...], text: str, legal: Sequence[Action]) -> Action:
    if game.phase is Phase.DISCARD:
        cards = tuple(_card(hand, t) for t in text.replace(",", " ").split())
        k = game.rules.discard_each
        if len(cards) != k or len(set(cards)) != k:
            raise ValueError(f"name {k} different cards from your hand")
        return Discard(0, cards)
    if Go(0) in legal:
        if text and text.lower() != "go":
            raise ValueError("no card you hold fits under 31: say go")
        return Go(0)
    if not text:
        raise ValueError("name a card to play")
    card = _card(hand, text)
    if Play(0, card) not in legal:
        raise ValueError(f"{card} would take the count past 31")
    return Play(0, card)


def _card(hand: tuple[Card, ...], token: str) -> Card:
    if token.isdigit() and token not in {"10"}:
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
