"""The words of the rules' declared options, from the message catalog: what each option is for, its
choices' names, and how a game's options are said in a line ("61 points, muggins").

An option's catalog entries, under its `key`: `.desc`, `.said.<word>` for every value, and `.<word>` naming
each choice of an option that is not a yes-or-no (`word` as `RuleOption.word` writes the value).
"""

from __future__ import annotations

from collections.abc import Collection

from bot.i18n import Lang, t
from engine.core.rules import OPTIONS, RuleOption, Rules


def described(option: RuleOption, lang: Lang = Lang.EN) -> str:
    return t(f"{option.key}.desc", lang)


def choice_key(option: RuleOption, value: object) -> str:
    return f"{option.key}.{option.word(value)}"


def said(option: RuleOption, value: object, lang: Lang = Lang.EN) -> str:
    """One option's value as said in a list: '61 points', 'muggins', 'no muggins'."""
    return t(f"{option.key}.said.{option.word(value)}", lang)


def options_said(rules: Rules, usual: Rules, lang: Lang = Lang.EN, *, leave_out: Collection[str] = ()) -> list[str]:
    """The options in which a game differs from the door's usual rules, said in declaration order."""
    return [said(o, getattr(rules, o.name), lang) for o in OPTIONS
            if o.name not in leave_out and getattr(rules, o.name) != getattr(usual, o.name)]

