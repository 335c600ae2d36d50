import pytest

from engine.core.actions import Cut, Discard, Go, Play, Starter
from engine.core.cards import parse_card, parse_cards
from engine.core.events import GameWon, PegReason
from engine.core.game import Game, IllegalAction, Phase
from engine.core.rules import Rules, RulesError
from engine.core.scoring import score_hand
from tests.engine.helpers import cut_for, deal, play, play_first_legal


def moves(game: Game) -> list[tuple[int, int, str, int, int]]:
    return [(m.seat, m.points, m.reason.value, m.front, m.back) for m in game.pegs]


def test_cut_lower_card_deals_and_ties_cut_again() -> None:
    game = Game()
    game.apply(Cut(0, parse_card("7H")))
    game.apply(Cut(1, parse_card("7S")))
    assert game.phase is Phase.CUT and game.dealer == -1
    game.apply(Cut(0, parse_card("KD")))
    game.apply(Cut(1, parse_card("2C")))
    assert game.dealer == 1 and game.phase is Phase.DEAL
    assert [(s, str(c)) for s, c in game.cuts] == [(0, "7H"), (1, "7S"), (0, "KD"), (1, "2C")]


def test_deal_alternates() -> None:
    game = Game(seed=11)
    first = game.dealer
    play_first_legal_deal(game)
    assert game.dealer == 1 - first


def play_first_legal_deal(game: Game) -> None:
    deal_no = game.deal_number
    while game.deal_number == deal_no and not game.over:
        game.apply(game.legal_actions()[0])


def test_go_lets_the_same_player_lay_two_more_and_last_card_scores_one() -> None:
    game = Game()
    cut_for(game, 0)
    deal(game, ["KH 5H 6H 8H 2C 3C", "10S 9S AC AD 4D QD"], ["2C 3C", "4D QD"], "2S")
    play(game, "p:10S d:KH p:9S d:go p:AC p:AD")
    # the pone laid two more after the go: the ace of diamonds made 31 and a pair
    assert moves(game) == [(1, 4, "play", 4, 0)]
    assert game.count == 0 and game.turn == 0  # the dealer, who did not play the last card, leads
    play(game, "d:5H d:6H d:8H")
    assert [(s, str(c) if c else "go", k) for s, c, k in game.deals[0].plays] == [
        (1, "10S", 10), (0, "KH", 20), (1, "9S", 29), (0, "go", 29), (1, "AC", 30), (1, "AD", 31),
        (0, "5H", 5), (0, "6H", 11), (0, "8H", 19)]
    last = [m for m in game.pegs if m.reason is PegReason.LAST]
    assert [(m.seat, m.points) for m in last] == [(0, 1)]
    assert [i.call for i in game.pegs[0].items] == ["thirty-one for two", "a pair for two"]
    assert game.pegs[0].call == "thirty-one for four"


def test_thirty_one_scores_two_and_no_go_point() -> None:
    game = Game()
    cut_for(game, 0)
    deal(game, ["QH AC 2H 3H 9C 9D", "10S JD 4D 5D 8C 8D"], ["9C 9D", "8C 8D"], "KC")
    play(game, "p:10S d:QH p:JD d:AC")
    assert moves(game) == [(1, 3, "play", 3, 0), (0, 2, "play", 2, 0)]
    assert game.count == 0 and game.turn == 1


def test_go_point_goes_to_the_last_card_of_a_series() -> None:
    game = Game()
    cut_for(game, 0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "AH")
    play(game, "p:10S d:KH p:JS")
    assert game.legal_actions() == [Go(0)]
    with pytest.raises(IllegalAction, match="it is seat 0's turn, not seat 1's"):
        game.apply(Go(1))
    play(game, "d:go")
    assert game.legal_actions() == [Go(1)]  # the pone cannot play either: 30 + 6 or 8 is too much
    play(game, "p:go")
    assert moves(game)[-1] == (1, 1, "go", 1, 0)
    assert game.turn == 0


def test_cannot_say_go_while_able_to_play() -> None:
    game = Game()
    cut_for(game, 0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "AH")
    with pytest.raises(IllegalAction, match=r"cannot say go while able to play \(10S JS 8D 6D\)"):
        game.apply(Go(1))


def test_illegal_actions_change_nothing() -> None:
    game = Game()
    cut_for(game, 0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "AH")
    play(game, "p:10S d:KH p:JS")
    before = (list(game.hands[0]), game.count, game.turn, list(game.pegs), game.version)
    with pytest.raises(IllegalAction, match="9S would take the count from 30 past 31"):
        game.apply(Play(0, parse_card("9S")))
    with pytest.raises(IllegalAction, match="seat 0 does not hold 5D"):
        game.apply(Play(0, parse_card("5D")))
    with pytest.raises(IllegalAction, match="not allowed now: the game is in the play phase"):
        game.apply(Discard(0, parse_cards("KH QH")))
    assert (list(game.hands[0]), game.count, game.turn, list(game.pegs), game.version) == before


def test_discard_errors() -> None:
    game = Game()
    cut_for(game, 0)
    from engine.core.actions import Deal

    game.apply(Deal((parse_cards("KH QH 9S 2C 3C 4C"), parse_cards("10S JS 8D 6D 7D 5D"))))
    with pytest.raises(IllegalAction, match="lay away exactly 2 cards, not 1"):
        game.apply(Discard(0, parse_cards("KH")))
    with pytest.raises(IllegalAction, match="seat 0 does not hold 5D"):
        game.apply(Discard(0, parse_cards("KH 5D")))
    game.apply(Discard(0, parse_cards("KH QH")))
    with pytest.raises(IllegalAction, match="seat 0 has already laid away KH QH"):
        game.apply(Discard(0, parse_cards("2C 3C")))
    game.apply(Discard(1, parse_cards("7D 5D")))
    with pytest.raises(IllegalAction, match="the starter KH was dealt to a hand or the crib"):
        game.apply(Starter(parse_card("KH")))


