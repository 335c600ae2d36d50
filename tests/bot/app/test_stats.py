import pytest

from bot.app.companion.game_stats import (
    LeaderRow,
    PlayerStats,
    StatsError,
    all_player_stats,
    game_stats,
    leaderboard,
    leaderboard_text,
    player_stats,
    server_stats,
    server_text,
    stats_text,
)
from engine.analysis.practice import Tally
from engine.computer.players import make_player
from engine.computer.selfplay import play_game
from engine.core.record import to_record
from engine.core.rules import Rules

ANN, BOB, CPU = "discord:1", "discord:2", "computer:expert"


def record(seats, winner, final, pegs=(), deals=None, target=121, players=2):
    """A small hand-made record: only what statistics read."""
    return {
        "format": "cribbage-record", "version": 1,
        "rules": {"players": players, "target": target, "muggins": False, "skunk": False},
        "seats": list(seats),
        "deals": deals if deals is not None else [{"dealer": 0, "hands": [["AS"], ["2S"]]},
                                                  {"dealer": 1, "hands": [["AS"], ["2S"]]}],
        "pegs": [{"deal": d, "seat": s, "points": p, "reason": r, "front": 0, "back": 0} for d, s, p, r in pegs],
        "winner": winner,
        "final": list(final) if final is not None else None,
    }


PEGS = [(0, 1, 2, "play"), (0, 1, 1, "go"), (0, 0, 8, "hand"), (0, 1, 6, "hand"), (0, 1, 4, "crib"),
        (1, 0, 2, "heels"), (1, 0, 1, "last"), (1, 1, 12, "hand"), (1, 0, 10, "hand"), (1, 0, 5, "crib")]


def test_one_game_per_seat() -> None:
    parts = game_stats(record([ANN, BOB], 0, [121, 95], PEGS))
    a, b = parts[ANN], parts[BOB]
    assert (a.games, a.wins, a.deals, a.cribs, a.pegging, a.hand, a.crib, a.heels) == (1, 1, 2, 1, 1, 18, 5, 2)
    assert (b.games, b.wins, b.deals, b.cribs, b.pegging, b.hand, b.crib, b.heels) == (1, 0, 2, 1, 3, 18, 4, 0)
    assert a.pegging_per_deal == 0.5 and a.hand_per_deal == 9.0 and a.crib_per_crib == 5.0
    assert b.skunks_taken == 0 and a.skunks_given == 0


@pytest.mark.parametrize(
    ("target", "loser", "kind"),
    [(121, 91, None), (121, 90, "skunk"), (121, 61, "skunk"), (121, 60, "double"), (61, 31, None),
     (61, 30, "skunk"), (61, 0, "skunk")],
)
def test_skunks_from_final_scores(target: int, loser: int, kind: str | None) -> None:
    parts = game_stats(record([ANN, BOB], 1, [loser, target], target=target))
    a, b = parts[ANN], parts[BOB]
    assert (b.skunks_given, a.skunks_taken) == ((1, 1) if kind == "skunk" else (0, 0))
    assert (b.double_skunks_given, a.double_skunks_taken) == ((1, 1) if kind == "double" else (0, 0))


def test_unfinished_and_resigned_games() -> None:
    assert game_stats(record([ANN, BOB], None, None)) == {}
    resigned = game_stats(record([ANN, BOB], 1, None))  # the caller set the winner from storage
    assert resigned[BOB].wins == 1 and resigned[ANN].skunks_taken == 0


def test_players_add_up_over_games_with_tallies() -> None:
    records = [record([ANN, BOB], 0, [121, 95], PEGS), record([BOB, ANN], 0, [121, 50]),
               record([ANN, CPU], 1, [80, 121]), record([ANN, BOB], None, None)]
    ann = player_stats(records, ANN, Tally(4, 3, 2, 0))
    assert (ann.games, ann.wins, ann.losses, ann.double_skunks_taken, ann.skunks_taken) == (3, 1, 2, 1, 1)
    assert ann.win_rate == pytest.approx(1 / 3) and ann.deals == 6 and ann.cribs == 3
    assert ann.counting == Tally(4, 3, 2, 0)
    assert player_stats(records, "discord:9") == PlayerStats("discord:9")
    everyone = all_player_stats(records, {"discord:9": Tally(1, 1, 0, 0)})
    assert sorted(everyone) == [CPU, ANN, BOB, "discord:9"]
    assert everyone["discord:9"].games == 0 and everyone["discord:9"].counting == Tally(1, 1, 0, 0)
    assert everyone[CPU].is_computer and not everyone[ANN].is_computer


