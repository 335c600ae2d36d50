"""Messages in English and Simplified Chinese: the catalog, the language choice, and command texts.

Every text a person reads comes from `bot/locales/<lang>.json` by key, with `{name}` fields
filled in by `t`. The two catalogs must hold the same keys with the same fields (a test checks
this), so a missing translation is a failing test, not a surprise in a channel.

Counting calls stay in English in both languages (players say them at real tables); in Chinese
the call is followed by a short gloss: "fifteen two（十五 2 分）".

Commands: `command_text` gives the Chinese descriptions (and names, where the catalog localizes
one) of the commands, parameters and choices, found by the command's qualified name
(`cmd.cribbage.table.start.desc`), by a key the door names, or by the English text itself. Command
names stay English unless the catalog says otherwise: players type them. The Discord door hands them
to discord.py (`bot/discord/translator.py`); this module never imports discord.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from engine.core.cards import Card, CardError, parse_card
from engine.core.errors import shown
from engine.core.pegging import PegItem, PegKind
from engine.core.scoring import Breakdown, ItemKind


class Lang(StrEnum):
    EN = "en"
    ZH = "zh"


LANGS: tuple[Lang, ...] = tuple(Lang)
CHINESE_LOCALES = frozenset({"zh-cn", "zh-tw", "zh", "zh-hans", "zh-hant", "zh-hk", "zh-sg"})
"""Discord sends zh-CN and zh-TW; both read Simplified Chinese here (the only Chinese catalog)."""

NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command, group and option names: 1-32 letters, digits, - or _, no spaces."""
DESCRIPTION_LIMIT = 100
"""Discord's limit for command, option and choice descriptions/names."""


class MessageError(KeyError):
    """A message key the catalog does not have, or a field its text needs that was not given."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0])


# ---------------------------------------------------------------------------- the catalog

@cache
def catalog(lang: Lang) -> Mapping[str, str]:
    """The key -> text table of one language, read once from the package."""
    data = resources.files("bot").joinpath("locales", f"{lang.value}.json").read_text(encoding="utf-8")
    table = json.loads(data)
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        raise ValueError(f"bot/locales/{lang.value}.json must be one object of text messages")
    return table


def fields_of(text: str) -> frozenset[str]:
    """The `{name}` fields a message text uses."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


def as_lang(lang: object) -> Lang:
    """A Lang from a Lang, 'en'/'zh', or a Discord locale such as 'zh-CN' (None or anything else: English)."""
    if isinstance(lang, Lang):
        return lang
    if lang is None:
        return Lang.EN
    text = str(getattr(lang, "value", lang)).strip().lower().replace("_", "-")
    return Lang.ZH if text in CHINESE_LOCALES else Lang.EN


def pick_lang(user_locale: object = None, guild_locale: object = None, *, public: bool = False) -> Lang:
    """The language of a reply: the member's own for private replies, the server's for public ones.

    Discord gives `interaction.locale` (the member's client) and `interaction.guild_locale`
    (the server's community setting, None outside community servers).
    """
    if public:
        return as_lang(guild_locale if guild_locale is not None else user_locale)
    return as_lang(user_locale if user_locale is not None else guild_locale)


def has(key: str) -> bool:
    return key in catalog(Lang.EN)


def t(key: str, lang: Lang | str | None = Lang.EN, /, **fields: Any) -> str:
    """The text of `key` in `lang` with its fields filled in."""
    lang = as_lang(lang)
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(Lang.EN).get(key)  # cannot happen with the catalogs the tests check
        if text is None:
            raise MessageError(f"no message {key!r} in the catalog")
    try:
        return text.format_map(fields)
    except KeyError as exc:
        raise MessageError(f"message {key!r} needs the field {exc.args[0]!r}") from None


def percent(value: float | None, lang: Lang | str | None = Lang.EN) -> str:
    """A share as a whole percentage, or the catalog's dash for none."""
    return t("general.none", lang) if value is None else f"{round(100 * value)}%"


# ---------------------------------------------------------------------------- calls

_PAIR_KEYS = {2: "call.pair", 6: "call.pair_royal", 12: "call.double_pair_royal"}
_CALL_KEYS = {
    ItemKind.FIFTEEN.value: "call.fifteen", ItemKind.RUN.value: "call.run", ItemKind.FLUSH.value: "call.flush",
    ItemKind.NOBS.value: "call.nobs", PegKind.HEELS.value: "call.heels", PegKind.THIRTY_ONE.value: "call.thirty_one",
    PegKind.GO.value: "call.go", PegKind.LAST.value: "call.last", PegKind.MUGGINS.value: "call.muggins",
    PegKind.BONUS.value: "call.bonus", "nineteen": "call.nineteen",
}


