"""Where to drill: the pegboard's holes in millimetres, exactly over the LEDs of the firmware's layout.

Pure geometry, no drawing. Along a run of strip the LEDs sit one strip pitch apart (1000 / LEDs per metre:
6.944 mm at 144/m, never a rounded 7), so a hole's centre is the firmware's `Layout.place` column times the
pitch. Across the board the rows of one track are `row_mm` apart, at least the strip's width, since a strip
cannot lie under its neighbour, and neighbouring rows of two tracks `gap_mm` further, so each player's holes
read as theirs. Wherever two LEDs that follow each other on the strip are not one pitch apart, the
strip is cut there and joined again: three jumper wires, or a fold where one fits. The runs between those
joints are the strip's pieces: the cut list.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from engine.core.errors import CodedError
from firmware.pegboard import layout as layouts
from firmware.pegboard.layout import Layout

LED_MM = 5.0
"""A 5050 WS2812B package is 5 mm square: a fold needs this much of the pitch left for the two LEDs."""
WALL_MM = 1.5
"""The least wood left between two holes."""
CLEARANCE_MM = 0.5
"""A channel is the strip's width plus this, so the strip drops in without forcing."""
RIB_MM = 5.5
"""The wood the default row spacing leaves between two channels: a rib that holds in a 6 mm core."""
GAP_MM = 6.0
"""What the default adds between the rows of two tracks: the space between players."""
GROUP = 5


class Density(Enum):
    """Common WS2812B strip densities, LEDs per metre, with their usual width."""

    PER_M_144 = 144
    PER_M_96 = 96
    PER_M_60 = 60

    @property
    def pitch_mm(self) -> float:
        return 1000 / self.value

    @property
    def strip_width_mm(self) -> float:
        return 12.0 if self.value == 144 else 10.0

    @property
    def hole_mm(self) -> float:
        """The default hole: wide enough to see the whole 5 mm LED, with wood left between holes."""
        return 4.0 if self.value == 144 else 5.0

    @property
    def reel_leds(self) -> int:
        """LEDs on the usual reel: 1 m of 144/m, 5 m of the others (cut to length from it)."""
        return 144 if self.value == 144 else self.value * 5

    @classmethod
    def of(cls, per_metre: int) -> Density:
        for density in cls:
            if density.value == per_metre:
                return density
        raise TemplateError(TemplateProblem.DENSITY, f"strip density {per_metre}/m is not one of "
                            + ", ".join(f"{d.value}" for d in cls), per_metre=per_metre)


class TemplateProblem(Enum):
    DENSITY = "density"
    LAYOUT = "layout"
    HOLE = "hole"
    ROWS = "rows"


class TemplateError(CodedError[TemplateProblem]):
    """A template that cannot be drilled; the message names the bad value."""


class JointKind(Enum):
    JUMPER = "jumper"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class TemplateSpec:
    """What board to draw: the firmware's layout, tracks and holes, the strip, and the woodwork's sizes."""

    layout: str = layouts.STRAIGHT
    tracks: int = 2
    holes: int = 121
    density: Density = Density.PER_M_144
    hole_mm: float | None = None
    row_mm: float | None = None
    """Distance between neighbouring rows of a track; None: the channel's width plus a rib."""
    gap_mm: float | None = None
    """What is added between the rows of two tracks; None: GAP_MM."""


@dataclass(frozen=True, slots=True)
class Hole:
    """One drilled hole over one LED: the strip index, its track (0-based), the scores it shows, its centre."""

    led: int
    track: int
    scores: tuple[int, ...]
    x_mm: float
    y_mm: float


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of strip with no joint: LEDs first..last in strip order."""

    first: int
    last: int
    length_mm: float

    @property
    def leds(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True, slots=True)
class Joint:
    """Where the strip is cut after LED `after` and joined to the next one, `gap_mm` centre to centre."""

    after: int
    kind: JointKind
    gap_mm: float


@dataclass(frozen=True, slots=True)
class Template:
    spec: TemplateSpec
    layout: Layout
    pitch_mm: float
    row_mm: float
    gap_mm: float
    hole_mm: float
    strip_width_mm: float
    holes: tuple[Hole, ...]
    pieces: tuple[Piece, ...]
    joints: tuple[Joint, ...]

    def hole_at(self, led: int) -> Hole:
        return self.holes[led]

    def group_marks(self) -> tuple[float, ...]:
        """x of the line between each group of five holes along a row (between columns 5k and 5k + 1)."""
        last = max(int(round(h.x_mm / self.pitch_mm)) for h in self.holes)
        return tuple((k + 0.5) * self.pitch_mm for k in range(GROUP, last, GROUP))

    def extent(self) -> tuple[float, float, float, float]:
        """The holes' bounding box (left, top, right, bottom), in millimetres."""
        xs = [h.x_mm for h in self.holes]
        ys = [h.y_mm for h in self.holes]
        return min(xs), min(ys), max(xs), max(ys)


def _scores(shape: Layout, led: int) -> tuple[int, ...]:
    track = led // shape.block
    first = 0 if shape.start_leds else 1
    return tuple(h for h in range(first, shape.holes + 1) if shape.led(track, h) == led)


