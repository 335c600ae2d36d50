"""What a pegboard shows: per track a front and a back peg with a colour, plus brightness and effects.

Values only, no I/O: the driver keeps a desired `BoardState`, the simulated board keeps the one it shows,
and the protocol turns both into lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

GAME_HOLE = 121
"""The last hole of a standard board: a front peg there means the track has won."""

MAX_TRACKS = 4
DEFAULT_COLOURS = (0xFF2020, 0x2060FF, 0x20C040, 0xFFC000)
"""Red, blue, green, amber: track 1, 2, 3, 4 unless the host says otherwise."""

DEFAULT_BRIGHTNESS = 128


class PegError(ValueError):
    """Peg positions that no board can show (the message names the bad value)."""


@dataclass(frozen=True, slots=True)
class Track:
    """One player's (or team's) pegs. Scoring moves the back peg ahead of the front one, so the
    back peg is always behind the front one, except at the start when both sit at 0 (off the board)."""

    front: int
    back: int
    colour: int = DEFAULT_COLOURS[0]
    highlight: bool = False

    def __post_init__(self) -> None:
        for name, value in (("front", self.front), ("back", self.back)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 999:
                raise PegError(f"{name} peg {value!r} is not a hole number 0-999")
        if self.back >= self.front and (self.front, self.back) != (0, 0):
            raise PegError(f"back peg {self.back} must be behind the front peg {self.front} "
                           "(both 0 only at the start)")
        if not isinstance(self.colour, int) or not 0 <= self.colour <= 0xFFFFFF:
            raise PegError(f"colour {self.colour!r} is not 0xRRGGBB")

    @property
    def won(self) -> bool:
        """True when the front peg is in the game hole of a standard board."""
        return self.front >= GAME_HOLE

    def text(self) -> str:
        return f"{self.front}/{self.back}"


@dataclass(frozen=True, slots=True)
class Effects:
    """Extras a table enjoys: the winner's track flashing and the skunk line lit across the board."""

    winner: int | None = None
    """Track index (0-based) that flashes, or None."""
    skunk: int | None = None
    """Hole at which a line is lit across every track (91 for skunk, 61 for double skunk), or None."""

    def __post_init__(self) -> None:
        if self.winner is not None and not 0 <= self.winner < MAX_TRACKS:
            raise PegError(f"winner track {self.winner!r} is not 0-{MAX_TRACKS - 1}")
        if self.skunk is not None and not 1 <= self.skunk <= 999:
            raise PegError(f"skunk line hole {self.skunk!r} is not 1-999")


NO_EFFECTS = Effects()


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """What a board says it is in its handshake."""

    version: int
    firmware: str
    tracks: int
    holes: int
    leds: int


@dataclass(frozen=True, slots=True)
class BoardState:
    """Everything a board shows at one moment."""

    tracks: tuple[Track, ...] = ()
    brightness: int = DEFAULT_BRIGHTNESS
    effects: Effects = field(default=NO_EFFECTS)


def default_track(index: int, front: int = 0, back: int = 0, highlight: bool = False) -> Track:
    return Track(front, back, DEFAULT_COLOURS[index % len(DEFAULT_COLOURS)], highlight)


def parse_pegs(text: str, holes: int = GAME_HOLE, max_tracks: int = MAX_TRACKS) -> tuple[Track, ...]:
    """`87/80,95/91` (front/back per track, comma between tracks) into tracks with the default colours.

    Raises PegError naming the track and the value at fault."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip():
        raise PegError("no pegs given: write FRONT/BACK per track, e.g. 87/80,95/91")
    if len(parts) > max_tracks:
        raise PegError(f"{len(parts)} tracks given in {text!r}; a board has at most {max_tracks}")
    tracks = []
    for i, part in enumerate(parts):
        front_text, slash, back_text = part.partition("/")
        if not slash or not front_text.strip().isdigit() or not back_text.strip().isdigit():
            raise PegError(f"track {i + 1} is {part!r} in {text!r}: expected FRONT/BACK like 95/91")
        front, back = int(front_text), int(back_text)
        if front > holes:
            raise PegError(f"track {i + 1} front peg {front} in {text!r} is past the last hole {holes}")
        try:
            tracks.append(default_track(i, front, back))
        except PegError as exc:
            raise PegError(f"track {i + 1} in {text!r}: {exc}") from None
    return tuple(tracks)


def pegs_text(tracks: Sequence[Track]) -> str:
    return ",".join(t.text() for t in tracks)
