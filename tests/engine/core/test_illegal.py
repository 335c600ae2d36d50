"""Every refusal of the game as a value: its code, the facts it names, and its unchanged English text."""

import pickle
from collections.abc import Callable

import pytest

from engine.core.actions import Action, Cut, Deal, Declare, Discard, Go, Muggins, Play, Starter
from engine.core.cards import parse_card, parse_cards
from engine.core.game import Game, Illegal, IllegalAction, Phase
from engine.core.rules import Rules
from tests.engine.helpers import cut_for, deal, play, play_first_legal

KH, QH, TEN_S, NINE_S, FIVE_D, SEVEN_H = (parse_card(t) for t in ("KH", "QH", "10S", "9S", "5D", "7H"))
HANDS = ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"]


def refusal(game: Game, action: object) -> IllegalAction:
    """The refusal of `action`, checked to have changed nothing."""
    before = (game.version, len(game.events), game.phase, [list(h) for h in game.hands])
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert (game.version, len(game.events), game.phase, [list(h) for h in game.hands]) == before
    return caught.value


def dealt() -> Game:
    """Seat 0 deals; both hands dealt, nothing laid away."""
    game = Game()
    cut_for(game, 0)
    game.apply(Deal(tuple(parse_cards(h) for h in HANDS)))
    return game


def in_play() -> Game:
    """The pone (seat 1) has laid 10S, the dealer KH, the pone JS: the count is 30, the dealer to play."""
    game = Game()
    cut_for(game, 0)
    deal(game, HANDS, ["2C 3C", "7D 5D"], "AH")
    play(game, "p:10S d:KH p:JS")
    return game


