"""A game's variants decided once from its rules and seats (bot/app/game/variants.py): what muggins, counting one's
own hands and partnerships change at the table."""

from bot.app.game.variants import Variants
from bot.storage.values import GameMeta, Seat, SeatKind, Status
from engine.core.game import Phase
from engine.core.rules import Rules

ANN = Seat(SeatKind.HUMAN, "ann", "u1")
BOB = Seat(SeatKind.HUMAN, "bob", "u2")
CPU = Seat(SeatKind.COMPUTER, "computer (easy)", "", "easy")


def game(rules: Rules, seats: tuple[Seat, ...], self_count: tuple[int, ...] = ()) -> GameMeta:
    return GameMeta("g1", rules, seats, 7, Status.ACTIVE, "chan", 1.0, 1.0, self_count=self_count)


def test_the_standard_game_changes_nothing() -> None:
    v = Variants.of(game(Rules(), (ANN, CPU)))
    assert v == Variants(muggins=False, own_counters=(), partnerships=False)
    assert (v.asks_for_a_count(Phase.SHOW), v.table_head, v.invitation_note) == (False, "game.table_head", None)


def test_muggins_asks_for_counts_at_the_show_and_says_so() -> None:
    v = Variants.of(game(Rules(muggins=True), (ANN, BOB)))
    assert [v.asks_for_a_count(p) for p in (Phase.DISCARD, Phase.PLAY, Phase.SHOW, Phase.MUGGINS)] == [
        False, False, True, True]
    assert (v.table_head, v.invitation_note) == ("game.table_head_muggins", "game.invite_muggins")


def test_only_member_seats_count_their_own_hands_and_four_players_are_partners() -> None:
    v = Variants.of(game(Rules(players=4), (ANN, CPU, BOB, CPU), self_count=(0, 1, 2, 9)))
    assert (v.own_counters, v.partnerships) == ((0, 2), True)
    assert Variants.of(game(Rules(players=3), (ANN, BOB, CPU))).partnerships is False
