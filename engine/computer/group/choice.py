"""Choosing a lay from noisy play-outs: at four players a lay's play-out value swings with every guessed deal
(sixteen cards to play, two partnerships' points), and taking the best of noisy means loses to the steady one move
deep rule. So the play-outs may only overrule that rule's lay when a rank's advantage over it, guess by guess on the
same guesses, is larger than `z` standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from engine.computer.strategies import one_ply
from engine.core.cards import Card
from engine.core.observation import Observation


def rank_tiebreak(rank: int) -> float:
    """The small lean to lay high first that splits equal means (a ten-card's rank counts as ten)."""
    return 0.001 * min(rank, 10)


def best_mean(values: Mapping[int, Sequence[float]]) -> int:
    """The rank whose play-outs are worth most on average."""
    return max(values, key=lambda r: sum(values[r]) / len(values[r]) + rank_tiebreak(r))


def one_ply_rank(obs: Observation, choices: Mapping[int, Card]) -> int:
    """The rank `expected` would lay (points now less the next seat's best reply), ties to the higher rank."""
    return max(choices, key=lambda r: (one_ply(obs, choices[r]), r))


def paired_z(better: Sequence[float], prior: Sequence[float]) -> float:
    """How many standard errors `better`'s mean lies above `prior`'s, guess by guess (the lists share guesses):
    infinite when every guess gains the same positive amount, 0 when none differ."""
    diff = [a - b for a, b in zip(better, prior, strict=True)]
    n = len(diff)
    mean = sum(diff) / n
    if n < 2:
        return 0.0
    var = sum((d - mean) ** 2 for d in diff) / (n - 1)
    if var <= 1e-12:
        return math.inf if mean > 1e-9 else (-math.inf if mean < -1e-9 else 0.0)
    return mean / math.sqrt(var / n)


def guarded_choice(values: Mapping[int, Sequence[float]], prior: int, z: float) -> int:
    """The best-valued rank among `prior` and those whose paired advantage over it exceeds `z` standard errors."""
    passing = {r: v for r, v in values.items() if r == prior or paired_z(v, values[prior]) > z}
    return best_mean(passing)