def call_key(kind: str, points: int) -> str:
    """The catalog key glossing a call of this kind (an ItemKind or PegKind value) and these points."""
    if kind == ItemKind.PAIR.value:
        return _PAIR_KEYS.get(points, "call.pair")
    try:
        return _CALL_KEYS[kind]
    except KeyError:
        raise MessageError(f"no call for the kind {kind!r}") from None


def say(call: str, kind: str, points: int, total: int, lang: Lang | str | None = Lang.EN) -> str:
    """A call as shown: the English call, and in Chinese its gloss beside it.

    `points` picks the pair name (2, 6, 12); `total` is the number the call says (the running
    count in a show, the points of the move in the play).
    """
    lang = as_lang(lang)
    if lang is Lang.EN:
        return call
    return t("call.with_gloss", lang, call=call, gloss=t(call_key(kind, points), lang, total=total))


def breakdown_calls(breakdown: Breakdown, lang: Lang | str | None = Lang.EN) -> list[str]:
    """Each item's call of a counted hand or crib, as a player says them one after another."""
    running = 0
    out = []
    for item in breakdown.items:
        running += item.points
        out.append(say(item.call, item.kind.value, item.points, running, lang))
    if not out:
        lang = as_lang(lang)
        out.append(say("nineteen (nothing)" if lang is Lang.EN else "nineteen", "nineteen", 0, 0, lang))
    return out


def peg_call(items: Sequence[PegItem], call: str, lang: Lang | str | None = Lang.EN) -> str:
    """The call of one peg move (engine.core.events.PegMove.call) with the gloss of its main item."""
    if not items:
        return call
    total = sum(i.points for i in items)
    main = items[0]
    return say(call, main.kind.value, main.points if len(items) == 1 else total, total, lang)


# ---------------------------------------------------------------------------- card input errors

def bad_card_token(text: str | Iterable[str]) -> str | None:
    """The first token of a player's card text that is not a card (None when every token reads)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    for token in tokens:
        try:
            parse_card(token)
        except CardError:
            return token
    return None


def card_error(text: str | Iterable[str], exc: CardError | None = None, lang: Lang | str | None = Lang.EN) -> str:
    """What to tell a player whose card text failed: the bad token and the accepted forms.

    Falls back to the engine's own message (a card twice, a wrong number of cards) when every
    token reads as a card.
    """
    token = bad_card_token(text)
    if token is not None:
        return t("error.bad_card", lang, token=shown(token), forms=t("cards.accepted_forms", lang))
    forms = t("cards.accepted_forms", lang)
    fields = exc.fields if exc is not None else {}
    twice = fields.get("twice")
    if twice is not None:  # worded by the error's facts, whole in every language
        return t("error.card_twice", lang, card=twice.pretty() if isinstance(twice, Card) else twice, forms=forms)
    if "expected" in fields:
        return t("error.card_count", lang, expected=fields["expected"], got=fields.get("got"), forms=forms)
    detail = str(exc) if exc is not None else ""
    return t("error.bad_cards", lang, detail=detail, forms=forms)


# ---------------------------------------------------------------------------- command texts

def command_key(qualified_name: str) -> str:
    """'cribbage table start' -> 'cmd.cribbage.table.start'."""
    return "cmd." + ".".join(qualified_name.split())


@cache
def _english_index() -> Mapping[str, str]:
    """English command text -> key, for strings the adapter did not mark with a key (first key wins)."""
    index: dict[str, str] = {}
    for key, text in catalog(Lang.EN).items():
        if key.startswith(("cmd.", "choice.")):
            index.setdefault(text, key)
    return index


def command_text(key: str | None, message: str, lang: Lang, *, name: bool) -> str | None:
    """The text to give Discord for one command string in `lang`, or None to keep the default.

    A name is given only when the catalog localizes it (differs from the default) and it is a
    valid Discord name; a description or choice name only when it differs and fits in 100.
    """
    if lang is Lang.EN:
        return None
    if key is None or not has(key):
        key = _english_index().get(message)
        if key is None:
            return None
    text = t(key, lang)
    if text == message:
        return None
    if name:
        return text if NAME_PATTERN.match(text) and text == text.lower() else None
    return text if 0 < len(text) <= DESCRIPTION_LIMIT else None
