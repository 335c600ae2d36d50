"""The colour of every LED at one moment: pegs, highlight pulse, winner flash, skunk line, breathing,
brightness, and the cap that keeps the strip inside its power budget.

A pure function of the board's state, the layout and the time, so the firmware, the tests and the
`cribbage render led` picture all light the same LEDs. Runs unchanged under MicroPython.

What is lit, for each track that is not dark (colour 000000 lights nothing), later rules winning:
  host quiet    the track's quiet LED (start hole, else game hole) breathes in its colour, 0-BREATH_MAX, 4 s
  winner        every other LED of the track flashes at FLASH in its colour, on 250 ms, off 250 ms
  skunk line    the skunk hole's LED in SKUNK white
  back peg      its colour at BACK (dim)
  front peg     its colour at FRONT; with H=1 it pulses PULSE_MIN-FRONT once a second
Then every channel is scaled by brightness / 255, and by the power cap (Power) when the state's brightest
moment is over the budget: dimmed, never blanked.

A test pattern (the protocol's TEST, while the host talks) replaces the picture: one LED white, one track's
whole block of LEDs in its colour, or every LED white; at full level whatever the brightness, and dimmed by
the same cap, so full white draws the budget and no more.
"""

try:  # noqa: SIM105 - MicroPython has no contextlib
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated there
    pass

from .core import DEFAULT_COLOURS, TEST_LED, TEST_TRACK, Track
from .layout import Layout

FRONT = 255
BACK = 64
FLASH = 48
PULSE_MIN = 64
BREATH_MAX = 160
SKUNK = (96, 96, 96)
PULSE_MS = 1000
FLASH_MS = 250
BREATH_MS = 4000
MA_PER_CHANNEL = 20
"""A WS2812 channel at 255 draws about 20 mA (60 mA for full white)."""
IDLE_MA = 1
"""What a dark WS2812 still draws."""
USB_BUDGET_MA = 450
"""The default budget: USB gives 500 mA and the Pico itself needs some."""
MIN_COLOUR_MA = 20
"""What a picture may always spend on colour, even where the dark LEDs alone use up the budget (a 4-track
straight board on USB): it is dimmed to this, never blanked, and its REPORT shows it over the budget."""


def wave(now_ms: int, period_ms: int) -> int:
    """A triangle wave 0..255: 255 at time 0, 0 half a period later."""
    phase = now_ms % period_ms
    return 255 * abs(2 * phase - period_ms) // period_ms


