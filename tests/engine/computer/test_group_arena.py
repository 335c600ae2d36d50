from __future__ import annotations

import pytest

from engine.computer.arena import RoleTally, pair_seed
from engine.computer.group.arena import (
    GroupTally,
    Lineup,
    LineupError,
    ReplayMismatch,
    checked,
    play_set,
    play_sets,
    shipped_player,
    tally_game,
    tally_set,
)
from engine.computer.players import Player
from engine.core.game import Game
from engine.core.rules import Rules

THREE = Rules(players=3, target=61)
FOUR = Rules(players=4, target=61)


def test_lineups_and_their_seat_orders() -> None:
    one_against_two = Lineup.of(("expected", "greedy"), THREE)
    assert one_against_two.seats == (0, 1, 1)
    assert one_against_two.orders() == ((0, 1, 1), (1, 0, 1), (1, 1, 0))
    assert (one_against_two.even_share(0), one_against_two.even_share(1)) == (1 / 3, 2 / 3)
    three = Lineup.of(("random", "greedy", "expected"), THREE)
    assert three.orders() == ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    partners = Lineup.of(("expected", "greedy"), FOUR)
    assert partners.orders() == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert partners.even_share(1) == 0.5


@pytest.mark.parametrize(("names", "rules", "message"), [
    (("greedy",), THREE, "a 3-player match needs 2 or 3 strengths, not 1: greedy"),
    (("a", "b", "c"), FOUR, "a 4-player match needs 2 strengths (one a partnership), not 3: a b c"),
])
def test_a_lineup_that_cannot_sit_is_named(names: tuple[str, ...], rules: Rules, message: str) -> None:
    with pytest.raises(LineupError) as caught:
        Lineup.of(names, rules)
    assert str(caught.value) == message


def test_a_set_deals_the_same_cards_in_every_seat_order() -> None:
    lineup = Lineup.of(("expected", "greedy"), THREE)
    games = play_set(lineup, pair_seed(4, 0))
    assert [sides for _, sides in games] == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    first = [(log.dealer, log.hands, log.deck_to_crib, log.starter) for log in games[0][0].deals]
    for game, _ in games[1:]:
        shared = min(len(first), len(game.deals))
        assert [(log.dealer, log.hands, log.deck_to_crib, log.starter) for log in game.deals][:shared] == first[:shared]
    assert all(game.over for game, _ in games)


def test_sets_add_up_however_the_match_is_split() -> None:
    lineup = Lineup.of(("expected", "greedy"), FOUR)
    whole = play_sets(lineup, 7, 0, 3)
    assert play_sets(lineup, 7, 0, 1) + play_sets(lineup, 7, 1, 3) == whole
    assert (whole.games, whole.sets, whole.replayed, sum(whole.wins)) == (6, 3, 6, 6)
    assert sum(whole.set_wins_squared) >= 6


def test_a_game_is_tallied_by_side_and_seat() -> None:
    lineup = Lineup.of(("random", "greedy", "expected"), THREE)
    game, sides = play_set(lineup, 11)[3]
    assert sides == (1, 2, 0)
    tally = tally_game(game, sides, lineup)
    winner_side = sides[game.winner or 0]
    assert tally.wins == tuple(int(s == winner_side) for s in range(3))
    complete = len(game.deals) - 1
    assert [sum(role.deals for role in tally.roles[s]) for s in range(3)] == [complete] * 3
    assert sum(tally.roles[s][0].deals for s in range(3)) == complete  # one dealer a deal
    shown = sum(m.points for m in game.pegs if m.deal < complete)
    assert sum(role.total for side in tally.roles for role in side) == shown
    assert all(role.crib == role.heels == 0 for side in tally.roles for role in side[1:])


def test_a_game_that_does_not_replay_is_refused() -> None:
    game, _ = play_set(Lineup.of(("greedy", "greedy"), THREE), 3)[0]
    game.scores[0] += 1  # a point the record's pegs do not show
    with pytest.raises(ReplayMismatch, match="does not replay|replays to"):
        checked(game)


def test_the_interval_by_sets_counts_sets_as_the_draws() -> None:
    empty = GroupTally.empty(2, 3)
    # four sets of three games: A won 1, 2, 0 and 1 of them
    tally = GroupTally(12, 4, 40, 12, (4, 8), (1 + 4 + 0 + 1, 4 + 1 + 9 + 4), empty.roles, (0, 0), (0, 0))
    assert tally.share(0) == 4 / 12
    lo, hi = tally.ci95_sets(0) or (0.0, 0.0)
    # the sets' shares 1/3, 2/3, 0, 1/3: sample variance 2/27, standard error sqrt(2/27/4)
    assert (round(lo, 4), round(hi, 4)) == (0.0666, 0.6001)
    assert GroupTally(3, 1, 10, 3, (1, 2), (1, 4), empty.roles, (0, 0), (0, 0)).ci95_sets(0) is None


def test_tallies_of_different_lineups_do_not_add() -> None:
    with pytest.raises(ValueError, match="different lineups"):
        GroupTally.empty(2, 3) + GroupTally.empty(3, 3)
    assert GroupTally.empty(2, 4).roles == ((RoleTally(),) * 4,) * 2


def test_a_set_tally_counts_one_set() -> None:
    lineup = Lineup.of(("greedy", "greedy"), FOUR)
    tally = tally_set(play_set(lineup, 5), lineup)
    assert (tally.games, tally.sets) == (2, 1)
    assert tally.set_wins_squared == tuple(w * w for w in tally.wins)


def test_a_measurement_seats_its_own_players_around_the_game_they_play() -> None:
    lineup = Lineup.of(("expected", "greedy"), FOUR)
    seated: list[tuple[str, int, Game]] = []

    def seat_player(name: str, seed: int, game: Game) -> Player:
        seated.append((name, seed, game))
        return shipped_player(name, seed, game)

    games = play_set(lineup, 3, seat_player)
    assert [(name, seed) for name, seed, _ in seated] == [
        ("expected", 96), ("greedy", 97), ("expected", 98), ("greedy", 99),
        ("greedy", 100), ("expected", 101), ("greedy", 102), ("expected", 103)]
    assert [next(k for k, (played, _) in enumerate(games) if played is game) for _, _, game in seated] == [
        0, 0, 0, 0, 1, 1, 1, 1]
    assert play_sets(lineup, 7, 0, 2, seat_player) == play_sets(lineup, 7, 0, 2)
