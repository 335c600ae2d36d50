"""Random whole games in every variant: they end, the pegs add up, every muggins answer follows the rules,
and the record replays exactly."""

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.computer.players import RandomPlayer
from engine.computer.selfplay import play_game
from engine.core.events import PegReason
from engine.core.game import Game
from engine.core.muggins import claimants_of
from engine.core.record import dumps, replay, to_record
from engine.core.rules import Overcount, Rules
from tests.engine.helpers import CarelessPlayer

variants = st.builds(
    Rules,
    players=st.sampled_from([2, 3, 4]),
    target=st.sampled_from([121, 61]),
    muggins=st.booleans(),
    skunk=st.booleans(),
    overcount=st.sampled_from(list(Overcount)),
)


def check_game(game: Game) -> None:
    rules = game.rules
    assert game.over and game.winner is not None
    # pegs equal the sum of moves, every move positive and chained back to front
    totals = [0] * rules.teams
    for move in game.pegs:
        team = rules.team_of(move.seat)
        assert move.points > 0
        assert move.back == totals[team]
        totals[team] += move.points
        assert move.front == totals[team]
    assert totals == game.scores
    assert game.scores[rules.team_of(game.winner)] >= rules.target
    assert all(s < rules.target for t, s in enumerate(game.scores) if t != rules.team_of(game.winner))
    # the move that reached the target is the last one
    assert game.pegs[-1].front >= rules.target and game.pegs[-1].seat == game.winner
    for log in game.deals:
        if not log.hands:
            continue
        dealt = [c for h in log.hands for c in h] + list(log.deck_to_crib)
        seen = dealt + ([log.starter] if log.starter else [])
        assert len(seen) == len(set(seen))  # no card seen twice
        played = Counter((s, c) for s, c, _ in log.plays if c is not None)
        for (seat, card), n in played.items():
            assert n == 1 and card in log.hands[seat]
            assert card not in (log.discards[seat] or ())
        counts = [k for _, c, k in log.plays]
        assert all(0 < k <= 31 for k in counts)
    heels = [m for m in game.pegs if m.reason is PegReason.HEELS]
    assert all(m.points == 2 for m in heels)
    check_muggins(game)


def check_muggins(game: Game) -> None:
    """Only an opponent of the declarer answers; the first claim ends the answers; all passing loses the miss."""
    rules = game.rules
    for log in game.deals:
        for decl in log.declarations:
            eligible = claimants_of(rules, decl.seat)
            assert set(decl.passes) <= set(eligible) and len(set(decl.passes)) == len(decl.passes)
            if decl.claimed is True:
                assert decl.claimant in eligible and decl.claimant not in decl.passes
            else:
                assert decl.claimant is None
            if decl.claimed is False:
                assert sorted(decl.passes) == sorted(eligible)
    if not rules.muggins:
        assert not any(log.declarations for log in game.deals)
        assert not [m for m in game.pegs if m.reason is PegReason.MUGGINS]


@settings(max_examples=60, deadline=None)
@given(rules=variants, seed=st.integers(0, 2**32 - 1))
def test_random_games_end_and_add_up(rules: Rules, seed: int) -> None:
    players = [(CarelessPlayer if rules.muggins else RandomPlayer)(seed + s) for s in range(rules.players)]
    game = play_game(rules, players, seed)
    check_game(game)
    rec = json.loads(dumps(to_record(game)))
    assert to_record(replay(rec).game) == {**rec, "seed": None}
