"""An eight-entrant, three-game club night scored by the ACC's grass-roots rules, the Swiss pairings of each round
and the final standings checked by hand."""

from engine.events.scoring import Forfeit, Played, Result
from engine.events.standings import Standing, standings
from engine.events.swiss import Pairings, first_round, next_round

ENTRANTS = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
"""In the order they joined."""
RATINGS = {"ann": 1700.0, "bob": 1650.0, "cat": 1600.0, "dan": 1550.0, "eve": 1500.0, "fay": 1450.0,
           "gus": 1400.0, "hal": 1350.0}

ROUND_1: list[Result] = [
    Played("ann", "eve", 121, 100),  # ann 2 points, +21; eve -21
    Played("bob", "fay", 85, 121),  # fay skunks bob (85 < 91): fay 3, +36; bob -36
    Played("cat", "gus", 121, 118),  # cat 2, +3; gus -3
    Played("dan", "hal", 60, 121),  # hal skunks dan: hal 3, +61; dan -61
]
# After round 1 (game points, spread): hal 3 +61, fay 3 +36, ann 2 +21, cat 2 +3, gus 0 -3, eve 0 -21, bob 0 -36,
# dan 0 -61: round 2 pairs them down the table, nobody has met.
ROUND_2: list[Result] = [
    Played("hal", "fay", 110, 121),  # fay 2, +11; hal -11
    Played("ann", "cat", 121, 95),  # ann 2, +26; cat -26
    Played("gus", "eve", 80, 121),  # eve skunks gus: eve 3, +41; gus -41
    Played("bob", "dan", 120, 121),  # dan 2, +1; bob -1
]
# After round 2: fay 5 +47, ann 4 +47, hal 3 +50, eve 3 +20, cat 2 -23, dan 2 -60, bob 0 -37, gus 0 -44.
# Down the table: fay v ann, hal v eve, cat v dan, bob v gus (none has met).
ROUND_3: list[Result] = [
    Played("fay", "ann", 100, 121),  # ann 2, +21; fay -21
    Played("hal", "eve", 121, 85),  # hal skunks eve: hal 3, +36; eve -36
    Played("cat", "dan", 121, 104),  # cat 2, +17; dan -17
    Forfeit("gus", "bob"),  # bob's timer ran out: gus 2, +30; bob 0, -30
]
# Final, by hand:
#   ann  2+2+2 = 6 points, 3 won, +21+26+21 = +68
#   hal  3+0+3 = 6 points, 2 won, +61-11+36 = +86   (below ann: level on points, one game fewer won)
#   fay  3+2+0 = 5 points, 2 won, +36+11-21 = +26
#   cat  2+0+2 = 4 points, 2 won, +3-26+17 = -6
#   eve  0+3+0 = 3 points, 1 won, -21+41-36 = -16
#   gus  0+0+2 = 2 points, 1 won, -3-41+30 = -14    (above dan: level on points and games, better spread)
#   dan  0+2+0 = 2 points, 1 won, -61+1-17 = -77
#   bob  0+0+0 = 0 points, 0 won, -36-1-30 = -67


def test_the_first_round_is_seeded_by_rating_top_half_against_bottom_half() -> None:
    assert first_round(ENTRANTS, RATINGS) == Pairings(
        (("ann", "eve"), ("bob", "fay"), ("cat", "gus"), ("dan", "hal")), None)


def test_the_later_rounds_pair_down_the_table() -> None:
    assert next_round(ENTRANTS, ROUND_1, RATINGS) == Pairings(
        (("hal", "fay"), ("ann", "cat"), ("gus", "eve"), ("bob", "dan")), None)
    assert next_round(ENTRANTS, ROUND_1 + ROUND_2, RATINGS) == Pairings(
        (("fay", "ann"), ("hal", "eve"), ("cat", "dan"), ("bob", "gus")), None)


def test_the_final_standings_are_the_hand_count() -> None:
    table = standings(ENTRANTS, ROUND_1 + ROUND_2 + ROUND_3)
    assert [(s.place, s.entrant, s.game_points, s.won, s.played, s.spread, s.skunks) for s in table] == [
        (1, "ann", 6, 3, 3, 68, 0),
        (2, "hal", 6, 2, 3, 86, 2),
        (3, "fay", 5, 2, 3, 26, 1),
        (4, "cat", 4, 2, 3, -6, 0),
        (5, "eve", 3, 1, 3, -16, 1),
        (6, "gus", 2, 1, 3, -14, 0),
        (7, "dan", 2, 1, 3, -77, 0),
        (8, "bob", 0, 0, 3, -67, 0),
    ]
    assert not any(s.tied for s in table)
    assert table[0] == Standing(1, "ann", 6, 3, 3, 68)
    assert table[7].lost == 3


def test_standings_part_way_count_only_the_games_played() -> None:
    table = standings(ENTRANTS, ROUND_1[:2])
    assert [(s.entrant, s.game_points, s.played) for s in table] == [
        ("fay", 3, 1), ("ann", 2, 1), ("cat", 0, 0), ("dan", 0, 0), ("gus", 0, 0), ("hal", 0, 0), ("eve", 0, 1),
        ("bob", 0, 1)]
    assert [s.tied for s in table] == [False, False, True, True, True, True, False, False]
