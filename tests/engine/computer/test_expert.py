"""The expert's guesses at the opponent's hand read its plays: most players take the points on offer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.computer import expert as expert_module
from engine.computer.expert import ExpertPlayer, careless_lay, missed_points, opponent_hands, opponent_spots
from engine.core.actions import Play
from engine.core.cards import parse_card, parse_cards
from engine.core.game import Game
from engine.core.observation import Observation, observe
from engine.core.rules import Rules
from tests.engine.helpers import cut_for, deal, play


def pone_sees(hands: list[str], laid: list[str], starter: str, plays: str = "") -> Observation:
    """Seat 0's view, as the pone, of a deal dealt and laid away so, after `plays`."""
    game = Game()
    cut_for(game, 1)
    deal(game, hands, laid, starter)
    if plays:
        play(game, plays)
    return observe(game, 0)


def after_a_seven_on_a_five() -> Observation:
    """Seat 0 (the pone) leads a 5; the dealer answers with a 7 for 12, passing up 15 and a pair."""
    return pone_sees(["5H 9C 4D KD 2S 3S", "QH QC 7S 8S AC AD"], ["2S 3S", "AC AD"], "6H", "p:5H d:7S")


def test_the_opponents_lays_are_read_with_what_each_made() -> None:
    obs = after_a_seven_on_a_five()
    assert opponent_spots(obs) == [([5], 5, 0, [], 7, 3)]
    spots = opponent_spots(obs)
    assert missed_points(spots, parse_cards("QH QC 8S"))  # a queen made fifteen two
    assert missed_points(spots, parse_cards("5C 8S 9D"))  # a 5 made a pair
    assert not missed_points(spots, parse_cards("9H 8S 2C"))


def dealer_sees_a_nine_led() -> Observation:
    """Seat 0 (the dealer) before its first lay: the pone led a 9 from 9 4 J 6."""
    game = Game()
    cut_for(game, 0)
    deal(game, ["10S 8C 7D 2H KS QS", "9H 4C JD 6S AC AD"], ["KS QS", "AC AD"], "3D")
    play(game, "p:9H")
    return observe(game, 0)


def test_a_careful_reading_also_weighs_the_reply_a_lay_left_open() -> None:
    """A 9 led from a hand with a 4 is careless (a 6 makes fifteen on the 9, nothing on the 4); a 9 led from
    tens is not (any lead there leaves fifteen open), nor the highest of a run. Passing up points is careless
    too, and so is a 7 on a 5 (a 3 for fifteen, a 6 for a run) from a hand that held a 9."""
    spots = opponent_spots(dealer_sees_a_nine_led())
    assert spots == [([], 0, 0, [], 9, 4)]
    assert careless_lay(spots, parse_cards("4C JD 6S"))
    assert not missed_points(spots, parse_cards("4C JD 6S"))
    assert not careless_lay(spots, parse_cards("KD QC 10H"))
    assert not careless_lay(spots, parse_cards("8D 7C 9C"))
    after_a_seven = opponent_spots(after_a_seven_on_a_five())
    assert careless_lay(after_a_seven, parse_cards("QH QC 8S"))  # a queen made fifteen two
    assert careless_lay(after_a_seven, parse_cards("9H 8S 2C"))  # 9 for 14 left only an ace for fifteen
    assert not missed_points(after_a_seven, parse_cards("9H 8S 2C"))
    assert not careless_lay(after_a_seven, parse_cards("3C 4H 7C"))  # a 3 or 4 left more open than the 7


def test_carefully_read_guessed_hands_held_no_safer_lead_than_the_nine() -> None:
    obs = dealer_sees_a_nine_led()
    read = opponent_hands(obs, 60, random.Random(4), play_model=1.0, misread=careless_lay)
    assert len(read) == 60
    assert all(c.rank > 4 for held, _ in read for c in held)
    points_only = opponent_hands(obs, 60, random.Random(4), play_model=1.0)
    assert sum(1 for held, _ in points_only for c in held if c.rank <= 4) == 41


def test_guessed_hands_hold_no_card_that_would_have_pegged() -> None:
    obs = after_a_seven_on_a_five()
    read = opponent_hands(obs, 60, random.Random(4), play_model=1.0)
    assert len(read) == 60
    assert all(c.value < 10 and c.rank != 5 for held, _ in read for c in held)
    blind = opponent_hands(obs, 60, random.Random(4))
    assert sum(1 for held, _ in blind for c in held if c.value == 10 or c.rank == 5) > 20


