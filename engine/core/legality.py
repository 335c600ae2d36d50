"""What the rules refuse, as values: a code for every refusal, the facts it names, and the checks.

`Game.apply` runs these checks before it changes anything, so a refusal leaves the game as it was.
A refusal is an `IllegalAction` whose `code` says which rule was broken and whose `fields` hold what
the English message names (seats and counts as ints, cards as `Card`s), so a front end can answer in
its own words and language without reading the message; `str(exc)` stays the English sentence.
The checks take plain values, not the game, so each rule can be read (and tested) on its own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import Enum

from engine.core.actions import Deal
from engine.core.cards import Card, format_cards
from engine.core.errors import CodedError, excerpt
from engine.core.pegging import MAX_COUNT
from engine.core.scoring import MAX_HAND


class GameError(ValueError):
    """Base of the errors a game raises."""


class Illegal(Enum):
    """Why an action was refused; the comment lists the refusal's `fields`."""

    GAME_OVER = "game_over"  # action
    NOT_AN_ACTION = "not_an_action"  # action
    NO_SEAT = "no_seat"  # seat, players
    WRONG_PHASE = "wrong_phase"  # action, phase (the game's), expected (the action's)
    NOT_CUTTING = "not_cutting"  # seat, cutters
    ALREADY_CUT = "already_cut"  # seat, card (the one it cut)
    CARD_ALREADY_CUT = "card_already_cut"  # card
    DEAL_HANDS = "deal_hands"  # expected, got (hands)
    DEAL_CARDS = "deal_cards"  # seat, expected, got (cards)
    DEAL_TO_CRIB = "deal_to_crib"  # expected, got (cards from the deck to the crib)
    BAD_DEAL = "bad_deal"  # card (dealt twice)
    ALREADY_LAID = "already_laid"  # seat, cards (laid away before)
    DISCARD_COUNT = "discard_count"  # expected, got
    DISCARD_TWICE = "discard_twice"  # cards
    NOT_HELD = "not_held"  # seat, card
    STARTER_DEALT = "starter_dealt"  # card
    NOT_YOUR_TURN = "not_your_turn"  # seat, to_act
    OVER_31 = "over_31"  # card, count
    CAN_STILL_PLAY = "can_still_play"  # seat, playable
    NOT_YOUR_COUNT = "not_your_count"  # seat, to_act
    BAD_COUNT = "bad_count"  # points, most
    NOT_YOUR_CLAIM = "not_your_claim"  # seat, to_act (the first that may claim), claimants, declarer, passed


class IllegalAction(GameError, CodedError[Illegal]):
    """An action the rules do not allow now; the game is unchanged. `code` names the rule, `fields` the
    values the message mentions."""


# -- every phase ----------------------------------------------------------------------------------


def check_seat(seat: object, players: int) -> None:
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalAction(Illegal.NO_SEAT, f"no seat {excerpt(seat)} in a {players}-player game",
                            seat=seat, players=players)


def check_turn(seat: int, turn: int | None, what: str = "turn") -> None:
    """In the play: `what` is "turn to play" for a card and "turn" for a go, as the messages say."""
    if seat != turn:
        raise IllegalAction(Illegal.NOT_YOUR_TURN, f"it is seat {turn}'s {what}, not seat {seat}'s",
                            seat=seat, to_act=turn)


# -- the cut and the deal -------------------------------------------------------------------------


def check_cut(seat: int, card: Card, cutters: Sequence[int], cut: Mapping[int, Card]) -> None:
    """`cutters` still cut in this round; `cut` holds the cards cut in it so far."""
    if seat not in cutters:
        raise IllegalAction(Illegal.NOT_CUTTING, f"seat {seat} does not cut now (cutting: {list(cutters)})",
                            seat=seat, cutters=tuple(cutters))
    if seat in cut:
        raise IllegalAction(Illegal.ALREADY_CUT, f"seat {seat} has already cut {cut[seat]}",
                            seat=seat, card=cut[seat])
    if card in cut.values():
        raise IllegalAction(Illegal.CARD_ALREADY_CUT, f"{card} was already cut in this round", card=card)


