import random

import pytest

from engine.computer.pegsim import playout, quick_policy
from engine.computer.players import DIFFICULTIES, STRENGTHS, UnknownStrength, make_player
from engine.computer.selfplay import play_game
from engine.core.actions import Deal, Discard, Go, Play, Starter
from engine.core.cards import parse_card, parse_cards
from engine.core.game import Game
from engine.core.observation import observe
from engine.core.pegging import lay_points, play_items
from engine.core.rules import Rules
from tests.engine.helpers import cut_for


def test_strength_names() -> None:
    assert set(STRENGTHS) >= {"random", "greedy", "expected", "expert"}
    assert set(DIFFICULTIES) == {"easy", "normal", "hard", "expert"}
    assert all(v in STRENGTHS for v in DIFFICULTIES.values())
    assert len(set(DIFFICULTIES.values())) == len(DIFFICULTIES)  # a ladder: every difficulty its own strength
    with pytest.raises(UnknownStrength, match="unknown player 'genius'; choose from"):
        make_player("genius")


def two_games(other: str) -> tuple[Game, Game]:
    """The same seat-0 cards in both games; seat 1 holds different cards."""
    games = []
    for hand in ("10S JS 8D 6D 7D 5D", other):
        game = Game()
        cut_for(game, 0)
        game.apply(Deal((parse_cards("KH QH 9S 5C 3C 4C"), parse_cards(hand))))
        games.append(game)
    return games[0], games[1]


@pytest.mark.parametrize("name", ["random", "greedy", "expected", "hard", "expert"])
def test_decisions_do_not_depend_on_hidden_cards(name: str) -> None:
    a, b = two_games("10S JS 8D AC 2C AD")
    # laying away: seat 0 sees the same six cards in both games
    assert make_player(name, 5).choose(observe(a, 0)) == make_player(name, 5).choose(observe(b, 0))
    for game, d in ((a, "7D 5D"), (b, "AC AD")):
        game.apply(Discard(0, parse_cards("3C 4C")))
        game.apply(Discard(1, parse_cards(d)))
        game.apply(Starter(parse_card("2H")))
        game.apply(Play(1, parse_card("10S")))
    assert observe(a, 0) == observe(b, 0)
    pa, pb = make_player(name, 9), make_player(name, 9)
    assert pa.choose(observe(a, 0)) == pb.choose(observe(b, 0))


def test_greedy_keeps_what_scores_most_and_pegs_points() -> None:
    game = Game()
    cut_for(game, 0)
    game.apply(Deal((parse_cards("5H 5C 10D JS 2C 9H"), parse_cards("KS 2S 3S 4S 6S 8S"))))
    assert make_player("greedy", 1).choose(observe(game, 0)) == Discard(0, parse_cards("2C 9H"))
    game.apply(Discard(0, parse_cards("2C 9H")))
    game.apply(Discard(1, parse_cards("6S 8S")))
    game.apply(Starter(parse_card("KD")))
    game.apply(Play(1, parse_card("KS")))
    choice = make_player("greedy", 1).choose(observe(game, 0))
    assert isinstance(choice, Play) and choice.card.rank == 5  # fifteen two; a ten or jack scores nothing


def test_expected_avoids_leaving_fifteen_and_plays_for_points() -> None:
    game = Game()
    cut_for(game, 1)
    game.apply(Deal((parse_cards("5H 9C 4D KD 2S 3S"), parse_cards("QH QC 7S 8S AC AD"))))
    game.apply(Discard(0, parse_cards("2S 3S")))
    game.apply(Discard(1, parse_cards("AC AD")))
    game.apply(Starter(parse_card("6H")))
    # seat 0 leads (the dealer is seat 1): a 5 invites a ten for fifteen; the 4 is safe
    assert make_player("expected", 3).choose(observe(game, 0)) == Play(0, parse_card("4D"))
    game.apply(Play(0, parse_card("9C")))
    game.apply(Play(1, parse_card("QH")))  # 19
    # 4 makes 23, 5 makes 24, K makes 29: nothing scores; seat 0 then must not leave 21
    game.apply(Play(0, parse_card("KD")))  # 29
    assert observe(game, 1).legal == (Go(1),)


