import random

from engine.actions import Deal, Starter
from engine.cards import DECK, parse_cards
from engine.events import PegReason
from engine.game import Game, Phase
from engine.observation import observe
from engine.reference import ReferencePlayer, pair_value, reference_discard, simulate_deal
from engine.rules import Rules


def test_simulated_deals_match_the_engine() -> None:
    """The fast simulator and the engine, with the reference player, agree on every point and its order."""
    for seed in range(60):
        outcome = simulate_deal(random.Random(seed))
        cards = random.Random(seed).sample(DECK, 13)
        pone6, dealer6, starter = cards[0:12:2], cards[1:12:2], cards[12]
        game = Game.at_position(Rules(), [0, 0], dealer=1)
        game.apply(Deal((tuple(pone6), tuple(dealer6))))
        players = [ReferencePlayer(0), ReferencePlayer(1)]
        for seat in (0, 1):
            game.apply(players[seat].choose(observe(game, seat)))
        game.apply(Starter(starter))
        while game.phase is Phase.PLAY:
            seat = game.to_act()[0]
            game.apply(players[seat].choose(observe(game, seat)))
        pegs = [(m.seat == 1, m.points) for m in game.pegs
                if m.reason in (PegReason.HEELS, PegReason.PLAY, PegReason.GO, PegReason.LAST)]
        shows = {(m.seat, m.reason): m.points for m in game.pegs if m.reason in (PegReason.HAND, PegReason.CRIB)}
        assert tuple(pegs) == outcome.pegs, seed
        assert shows.get((0, PegReason.HAND), 0) == outcome.pone_hand
        assert shows.get((1, PegReason.HAND), 0) == outcome.dealer_hand
        assert shows.get((1, PegReason.CRIB), 0) == outcome.crib


def test_reference_throws_by_hand_value_and_crib_pairs() -> None:
    hand = parse_cards("5H 5C 6D 7S JH KD")
    assert {str(c) for c in reference_discard(hand, dealer=False)} == {"JH", "KD"}
    assert {str(c) for c in reference_discard(parse_cards("2C 3D 4H 5S 5D JC"), dealer=True)} == {"5S", "5D"}
    a, b = parse_cards("5H 5C")
    assert 8.0 < pair_value(a, b) < 9.2  # a pair of fives is the best thing to give a crib
    k, q = parse_cards("KS 10D")
    assert pair_value(k, q) < 4.0
