"""Knockout brackets: seeding so the top seeds meet last, byes to the top seeds, advancing winners, double
elimination with its reset final."""

import pytest

from engine.events.knockout import Bracket, Draw, Empty, KnockoutMatch, MatchKey, bracket_order, draw
from engine.events.problems import EventError, EventProblem

BYE = Empty.BYE


def w(rnd: int, slot: int) -> MatchKey:
    return MatchKey(Bracket.WINNERS, rnd, slot)


def lo(rnd: int, slot: int) -> MatchKey:
    return MatchKey(Bracket.LOSERS, rnd, slot)


def final(rnd: int) -> MatchKey:
    return MatchKey(Bracket.FINAL, rnd, 0)


def rows(d: Draw) -> list[tuple[str, object, object, object]]:
    return [(m.key.name, m.first, m.second, m.winner) for m in d.matches]


def test_the_bracket_order_keeps_the_top_seeds_apart() -> None:
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


def test_four_entrants_play_semi_finals_then_a_final() -> None:
    seeds = ["ann", "bob", "cat", "dan"]
    assert rows(draw(seeds)) == [("W1.0", "ann", "dan", None), ("W1.1", "bob", "cat", None),
                                 ("W2.0", None, None, None)]
    after = draw(seeds, {w(1, 0): "ann", w(1, 1): "cat"})
    assert [m.key.name for m in after.ready()] == ["W2.0"]
    assert after.match(w(2, 0)) == KnockoutMatch(w(2, 0), "ann", "cat")
    assert after.champion is None
    assert draw(seeds, {w(1, 0): "ann", w(1, 1): "cat", w(2, 0): "cat"}).champion == "cat"


def test_five_entrants_give_the_top_three_seeds_byes() -> None:
    d = draw(["s1", "s2", "s3", "s4", "s5"])
    assert rows(d) == [("W1.0", "s1", BYE, "s1"), ("W1.1", "s4", "s5", None), ("W1.2", "s2", BYE, "s2"),
                       ("W1.3", "s3", BYE, "s3"), ("W2.0", "s1", None, None), ("W2.1", "s2", "s3", None),
                       ("W3.0", None, None, None)]
    assert [m.key.name for m in d.ready()] == ["W1.1", "W2.1"]
    assert d.match(w(1, 0)).walkover and not d.match(w(1, 1)).walkover


def test_eight_entrants_meet_one_v_eight_four_v_five_two_v_seven_three_v_six() -> None:
    seeds = [f"s{i}" for i in range(1, 9)]
    d = draw(seeds)
    assert [(m.first, m.second) for m in d.matches[:4]] == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]
    favourites = {w(1, 0): "s1", w(1, 1): "s4", w(1, 2): "s2", w(1, 3): "s3", w(2, 0): "s1", w(2, 1): "s2"}
    d = draw(seeds, favourites)
    assert d.match(w(2, 0)) == KnockoutMatch(w(2, 0), "s1", "s4", "s1")
    assert d.match(w(3, 0)) == KnockoutMatch(w(3, 0), "s1", "s2")


def test_double_elimination_for_four_with_a_reset_final() -> None:
    seeds = ["ann", "bob", "cat", "dan"]
    won = {w(1, 0): "ann", w(1, 1): "cat", w(2, 0): "ann", lo(1, 0): "bob", lo(2, 0): "bob"}
    d = draw(seeds, won, double=True)
    assert rows(d) == [("W1.0", "ann", "dan", "ann"), ("W1.1", "bob", "cat", "cat"), ("W2.0", "ann", "cat", "ann"),
                       ("L1.0", "dan", "bob", "bob"), ("L2.0", "bob", "cat", "bob"), ("F1.0", "ann", "bob", None)]
    # bob, from the losers' bracket, wins the first final: ann has lost once too, so a second final decides it
    d = draw(seeds, won | {final(1): "bob"}, double=True)
    assert d.champion is None
    assert d.match(final(2)) == KnockoutMatch(final(2), "ann", "bob")
    assert draw(seeds, won | {final(1): "bob", final(2): "ann"}, double=True).champion == "ann"
    # without the reset, the first final is the last
    assert draw(seeds, won | {final(1): "bob"}, double=True, reset=False).champion == "bob"
    # ann wins the first final: no second one
    decided = draw(seeds, won | {final(1): "ann"}, double=True)
    assert (decided.champion, decided.matches[-1].key.name) == ("ann", "F1.0")


def test_double_elimination_for_five_walks_over_the_byes() -> None:
    d = draw(["s1", "s2", "s3", "s4", "s5"], {w(1, 1): "s5"}, double=True)
    losers = [(m.key.name, m.first, m.second, m.winner) for m in d.matches if m.key.side is Bracket.LOSERS]
    assert losers == [("L1.0", BYE, "s4", "s4"), ("L1.1", BYE, BYE, BYE), ("L2.0", "s4", None, None),
                      ("L2.1", BYE, None, None), ("L3.0", None, None, None), ("L4.0", None, None, None)]


def test_a_winner_for_a_match_not_due_or_not_theirs_is_refused() -> None:
    with pytest.raises(EventError) as caught:
        draw(["ann", "bob", "cat", "dan"], {w(2, 0): "ann"})
    assert (caught.value.code, caught.value.fields["match"]) == (EventProblem.NOT_READY, "W2.0")
    with pytest.raises(EventError) as caught:
        draw(["ann", "bob", "cat", "dan"], {w(1, 0): "bob"})
    assert caught.value.fields == {"match": "W1.0", "entrant": "bob"}
    with pytest.raises(EventError) as caught:
        draw(["ann", "bob", "cat"], {w(1, 0): "ann"})  # ann walks over the bye: nothing to win
    assert caught.value.code is EventProblem.NOT_READY
    with pytest.raises(EventError) as caught:
        draw(["ann"])
    assert caught.value.code is EventProblem.TOO_FEW


def play_out(seeds: list[str], double: bool, upsets: bool) -> tuple[Draw, dict[MatchKey, str]]:
    """Every ready match decided (the better seed wins, or the worse with `upsets`) until a champion."""
    won: dict[MatchKey, str] = {}
    d = draw(seeds, won, double=double)
    while d.champion is None:
        for m in d.ready():
            assert isinstance(m.first, str) and isinstance(m.second, str)
            better, worse = sorted((m.first, m.second), key=seeds.index)
            won[m.key] = worse if upsets else better
        d = draw(seeds, won, double=double)
    return d, won


@pytest.mark.parametrize("count", range(2, 18))
def test_every_bracket_plays_out_to_one_champion(count: int) -> None:
    seeds = [f"s{i}" for i in range(1, count + 1)]
    single, won = play_out(seeds, double=False, upsets=False)
    assert (single.champion, len(won)) == ("s1", count - 1)
    for upsets in (False, True):
        double, won = play_out(seeds, double=True, upsets=upsets)
        played = [m for m in double.matches if m.key in won]
        losses = {s: sum(m.loser == s for m in played) for s in seeds}
        champion = double.champion or ""
        assert all(n == 2 for s, n in losses.items() if s != champion)
        assert losses[champion] == (1 if len(won) == 2 * count - 1 else 0)
        assert double.champion == (seeds[-1] if upsets else "s1")
