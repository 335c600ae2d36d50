import discord
import pytest
from discord import app_commands

from bot.i18n import (
    DESCRIPTION_LIMIT,
    LANGS,
    NAME_PATTERN,
    Lang,
    MessageError,
    as_lang,
    bad_card_token,
    breakdown_calls,
    call_key,
    card_error,
    catalog,
    command_text,
    fields_of,
    peg_call,
    percent,
    pick_lang,
    say,
    t,
)
from engine.analysis.practice import Hint
from engine.core.cards import CardError, parse_card, parse_cards
from engine.core.events import PegReason
from engine.core.pegging import PegKind, play_items
from engine.core.scoring import ItemKind, score_hand
from tests.bot.discord_helpers import translated_payload


def test_every_key_is_in_both_languages() -> None:
    en, zh = catalog(Lang.EN), catalog(Lang.ZH)
    assert sorted(set(en) - set(zh)) == []
    assert sorted(set(zh) - set(en)) == []
    assert len(en) > 200


def test_fields_match_between_languages() -> None:
    en, zh = catalog(Lang.EN), catalog(Lang.ZH)
    mismatched = {k: (sorted(fields_of(en[k])), sorted(fields_of(zh[k]))) for k in en
                  if fields_of(en[k]) != fields_of(zh[k])}
    assert mismatched == {}


def test_no_text_is_empty_and_chinese_is_chinese() -> None:
    for lang in LANGS:
        assert [k for k, v in catalog(lang).items() if not v.strip()] == []
    zh = catalog(Lang.ZH)
    untranslated = [k for k, v in zh.items() if v == catalog(Lang.EN)[k] and not k.endswith(".name")
                    and k not in ("general.none", "table.pegged", "rules.muggins.title")]
    assert untranslated == []


def test_discord_names_and_descriptions_are_valid() -> None:
    for lang in LANGS:
        for key, text in catalog(lang).items():
            if key.startswith(("cmd.", "param.")) and key.endswith(".name"):
                assert NAME_PATTERN.match(text) and text == text.lower(), (lang, key, text)
            if key.startswith(("cmd.", "param.", "choice.")) and not key.endswith(".name"):
                assert 1 <= len(text) <= DESCRIPTION_LIMIT, (lang, key, len(text))


def test_every_engine_kind_has_a_call_and_every_hint_a_message() -> None:
    for kind in ItemKind:
        assert t(call_key(kind.value, 2), Lang.ZH, total=2)
        assert t(f"item.{kind.value}", Lang.EN, cards="5H", points=2)
    for peg in PegKind:
        assert t(call_key(peg.value, 2), Lang.ZH, total=2)
    for hint in Hint:
        assert t(f"hint.{hint.value}", Lang.ZH, declared=19)
    assert {r.value for r in PegReason} >= {"play", "go", "last", "hand", "crib", "heels"}


def test_t_fills_fields_and_names_what_is_wrong() -> None:
    assert t("practice.missed", Lang.EN, declared=28, total=29, missed=1) == "You said 28; it is 29. You missed 1."
    assert t("practice.missed", "zh", declared=28, total=29, missed=1) == "你报了 28 分，实际是 29 分，漏了 1 分。"
    assert t("error.not_your_game", "zh-CN") == "这不是你的对局：只有本局玩家可以这样操作。"
    with pytest.raises(MessageError, match="'total'"):
        t("practice.missed", Lang.EN, declared=28, missed=1)
    with pytest.raises(MessageError, match="no message 'no.such.key'"):
        t("no.such.key", Lang.EN)


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("zh-CN", Lang.ZH), ("zh-TW", Lang.ZH), ("ZH_cn", Lang.ZH), ("en-US", Lang.EN), ("en-GB", Lang.EN),
     ("fr", Lang.EN), ("ja", Lang.EN), (None, Lang.EN), ("zh", Lang.ZH), (Lang.ZH, Lang.ZH),
     (discord.Locale.chinese, Lang.ZH), (discord.Locale.taiwan_chinese, Lang.ZH),
     (discord.Locale.american_english, Lang.EN)],
)
def test_language_from_a_discord_locale(locale: object, lang: Lang) -> None:
    assert as_lang(locale) is lang  # type: ignore[arg-type]


def test_public_messages_follow_the_server() -> None:
    assert pick_lang("zh-CN", "en-US") is Lang.ZH
    assert pick_lang("zh-CN", "en-US", public=True) is Lang.EN
    assert pick_lang("en-US", "zh-CN", public=True) is Lang.ZH
    assert pick_lang("zh-CN", None, public=True) is Lang.ZH  # no server locale: the member's
    assert pick_lang(None, None) is Lang.EN


def test_calls_stay_english_with_the_chinese_beside() -> None:
    assert say("fifteen two", "fifteen", 2, 2, Lang.ZH) == "fifteen two（十五 2 分）"
    assert say("fifteen two", "fifteen", 2, 2, Lang.EN) == "fifteen two"
    assert say("pair royal is six", "pair", 6, 6, "zh-CN") == "pair royal is six（三条，6 分）"
    with pytest.raises(MessageError, match="kind 'trick'"):
        say("x", "trick", 1, 1, Lang.ZH)


