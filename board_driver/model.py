"""What a pegboard shows: per track a front and a back peg with a colour, plus brightness and effects.

Values only, no I/O: the driver keeps a desired `BoardState`, the simulated board keeps the one it shows,
and the protocol turns both into lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from board_driver.typed import whole_number

# The protocol's limits and power-on values are the firmware's (firmware/pegboard/core.py, the one source).
# DEFAULT_COLOURS: vermillion, sky blue, yellow, blue (Okabe-Ito), track 1, 2, 3, 4 unless the host says
# otherwise; any two stay apart under the common colour-vision deficiencies (tests/render/test_player_colours.py).
# The pictures (render.style.PLAYER_COLOURS) use the same, so a seat has one colour on the LEDs and on screen.
from firmware.pegboard.core import DEFAULT_BRIGHTNESS as DEFAULT_BRIGHTNESS
from firmware.pegboard.core import DEFAULT_COLOURS as DEFAULT_COLOURS
from firmware.pegboard.core import MAX_HOLE as MAX_HOLE
from firmware.pegboard.core import MAX_TRACKS as MAX_TRACKS

GAME_HOLE = 121
"""The last hole of a standard board: a front peg there means the track has won."""


class PegProblem(Enum):
    """What is wrong with pegs or effects, for code that reacts to the kind and not the words."""

    SYNTAX = "syntax"
    TRACKS = "tracks"
    """More tracks than the board (or any board) has."""
    PAST_LAST_HOLE = "past-last-hole"
    BACK_NOT_BEHIND = "back-not-behind"
    NOT_A_HOLE = "not-a-hole"
    COLOUR = "colour"
    WINNER = "winner"
    SKUNK = "skunk"


class PegError(ValueError):
    """Peg positions that no board can show (the message names the bad value; `code` says which kind)."""

    def __init__(self, message: str, code: PegProblem = PegProblem.NOT_A_HOLE) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class TrackState:
    """One player's (or team's) pegs. Scoring moves the back peg ahead of the front one, so the
    back peg is always behind the front one, except at the start when both sit at 0 (off the board)."""

    front: int
    back: int
    colour: int = DEFAULT_COLOURS[0]
    highlight: bool = False

    def __post_init__(self) -> None:
        for name, value in (("front", self.front), ("back", self.back)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_HOLE:
                raise PegError(f"{name} peg {value!r} is not a hole number 0-{MAX_HOLE}")
        if self.back >= self.front and (self.front, self.back) != (0, 0):
            raise PegError(f"back peg {self.back} must be behind the front peg {self.front} "
                           "(both 0 only at the start)", PegProblem.BACK_NOT_BEHIND)
        if not isinstance(self.colour, int) or not 0 <= self.colour <= 0xFFFFFF:
            raise PegError(f"colour {self.colour!r} is not 0xRRGGBB", PegProblem.COLOUR)

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
            raise PegError(f"winner track {self.winner!r} is not 0-{MAX_TRACKS - 1}", PegProblem.WINNER)
        if self.skunk is not None and not 1 <= self.skunk <= MAX_HOLE:
            raise PegError(f"skunk line hole {self.skunk!r} is not 1-{MAX_HOLE}", PegProblem.SKUNK)


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

    tracks: tuple[TrackState, ...] = ()
    brightness: int = DEFAULT_BRIGHTNESS
    effects: Effects = field(default=NO_EFFECTS)


def default_track(index: int, front: int = 0, back: int = 0, highlight: bool = False) -> TrackState:
    return TrackState(front, back, DEFAULT_COLOURS[index % len(DEFAULT_COLOURS)], highlight)


def past_last_hole(track: int, front: int, holes: int) -> PegError:
    """The one message for a front peg a board (or a picture of one) has no hole for; `track` counts from 1."""
    return PegError(f"track {track} front peg {front} is past the last hole {holes}", PegProblem.PAST_LAST_HOLE)


def parse_pegs(text: str, holes: int = GAME_HOLE, max_tracks: int = MAX_TRACKS) -> tuple[TrackState, ...]:
    """`87/80,95/91` (front/back per track, comma between tracks, track 1 first) into tracks with the
    default colours. The one parser of pegs typed by a person: `cribbage board set` and `render board`.

    Raises PegError naming the track (counted from 1) and the value at fault."""
    parts = [p.strip() for p in text.split(",")]
    shown = _quoted(text)
    if not text.strip():
        raise PegError("no pegs given: write FRONT/BACK per track, e.g. 87/80,95/91", PegProblem.SYNTAX)
    if len(parts) > max_tracks:
        limit = f"a board has at most {MAX_TRACKS}" if max_tracks == MAX_TRACKS else f"the board has {max_tracks}"
        raise PegError(f"{len(parts)} tracks given in {shown}; {limit}", PegProblem.TRACKS)
    tracks = []
    for i, part in enumerate(parts):
        front_text, slash, back_text = part.partition("/")
        front, back = _hole_number(front_text), _hole_number(back_text)
        if not slash or front is None or back is None:
            raise PegError(f"track {i + 1} is {_quoted(part)} in {shown}: expected FRONT/BACK like 95/91",
                           PegProblem.SYNTAX)
        if front > holes:
            raise past_last_hole(i + 1, front, holes)
        try:
            tracks.append(default_track(i, front, back))
        except PegError as exc:
            raise PegError(f"track {i + 1} in {shown}: {exc}", exc.code) from None
    return tuple(tracks)


def _hole_number(text: str) -> int | None:
    """A hole typed as a few ASCII digits, else None: '²' and '١' are digits to isdigit() but not holes."""
    return whole_number(text.strip(), 0, 999_999)


def _quoted(text: str, limit: int = 60) -> str:
    """`text` quoted for a message, cut to about `limit` characters: pegs typed by the megabyte stay short."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text):,} characters)"


