"""Cards, their one canonical text form, and the parser for every spelling players type."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum


class CardError(ValueError):
    """A card text that cannot be read, or a set of cards that breaks a rule (a card twice). `fields` name the
    facts a door words a set's refusal by: `twice` (the card given twice), or `expected` and `got` (how many)."""

    def __init__(self, message: str = "", **fields: object) -> None:
        super().__init__(message)
        self.fields = fields


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = tuple(Suit)

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Index r-1 holds the text of rank r (ace = 1, king = 13)."""

JACK = 11


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One of the 52 cards. Rank 1 (ace) to 13 (king); compare by rank then suit order."""

    rank: int
    suit: Suit
    index: int = field(init=False, compare=False, repr=False, hash=False)
    """0..51, suit-major: DECK[card.index] is the card."""
    text: str = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            from engine.core.errors import excerpt  # only when refusing: `from engine import Card` loads cards alone

            raise CardError(f"rank must be 1..13, not {excerpt(self.rank)}")
        if not isinstance(self.suit, Suit):
            from engine.core.errors import excerpt

            raise CardError(f"suit must be a Suit, not {excerpt(self.suit)}")
        object.__setattr__(self, "index", SUITS.index(self.suit) * 13 + self.rank - 1)
        object.__setattr__(self, "text", RANK_NAMES[self.rank - 1] + self.suit.value)

    # Cards are hashed and compared in every simulation: by index, not by a tuple of fields.
    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    @property
    def value(self) -> int:
        """Counting value for fifteens and the play: face cards count ten."""
        return min(self.rank, 10)

    @property
    def rank_text(self) -> str:
        return RANK_NAMES[self.rank - 1]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self})"

    def __lt__(self, other: Card) -> bool:
        return (self.rank, self.index) < (other.rank, other.index)

    def pretty(self) -> str:
        """The card with its suit symbol, for people: `10♥`."""
        return RANK_NAMES[self.rank - 1] + self.suit.symbol

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickled as its index and read back as the deck's own card: games sent to worker processes or
        kept at rest as bytes stay small, and share the 52 cards once read."""
        return (deck_card, (self.index,))


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""All 52 cards; DECK[card.index] is card."""


def deck_card(index: int) -> Card:
    """The deck's card at `index` (0..51): how a pickled card is read back."""
    return DECK[index]


def _spellings() -> dict[str, Card]:
    table: dict[str, Card] = {}
    rank_forms: dict[int, list[str]] = {r: [RANK_NAMES[r - 1]] for r in range(1, 14)}
    rank_forms[10].append("T")
    rank_forms[1].append("1")
    suit_forms = {s: [s.value, s.symbol, s.symbol + "\ufe0f"] for s in SUITS}
    suit_forms[Suit.HEARTS].append("♡")
    suit_forms[Suit.DIAMONDS].append("♢")
    suit_forms[Suit.SPADES].append("♤")
    suit_forms[Suit.CLUBS].append("♧")
    for card in DECK:
        for r in rank_forms[card.rank]:
            for s in suit_forms[card.suit]:
                for text in {r + s, (r + s).lower(), r.lower() + s, r + s.lower()}:
                    table[text] = card
    return table


_BY_TEXT = _spellings()
CARD_BY_TEXT: dict[str, Card] = dict(_BY_TEXT)
"""Every accepted spelling of every card, for a reader that must be fast (errors: parse_card)."""


def parse_card(text: str) -> Card:
    """Read one card in any accepted spelling; the error names the bad token (a few dozen characters of it)."""
    if not isinstance(text, str):
        raise CardError(f"a card is text like '5H', not {_quoted(text)}")
    card = _BY_TEXT.get(text)
    if card is not None:
        return card
    token = text.strip()
    card = _BY_TEXT.get(token)
    if card is not None:
        return card
    if not token:
        raise CardError("empty card text")
    rank_part, suit_part = _split(token)
    if not rank_part:
        raise CardError(f"missing rank in {_quoted(token)}")
    if rank_part.upper() not in {*RANK_NAMES, "T", "1"}:
        raise CardError(f"unknown rank {_quoted(rank_part)} in {_quoted(token)}")
    if not suit_part:
        raise CardError(f"missing suit in {_quoted(token)}")
    raise CardError(f"unknown suit {_quoted(suit_part)} in {_quoted(token)}")


def _quoted(text: object) -> str:
    """A bad token quoted in an error, a few dozen characters of it at most."""
    from engine.core.errors import excerpt  # only when there is an error: `import engine` stays small

    return excerpt(text)


def _split(token: str) -> tuple[str, str]:
    if token[:2] == "10":
        return "10", token[2:]
    return token[:1], token[1:]


def parse_cards(texts: str | Iterable[str], *, count: int | None = None) -> tuple[Card, ...]:
    """Read several cards (a string split on spaces or commas, or tokens); no card twice."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    cards = tuple(parse_card(t) for t in texts)
    check_distinct(cards)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}", expected=count, got=len(cards))
    return cards


def check_distinct(cards: Sequence[Card]) -> None:
    if len(set(cards)) == len(cards):
        return
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"card {card} appears twice", twice=card)
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)