def test_heels_end_the_game_at_121() -> None:
    game = Game.at_position(Rules(), [119, 40], dealer=0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "JC")
    assert moves(game) == [(0, 2, "heels", 121, 119)]
    assert game.over and game.winner == 0 and game.phase is Phase.OVER
    assert isinstance(game.events[-1], GameWon) and game.events[-1].final == (121, 40)
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(Play(1, parse_card("10S")))


def test_pone_hand_wins_before_the_dealer_counts() -> None:
    game = Game.at_position(Rules(), [105, 95], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C KC", "5C 5D 5H JS 2H 3H"], ["9C KC", "2H 3H"], "5S")
    play_first_legal(game)
    last = game.pegs[-1]
    assert (last.seat, last.reason, last.points) == (1, PegReason.HAND, 29)
    assert game.winner == 1
    dealer_hand = score_hand(parse_cards("4H 4D 6C 6D"), parse_card("5S")).total
    assert dealer_hand == 24 and game.score(0) + dealer_hand >= 121  # the dealer would have made it too
    assert not any(m.seat == 0 and m.reason is PegReason.HAND for m in game.pegs)


def test_show_order_pone_dealer_crib() -> None:
    game = Game.at_position(Rules(), [0, 0], dealer=1)
    deal(game, ["5C 5D 2H 3H 9C KC", "4H 4D 6C 6D 9S KS"], ["9C KC", "9S KS"], "5S")
    play_first_legal(game)
    show = [(m.seat, m.reason.value) for m in game.pegs if m.reason in (PegReason.HAND, PegReason.CRIB)]
    assert show == [(0, "hand"), (1, "hand"), (1, "crib")]
    assert game.phase is Phase.DEAL and game.dealer == 0


def test_rules_errors() -> None:
    with pytest.raises(RulesError, match="players must be 2, 3 or 4, not 5"):
        Rules(players=5)
    with pytest.raises(RulesError, match="target must be 121 or 61, not 100"):
        Rules(target=100)


def test_61_point_game_ends_at_61() -> None:
    game = Game(Rules(target=61), seed=5)
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert max(game.scores) >= 61 and game.scores[game.winner] >= 61


def test_three_players_deal_five_and_one_to_the_crib() -> None:
    game = Game(Rules(players=3))
    cut_for(game, 2)
    deal(game, ["AH 2H 3H 4H 5H", "AS 2S 3S 4S 5S", "AD 2D 3D 4D 5D"], ["5H", "5S", "5D"], "KC", extra="QC")
    assert len(game.crib) == 4 and set(map(str, game.crib)) == {"QC", "5H", "5S", "5D"}
    assert game.turn == 0  # left of the dealer (seat 2) leads
    assert [len(h) for h in game.hands] == [4, 4, 4]


def test_four_players_partners_share_a_score() -> None:
    game = Game(Rules(players=4), seed=3)
    while not game.over:
        game.apply(game.legal_actions()[0])
    assert game.score(0) == game.score(2) and game.score(1) == game.score(3)
    assert len(game.deals[0].hands[0]) == 5
    assert game.scores[game.rules.team_of(game.winner)] >= 121


def test_seeded_games_are_reproducible() -> None:
    def run(seed: int) -> list[tuple[int, int, str, int, int]]:
        game = Game(seed=seed)
        while not game.over:
            game.apply(game.legal_actions()[-1])
        return moves(game)

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_skunks_reported_only_when_on() -> None:
    game = Game.at_position(Rules(skunk=True), [119, 80], dealer=0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "JC")
    assert game.skunk() == "skunk"
    game = Game.at_position(Rules(skunk=True), [119, 50], dealer=0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "JC")
    assert game.skunk() == "double skunk"
    game = Game.at_position(Rules(), [119, 50], dealer=0)
    deal(game, ["KH QH 9S 2C 3C 4C", "10S JS 8D 6D 7D 5D"], ["2C 3C", "7D 5D"], "JC")
    assert game.skunk() is None


def test_muggins_claims_missed_points() -> None:
    from engine.core.actions import Declare, Muggins

    game = Game.at_position(Rules(muggins=True), [0, 0], dealer=0)
    deal(game, ["4H 4D 6C 6D 9C KC", "5C 5D 5H JS 2H 3H"], ["9C KC", "2H 3H"], "5S")
    play_first_legal(game)
    assert game.phase is Phase.SHOW and game.to_act() == (1,)
    before = game.score(1)
    game.apply(Declare(1, 28))  # the pone misses his nobs
    assert game.score(1) == before + 28 and game.phase is Phase.MUGGINS and game.to_act() == (0,)
    game.apply(Muggins(0, True))
    claim = game.pegs[-1]
    assert (claim.seat, claim.points, claim.reason) == (0, 1, PegReason.MUGGINS)
    game.apply(Declare(0, 30 - 1))  # over-claiming: the engine pegs the true 24
    assert game.pegs[-1].points == 24 and game.phase is Phase.SHOW
    with pytest.raises(IllegalAction, match="a count is a whole number from 0 to 29, not 30"):
        game.apply(Declare(0, 30))
