"""The LED strip lit exactly as the reference firmware lights it, as a picture.

The values go through the firmware's own core (firmware/pegboard): a STATE, EFFECT and BRIGHT line
each, so anything the board would refuse is refused here with the board's words, and the colours
come from the firmware's picture and layout code, so this picture cannot disagree with the board.
Each LED is drawn where it sits on the board (layout.place), lit ones in their exact RGB value.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.pegboard import core, picture
from firmware.pegboard import layout as layouts
from firmware.pegboard.layout import Layout
from render.canvas import Canvas, Point
from render.style import RGB, RenderError, blend

BOARD: RGB = (22, 20, 19)
OFF: RGB = (36, 34, 32)
"""An LED that is off: its white package, dimly seen."""
TEXT: RGB = (200, 196, 190)
MUTED: RGB = (130, 126, 120)
MARGIN = 28
TOP = 34
LAYOUTS = layouts.NAMES
"""The boards a scene may be drawn on (firmware/pegboard/layout.py's registry), for `--layout`."""
LAYOUT_HELP = layouts.summary()


@dataclass(frozen=True, slots=True)
class LedScene:
    """What the board is asked to show: front/back per track, effects (0-based winner) and brightness."""

    pegs: tuple[tuple[int, int], ...]
    layout: str = layouts.STRAIGHT
    winner: int | None = None
    skunk: int | None = None
    brightness: int = 255
    highlight: int | None = None
    quiet: bool = False
    budget_ma: int = picture.USB_BUDGET_MA
    now_ms: int = 0
    """The moment drawn: 0 is a highlight at its brightest, a winner's flash on and breathing at its peak."""


def board_for(scene: LedScene) -> tuple[core.Board, Layout]:
    """The firmware's Board after the scene's frames, and its layout; RenderError with the board's
    NAK when it would refuse them."""
    if not 1 <= len(scene.pegs) <= core.MAX_TRACKS:
        raise RenderError(f"give 1-{core.MAX_TRACKS} tracks of pegs, not {len(scene.pegs)}")
    shape = layouts.make(scene.layout, max(2, len(scene.pegs)))
    if shape is None:
        raise RenderError(f"layout {scene.layout!r} is not one of {', '.join(layouts.NAMES)}")
    board = core.Board(shape.tracks, shape.holes, shape.leds)
    tracks = [core.track_field(front, back, core.DEFAULT_COLOURS[i], scene.highlight == i)
              for i, (front, back) in enumerate(scene.pegs)]
    effects = [("-" if v is None else str(v)) for v in (scene.winner, scene.skunk)]
    for payload in (f"STATE 1 {' '.join(tracks)}", f"EFFECT 2 {' '.join(effects)}", f"BRIGHT 3 {scene.brightness}"):
        answer = board.receive(core.frame_line(payload), 0)[0].decode()
        if not answer.startswith("ACK"):
            raise RenderError(f"the board would refuse {payload.split()[0]}: {answer.split('*')[0]}")
    return board, shape


def lights(scene: LedScene) -> tuple[Layout, dict[int, tuple[int, int, int]]]:
    """The layout and the lit LEDs (strip index to RGB) the firmware shows for the scene."""
    board, shape = board_for(scene)
    lit = picture.lights(shape, board.tracks, board.brightness, board.winner, board.skunk, scene.now_ms,
                         scene.quiet, scene.budget_ma)
    return shape, lit


def pitch(shape: Layout) -> float:
    """Pixels between neighbouring holes."""
    return 8.0 if shape.lap == 0 else 16.0


def led_centre(shape: Layout, index: int) -> Point:
    """Where an LED is drawn, in the picture's pixels."""
    column, row = shape.place(index)
    step = pitch(shape)
    gap = step * 1.2 if shape.lap == 0 else step * 0.6
    player_gap = 0.0 if shape.lap == 0 else (row // 2) * step * 0.6
    return _margin(shape) + column * step + step / 2, TOP + row * (step + gap) + player_gap + step / 2


def _margin(shape: Layout) -> float:
    """The left margin: room for the track numbers (and, on a traditional board, the word `game`)."""
    return MARGIN if shape.lap == 0 else 2 * MARGIN


def _size(shape: Layout) -> tuple[int, int]:
    centres = [led_centre(shape, i) for i in range(shape.leds)]
    return int(max(x for x, _ in centres) + MARGIN), int(max(y for _, y in centres) + pitch(shape) + 16)


def _labels(canvas: Canvas, shape: Layout) -> None:
    step = pitch(shape)
    for t in range(shape.tracks):
        x, y = led_centre(shape, shape.led(t, 1))
        colour = core.DEFAULT_COLOURS[t]
        canvas.text((12, y), str(t + 1), 10, (colour >> 16, (colour >> 8) & 0xFF, colour & 0xFF),
                    anchor="mm")
    marks = (0, *range(10, shape.holes + 1, 10)) if shape.lap == 0 else (1, 10, 20, 30)
    for hole in marks:
        x, y = led_centre(shape, shape.led(0, hole))
        canvas.text((x, y - step * 0.9), "start" if hole == 0 else str(hole), 7, MUTED, anchor="md")
    if shape.lap:
        x, y = led_centre(shape, shape.led(0, shape.holes))
        canvas.text((x - step * 0.5, y), "game", 7, MUTED, anchor="rm")


def led_png(scene: LedScene) -> bytes:
    """The strip, every LED where it sits on the board, lit ones in the exact colour the firmware sends."""
    shape, lit = lights(scene)
    width, height = _size(shape)
    canvas = Canvas(width, height, BOARD)
    radius = pitch(shape) * (0.38 if shape.lap == 0 else 0.3)
    for index, rgb in lit.items():  # a soft glow first, so no glow covers another LED
        canvas.circle(led_centre(shape, index), radius * 1.6, fill=blend(BOARD, rgb, 0.35))
    for index in range(shape.leds):
        canvas.circle(led_centre(shape, index), radius, fill=lit.get(index, OFF))
    _labels(canvas, shape)
    summary = [f"{shape.name} board", f"{shape.leds} LEDs", ", ".join(f"{f}/{b}" for f, b in scene.pegs)]
    if scene.winner is not None:
        summary.append(f"track {scene.winner + 1} won")
    if scene.skunk is not None:
        summary.append(f"skunk line {scene.skunk}")
    summary.append(f"about {picture.current_ma(lit, shape.leds):.0f} mA of {scene.budget_ma}")
    canvas.text((MARGIN, 8), "  ·  ".join(summary), 10, TEXT, anchor="la")
    return canvas.png()