def _scaled(colour: int, level: int) -> tuple[int, int, int]:
    return ((colour >> 16) * level // 255, ((colour >> 8) & 0xFF) * level // 255, (colour & 0xFF) * level // 255)


def _track_lights(lit: dict[int, tuple[int, int, int]], layout: Layout, t: int, track: Track,
                  winner: int | None, skunk: int | None, now_ms: int, quiet: bool) -> None:
    """Write one track's LEDs into `lit`, in the order of the rules above (later ones win)."""
    colour = track.colour
    if not colour:
        return
    if quiet:
        level = BREATH_MAX * wave(now_ms, BREATH_MS) // 255
        index = layout.quiet_led(t)
        if index >= 0 and level:
            lit[index] = _scaled(colour, level)
    if winner == t and (now_ms // FLASH_MS) % 2 == 0:
        flash = _scaled(colour, FLASH)
        for index in layout.hole_leds(t):
            lit[index] = flash
    if skunk is not None:
        index = layout.led(t, skunk)
        if index >= 0:
            lit[index] = SKUNK
    if track.back:
        lit[layout.led(t, track.back)] = _scaled(colour, BACK)
    if track.front:
        level = FRONT
        if track.highlight:
            level = PULSE_MIN + (FRONT - PULSE_MIN) * wave(now_ms, PULSE_MS) // 255
        lit[layout.led(t, track.front)] = _scaled(colour, level)


def raw_lights(layout: Layout, tracks: list[Track], brightness: int = 255, winner: int | None = None,
               skunk: int | None = None, now_ms: int = 0, quiet: bool = False) -> dict[int, tuple[int, int, int]]:
    """The LEDs the rules light at one moment, brightness applied, before the power cap."""
    lit: dict[int, tuple[int, int, int]] = {}
    for t in range(min(len(tracks), layout.tracks)):
        _track_lights(lit, layout, t, tracks[t], winner, skunk, now_ms, quiet)
    lit.pop(-1, None)
    if brightness < 255:
        for index in lit:
            r, g, b = lit[index]
            lit[index] = (r * brightness // 255, g * brightness // 255, b * brightness // 255)
    return lit


def lights(layout: Layout, tracks: list[Track], brightness: int = 255, winner: int | None = None,
           skunk: int | None = None, now_ms: int = 0, quiet: bool = False,
           budget_ma: int = USB_BUDGET_MA, cap: "Power | None" = None) -> dict[int, tuple[int, int, int]]:
    """The LEDs that are lit, strip index to (r, g, b) as sent to the strip; every other LED is off.

    Pegs past the layout's holes are the protocol's business (the board refuses them), so every
    hole named here has an LED, except hole 0 on a board without start LEDs. `cap` is this state's
    Power (see power()), which a caller drawing many frames of one state works out once."""
    if cap is None:
        cap = power(layout, tracks, brightness, winner, skunk, budget_ma)
    return cap.dim(raw_lights(layout, tracks, brightness, winner, skunk, now_ms, quiet))


def colours(layout: Layout, lit: dict[int, tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Every LED's colour in strip order (the dark ones (0, 0, 0))."""
    return [lit.get(index, (0, 0, 0)) for index in range(layout.leds)]


def units(lit: dict[int, tuple[int, int, int]]) -> int:
    """The sum of every channel value of every LED: the picture's colour, in 1/255 of a channel's 20 mA."""
    total = 0
    for r, g, b in lit.values():
        total += r + g + b
    return total


def current_ma(lit: dict[int, tuple[int, int, int]], leds: int) -> float:
    """The estimated current of the strip: MA_PER_CHANNEL at 255 per channel, plus IDLE_MA per LED."""
    return leds * IDLE_MA + units(lit) * MA_PER_CHANNEL / 255


class Power:
    """What one state's picture may spend on colour, and how much it is dimmed to stay there.

    `peak` is the colour (channel units) of the state's brightest moment: every LED at the most it
    reaches in the animation (the winner's flash on, a pulse and a breath at their top). `allowed` is
    what the budget leaves after the dark LEDs' IDLE_MA each, but never less than MIN_COLOUR_MA: a
    picture is dimmed, never blanked. Every frame of the state is scaled by the same allowed / peak,
    so the dimming does not pump with the flash, and every LED the rules light keeps at least 1 in
    its strongest channel."""

    __slots__ = ("leds", "budget_ma", "peak", "allowed", "lit")

    def __init__(self, leds: int, budget_ma: int, peak: int, lit: int) -> None:
        self.leds = leds
        self.budget_ma = budget_ma
        self.peak = peak
        self.lit = lit
        """How many LEDs the state ever lights (each keeps 1 unit, so they are reserved)."""
        room = (budget_ma - leds * IDLE_MA) * 255 // MA_PER_CHANNEL
        self.allowed = max(room, MIN_COLOUR_MA * 255 // MA_PER_CHANNEL)

    @property
    def wanted_ma(self) -> int:
        """The estimate of the brightest moment undimmed, in whole mA rounded up."""
        return self.leds * IDLE_MA + (self.peak * MA_PER_CHANNEL + 254) // 255

    @property
    def dimmed(self) -> bool:
        return self.peak > self.allowed

    @property
    def over(self) -> bool:
        """True when even the dark LEDs and MIN_COLOUR_MA exceed the budget: it is drawn over it."""
        return self.leds * IDLE_MA + MIN_COLOUR_MA > self.budget_ma and self.peak > 0

    def field(self) -> str:
        """`WANTED/BUDGET` in mA, as REPORT ends: dimmed when the first is over the second."""
        return str(self.wanted_ma) + "/" + str(self.budget_ma)

    def dim(self, lit: dict[int, tuple[int, int, int]]) -> dict[int, tuple[int, int, int]]:
        """One frame of the state scaled to fit (untouched when the state fits)."""
        if not self.dimmed:
            return lit
        room, peak = max(0, self.allowed - self.lit), self.peak
        out = {}
        for index in lit:
            r, g, b = lit[index]
            rgb = (r * room // peak, g * room // peak, b * room // peak)
            if rgb == (0, 0, 0) and (r or g or b):  # lit by the rules: kept lit, at the least level
                top = max(r, g, b)
                rgb = (1, 0, 0) if r == top else ((0, 1, 0) if g == top else (0, 0, 1))
            out[index] = rgb
        return out


def power(layout: Layout, tracks: list[Track], brightness: int = 255, winner: int | None = None,
          skunk: int | None = None, budget_ma: int = USB_BUDGET_MA) -> Power:
    """The Power of a state: its brightest moment is the channelwise most of the picture at time 0
    (every wave at its top, the flash on) with and without the flash (the flash covers a breathing
    game hole), the host quiet (one more LED)."""
    flash = raw_lights(layout, tracks, brightness, winner, skunk, 0, True)
    most = raw_lights(layout, tracks, brightness, None, skunk, 0, True) if winner is not None else {}
    for index in most:
        if index in flash:
            a, b = flash[index], most[index]
            flash[index] = (max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]))
        else:
            flash[index] = most[index]
    lit = 0
    for rgb in flash.values():
        if rgb != (0, 0, 0):
            lit += 1
    return Power(layout.leds, budget_ma, units(flash), lit)


def capped(lit: dict[int, tuple[int, int, int]], leds: int,
           budget_ma: int = USB_BUDGET_MA) -> dict[int, tuple[int, int, int]]:
    """One still picture `lit` dimmed to fit budget_ma as a state of its own (see Power)."""
    count = 0
    for rgb in lit.values():
        if rgb != (0, 0, 0):
            count += 1
    return Power(leds, budget_ma, units(lit), count).dim(lit)


def animated(tracks: list[Track], winner: int | None, quiet: bool) -> bool:
    """Whether the picture changes with time (so the firmware must keep redrawing)."""
    if quiet or winner is not None:
        return True
    return any(track.highlight and track.front and track.colour for track in tracks)


WHITE = (255, 255, 255)


def test_lights(layout: Layout, tracks: list[Track], test: tuple[str, int | None]) -> dict[int, tuple[int, int, int]]:
    """The LEDs a test pattern lights, before the cap: an LED white, a track's block in its colour (its
    default colour when the host made it dark), or every LED white."""
    pattern, index = test
    if pattern == TEST_LED and index is not None:
        return {index: WHITE} if 0 <= index < layout.leds else {}
    if pattern == TEST_TRACK and index is not None:
        colour = tracks[index].colour if index < len(tracks) else 0
        rgb = _scaled(colour or DEFAULT_COLOURS[index % len(DEFAULT_COLOURS)], 255)
        return {led: rgb for led in range(index * layout.block, (index + 1) * layout.block)}
    return {led: WHITE for led in range(layout.leds)}


def board_power(layout: Layout, board: "Any", budget_ma: int = USB_BUDGET_MA) -> Power:
    """The Power of what a board (core.Board) shows: its test pattern, else its picture."""
    if board.test is not None:
        lit = test_lights(layout, board.tracks, board.test)
        return Power(layout.leds, budget_ma, units(lit), len(lit))
    return power(layout, board.tracks, board.brightness, board.winner, board.skunk, budget_ma)


def board_lights(layout: Layout, board: "Any", now_ms: int, quiet: bool, budget_ma: int = USB_BUDGET_MA,
                 cap: "Power | None" = None) -> dict[int, tuple[int, int, int]]:
    """Every lit LED of a board (core.Board) at one moment: its test pattern while the host talks, else its
    picture; `cap` is board_power's, worked out once per change."""
    if cap is None:
        cap = board_power(layout, board, budget_ma)
    if board.test is not None and not quiet:
        return cap.dim(test_lights(layout, board.tracks, board.test))
    if board.test is not None:  # the host went quiet mid-test: the picture, at its own cap
        cap = power(layout, board.tracks, board.brightness, board.winner, board.skunk, budget_ma)
    return lights(layout, board.tracks, board.brightness, board.winner, board.skunk, now_ms, quiet, budget_ma, cap)