def test_server_totals() -> None:
    records = [record([ANN, BOB], 0, [121, 95], PEGS), record([BOB, ANN], 0, [121, 50]), record([ANN, BOB], None, None)]
    s = server_stats(records)
    assert (s.games, s.deals) == (2, 4)
    assert [p.player for p in s.players] == [ANN, BOB]
    assert s.player(BOB).wins == 1 and s.player("discord:7") == PlayerStats("discord:7")


def test_four_players_partners_share_the_win() -> None:
    parts = game_stats(record(["discord:1", "discord:2", "discord:3", "discord:4"], 2, [121, 70, 121, 70],
                              players=4))
    assert [parts[f"discord:{i}"].wins for i in (1, 2, 3, 4)] == [1, 0, 1, 0]
    assert parts["discord:2"].skunks_taken == 1 and parts["discord:3"].skunks_given == 1


def test_leaderboard_by_wins_then_rate_with_a_minimum() -> None:
    games = ([record([ANN, BOB], 0, [121, 100])] * 3 + [record([ANN, BOB], 1, [100, 121])] * 2
             + [record(["discord:3", BOB], 0, [121, 100])] * 3 + [record(["discord:4", CPU], 0, [121, 100])] * 5
             + [record(["discord:5", CPU], 0, [121, 100])] * 2)
    board = leaderboard(games, min_games=3)
    assert board == (
        LeaderRow(1, "discord:4", 5, 5, 1.0),
        LeaderRow(2, "discord:3", 3, 3, 1.0),
        LeaderRow(3, ANN, 5, 3, 0.6),  # 3 wins at 1.0 beat 3 wins at 0.6
        LeaderRow(4, BOB, 8, 2, 0.25),
    )  # discord:5 has too few games
    assert [r.player for r in leaderboard(games, min_games=1, limit=2)] == ["discord:4", "discord:3"]
    assert CPU in [r.player for r in leaderboard(games, min_games=1, include_computers=True)]
    with pytest.raises(ValueError, match="min_games"):
        leaderboard(games, min_games=0)


def test_leaderboard_ties_share_a_rank() -> None:
    games = [record([ANN, CPU], 0, [121, 100]), record([BOB, CPU], 0, [121, 100])]
    assert [(r.rank, r.player) for r in leaderboard(games, min_games=1)] == [(1, ANN), (1, BOB)]


def test_a_real_game_adds_up_to_the_final_scores() -> None:
    rules = Rules()
    game = play_game(rules, [make_player("expert", 1), make_player("greedy", 2)], seed=5)
    rec = to_record(game, [ANN, CPU])
    parts = game_stats(rec)
    for seat, name in enumerate([ANN, CPU]):
        p = parts[name]
        assert p.pegging + p.hand + p.crib + p.heels == rec["final"][seat]
        assert p.deals == len(rec["deals"])
    assert parts[ANN].cribs + parts[CPU].cribs == len(rec["deals"])


def test_unreadable_records_are_named() -> None:
    with pytest.raises(StatsError, match="JSON object"):
        game_stats(["not", "a", "record"])  # type: ignore[arg-type]
    with pytest.raises(StatsError, match="not a readable game record"):
        game_stats({"winner": 0, "rules": {}, "seats": [ANN, BOB], "pegs": [{"seat": 0}]})
    with pytest.raises(StatsError, match="seats"):
        game_stats({"winner": 0, "rules": {}, "seats": [ANN]})


def test_statistics_in_words() -> None:
    records = [record([ANN, BOB], 0, [121, 95], PEGS), record([BOB, ANN], 0, [121, 50])]
    names = {ANN: "Ann", BOB: "Bob"}.get
    ann = player_stats(records, ANN, Tally(4, 3, 2, 1))
    assert stats_text(ann, "en", names).splitlines() == [
        "Statistics of Ann",
        "Games 2, wins 1, losses 1 (50%).",
        "Skunks given 0 (double 0), taken 0 (double 1).",
        "Per deal: pegging 0.2, hand 4.5; crib 2.5 per crib.",
        "Counting: 3 of 4 exact (75%); points missed 2, over-claimed 1.",
    ]
    assert stats_text(PlayerStats("discord:9"), "zh", lambda p: "小明").splitlines() == [
        "小明 的统计", "小明 还没有打完的对局。", "数分：还没有练习记录。"]
    board = leaderboard(records, min_games=2)
    assert leaderboard_text(board, "en", names, min_games=2).splitlines() == [
        "Leaderboard (at least 2 games)", "1. Ann: won 1 of 2 (50%)", "1. Bob: won 1 of 2 (50%)"]
    assert leaderboard_text((), "zh", names, min_games=5) == "这里还没有人打完 5 局。"
    assert server_text(server_stats(records), "en") == "This server: 2 games, 4 deals, 2 players."
