"""`cribbage play`'s rule flags, made from the rules' declared options (engine.core.rules.OPTIONS).

A yes-or-no option is a pair of flags (`--muggins`, `--no-muggins`), any other takes one of its choices
(`--target 61`, `--overcount penalty`); the help is the catalog's. A flag left out is None, so the config's
usual rules decide. A new rule option needs nothing here.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from bot.app.shown.rule_words import described
from bot.cli.errors import UsageError
from bot.cli.numbers import whole
from engine.core.errors import excerpt
from engine.core.rules import OPTIONS, RuleOption, Rules, RulesError


def flag(option: RuleOption, value: object = None) -> str:
    """The flag that asks for `value` ('--muggins', '--no-muggins', '--target 61'), or the flag's name."""
    name = option.name.replace("_", "-")
    if value is None:
        return f"--{name}"
    if option.kind is bool:
        return f"--{name}" if value else f"--no-{name}"
    return f"--{name} {option.word(value)}"


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule options", "left out, each is the config's [game] value, else the "
                                      "standard rules'")
    for option in OPTIONS:
        if option.kind is bool:
            group.add_argument(flag(option), dest=option.name, action=argparse.BooleanOptionalAction, default=None,
                               help=described(option))
            continue
        words = [option.word(c) for c in option.choices]
        group.add_argument(flag(option), dest=option.name, default=None, metavar="{" + ",".join(words) + "}",
                           type=whole(0, 9999) if option.kind is int else str,
                           help=f"{described(option)}: {option.allowed_text()} (default {option.word(option.default)})")


def given_rules(args: argparse.Namespace) -> dict[str, object]:
    """The rule options on the command line, by name, each as its option holds it; a UsageError naming the
    flag and its choices for a value that is none of them."""
    given: dict[str, object] = {}
    for option in OPTIONS:
        value = getattr(args, option.name, None)
        if value is None:
            continue
        try:
            given[option.name] = option.read(value)
            option.check(given[option.name])
        except RulesError:
            raise UsageError(f"{flag(option)} must be {option.allowed_text()}, not {excerpt(value)}") from None
    return given


def rules_from(args: argparse.Namespace, usual: Rules) -> Rules:
    """The usual rules with the options given on the command line."""
    return usual.with_options(given_rules(args))


def differences(asked: Mapping[str, object], rules: Rules) -> list[tuple[RuleOption, object]]:
    """The options asked for that a game does not have, each with the value asked for."""
    return [(o, asked[o.name]) for o in OPTIONS if o.name in asked and asked[o.name] != getattr(rules, o.name)]
