from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.computer.group.pegsim import group_playout
from engine.computer.pegsim import quick_policy
from engine.core.actions import Action, Discard, Play
from engine.core.events import PegReason
from engine.core.game import Game, Phase
from engine.core.observation import Observation, observe
from engine.core.rules import Rules


class QuickSeat:
    """Lays away its first card(s) and lays by quick_policy: the simulator's own rule, so both must agree."""

    name = "quick"

    def choose(self, obs: Observation) -> Action:
        if obs.phase is Phase.DISCARD:
            return Discard(obs.seat, obs.hand[:obs.rules.discard_each])
        plays = [a for a in obs.legal if isinstance(a, Play)]
        if not plays:
            return obs.legal[0]
        nxt = obs.cards_held[(obs.seat + 1) % obs.rules.players]
        rank = quick_policy([a.card.rank for a in plays], [c.rank for c in obs.series], obs.count, nxt)
        return next(a for a in plays if a.card.rank == rank)


def play_points(game: Game, deal: int) -> list[int]:
    points = [0] * game.rules.players
    for move in game.pegs:
        if move.deal == deal and move.reason in (PegReason.PLAY, PegReason.GO, PegReason.LAST):
            points[move.seat] += move.points
    return points


@pytest.mark.parametrize("players", [3, 4])
def test_play_outs_peg_as_the_engine_does(players: int) -> None:
    checked = 0
    for seed in range(40):
        game = Game(Rules(players=players, target=121), seed=seed)
        seats: Sequence[QuickSeat] = [QuickSeat() for _ in range(players)]
        while game.phase is not Phase.PLAY:
            game.apply(seats[game.to_act()[0]].choose(_obs(game, game.to_act()[0])))
        if game.over:
            continue
        hands = [[c.rank for c in h] for h in game.hands]
        dealer, deal = game.dealer, game.deal_number
        while game.phase is Phase.PLAY:
            seat = game.to_act()[0]
            game.apply(seats[seat].choose(_obs(game, seat)))
        if game.over:
            continue
        points, first = group_playout(hands, [], 0, (dealer + 1) % players, [False] * players, None)
        assert points == play_points(game, deal) and first == -1
        checked += 1
    assert checked == 40


def _obs(game: Game, seat: int) -> Observation:
    return observe(game, seat)


def test_the_race_is_won_by_a_team() -> None:
    # four players, partners 0 and 2: seat 0 leads a 5, seat 1's king makes fifteen (team 1 needs 2: it wins there),
    # seat 2 lays a 5, seat 3 an ace and one for last
    hands = [[5], [13], [5], [1]]
    points, first = group_playout(hands, [], 0, 0, [False] * 4, None, need=[3, 2], teams=[0, 1, 0, 1])
    assert points == [0, 2, 0, 1] and first == 1
    points, first = group_playout([[5], [13], [5], [1]], [], 0, 0, [False] * 4, None, need=[9, 9], teams=[0, 1, 0, 1])
    assert points == [0, 2, 0, 1] and first == -1


def test_three_players_go_passes_round() -> None:
    # count 25: seat 1's king cannot be laid (go), seat 2's 6 makes 31 for 2; seat 0, left of seat 2, leads its ace
    # anew, seat 1 lays the king and scores one for last
    points, first = group_playout([[1], [13], [6]], [10, 10, 5], 25, 1, [False] * 3, 0)
    assert points == [0, 1, 2] and first == -1


def test_a_play_out_can_stop_with_the_series() -> None:
    points, _ = group_playout([[1], [13], [6]], [10, 10, 5], 25, 1, [False] * 3, 0, until_reset=True)
    assert points == [0, 0, 2]  # the 31, and nothing of the series after it
