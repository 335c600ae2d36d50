"""Two discard settings of the expert compared deal by deal, run by hand (a screen, never a test):

    nice -n 19 .venv/bin/python scripts/discard_duel.py 'peg_weight=0.0,crib_model=0' 'peg_weight=0.25' \\
        [--deals 4000] [--seed 1] [--against expected] [--every] [--endgame]

Each deal is dealt once from its seed; the expert (seat 0, dealer and pone in turn) lays away as each setting
says against the same opponent cards, and where the two lay away differently the deal is played out for both
(the same pegging seeds) and the points margins compared. Where they agree the difference is exactly zero, so
this is far less noisy than whole games: it measures points per deal, not wins. With --every every deal is
played out for both (for settings that change the play, not only the discard).

With --endgame each deal starts at endgame scores (seat 0 on 76-118, seat 1 on 60-118), the settings keep the
shipped win table unless they say `table=none`, and what is compared is seat 0's chance of winning when the
deal is over: 1 or 0 if it ended the game, else the table's chance from the scores it left. That holds the
expert's discards for the win to the real play of the deal, not to the model it judged them with.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.analysis.winprob import WinTable, shipped_table  # noqa: E402
from engine.computer.expert import ExpertPlayer  # noqa: E402
from engine.computer.players import Player, make_player  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.core.observation import observe  # noqa: E402
from engine.core.rules import Rules  # noqa: E402


def settings(spec: str, win: bool = False) -> dict[str, float | int | None]:
    out: dict[str, float | int | None] = {} if win else {"table": None}
    for item in filter(None, spec.split(",")):
        key, value = item.split("=")
        out[key] = None if value == "none" else float(value) if "." in value else int(value)
    return out


def deal_margin(player: Player, other: Player, dealer: int, seed: int, scores: tuple[int, int] = (0, 0),
                table: WinTable | None = None) -> tuple[float, tuple[int, int]]:
    """Seat 0's points less seat 1's over one deal (with a table: seat 0's chance of winning after it), and
    the points by kind (pegging, show) for seat 0."""
    game = Game.at_position(Rules(), list(scores), dealer=dealer, seed=seed)
    players = (player, other)
    first = game.deal_number
    while game.deal_number == first and not game.over:
        for seat in game.to_act():
            if seat in game.to_act():
                game.apply(players[seat].choose(observe(game, seat)))
    peg = sum(m.points for m in game.pegs if m.seat == 0 and m.reason.value in ("play", "go", "last"))
    gained = game.scores[0] - scores[0]
    kinds = (peg, gained - peg)
    if table is None:
        return game.scores[0] - game.scores[1], kinds
    if game.over:
        return float(game.scores[0] >= game.rules.target), kinds
    return table.p_win(game.scores[0], game.scores[1], dealer == 1, game.rules.target), kinds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("x")
    parser.add_argument("y")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="expected")
    parser.add_argument("--every", action="store_true", help="play every deal out (settings that change the play)")
    parser.add_argument("--endgame", action="store_true", help="endgame scores; compare chances of winning")
    args = parser.parse_args()
    sx, sy = settings(args.x, args.endgame), settings(args.y, args.endgame)
    shipped = shipped_table()
    table = shipped if args.endgame and isinstance(shipped, WinTable) else None
    if args.endgame and table is None:
        parser.error(f"--endgame needs the win table: {shipped}")
    diffs: list[float] = []
    kinds = [0, 0]
    for i in range(args.deals):
        seed, dealer = args.seed * 1_000_003 + i, i % 2
        scores = (76 + seed % 43, 60 + seed // 43 % 59) if args.endgame else (0, 0)
        probe = Game.at_position(Rules(), list(scores), dealer=dealer, seed=seed)
        obs = observe(probe, 0)
        x, y = ExpertPlayer(i, **sx), ExpertPlayer(i, **sy)  # type: ignore[arg-type]
        if not args.every and x.choose(obs) == y.choose(obs):
            diffs.append(0)
            continue
        mx, kx = deal_margin(ExpertPlayer(i, **sx), make_player(args.against, i + 7), dealer, seed,  # type: ignore[arg-type]
                             scores, table)
        my, ky = deal_margin(ExpertPlayer(i, **sy), make_player(args.against, i + 7), dealer, seed,  # type: ignore[arg-type]
                             scores, table)
        diffs.append(mx - my)
        kinds[0] += kx[0] - ky[0]
        kinds[1] += kx[1] - ky[1]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    changed = sum(1 for d in diffs if d) / n
    unit = "chance of winning" if table else "points/deal"
    print(f"x - y: {mean:+.4f} {unit} (se {se:.4f}) over {n} deals, {100 * changed:.1f}% of them changed; "
          f"own pegging {kinds[0] / n:+.4f}, own show and heels {kinds[1] / n:+.4f}")


if __name__ == "__main__":
    main()