def test_the_expert_plays_the_same_for_a_seed() -> None:
    obs = after_a_seven_on_a_five()  # count 12: seat 0 holds 9C 4D KD
    picks = {ExpertPlayer(seed, table=None).choose(obs) for seed in (1, 1, 2, 3)}
    assert picks == {Play(0, parse_card("4D"))}


FORTY_EIGHT = {"table": None, "samples": 48, "careful_opponent": False}
"""The settings these lays were first measured with: 48 guessed hands, the opponent's future lays made quickly."""


def after_a_ten_on_a_six() -> Observation:
    return pone_sees(["4C 7H 6S 8C 9D QC", "10D 8H 5D KD 7C 3C"], ["4C QC", "8H 7C"], "5H", "p:6S d:10D")


def test_reading_the_play_changes_the_expert_s_card() -> None:
    """The dealer answered a lead of 6 with a 10 for 16: it held no 6 to pair and no 9 for fifteen. Read so,
    the pone holding 7 8 9 lays the 7 (23) for nearly every seed; guessing blind it is a toss-up with the 8."""
    obs = after_a_ten_on_a_six()
    read = [ExpertPlayer(seed, **FORTY_EIGHT, extra_samples=0).choose(obs) for seed in range(8)]
    blind = [ExpertPlayer(seed, **FORTY_EIGHT, play_model=0.0, extra_samples=0).choose(obs) for seed in range(8)]
    assert read.count(Play(0, parse_card("7H"))) == 7
    assert blind.count(Play(0, parse_card("7H"))) == 4
    assert blind[4] == Play(0, parse_card("8C")) and read[4] == Play(0, parse_card("7H"))


def test_a_close_lay_is_judged_on_more_guessed_hands() -> None:
    """Guessing blind, 7 and 8 are close after a 10 on a 6: on 48 hands the seeds split, and the 144 more
    drawn for a close call bring most of them to the 7 (the better card once the play is read)."""
    obs = after_a_ten_on_a_six()
    first = [ExpertPlayer(seed, **FORTY_EIGHT, play_model=0.0, extra_samples=0).choose(obs) for seed in range(12)]
    more = [ExpertPlayer(seed, **FORTY_EIGHT, play_model=0.0, extra_samples=144, deep_samples=0).choose(obs)
            for seed in range(12)]
    assert first.count(Play(0, parse_card("7H"))) == 5
    assert more.count(Play(0, parse_card("7H"))) == 9


