from __future__ import annotations

import random

from engine.computer.group.pegging import (
    GroupLay,
    Guesser,
    PegSettings,
    ShowRace,
    go_floors,
    guess_hands,
    likely_throw,
    seat_weights,
)
from engine.core.actions import Deal, Discard, Go, Play, Starter
from engine.core.cards import DECK, parse_card, parse_cards
from engine.core.game import Game
from engine.core.observation import observe
from engine.core.rules import Rules
from tests.engine.helpers import cut_for


def group_deal(hands: list[str], starter: str, moves: str = "", players: int = 3, dealer: int = 0,
               scores: tuple[int, ...] | None = None, target: int = 121) -> Game:
    """A deal with these five-card hands, each seat laying away its last card, then `moves` ('1:5H 2:go ...')."""
    rules = Rules(players=players, target=target)
    if scores is None:
        game = Game(rules)
        cut_for(game, dealer)
    else:
        game = Game.at_position(rules, scores, dealer)
    dealt = [parse_cards(h) for h in hands]
    used = {c for h in dealt for c in h} | {parse_card(starter)}
    spare = next(c for c in DECK if c not in used)
    game.apply(Deal(tuple(dealt), (spare,) if players == 3 else ()))
    for s, h in enumerate(dealt):
        game.apply(Discard(s, (h[-1],)))
    game.apply(Starter(parse_card(starter)))
    for move in moves.split():
        seat, what = move.split(":")
        game.apply(Go(int(seat)) if what == "go" else Play(int(seat), parse_card(what)))
    return game


THREE = ["KS QS 9D 8D 2C", "5H 4C 9S KH 3D", "10C 10D JH 7C 2H"]


def test_points_are_weighed_by_whose_they_are() -> None:
    three = observe(group_deal(THREE, "6S"), 1)
    assert seat_weights(three, rival=0.5) == [-0.5, 1.0, -0.5]
    four = observe(group_deal(THREE + ["AS AH AD AC 6C"], "6S", players=4), 1)
    assert seat_weights(four, rival=0.5) == [-1.0, 1.0, -1.0, 1.0]


def test_points_can_be_weighed_by_the_scores() -> None:
    lopsided = observe(group_deal(THREE, "6S", scores=(60, 80, 40)), 0)
    assert [round(w, 3) for w in seat_weights(lopsided, rival=0.5, by_score=True)] == [1.0, -1.126, -0.005]
    all_but_won = observe(group_deal(THREE, "6S", scores=(118, 60, 60)), 0)
    assert seat_weights(all_but_won, rival=0.5, by_score=True) == [1.0, -0.5, -0.5]


def test_guessed_hands_keep_to_what_the_gos_said() -> None:
    # seat 1 leads a 9, seat 2 a jack (19), seat 0 a king (29); seat 1 says go: it holds nothing worth 2 or less
    game = group_deal(THREE, "6S", "1:9S 2:JH 0:KS 1:go")
    obs = observe(game, 2)
    assert go_floors(obs) == [0, 2, 0]
    rng = random.Random(3)
    seen = {*obs.hand, *obs.discards, parse_card("6S"), *(p.card for p in obs.plays if p.card is not None)}
    for _ in range(50):
        guess = guess_hands(obs, rng)
        assert [len(h) for h in guess] == [3, 3, 3]
        assert guess[2] == list(obs.hand)
        assert all(c.value > 2 for c in guess[1])
        assert not seen & {*guess[0], *guess[1]} and not set(guess[0]) & set(guess[1])


def test_one_rank_to_lay_is_laid_without_guessing() -> None:
    obs = observe(group_deal(["KS QS 9D 8D 2C", "5H 5C 9S KH 3D", "10C 10D JH 7C 2H"], "6S"), 1)
    rng = random.Random(1)
    state = rng.getstate()
    lay = GroupLay(PegSettings(), rng)
    assert lay.choose(obs, [parse_card("5H"), parse_card("5C")]) == parse_card("5H")
    assert rng.getstate() == state


def test_a_fifteen_is_taken_and_a_five_is_not_led() -> None:
    lead = observe(group_deal(THREE, "6S"), 1)
    lay = GroupLay(PegSettings(), random.Random(2))
    assert lay.choose(lead, list(lead.hand)) != parse_card("5H")  # the next seat makes fifteen with any ten-card
    hands = ["KS QS 9D 8D 2C", "5H 4C 9S KH 3D", "10C 5D JH 7C 2H"]
    facing_a_king = observe(group_deal(hands, "6S", "1:KH"), 2)
    assert GroupLay(PegSettings(), random.Random(5)).choose(facing_a_king, list(facing_a_king.hand)) == parse_card("5D")


def test_the_race_counts_the_show_in_its_order() -> None:
    # seat 1 (the pone) needs 3 and counts first: a hand worth more wins before the dealer counts
    game = group_deal(THREE, "6S", scores=(110, 118, 100))
    obs = observe(game, 0)
    race = ShowRace(obs)
    rich = [list(obs.hand), parse_cards("5H 4C 6H 6C"), parse_cards("AS AH KD QD")]
    poor = [list(obs.hand), parse_cards("AS 3H 9C KD"), parse_cards("AH 2S 8C QD")]
    assert race.outcome(rich, [0, 0, 0], -1) == -1
    assert race.outcome(poor, [0, 0, 0], -1) == 0
    assert race.outcome(poor, [0, 0, 0], 0) == 1 and race.outcome(poor, [0, 0, 0], 2) == -1


def test_a_sensible_throw_keeps_the_points() -> None:
    assert likely_throw(parse_cards("5H 5C 10D JS 2C"), owns_crib=False) == parse_card("2C")
    # K Q 9 7 keeps nothing, K Q 9 5 four: the ace goes, whoever owns the crib
    assert likely_throw(parse_cards("KH QC 9D 5S AC"), owns_crib=True) == parse_card("AC")


def test_read_guesses_keep_to_the_gos_and_the_cards_laid() -> None:
    game = group_deal(THREE, "6S", "1:9S 2:JH 0:KS 1:go")
    obs = observe(game, 2)
    guesser = Guesser(obs, read=True)
    rng = random.Random(8)
    for _ in range(50):
        guess = guesser.guess(rng)
        assert [len(h) for h in guess] == [3, 3, 3] and all(c.value > 2 for c in guess[1])
        assert parse_card("9S") not in guess[1] and parse_card("KS") not in guess[0]