def counting() -> Game:
    """A muggins show: seat 1 (the pone) counts its hand first."""
    game = Game.at_position(Rules(muggins=True), [0, 0], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C KC", "5C 5D 5H JS 2H 3H"], ["9C KC", "2H 3H"], "5S")
    play_first_legal(game)
    return game


def won() -> Game:
    game = Game.at_position(Rules(), [119, 40], dealer=0)
    deal(game, HANDS, ["2C 3C", "7D 5D"], "JC")
    return game


def three_cutting_again() -> Game:
    """Three players: seats 0 and 1 tie for low card and cut again; seat 2 is out."""
    game = Game(Rules(players=3))
    for seat, card in enumerate(parse_cards("7H 7S KD")):
        game.apply(Cut(seat, card))
    return game


CASES: list[tuple[Callable[[], Game], object, Illegal, dict[str, object], str]] = [
    (won, Play(1, TEN_S), Illegal.GAME_OVER, {"action": Play(1, TEN_S)},
     "the game is over; seat 1 plays 10S is not allowed"),
    (Game, "go", Illegal.NOT_AN_ACTION, {"action": "go"}, "not an action: 'go'"),
    (Game, Cut(2, KH), Illegal.NO_SEAT, {"seat": 2, "players": 2}, "no seat 2 in a 2-player game"),
    (Game, Discard(0, (KH, QH)), Illegal.WRONG_PHASE,
     {"action": Discard(0, (KH, QH)), "phase": Phase.CUT, "expected": Phase.DISCARD},
     "seat 0 lays away KH QH is not allowed now: the game is in the cut phase"),
    (three_cutting_again, Cut(2, KH), Illegal.NOT_CUTTING, {"seat": 2, "cutters": (0, 1)},
     "seat 2 does not cut now (cutting: [0, 1])"),
    (lambda: _after(Game(), Cut(0, SEVEN_H)), Cut(0, KH), Illegal.ALREADY_CUT, {"seat": 0, "card": SEVEN_H},
     "seat 0 has already cut 7H"),
    (lambda: _after(Game(), Cut(0, SEVEN_H)), Cut(1, SEVEN_H), Illegal.CARD_ALREADY_CUT, {"card": SEVEN_H},
     "7H was already cut in this round"),
    (lambda: _after_cut(0), Deal((parse_cards(HANDS[0]),)), Illegal.DEAL_HANDS, {"expected": 2, "got": 1},
     "a deal needs 2 hands, got 1"),
    (lambda: _after_cut(0), Deal((parse_cards(HANDS[0]), parse_cards(HANDS[1])[:5])), Illegal.DEAL_CARDS,
     {"seat": 1, "expected": 6, "got": 5}, "seat 1 must be dealt 6 cards, got 5"),
    (lambda: _after_cut(0), Deal(tuple(parse_cards(h) for h in HANDS), (parse_card("AS"),)),
     Illegal.DEAL_TO_CRIB, {"expected": 0, "got": 1}, "the deck gives 0 card(s) to the crib, got 1"),
    (lambda: _after_cut(0), Deal((parse_cards(HANDS[0]), parse_cards("KH JS 8D 6D 7D 5D"))), Illegal.BAD_DEAL,
     {"card": KH}, "bad deal: card KH appears twice"),
    (lambda: _after(dealt(), Discard(0, (KH, QH))), Discard(0, parse_cards("2C 3C")), Illegal.ALREADY_LAID,
     {"seat": 0, "cards": (KH, QH)}, "seat 0 has already laid away KH QH"),
    (dealt, Discard(0, (KH,)), Illegal.DISCARD_COUNT, {"expected": 2, "got": 1}, "lay away exactly 2 cards, not 1"),
    (dealt, Discard(0, (KH, KH)), Illegal.DISCARD_TWICE, {"cards": (KH, KH)},
     "cannot lay away the same card twice: KH KH"),
    (dealt, Discard(0, (KH, FIVE_D)), Illegal.NOT_HELD, {"seat": 0, "card": FIVE_D}, "seat 0 does not hold 5D"),
    (lambda: _after(_after(dealt(), Discard(0, (KH, QH))), Discard(1, parse_cards("7D 5D"))), Starter(KH),
     Illegal.STARTER_DEALT, {"card": KH}, "the starter KH was dealt to a hand or the crib"),
    (in_play, Play(1, parse_card("8D")), Illegal.NOT_YOUR_TURN, {"seat": 1, "to_act": 0},
     "it is seat 0's turn to play, not seat 1's"),
    (in_play, Go(1), Illegal.NOT_YOUR_TURN, {"seat": 1, "to_act": 0}, "it is seat 0's turn, not seat 1's"),
    (in_play, Play(0, FIVE_D), Illegal.NOT_HELD, {"seat": 0, "card": FIVE_D}, "seat 0 does not hold 5D"),
    (in_play, Play(0, NINE_S), Illegal.OVER_31, {"card": NINE_S, "count": 30},
     "9S would take the count from 30 past 31"),
    (lambda: _after_cut(0, deal_to=HANDS, laid=["2C 3C", "7D 5D"], starter="AH"), Go(1), Illegal.CAN_STILL_PLAY,
     {"seat": 1, "playable": parse_cards("10S JS 8D 6D")}, "seat 1 cannot say go while able to play (10S JS 8D 6D)"),
    (counting, Declare(0, 12), Illegal.NOT_YOUR_COUNT, {"seat": 0, "to_act": 1}, "seat 1 counts now, not seat 0"),
    (counting, Declare(1, 30), Illegal.BAD_COUNT, {"points": 30, "most": 29},
     "a count is a whole number from 0 to 29, not 30"),
    (lambda: _after(counting(), Declare(1, 28)), Muggins(1, True), Illegal.NOT_YOUR_CLAIM,
     {"seat": 1, "to_act": 0, "claimants": (0,), "declarer": 1, "passed": False},
     "seat 1 cannot claim muggins on its own count; seat 0 may"),
]


def _after(game: Game, action: Action) -> Game:
    game.apply(action)
    return game


def _after_cut(dealer: int, deal_to: list[str] | None = None, laid: list[str] | None = None,
               starter: str = "") -> Game:
    game = Game()
    cut_for(game, dealer)
    if deal_to is not None and laid is not None:
        deal(game, deal_to, laid, starter)
    return game


@pytest.mark.parametrize(("make", "action", "code", "fields", "message"), CASES,
                         ids=[f"{i}-{case[2].name}" for i, case in enumerate(CASES)])
def test_refusal_has_its_code_and_fields(make: Callable[[], Game], action: object, code: Illegal,
                                         fields: dict[str, object], message: str) -> None:
    exc = refusal(make(), action)
    assert exc.code is code
    assert dict(exc.fields) == fields
    assert str(exc) == message


def test_every_code_is_triggered_above() -> None:
    assert {case[2] for case in CASES} == set(Illegal)


def test_fields_are_read_only_and_the_refusal_pickles() -> None:
    exc = refusal(in_play(), Play(0, NINE_S))
    with pytest.raises(TypeError):
        exc.fields["count"] = 0
    back = pickle.loads(pickle.dumps(exc))
    assert (type(back), back.code, dict(back.fields), str(back)) == (
        IllegalAction, Illegal.OVER_31, {"card": NINE_S, "count": 30}, "9S would take the count from 30 past 31")


def test_a_refusal_is_still_a_value_error() -> None:
    assert isinstance(refusal(Game(), Cut(5, KH)), ValueError)