def test_a_lay_still_undecided_is_judged_on_deep_samples_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read, the 7's lead over the 8 is clear after the 96 and 288 hands; guessing blind the two stay within two
    standard errors of each other, and 576 hands more are drawn."""
    obs = after_a_ten_on_a_six()
    drawn: list[int] = []
    draw = expert_module.opponent_hands

    def counted(seen: Observation, n: int, *args: Any) -> Any:
        drawn.append(n)
        return draw(seen, n, *args)

    monkeypatch.setattr(expert_module, "opponent_hands", counted)
    assert ExpertPlayer(2, table=None).choose(obs) == Play(0, parse_card("7H"))
    assert drawn == [96, 288]
    drawn.clear()
    blind = ExpertPlayer(2, **FORTY_EIGHT, play_model=0.0, extra_samples=144, deep_samples=576)
    assert blind.choose(obs) == Play(0, parse_card("7H"))
    assert drawn == [48, 144, 576]


def test_undecided_is_a_lead_under_deep_z_standard_errors() -> None:
    """A lead of 1.5 a hand with a standard error of 0.57 is decided at two; a lead of 0.25 with one of 0.70 is
    not, and at a z of 0.3 it is."""
    seven, eight = parse_card("7H"), parse_card("8C")
    clear = {seven: [3.0, 0.0] * 4, eight: [0.0] * 8}
    close = {seven: [2.0, -2.0] * 3 + [2.0, 0.0], eight: [0.0] * 8}
    for values, undecided, z in ((clear, False, 2.0), (close, True, 2.0), (close, False, 0.3)):
        assert ExpertPlayer(1, table=None, deep_z=z)._undecided(values) is undecided


def test_a_lay_with_one_rank_to_choose_from_is_made_without_guessing() -> None:
    """Two fives in hand and one way to play: the same card for every seed, and no random draws made."""
    obs = pone_sees(["5H 5C 4D KD 2S 3S", "QH QC 7S 8S AC AD"], ["4D KD", "AC AD"], "6H")
    expert = ExpertPlayer(3, table=None)
    state = expert.rng.getstate()
    assert expert.play(obs, [parse_card("5H"), parse_card("5C")]) == parse_card("5H")
    assert expert.rng.getstate() == state


def test_discards_are_played_for_the_win_only_as_near_the_end_as_discard_endgame_says() -> None:
    obs = observe(Game.at_position(Rules(), [100, 90], dealer=0, seed=0), 0)
    assert [str(c) for c in obs.hand] == ["KS", "3C", "8S", "JD", "JC", "AS"]
    assert ExpertPlayer(1, discard_endgame=45).discard(obs) == parse_cards("JD JC")  # 21 to go: for the win
    assert ExpertPlayer(1).discard(obs) == parse_cards("3C AS")  # within 8 by default: for points
    assert ExpertPlayer(1, table=None).discard(obs) == parse_cards("3C AS")
    near = observe(Game.at_position(Rules(), [114, 90], dealer=0, seed=0), 0)
    assert ExpertPlayer(1).discard(near) == parse_cards("KS 3C")  # 7 to go: for the win
    assert ExpertPlayer(1, table=None).discard(near) == parse_cards("3C AS")


def test_discards_count_the_crib_a_real_opponent_makes_and_the_kept_cards_pegging() -> None:
    dealer = observe(Game.at_position(Rules(), [0, 0], dealer=0, seed=0), 0)
    assert [str(c) for c in dealer.hand] == ["KS", "3C", "8S", "JD", "JC", "AS"]
    # 3C 8S nets 9.07 against 8.95 for 3C AS, but a real pone's throw makes that crib 0.43 below the
    # neutral one (0.15 for 3C AS); without the pegging worth no random number is drawn
    assert ExpertPlayer(1, peg_weight=0.0, crib_model=False).discard(dealer) == parse_cards("3C 8S")
    expert = ExpertPlayer(1, peg_weight=0.0)
    state = expert.rng.getstate()
    assert expert.discard(dealer) == parse_cards("3C AS")
    assert expert.rng.getstate() == state
    assert ExpertPlayer(1).discard(dealer) == parse_cards("3C AS")
    pone = observe(Game.at_position(Rules(), [0, 0], dealer=1, seed=41), 0)
    assert [str(c) for c in pone.hand] == ["7D", "KH", "QC", "4D", "6D", "KS"]
    # 7D QC gives the dealer's crib 0.76 over the neutral with a real dealer's throw, QC 4D 0.37
    assert ExpertPlayer(1, peg_weight=0.0, crib_model=False).discard(pone) == parse_cards("7D QC")
    assert ExpertPlayer(1, peg_weight=0.0).discard(pone) == parse_cards("QC 4D")
    # 6H 9S is 0.30 ahead with the modelled crib (9.76 against 9.45), but 6H 9S 4S 2H pegs better than 4S AC 2H QH
    close = observe(Game.at_position(Rules(), [0, 0], dealer=0, seed=38), 0)
    assert [str(c) for c in close.hand] == ["6H", "9S", "4S", "AC", "2H", "QH"]
    assert ExpertPlayer(1, peg_weight=0.0).discard(close) == parse_cards("6H 9S")
    assert ExpertPlayer(1).discard(close) == parse_cards("AC QH")


def test_the_expert_expects_a_careful_opponent() -> None:
    """The pone leads from 8 7 4 3 (starter 4H). Expecting the dealer to lay quickly (most points, then high
    first) the expert leads the 7; expecting a careful dealer, who weighs the reply its card leaves open, it
    leads the 4, the usual lead under five, for every seed."""
    obs = pone_sees(["JD 8S 7D KD 3S 4C", "10H AH 5D 8D 10D 2C"], ["JD KD", "AH 2C"], "4H")
    careful = [ExpertPlayer(seed, table=None).choose(obs) for seed in range(4)]
    quick = [ExpertPlayer(seed, table=None, careful_opponent=False).choose(obs) for seed in range(4)]
    assert careful == [Play(0, parse_card("4C"))] * 4
    assert quick == [Play(0, parse_card("7D"))] * 4
