import pytest

from bot.app.companion.rules_help import TOPICS, find_topic, rules_page, topic_list, topics
from bot.i18n import Lang

DISCORD_MESSAGE_LIMIT = 2000


def test_topics_in_reading_order_in_both_languages() -> None:
    assert TOPICS == ("overview", "deal", "starter", "play", "show", "winning", "players", "muggins",
                      "mistakes", "faq", "tips", "calls")
    assert topics(Lang.EN)[9] == ("faq", "Questions and answers")
    assert topics(Lang.ZH)[9] == ("faq", "常见问题")
    assert topic_list(Lang.EN).startswith("overview (Overview), deal (The deal and the crib), ")


def test_no_topic_gives_the_overview_and_the_topics() -> None:
    page = rules_page(None, Lang.EN)
    assert page.found and page.topic == "overview" and page.title == "Cribbage rules: Overview"
    assert "121" in page.text and page.text.endswith(topic_list(Lang.EN))
    zh = rules_page(None, "zh-CN")
    assert zh.title == "克里比奇规则：概览" and "主题：overview（概览）" in zh.text


@pytest.mark.parametrize(
    ("text", "topic"),
    [("faq", "faq"), ("FAQ", "faq"), ("  Pegging ", "play"), ("skunk", "winning"), ("heels", "starter"),
     ("Common mistakes", "mistakes"), ("常见问题", "faq"), ("新手建议", "tips"), ("crib", "deal"),
     ("three", "players"), ("muggins", "muggins"), ("calls", "calls"), ("nonsense", None), ("", None)],
)
def test_find_a_topic(text: str, topic: str | None) -> None:
    assert find_topic(text) == topic


def test_an_unknown_topic_lists_the_topics() -> None:
    page = rules_page("castling", Lang.EN)
    assert not page.found and page.topic is None
    assert page.text == f"There is no rules topic “castling”. Topics: {topic_list(Lang.EN)}"
    assert rules_page("castling", Lang.ZH).text.startswith("没有“castling”这个规则主题。可选主题：overview（概览）")


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("topic", [None, *TOPICS])
def test_every_page_fits_a_discord_message(topic: str | None, lang: Lang) -> None:
    page = rules_page(topic, lang)
    assert page.found and 100 < len(page.title) + len(page.text) + 2 <= DISCORD_MESSAGE_LIMIT


@pytest.mark.parametrize(
    ("topic", "facts"),
    [
        ("faq", ["29", "19", "25", "26", "27", "16", "12"]),
        ("show", ["15", "5-6-7-7", "10"]),
        ("play", ["15", "31", "go", "6", "12"]),
        ("winning", ["121", "91", "61", "31"]),
        ("tips", ["26", "16", "10", "76", "86", "102", "112"]),
        ("mistakes", ["K-A-2", "31", "121"]),
        ("starter", ["his heels"]),
        ("calls", ["fifteen two", "one for his nobs", "thirty-one for two"]),
    ],
)
def test_the_facts_are_in_both_languages(topic: str, facts: list[str]) -> None:
    for lang in Lang:
        text = rules_page(topic, lang).text
        assert [f for f in facts if f not in text] == [], lang


def test_the_crib_flush_rule_and_king_queen() -> None:
    assert "all five cards" in rules_page("show", Lang.EN).text
    assert "五张全同花" in rules_page("show", Lang.ZH).text
    assert "Is K-Q a pair? No." in rules_page("faq", Lang.EN).text
    assert "K 和 Q 算一对吗？不算。" in rules_page("faq", Lang.ZH).text
