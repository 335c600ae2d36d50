"""Which LED on the strip lights which hole: the two board layouts of docs/board-hardware.md.

Each track owns one block of `block` LEDs on a single strip, track 1 first. The strip is laid
serpentine, so tracks 1 and 3 run forwards through their block and tracks 2 and 4 backwards:

    led(t, hole) = t * block + offset(hole)              for t = 0, 2 (tracks 1 and 3)
    led(t, hole) = t * block + block - 1 - offset(hole)  for t = 1, 3 (tracks 2 and 4)

straight:     offset(h) = h (0 is the start hole, 1..holes the holes); block = holes + 1.
traditional:  per player two rows of `row` holes (30): up the outer row, back down the inner one,
              lap = 2 * row holes, walked twice for 121; block = lap + 1 (the game hole).
              offset(holes) = lap; offset(h) = (h - 1) % lap for 1 <= h < holes; hole 0 has no LED.

A new board is one entry in LAYOUTS at the end of this file (its name, the function that builds it and
a few words for `--layout` help): `cribbage render led`, `python -m firmware.pty_board` and the firmware's
LAYOUT setting all take their names from there. Runs unchanged under MicroPython, like the rest of this
package.
"""

STRAIGHT = "straight"
TRADITIONAL = "traditional"
ROW = 30
"""Holes in one row of the traditional board."""


class Layout:
    """The hole-to-LED map of one board: `name`, `tracks`, `holes` per track, `block` LEDs per track."""

    __slots__ = ("name", "tracks", "holes", "block", "lap")

    def __init__(self, name: str, tracks: int, holes: int, block: int, lap: int) -> None:
        self.name = name
        self.tracks = tracks
        self.holes = holes
        self.block = block
        self.lap = lap
        """Holes per lap (traditional), or 0 on a straight board."""

    @property
    def leds(self) -> int:
        return self.tracks * self.block

    @property
    def start_leds(self) -> bool:
        """Whether hole 0 (the start) has an LED of its own."""
        return self.lap == 0

    def offset(self, hole: int) -> int:
        """The hole's place in its track's block, counted along the track; -1 for no LED."""
        if hole < 0 or hole > self.holes:
            return -1
        if self.lap == 0:
            return hole
        if hole == 0:
            return -1
        if hole == self.holes:
            return self.lap
        return (hole - 1) % self.lap

    def led(self, track: int, hole: int) -> int:
        """The strip index of a track's (0-based) hole, or -1 when that hole has no LED."""
        offset = self.offset(hole)
        if offset < 0 or not 0 <= track < self.tracks:
            return -1
        if track % 2:
            offset = self.block - 1 - offset
        return track * self.block + offset

    def hole_leds(self, track: int) -> list[int]:
        """Every LED of a track's holes 1..holes, each once (a traditional lap's LEDs serve two holes)."""
        seen = []
        for hole in range(1, self.holes + 1):
            index = self.led(track, hole)
            if index not in seen:
                seen.append(index)
        return seen

    def quiet_led(self, track: int) -> int:
        """The LED that breathes while the host is quiet: the start hole's, else the game hole's."""
        return self.led(track, 0 if self.start_leds else self.holes)

    def place(self, index: int) -> tuple[float, float]:
        """Where an LED sits on the board, as (column, row) in hole pitches, for drawings and the guide.

        straight: row = track, column = hole (the start at column 0).
        traditional: two rows per track (outer, inner; the inner ones of tracks 1 and 2 face each
        other), column 1..row along them, the game hole at column 0 between its two rows."""
        track, offset = divmod(index, self.block)
        if track % 2:
            offset = self.block - 1 - offset
        if self.lap == 0:
            return float(offset), float(track)
        outer = 2 * track + (track % 2)
        inner = 2 * track + 1 - (track % 2)
        if offset == self.lap:
            return 0.0, (outer + inner) / 2
        along = offset % self.lap
        if along < self.lap // 2:  # the outer row, then back along the inner one
            return float(along + 1), float(outer)
        return float(self.lap - along), float(inner)


def straight(tracks: int = 2, holes: int = 121) -> Layout:
    """A straight board: per track a start hole and `holes` holes in one line."""
    return Layout(STRAIGHT, tracks, holes, holes + 1, 0)


def traditional(tracks: int = 2, holes: int = 121) -> Layout | None:
    """A traditional board: per track two rows of 30 walked as laps of 60, plus the game hole.
    None when `holes` is not a whole number of laps plus one (121: two laps; 61: one)."""
    lap = 2 * ROW
    if holes < lap + 1 or (holes - 1) % lap:
        return None
    return Layout(TRADITIONAL, tracks, holes, lap + 1, lap)


LAYOUTS = (
    (STRAIGHT, straight, "a start hole and 121 per track"),
    (TRADITIONAL, traditional, "two rows of 30, twice round"),
)
"""Every board layout: (name, builder(tracks, holes) -> Layout or None, a few words for people), in the order
they are offered."""
NAMES = tuple(entry[0] for entry in LAYOUTS)


def summary() -> str:
    """`name: words; ...` for every layout, as `--layout` help says it."""
    return "; ".join(name + ": " + words for name, _, words in LAYOUTS)


def make(name: str, tracks: int = 2, holes: int = 121) -> Layout | None:
    """The layout called `name` (one of NAMES), or None when there is no such board."""
    if not 1 <= tracks <= 4:
        return None
    for entry in LAYOUTS:
        if entry[0] == name:
            return entry[1](tracks, holes)
    return None


def find(tracks: int, holes: int, leds: int) -> Layout | None:
    """The layout a board of this INFO (tracks, holes, LEDs) has, or None when no layout has that many LEDs."""
    for entry in LAYOUTS:
        shape = make(entry[0], tracks, holes)
        if shape is not None and shape.leds == leds:
            return shape
    return None
