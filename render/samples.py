"""Fixed sample games for pictures that need examples: the gallery, and the live pictures' shared palette."""

from __future__ import annotations

from PIL import Image

from engine.core.cards import parse_card, parse_cards
from engine.core.scoring import score_hand
from render.board import PegBoard, PegTrack
from render.felt import FeltView, PlayedCard
from render.show import ShownCount


def sample_live() -> dict[str, tuple[FeltView, PegBoard]]:
    """A table and its board in a two-, three- and four-player game (partners share a track), to 121 and 61."""
    def series(cards: str, players: int, first: int) -> tuple[PlayedCard, ...]:
        return tuple(PlayedCard(c, (first + i) % players) for i, c in enumerate(parse_cards(cards)))

    two = FeltView(("Alice", "Bob"), 1, parse_card("5D"), series("7H 8S 9D 6C", 2, 0), 4, 0)
    three = FeltView(("Ann", "Ben", "Cy"), 2, parse_card("JC"), series("10S 5H", 3, 0), 4, 2)
    four = FeltView(("Ann", "Bob", "Cat", "Dan"), 3, parse_card("QD"), series("KH 5S AC 9H", 4, 0), 4, 0,
                     partners=True)
    return {
        "live": (two, PegBoard((PegTrack("Alice", 87, 80), PegTrack("Bob", 95, 91)))),
        "live_3": (three, PegBoard((PegTrack("Ann", 58, 51), PegTrack("Ben", 66, 54), PegTrack("Cy", 29, 27)))),
        "live_4": (four, PegBoard((PegTrack("Ann & Cat", 52, 44), PegTrack("Bob & Dan", 40, 31)), 61)),
    }


def palette_sample() -> Image.Image:
    """The live pictures drawn in full colour, one under another: what the shared palette is taken from."""
    from render.live import live_rgb, stack
    from render.show import show_rgb


    images = [live_rgb(view, board) for view, board in sample_live().values()]
    images += [show_rgb(sample_show(3)), show_rgb(sample_show(4))]
    return stack(images)


def sample_show(players: int = 3) -> list[ShownCount]:
    """A deal's show: each hand from the dealer's left, then the crib (partners of four: five counts)."""
    starter = parse_card("5S")
    hands = ["4H 5H 6H 6C", "JD QD KD 10C", "2C 3C 9S 9C", "AH 7D 7S 8D", "5C 5D JS QS"]
    names = ["Alice", "Bob", "Cy", "Dee"][:players]
    dealer = players - 1
    counts = [ShownCount(f"{names[k]}'s hand", score_hand(parse_cards(hands[k]), starter), k) for k in range(players)]
    crib = score_hand(parse_cards(hands[4]), starter, crib=True)
    return [*counts, ShownCount(f"{names[dealer]}'s crib", crib, dealer)]
