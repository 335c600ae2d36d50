from engine.core.actions import Deal, Discard, Play, Starter
from engine.core.cards import parse_card, parse_cards
from engine.core.game import Game, Phase
from engine.core.observation import observe
from tests.engine.helpers import cut_for


def dealt(other_hand: str, other_discard: str, starter: str) -> Game:
    game = Game()
    cut_for(game, 0)
    game.apply(Deal((parse_cards("KH QH 9S 2C 3C 4C"), parse_cards(other_hand))))
    game.apply(Discard(0, parse_cards("2C 3C")))
    game.apply(Discard(1, parse_cards(other_discard)))
    game.apply(Starter(parse_card(starter)))
    return game


def test_other_hands_and_the_deck_do_not_change_an_observation() -> None:
    a = dealt("10S JS 8D 6D 7D 5D", "7D 5D", "AH")
    b = dealt("10S JS 8D 6D AC AD", "AC AD", "AH")  # a different crib and hidden cards
    assert observe(a, 0) == observe(b, 0)
    a.apply(Play(1, parse_card("10S")))
    b.apply(Play(1, parse_card("10S")))
    assert observe(a, 0) == observe(b, 0)
    assert observe(a, 1) != observe(b, 1)  # seat 1's own cards differ, and it sees them


def test_an_observation_holds_only_own_and_public_cards() -> None:
    game = dealt("10S JS 8D 6D 7D 5D", "7D 5D", "AH")
    game.apply(Play(1, parse_card("10S")))
    obs = observe(game, 0)
    assert obs.phase is Phase.PLAY and obs.count == 10
    assert [str(c) for c in obs.hand] == ["KH", "QH", "9S", "4C"]
    assert [str(c) for c in obs.discards] == ["2C", "3C"]
    assert str(obs.starter) == "AH" and [str(c) for c in obs.series] == ["10S"]
    assert obs.cards_held == (4, 3)
    assert [str(a.card) for a in obs.legal] == ["KH", "QH", "9S", "4C"]
    visible = {*obs.hand, *obs.discards, *obs.series, obs.starter}
    hidden = set(parse_cards("JS 8D 6D 7D 5D"))
    assert not visible & hidden
    assert len(obs.unseen()) == 52 - 8 and not set(obs.unseen()) & visible
    assert observe(game, 1).legal == ()  # not seat 1's turn
