import random
from itertools import combinations

from engine.computer.reference import ReferencePlayer, pair_value, reference_discard, simulate_deal
from engine.core.actions import Deal, Starter
from engine.core.cards import DECK, Card, parse_cards
from engine.core.events import PegReason
from engine.core.game import Game, Phase
from engine.core.observation import observe
from engine.core.rules import Rules
from engine.core.scoring import score_total


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


def defined_discard(hand: list[Card], dealer: bool) -> tuple[Card, Card]:
    """The reference throw as defined: the kept four's mean show over the 46 starters left, plus (dealer) or
    minus (pone) the pair's neutral crib value; the first best in `combinations` order."""
    starters = [c for c in DECK if c not in hand]
    best, best_value = None, -1e9
    for keep in combinations(hand, 4):
        a, b = (c for c in hand if c not in keep)
        value = sum(score_total(keep, s) for s in starters) / 46 + (1 if dealer else -1) * pair_value(a, b)
        if value > best_value:
            best, best_value = (a, b), value
    assert best is not None
    return best


def test_the_fast_reference_throw_is_the_defined_one() -> None:
    """Also for four of a kind kept, where no fifth card of the rank can come up."""
    rng = random.Random(12)
    hands = [rng.sample(DECK, 6) for _ in range(120)]
    hands += [[c for c in DECK if c.rank == rank] + rng.sample([c for c in DECK if c.rank != rank], 2)
              for rank in (5, 11, 13)]
    hands.append(list(parse_cards("JH JC JD JS 5H 5C")))
    for hand in hands:
        for dealer in (True, False):
            assert reference_discard(hand, dealer) == defined_discard(hand, dealer), (hand, dealer)
    assert reference_discard(parse_cards("JH JC JD JS 5H 5C"), dealer=True) == tuple(parse_cards("5H 5C"))
    # the pone keeps two jacks and the fives rather than give the dealer's crib a pair of fives
    assert reference_discard(parse_cards("JH JC JD JS 5H 5C"), dealer=False) == tuple(parse_cards("JH JC"))