def pegs_text(tracks: Sequence[TrackState]) -> str:
    return ",".join(t.text() for t in tracks)


# -- fitting a picture to the board in hand ----------------------------------------------------------

def fit_tracks(tracks: Sequence[TrackState], info: BoardInfo) -> tuple[tuple[TrackState, ...], str | None]:
    """The tracks as this board can show them: a front peg past its last hole is put in the last hole
    (the back peg kept behind it), so a short board never refuses a frame for a game's overshoot.
    Returns the tracks and a note of what was changed (None when nothing was). PegError (TRACKS) when
    there are more tracks than the board has: no cap can show a player it has no track for."""
    if len(tracks) > info.tracks:
        raise PegError(f"{len(tracks)} tracks but this board has {info.tracks}", PegProblem.TRACKS)
    fitted, capped = [], []
    for n, t in enumerate(tracks, 1):
        if t.front > info.holes:
            capped.append(f"track {n} front peg {t.front}")
            t = replace(t, front=info.holes, back=min(t.back, info.holes - 1))
        fitted.append(t)
    note = f"{', '.join(capped)} shown in the last hole {info.holes}" if capped else None
    return tuple(fitted), note


def fit_effects(effects: Effects, info: BoardInfo) -> tuple[Effects, str | None]:
    """The effects as this board can show them: a winner track it lacks or a skunk line past its last hole
    is left out (and noted) rather than sent to be refused."""
    winner, skunk, notes = effects.winner, effects.skunk, []
    if winner is not None and winner >= info.tracks:
        notes.append(f"winner track {winner + 1} not shown (the board has {info.tracks})")
        winner = None
    if skunk is not None and skunk > info.holes:
        notes.append(f"skunk line {skunk} not shown (the board has {info.holes} holes)")
        skunk = None
    return Effects(winner, skunk), ("; ".join(notes) or None)


def dark_track() -> TrackState:
    """A track the host did not name: dark, both pegs at the start."""
    return TrackState(0, 0, 0x000000)


def shown_tracks(tracks: Sequence[TrackState], info: BoardInfo) -> tuple[TrackState, ...]:
    """Every track the board shows for a STATE naming `tracks`: the rest are dark."""
    return tuple(tracks) + tuple(dark_track() for _ in range(info.tracks - len(tracks)))