def test_expert_takes_a_sure_thirty_one() -> None:
    game = Game()
    cut_for(game, 1)
    game.apply(Deal((parse_cards("KH QD 5C AS 2D 3D"), parse_cards("10S 8H 6C 4S 9D 9H"))))
    game.apply(Discard(0, parse_cards("2D 3D")))
    game.apply(Discard(1, parse_cards("9D 9H")))
    game.apply(Starter(parse_card("7C")))
    game.apply(Play(0, parse_card("KH")))
    game.apply(Play(1, parse_card("10S")))  # 20
    game.apply(Play(0, parse_card("AS")))  # 21
    game.apply(Play(1, parse_card("6C")))  # 27
    # seat 0 holds QD and 5C: neither fits... only go
    assert observe(game, 0).legal == (Go(0),)
    game.apply(Go(0))
    game.apply(Play(1, parse_card("4S")))  # 31 for two
    assert game.pegs[-1].points == 2


def test_lay_points_agrees_with_the_calls() -> None:
    rng = random.Random(2)
    deck = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    for _ in range(20000):
        series: list[int] = []
        count = 0
        for _ in range(rng.randint(0, 6)):
            card = rng.choice(deck)
            if count + card.value > 31:
                break
            series.append(card.rank)
            count += card.value
        card = rng.choice(deck)
        if count + card.value <= 31:
            items = play_items(series, count, card)
            assert lay_points(series, count, card.rank) == sum(i.points for i in items)


def test_playout_scores_the_play_as_the_engine_does() -> None:
    """The ranks-only play-out and the engine agree on every point of the play."""
    from engine.core.events import PegReason

    for seed in range(150):
        game = Game.at_position(Rules(), [0, 0], dealer=seed % 2, seed=seed)
        for seat in (0, 1):
            game.apply(Discard(seat, game.hands[seat][:2]))
        if game.over:
            continue
        pone, dealer = game.pone, game.dealer
        hands = [[c.rank for c in game.hands[pone]], [c.rank for c in game.hands[dealer]]]
        peg = [0, 0]
        start = len(game.pegs)
        # the engine, each seat laying what the quick policy picks
        while game.phase.value == "play":
            seat = game.to_act()[0]
            playable = [c for c in game.hands[seat] if c.value <= 31 - game.count]
            if not playable:
                game.apply(Go(seat))
                continue
            rank = quick_policy([c.rank for c in playable], [c.rank for _, c in game.series], game.count)
            game.apply(Play(seat, next(c for c in playable if c.rank == rank)))
        for m in game.pegs[start:]:
            if m.reason in (PegReason.PLAY, PegReason.GO, PegReason.LAST):
                peg[0 if m.seat == pone else 1] += m.points
        a, b, _ = playout(hands, [], 0, 0, [False, False], None, (999, 999))
        assert (a, b) == tuple(peg), seed


@pytest.mark.parametrize("players", [3, 4])
def test_computers_play_many_player_games(players: int) -> None:
    for name in ("greedy", "expected", "expert"):
        game = play_game(Rules(players=players), [make_player(name, s) for s in range(players)], 3)
        assert game.over


def test_computers_count_exactly_with_muggins() -> None:
    game = play_game(Rules(muggins=True), [make_player("expected", 1), make_player("greedy", 2)], 6)
    from engine.core.events import PegReason

    assert game.over and not [m for m in game.pegs if m.reason is PegReason.MUGGINS]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["random", "greedy", "expected", "expert"])
def test_every_computer_counts_truly_and_claims_every_miss(players: int, name: str) -> None:
    """Seat 0 counts carelessly; every other seat is a computer. A computer's count is always the true one,
    and a miss the computers may claim is always claimed (by the first of them asked)."""
    from engine.core.events import Shown
    from engine.core.muggins import claimants_of
    from tests.engine.helpers import CarelessPlayer

    rules = Rules(players=players, target=61, muggins=True)
    misses = 0
    for seed in range(4, 10):  # games until the careless seat has missed a count (most do at once)
        seats = [CarelessPlayer(5), *(make_player(name, s) for s in range(1, players))]
        game = play_game(rules, seats, seed)
        shown = [e for e in game.events if isinstance(e, Shown)]
        declarations = [d for log in game.deals for d in log.declarations]
        assert [(e.seat, e.crib, e.declared) for e in shown] == [(d.seat, d.crib, d.declared) for d in declarations]
        for k, (event, decl) in enumerate(zip(shown, declarations, strict=True)):
            if decl.seat != 0:
                assert decl.declared == event.breakdown.total and decl.claimed is None
            elif decl.declared < event.breakdown.total and not (k == len(shown) - 1 and game.pegs[-1].seat == 0):
                misses += 1  # a miss, unless the declared count itself went out
                computer = [s for s in claimants_of(rules, decl.seat) if s != 0][0]
                assert (decl.claimed, decl.claimant, decl.passes) == (True, computer, ())
        assert game.over
        if misses:
            break
    assert misses > 0
