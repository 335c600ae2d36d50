"""A running game's record as a seat or a spectator may read it: nothing the table has not shown them."""

from engine.core.game import Game, Phase
from engine.core.record import to_record
from engine.core.record_view import SPECTATOR, record_for
from engine.core.rules import Rules

NAMES = ["ann", "bob"]


def first_legal_until(game: Game, done: object) -> Game:
    while not done(game):  # type: ignore[operator]
        game.apply(game.legal_actions()[0])
    return game


def three_cards_laid() -> Game:
    return first_legal_until(Game(seed=11), lambda g: g.phase is Phase.PLAY and len(g.deals[-1].plays) == 3)


def test_a_seat_sees_its_own_six_cards_and_only_the_cards_the_other_has_laid() -> None:
    game = three_cards_laid()
    whole = to_record(game, NAMES)
    assert whole["seed"] == 11 and whole["deals"][0]["hands"][1] == ["AH", "2D", "3H", "AD", "QC", "8C"]
    mine = record_for(game, NAMES, 0)
    (deal,) = mine["deals"]
    assert "seed" not in mine and mine["view"] == {"seat": 0, "redacted": True}
    assert deal["hands"] == [["6C", "10H", "4C", "5H", "5S", "9S"], ["3H", "AD"]]
    assert deal["discards"] == [["6C", "10H"], None] and "crib" not in deal
    assert deal["starter"] == "9C" and [p["card"] for p in deal["plays"]] == ["3H", "4C", "AD"]
    theirs = record_for(game, NAMES, 1)["deals"][0]
    assert theirs["hands"] == [["4C"], ["AH", "2D", "3H", "AD", "QC", "8C"]]
    assert theirs["discards"] == [None, ["AH", "2D"]]
    watching = record_for(game, NAMES, SPECTATOR)["deals"][0]
    assert watching["hands"] == [["4C"], ["3H", "AD"]] and watching["discards"] == [None, None]


def test_after_the_show_the_kept_hands_and_the_crib_are_seen_but_not_who_laid_which_card_away() -> None:
    game = first_legal_until(Game(seed=11), lambda g: len(g.deals) == 2)
    record = record_for(game, NAMES, SPECTATOR)
    shown, next_deal = record["deals"]
    assert shown["hands"] == [["4C", "5H", "5S", "9S"], ["3H", "AD", "QC", "8C"]]
    assert shown["crib"] == ["AH", "2D", "6C", "10H"] and shown["discards"] == [None, None]
    assert next_deal["hands"] == [[], []] and next_deal["starter"] is None
    assert record["pegs"] == to_record(game, NAMES)["pegs"]


def test_pegs_of_a_show_the_table_has_not_shown_yet_are_left_out() -> None:
    game = first_legal_until(Game(seed=11), lambda g: len(g.deals) == 2)
    hidden_from = next(i for i, e in enumerate(game.events) if type(e).__name__ == "Shown")
    record = record_for(game, NAMES, 0, seen=hidden_from)
    shown = record["deals"][0]
    assert shown["hands"][1] == ["3H", "AD", "QC", "8C"]  # every card was laid in the play
    assert "crib" not in shown
    assert [p["reason"] for p in record["pegs"]] == [p["reason"] for p in to_record(game, NAMES)["pegs"]
                                                     if p["deal"] == 0 and p["reason"] not in ("hand", "crib")]


def test_the_deck_card_to_a_three_player_crib_is_never_shown_as_such() -> None:
    game = first_legal_until(Game(Rules(players=3), seed=5), lambda g: g.phase is Phase.PLAY)
    whole = to_record(game, ["a", "b", "c"])["deals"][0]
    seen = record_for(game, ["a", "b", "c"], 2)["deals"][0]
    assert len(whole["deck_to_crib"]) == 1 and seen["deck_to_crib"] == []
    assert [len(h) for h in seen["hands"]] == [0, 0, 5]


def test_a_finished_game_is_whole_for_everyone() -> None:
    game = first_legal_until(Game(Rules(target=61), seed=3), lambda g: g.over)
    assert record_for(game, NAMES, SPECTATOR) == to_record(game, NAMES)