def test_a_whole_count_in_both_languages() -> None:
    b = score_hand(parse_cards("5H 5C 5D JS"), parse_card("5S"))
    en, zh = breakdown_calls(b, Lang.EN), breakdown_calls(b, Lang.ZH)
    assert en == [i.call for i in b.items]
    assert zh[0] == "fifteen two（十五 2 分）"
    assert zh[-1] == "and one for his nobs is twenty-nine（右杰克，29 分）"
    nothing = score_hand(parse_cards("2C 4D 6H 8S"), parse_card("QD"))
    assert breakdown_calls(nothing, Lang.EN) == ["nineteen (nothing)"]
    assert breakdown_calls(nothing, Lang.ZH) == ["nineteen（一分没有，0 分）"]


def test_a_peg_call_in_chinese() -> None:
    items = play_items([1, 7], 8, parse_card("7H"))  # fifteen and a pair: "fifteen four"
    assert peg_call(items, "fifteen four", Lang.ZH) == "fifteen four（十五 4 分）"
    assert peg_call(items, "fifteen four", Lang.EN) == "fifteen four"


def test_a_bad_card_names_the_token_and_the_forms() -> None:
    assert bad_card_token("5H 5X 5D JS") == "5X"
    assert bad_card_token(["5H", "10h", "T♥"]) is None
    text = card_error("5H, 5X 5D JS", lang=Lang.EN)
    assert text.startswith("“5X” is not a card.") and "10h, TH, 5♥" in text
    assert card_error("5H 5X", lang=Lang.ZH).startswith("“5X”不是一张牌。")
    with pytest.raises(CardError) as caught:
        parse_cards("5H 5H 5D JS")
    twice = card_error("5H 5H 5D JS", caught.value, Lang.EN)
    assert twice.startswith("Those cards cannot be used: 5♥ is given twice.")
    # worded by the error's facts, never the engine's English: whole in Chinese
    assert card_error("5H 5H 5D JS", caught.value, Lang.ZH).startswith("这些牌无法使用：5♥ 写了两次。")
    with pytest.raises(CardError) as short:
        parse_cards("5H 5D JS", count=4)
    assert card_error("5H 5D JS", short.value, Lang.ZH).startswith("这些牌无法使用：需要 4 张牌，不是 3 张。牌的写法：")
    assert card_error("5H 5D JS", short.value, Lang.EN).startswith("Those cards cannot be used: 4 cards are needed, "
                                                                   "not 3.")


def test_percent() -> None:
    assert percent(1 / 3) == "33%" and percent(None) == "—"


def test_command_text_rules() -> None:
    assert command_text("cmd.cribbage.play.desc", "Start a game against the computer or other members", Lang.ZH,
                        name=False) == "开一局：对电脑或对其他成员"
    assert command_text("cmd.cribbage.play.name", "play", Lang.ZH, name=True) is None  # names stay English
    assert command_text(None, "Count a hand or crib from a real table, with the calls", Lang.ZH, name=False) \
        == "为实体牌桌上的一手牌或底牌算分，附报分口令"  # found by its English text
    assert command_text(None, "Something not in the catalog", Lang.ZH, name=False) is None
    assert command_text("cmd.cribbage.play.desc", "anything", Lang.EN, name=False) is None


class Group(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="cribbage", description="Play cribbage in this channel")

    @app_commands.command(name="score", description="Count a hand or crib from a real table, with the calls")
    @app_commands.describe(cards="Four cards, e.g. 5H 5C 5D JS (10 or T, any case, ♠♥♦♣ too)",
                           starter="The starter card, e.g. 5S")
    async def score(self, interaction: discord.Interaction, cards: str, starter: str, crib: bool = False) -> None:
        pass

    @app_commands.command(name="rules", description="The rules, common mistakes and questions")
    @app_commands.choices(topic=[app_commands.Choice(name=app_commands.locale_str("Beginner tips",
                                                                                  key="rules.tips.title"),
                                                     value="tips")])
    async def rules(self, interaction: discord.Interaction, topic: app_commands.Choice[str] | None = None) -> None:
        pass


async def test_the_translator_localizes_the_command_payload() -> None:
    payload = await translated_payload(Group())
    assert payload["name"] == "cribbage" and payload["name_localizations"] == {}
    assert payload["description_localizations"] == {"zh-CN": "在本频道玩克里比奇（cribbage）",
                                                    "zh-TW": "在本频道玩克里比奇（cribbage）"}
    score = next(o for o in payload["options"] if o["name"] == "score")
    assert score["description_localizations"]["zh-CN"] == "为实体牌桌上的一手牌或底牌算分，附报分口令"
    assert "en-US" not in score["description_localizations"]
    options = {o["name"]: o for o in score["options"]}
    assert options["starter"]["description_localizations"]["zh-CN"] == "起始牌，例如 5S"
    rules = next(o for o in payload["options"] if o["name"] == "rules")
    choice = rules["options"][0]["choices"][0]
    assert choice["name"] == "Beginner tips" and choice["name_localizations"]["zh-CN"] == "新手建议"


def test_slash_command_words_are_written_only_in_the_catalog() -> None:
    """Descriptions come from the catalog (bot/discord/words.py), never a second English copy in the code."""
    import re
    from pathlib import Path

    door = Path(__file__).resolve().parents[2] / "bot" / "discord"
    written = [f"{p.name}:{n}" for p in sorted(door.glob("*.py")) for n, line in
               enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r'description="|app_commands\.describe\(|@app_commands\.command\(', line)]
    assert written == []
