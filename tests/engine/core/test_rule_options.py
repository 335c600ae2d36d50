"""The rules' options declared as data: what the doors, storage and records read."""

from dataclasses import replace

import pytest

from engine.core.rules import OPTIONS, STANDARD, Overcount, Rules, RulesError, RulesProblem, rule_option


def test_every_option_is_declared_with_its_default_and_choices() -> None:
    assert [(o.name, o.default, o.choices, o.problem, o.key) for o in OPTIONS] == [
        ("target", 121, (121, 61), RulesProblem.TARGET, "option.target"),
        ("muggins", False, (False, True), RulesProblem.OPTION, "option.muggins"),
        ("skunk", False, (False, True), RulesProblem.OPTION, "option.skunk"),
        ("overcount", Overcount.CORRECT, (Overcount.CORRECT, Overcount.PENALTY), RulesProblem.OVERCOUNT,
         "option.overcount")]
    assert Rules() == STANDARD and "players" not in {o.name for o in OPTIONS}  # the seats decide it


def test_words_and_allowed_values() -> None:
    target, muggins, overcount = rule_option("target"), rule_option("muggins"), rule_option("overcount")
    assert (target.word(61), muggins.word(True), muggins.word(False), overcount.word(Overcount.PENALTY)) == (
        "61", "true", "false", "penalty")
    assert (target.allowed_text(), muggins.allowed_text(), overcount.allowed_text()) == (
        "121 or 61", "false or true", "one of correct, penalty")
    with pytest.raises(KeyError):
        rule_option("players")


def test_options_given_as_typed_or_stored() -> None:
    given = {"target": "61", "muggins": True, "overcount": "penalty"}
    assert STANDARD.with_options(given) == Rules(target=61, muggins=True, overcount=Overcount.PENALTY)
    with pytest.raises(TypeError, match="^muggins must be true or false, not int 1$"):  # 1 is no answer
        STANDARD.with_options({"muggins": 1})
    assert Rules(players=3, skunk=True).with_options({}) == Rules(players=3, skunk=True)
    assert STANDARD.with_options({"overcount": Overcount.PENALTY}).overcount is Overcount.PENALTY  # as a door has it
    with pytest.raises(RulesError) as caught:
        STANDARD.with_options({"mugins": True})
    assert (caught.value.code, dict(caught.value.fields), str(caught.value)) == (
        RulesProblem.OPTION, {"option": "mugins", "allowed": ("target", "muggins", "skunk", "overcount")},
        "no rule option is called 'mugins'")


def test_a_yes_or_no_option_takes_only_yes_or_no() -> None:
    with pytest.raises(RulesError) as caught:
        replace(STANDARD, skunk="yes")
    assert (caught.value.code, dict(caught.value.fields), str(caught.value)) == (
        RulesProblem.OPTION, {"skunk": "yes", "allowed": (False, True)}, "skunk must be false or true, not 'yes'")


def test_stored_rules_round_trip_and_old_ones_keep_their_meaning() -> None:
    rules = Rules(players=4, target=61, muggins=True, skunk=True, overcount=Overcount.PENALTY)
    assert rules.to_json() == {"players": 4, "target": 61, "muggins": True, "skunk": True, "overcount": "penalty"}
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_json({"players": 3, "target": 121, "muggins": False}) == Rules(players=3)  # before skunk
    assert Rules.from_json({}) == STANDARD