def check_deal(deal: Deal, players: int, cards_each: int, deck_to_crib: int) -> None:
    if len(deal.hands) != players:
        raise IllegalAction(Illegal.DEAL_HANDS, f"a deal needs {players} hands, got {len(deal.hands)}",
                            expected=players, got=len(deal.hands))
    for seat, hand in enumerate(deal.hands):
        if len(hand) != cards_each:
            raise IllegalAction(Illegal.DEAL_CARDS, f"seat {seat} must be dealt {cards_each} cards, got {len(hand)}",
                                seat=seat, expected=cards_each, got=len(hand))
    if len(deal.deck_to_crib) != deck_to_crib:
        raise IllegalAction(Illegal.DEAL_TO_CRIB, f"the deck gives {deck_to_crib} card(s) to the crib, "
                            f"got {len(deal.deck_to_crib)}", expected=deck_to_crib, got=len(deal.deck_to_crib))
    twice = first_repeat([c for h in deal.hands for c in h] + list(deal.deck_to_crib))
    if twice is not None:
        raise IllegalAction(Illegal.BAD_DEAL, f"bad deal: card {twice} appears twice", card=twice)


def first_repeat(cards: Sequence[Card]) -> Card | None:
    """The first card seen a second time (as engine.core.cards.check_distinct names it), or None."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def check_starter(card: Card, dealt: Collection[Card]) -> None:
    if card in dealt:
        raise IllegalAction(Illegal.STARTER_DEALT, f"the starter {card} was dealt to a hand or the crib", card=card)


# -- laying away and the play ---------------------------------------------------------------------


def check_discard(seat: int, cards: Sequence[Card], hand: Collection[Card], laid: Sequence[Card] | None,
                  discard_each: int) -> None:
    """`laid`: what the seat has laid away already this deal (None before it has)."""
    if laid is not None:
        raise IllegalAction(Illegal.ALREADY_LAID, f"seat {seat} has already laid away {format_cards(laid)}",
                            seat=seat, cards=tuple(laid))
    if len(cards) != discard_each:
        raise IllegalAction(Illegal.DISCARD_COUNT, f"lay away exactly {discard_each} "
                            f"card{'s' if discard_each > 1 else ''}, not {len(cards)}",
                            expected=discard_each, got=len(cards))
    if len(set(cards)) != len(cards):
        raise IllegalAction(Illegal.DISCARD_TWICE, f"cannot lay away the same card twice: {format_cards(cards)}",
                            cards=tuple(cards))
    for card in cards:
        check_held(seat, card, hand)


def check_held(seat: int, card: Card, hand: Collection[Card]) -> None:
    if card not in hand:
        raise IllegalAction(Illegal.NOT_HELD, f"seat {seat} does not hold {card}", seat=seat, card=card)


def check_lay(card: Card, count: int) -> None:
    if count + card.value > MAX_COUNT:
        raise IllegalAction(Illegal.OVER_31, f"{card} would take the count from {count} past 31",
                            card=card, count=count)


def check_go(seat: int, playable: Sequence[Card]) -> None:
    if playable:
        raise IllegalAction(Illegal.CAN_STILL_PLAY, f"seat {seat} cannot say go while able to play "
                            f"({format_cards(playable)})", seat=seat, playable=tuple(playable))


# -- the show -------------------------------------------------------------------------------------


def check_counter(seat: int, counting: int) -> None:
    if seat != counting:
        raise IllegalAction(Illegal.NOT_YOUR_COUNT, f"seat {counting} counts now, not seat {seat}",
                            seat=seat, to_act=counting)


def check_declared(points: object) -> None:
    if not isinstance(points, int) or not 0 <= points <= MAX_HAND:
        raise IllegalAction(Illegal.BAD_COUNT, f"a count is a whole number from 0 to {MAX_HAND}, not {excerpt(points)}",
                            points=points, most=MAX_HAND)


def check_claimant(seat: int, declarer: int, claimants: Sequence[int], partner: bool) -> None:
    """`claimants`: the seats that may still claim, in turn order; `partner`: `seat` is on the declarer's
    team (the declarer itself included). Any other seat not among them has already passed."""
    if seat in claimants:
        return
    why = ("on its own count" if seat == declarer else "on its partner's count" if partner
           else "after letting it go")
    raise IllegalAction(Illegal.NOT_YOUR_CLAIM, f"seat {seat} cannot claim muggins {why}; "
                        f"{_seats(claimants)} may", seat=seat, to_act=claimants[0], claimants=tuple(claimants),
                        declarer=declarer, passed=not partner)


def _seats(seats: Sequence[int]) -> str:
    """'seat 0', 'seats 0 and 2': seats as a sentence names them."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(str(s) for s in seats[:-1])} and {seats[-1]}"
