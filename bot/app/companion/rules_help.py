"""`/cribbage rules [topic]`: the rules, common mistakes, questions and tips, in English or Chinese.

The texts live in the message catalog (`rules.<topic>.title` and `.body`), written in our own
words from the seed documents, so the two languages are checked together with every other message.
A topic is found by its id, a few everyday aliases, or its title in either language.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import LANGS, Lang, as_lang, t

TOPICS: tuple[str, ...] = ("overview", "deal", "starter", "play", "show", "winning", "players", "muggins",
                           "mistakes", "faq", "tips", "calls")
"""Topic ids in reading order; the first is shown when no topic is asked for."""

ALIASES: dict[str, str] = {
    "rules": "overview", "basics": "overview", "crib": "deal", "cut": "deal", "discard": "deal",
    "heels": "starter", "cut card": "starter", "pegging": "play", "go": "play", "31": "play",
    "counting": "show", "count": "show", "hand": "show", "flush": "show", "nobs": "show",
    "skunk": "winning", "skunks": "winning", "win": "winning", "121": "winning",
    "three": "players", "four": "players", "3": "players", "4": "players", "variants": "players",
    "errors": "mistakes", "questions": "faq", "advice": "tips", "strategy": "tips", "pace": "tips",
    "names": "calls", "saying": "calls",
}


@dataclass(frozen=True, slots=True)
class RulesPage:
    """A topic's text, or (found False) the error naming the unknown topic and listing the others."""

    topic: str | None
    title: str
    text: str
    found: bool


def topics(lang: Lang | str | None = Lang.EN) -> list[tuple[str, str]]:
    """(id, title) of every topic in reading order, for a topic choice list."""
    lang = as_lang(lang)
    return [(topic, t(f"rules.{topic}.title", lang)) for topic in TOPICS]


def find_topic(text: str | None) -> str | None:
    """The topic id a player's text names (id, alias or title in any language), or None."""
    if text is None:
        return TOPICS[0]
    wanted = " ".join(text.strip().lower().split())
    if wanted in TOPICS:
        return wanted
    if wanted in ALIASES:
        return ALIASES[wanted]
    for lang in LANGS:
        for topic, title in topics(lang):
            if wanted == title.lower():
                return topic
    return None


def topic_list(lang: Lang | str | None = Lang.EN) -> str:
    """The topics as a player types them, with their titles: 'deal (The deal and the crib), ...'."""
    lang = as_lang(lang)
    sep = "、" if lang is Lang.ZH else ", "
    return sep.join(f"{topic}（{title}）" if lang is Lang.ZH else f"{topic} ({title})"
                    for topic, title in topics(lang))


def rules_page(topic: str | None = None, lang: Lang | str | None = Lang.EN) -> RulesPage:
    """The page for a topic (the overview when none is given, with the list of topics below it)."""
    lang = as_lang(lang)
    found = find_topic(topic)
    if found is None:
        return RulesPage(None, t("rules.header", lang, title="?"),
                         t("rules.unknown", lang, topic=(topic or "").strip(), topics=topic_list(lang)), False)
    title = t(f"rules.{found}.title", lang)
    body = t(f"rules.{found}.body", lang)
    if topic is None:
        body += "\n\n" + t("rules.topics", lang, topics=topic_list(lang))
    return RulesPage(found, t("rules.header", lang, title=title), body, True)