def _measures(spec: TemplateSpec) -> tuple[float, float, float, float]:
    """(pitch, hole, row spacing, gap between tracks) in mm, or TemplateError naming the size that leaves too
    little wood."""
    pitch = spec.density.pitch_mm
    hole = spec.density.hole_mm if spec.hole_mm is None else spec.hole_mm
    if not 1.0 <= hole <= pitch - WALL_MM:
        raise TemplateError(TemplateProblem.HOLE, f"a {hole:g} mm hole at a {pitch:.3f} mm pitch: give 1 to "
                            f"{pitch - WALL_MM:.2f} mm, to leave {WALL_MM} mm of wood between holes",
                            hole_mm=hole, pitch_mm=pitch)
    width = spec.density.strip_width_mm
    row = width + CLEARANCE_MM + RIB_MM if spec.row_mm is None else spec.row_mm
    if not width <= row <= 100:
        raise TemplateError(TemplateProblem.ROWS, f"rows {row:g} mm apart: give {width:g} (the strip's width) "
                            "to 100 mm", row_mm=row, strip_width_mm=width)
    gap = GAP_MM if spec.gap_mm is None else spec.gap_mm
    if not 0 <= gap <= 100:
        raise TemplateError(TemplateProblem.ROWS, f"a gap of {gap:g} mm between tracks: give 0 to 100 mm",
                            gap_mm=gap)
    return pitch, hole, row, gap


def _joint_kind(template_rows: float, pitch: float, width: float, a: Hole, b: Hole) -> JointKind:
    """A fold (two 45-degree folds turning the strip back beside itself) only between neighbouring rows at
    the same column, rows a strip's width apart, with a pitch long enough for the fold and both LEDs."""
    same_column = math.isclose(a.x_mm, b.x_mm)
    neighbours = math.isclose(abs(a.y_mm - b.y_mm), template_rows)
    if same_column and neighbours and template_rows <= width + 0.5 and pitch - template_rows >= LED_MM:
        return JointKind.FOLD
    return JointKind.JUMPER


def make_template(spec: TemplateSpec) -> Template:
    """The drilling template of one board; TemplateError names an impossible layout or size."""
    shape = layouts.make(spec.layout, spec.tracks, spec.holes)
    if shape is None:
        raise TemplateError(TemplateProblem.LAYOUT, f"no {spec.layout!r} board of {spec.tracks} tracks and "
                            f"{spec.holes} holes (layouts: {', '.join(layouts.NAMES)}; 1-4 tracks; "
                            "a traditional board has 61 or 121 holes)",
                            layout=spec.layout, tracks=spec.tracks, holes=spec.holes)
    pitch, hole_mm, row, between = _measures(spec)
    holes = []
    for led in range(shape.leds):
        column, line = shape.place(led)
        x_mm = column * 1000 / spec.density.value  # not column * pitch: no rounding of the pitch first
        track = led // shape.block
        holes.append(Hole(led, track, _scores(shape, led), x_mm, line * row + track * between))
    joints, pieces, first = [], [], 0
    for led in range(shape.leds):
        if led + 1 < shape.leds:
            a, b = holes[led], holes[led + 1]
            gap = math.hypot(b.x_mm - a.x_mm, b.y_mm - a.y_mm)
            if math.isclose(gap, pitch):
                continue
            kind = _joint_kind(row, pitch, spec.density.strip_width_mm, a, b)
            joints.append(Joint(led, kind, gap))
        pieces.append(Piece(first, led, (led - first + 1) * pitch))
        first = led + 1
    return Template(spec, shape, pitch, row, between, hole_mm, spec.density.strip_width_mm, tuple(holes),
                    tuple(pieces), tuple(joints))


def reels(template: Template) -> int:
    """Whole reels the pieces are cut from, longest piece first into the first reel with room (a piece is
    never spliced from two reels: a joint there would sit under a hole)."""
    room: list[int] = []
    per_reel = template.spec.density.reel_leds
    for piece in sorted(template.pieces, key=lambda p: -p.leds):
        for i, left in enumerate(room):
            if left >= piece.leds:
                room[i] -= piece.leds
                break
        else:
            room.append(per_reel - piece.leds)
    return len(room)


@dataclass(frozen=True, slots=True)
class CutList:
    """What to cut from the reels for one board: pieces by length, joints by kind, reels, total strip."""

    leds: int
    pieces: tuple[tuple[int, int], ...]
    """(LEDs in a piece, how many such pieces), longest first."""
    jumpers: int
    folds: int
    reels: int
    strip_m: float


def cut_list(template: Template) -> CutList:
    counts: dict[int, int] = {}
    for piece in template.pieces:
        counts[piece.leds] = counts.get(piece.leds, 0) + 1
    folds = sum(1 for joint in template.joints if joint.kind is JointKind.FOLD)
    return CutList(template.layout.leds, tuple(sorted(counts.items(), reverse=True)),
                   len(template.joints) - folds, folds, reels(template),
                   template.layout.leds * template.pitch_mm / 1000)
