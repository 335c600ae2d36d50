"""The words of the rules' declared options: every option has them in both languages, within Discord's
limits, and a game's options are said against the door's usual rules."""

from bot.app.shown.rule_words import choice_key, described, options_said, said
from bot.i18n import DESCRIPTION_LIMIT, LANGS, Lang, has, t
from bot.terminal.local_game import options_line
from engine.core.rules import OPTIONS, STANDARD, Overcount, Rules, rule_option


def test_every_option_has_its_words_in_every_language() -> None:
    keys = [f"{o.key}.desc" for o in OPTIONS]
    keys += [f"{o.key}.said.{o.word(c)}" for o in OPTIONS for c in o.choices]
    keys += [choice_key(o, c) for o in OPTIONS if o.kind is not bool for c in o.choices]
    assert [k for k in keys if not has(k)] == []
    for lang in LANGS:
        for key in keys:
            assert 1 <= len(t(key, lang)) <= DESCRIPTION_LIMIT, (lang, key)


def test_an_option_and_its_values_in_words() -> None:
    overcount = rule_option("overcount")
    assert described(overcount) == "Muggins: a count declared too high is corrected, or the excess is a penalty"
    assert (said(overcount, Overcount.PENALTY), said(rule_option("target"), 61, Lang.ZH)) == (
        "the overcount penalty", "61 分")


def test_a_game_is_said_by_what_differs_from_the_usual_rules() -> None:
    usual = Rules(skunk=True)
    game = Rules(players=3, target=61, muggins=True, skunk=True, overcount=Overcount.PENALTY)
    assert options_said(game, usual) == ["61 points", "muggins", "the overcount penalty"]
    assert options_said(game, usual, Lang.ZH, leave_out=("target",)) == ["罚分规则", "报高罚分"]
    assert options_said(usual, usual) == [] and options_said(STANDARD, usual) == ["no skunks called"]
    assert options_line(game, usual) == " with muggins, the overcount penalty"
    assert options_line(usual, usual) == ""
