"""The woodwork around the holes, in board millimetres: the three layers, the channels, the wire grooves, the
electronics bay and its parts, the registration and screw holes, the outline, and the streets and skunk line.

The board is three layers glued and screwed (docs/board-hardware.md, Woodwork): a FACE with the holes, a CORE
with the channels cut right through it (the strip lies against the face, a foam strip behind it) and the
wire grooves routed half its depth from the back, and a BACK panel, screwed so it can be opened, that
presses the foam. The bay for the electronics is cut through the core and the back and closed by a cover.
Pure geometry in the front's coordinates (x along the rows from the first hole, y down); the back sheet
mirrors it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firmware.pegboard.layout import Layout
from render.template import CLEARANCE_MM, Template

FACE_MM = 4.0
"""Birch ply for the face: the holes go through it; a short light path, and 1.5 mm of wood at least
between 4 mm holes 6.944 mm apart."""
CORE_MM = 6.0
"""Birch ply (or MDF) for the core: the channels are cut right through it, so the ribs between them are
glued to the face along their length and are only this tall."""
BACK_MM = 9.0
"""Birch ply for the back panel, screwed on; stiff enough that the whole board is FACE + CORE + BACK."""
COVER_MM = 3.0
"""Hardboard over the bay, screwed to the back."""
DIFFUSER_MM = 2.0
"""Opal acrylic between the strip and the face (optional)."""
STRIP_MM = 2.0
"""A bare 5050 strip: the LED 1.6 mm on a 0.2 mm board, with its tape. Measure yours."""
GROOVE_MM = 6.0
"""A wire groove is one pass of a 6 mm straight bit: two 20 AWG wires side by side, or a jumper's three."""
GROOVE_DEPTH_MM = 3.0
"""Half the core: a groove crosses a rib without cutting it loose."""
GROOVE_ROOM_MM = 4.0
"""Wood left between the nearest channel end and the groove that runs across the board's end."""
BUS_RIB_MM = 5.5
"""Wood between the last channel and the bus groove along the bottom (straight boards)."""
EDGE_MM = 12.0
"""Wood outside everything cut: room for the registration and screw holes."""
REGISTRATION_MM = 3.0
"""Drill and dowel size of the four registration holes, drilled through every layer at once."""
REGISTRATION_INSET_MM = 5.0
SCREW_MM = 3.5
"""Clearance hole in the back panel for 3.5 x 16 mm countersunk wood screws (2 mm pilots in the core)."""
SCREW_INSET_MM = 6.0
SCREW_SPACING_MM = 120.0
PERFBOARD_MM = (70.0, 50.0)
"""The electronics go on one 70 x 50 mm perfboard, in the bay with 2 mm round it."""
BAY_ROOM_MM = 2.0
USB_SLOT_MM = (12.0, 8.0)
"""The slot through the end wall for the micro-USB plug (width along the end, height through core and back)."""
JACK_HOLE_MM = 8.0
"""The hole through the end wall for the barrel jack's plug (a 5.5 x 2.1 mm plug is 5.5 mm across)."""
COUNTERSINK_MM = 6.0
"""Start and finish: the hole countersunk with this drill, 1 mm deep (a standard size, read off the sheet)."""
STREET = 30
"""Holes in a street: a line is engraved after every 30th hole."""


@dataclass(frozen=True, slots=True)
class Rect:
    """A box in board millimetres: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True, slots=True)
class Part:
    """One part's footprint in the bay, as the back sheet shows it (laid out as seen from the back)."""

    name: str
    box: Rect
    note: str = ""


@dataclass(frozen=True, slots=True)
class Engraving:
    """A line engraved on the face: a street after hole `after`, the skunk line, or the outline."""

    x1: float
    y1: float
    x2: float
    y2: float
    after: int
    skunk: bool


@dataclass(frozen=True, slots=True)
class Plan:
    outline: Rect
    channels: tuple[Rect, ...]
    """One per piece of strip, in strip order."""
    grooves: tuple[Rect, ...]
    bay: Rect
    parts: tuple[Part, ...]
    """In back-view coordinates (x mirrored about the outline)."""
    exits: tuple[Part, ...]
    """The USB slot and the jack hole through the end wall, back-view coordinates."""
    registration: tuple[tuple[float, float], ...]
    screws: tuple[tuple[float, float], ...]
    engravings: tuple[Engraving, ...]
    feeds: tuple[int, ...]
    """LEDs whose pads take +5 V and GND from the bus."""

    def mirror_x(self, x: float) -> float:
        """Where a point of the front is on the back sheet, seen from the back."""
        return self.outline.x + self.outline.right - x


def channel_width(template: Template) -> float:
    return template.strip_width_mm + CLEARANCE_MM


def channels(template: Template) -> tuple[Rect, ...]:
    """The channel under each piece: from half a pitch before its first LED to half a pitch after its last
    (the cut pads), the strip's width plus the clearance."""
    out = []
    half, width = template.pitch_mm / 2, channel_width(template)
    for piece in template.pieces:
        a, b = template.hole_at(piece.first), template.hole_at(piece.last)
        x0, x1 = min(a.x_mm, b.x_mm) - half, max(a.x_mm, b.x_mm) + half
        out.append(Rect(x0, a.y_mm - width / 2, x1 - x0, width))
    return tuple(out)


def feeds(template: Template) -> tuple[int, ...]:
    """Where the bus feeds the strip: a straight track at both ends of its piece (847 mm of thin copper
    browns out at its far end), a traditional track once, at its first LED."""
    shape = template.layout
    if shape.lap == 0:
        return tuple(sorted({led for piece in template.pieces for led in (piece.first, piece.last)}))
    return tuple(track * shape.block for track in range(shape.tracks))


def _grooves(template: Template, chans: tuple[Rect, ...]) -> tuple[list[Rect], Rect, float]:
    """The wire grooves (a groove across each end of the board, a stub from every channel end to it, and on
    a straight board the bus along the bottom), the left groove, and the bottom of everything cut so far."""
    left = min(c.x for c in chans) - GROOVE_ROOM_MM - GROOVE_MM
    right = max(c.right for c in chans) + GROOVE_ROOM_MM
    top, bottom = min(c.y for c in chans), max(c.bottom for c in chans)
    middle = (left + right) / 2
    stubs = []
    for c in chans:  # each end of a channel to the groove at its end of the board
        y = c.y + c.h / 2 - GROOVE_MM / 2
        if c.x < middle:
            stubs.append(Rect(left + GROOVE_MM, y, c.x - left - GROOVE_MM, GROOVE_MM))
        if c.right > middle:
            stubs.append(Rect(c.right, y, right - c.right, GROOVE_MM))
    bus = template.layout.lap == 0
    low = bottom + BUS_RIB_MM + GROOVE_MM if bus else bottom
    left_groove = Rect(left, top, GROOVE_MM, low - top)
    out = [left_groove, Rect(right, top, GROOVE_MM, low - top)]
    if bus:
        out.append(Rect(left, low - GROOVE_MM, right + GROOVE_MM - left, GROOVE_MM))
    return out + [s for s in stubs if s.w > 0], left_groove, low


def _bay_parts(bay: Rect, outline: Rect) -> tuple[tuple[Part, ...], tuple[Part, ...]]:
    """The perfboard's parts as seen from the back (the bay mirrored: the end wall on the right), and the
    two exits through the end wall."""
    bx = outline.x + outline.right - bay.right + BAY_ROOM_MM  # the perfboard's left edge, seen from the back
    by = bay.y + BAY_ROOM_MM
    pw = PERFBOARD_MM[0]

    def at(x: float, y: float, w: float, h: float) -> Rect:
        return Rect(bx + x, by + y, w, h)

    parts = (
        Part("Pico", at(pw - 51, 2, 51, 21), "USB end to the wall"),
        Part("74AHCT125", at(4, 2, 10, 20), "socket; 100 nF 14-7; 10k 2-GND"),
        Part("1000 uF 16 V", at(2, 30, 16, 10), "- stripe to GND"),
        Part("fuse 5x20", at(22, 30, 30, 10), "clips, + lead"),
        Part("jack", at(pw - 14.5, 29, 14.5, 9), "5.5 x 2.1 mm"),
    )
    wall = bx + pw + BAY_ROOM_MM
    exits = (Part("USB slot", Rect(wall, by + 12.5 - USB_SLOT_MM[0] / 2, EDGE_MM, USB_SLOT_MM[0]),
                  f"{USB_SLOT_MM[0]:g} x {USB_SLOT_MM[1]:g} mm"),
             Part("jack hole", Rect(wall, by + 33.5 - JACK_HOLE_MM / 2, EDGE_MM, JACK_HOLE_MM),
                  f"{JACK_HOLE_MM:g} mm"))
    return parts, exits


def _holes_round(outline: Rect) -> tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]:
    """Registration holes at the corners; screw holes along the top and bottom edges, at most
    SCREW_SPACING_MM apart."""
    i = REGISTRATION_INSET_MM
    registration = ((outline.x + i, outline.y + i), (outline.right - i, outline.y + i),
                    (outline.x + i, outline.bottom - i), (outline.right - i, outline.bottom - i))
    first, last = outline.x + 20, outline.right - 20
    count = max(2, math.ceil((last - first) / SCREW_SPACING_MM) + 1)
    xs = [first + (last - first) * k / (count - 1) for k in range(count)]
    screws = tuple((x, y) for y in (outline.y + SCREW_INSET_MM, outline.bottom - SCREW_INSET_MM) for x in xs)
    return registration, screws


def engravings(template: Template) -> tuple[Engraving, ...]:
    """A line after every street of 30 holes on every track, and the skunk line (after hole holes - 31: 90 on
    a 121-hole board, 30 on a 61), each between the two holes' LEDs: across the row where they follow each
    other along it, between the rows where the track turns."""
    shape: Layout = template.layout
    skunk = shape.holes - 31
    reach = template.hole_mm / 2 + 1.5
    out = []
    for track in range(shape.tracks):
        for after in range(STREET, shape.holes - 1, STREET):
            a = template.hole_at(shape.led(track, after))
            b = template.hole_at(shape.led(track, after + 1))
            if math.isclose(a.y_mm, b.y_mm):
                x = (a.x_mm + b.x_mm) / 2
                out.append(Engraving(x, a.y_mm - reach, x, a.y_mm + reach, after, after == skunk))
            else:
                y = (a.y_mm + b.y_mm) / 2
                half = template.pitch_mm / 2
                out.append(Engraving(a.x_mm - half, y, a.x_mm + half, y, after, after == skunk))
    return tuple(out)


def plan(template: Template) -> Plan:
    """The woodwork of one board."""
    chans = channels(template)
    grooves, left_groove, low = _grooves(template, chans)
    bay_w, bay_h = PERFBOARD_MM[0] + 2 * BAY_ROOM_MM, PERFBOARD_MM[1] + 2 * BAY_ROOM_MM
    top = min(c.y for c in chans)
    bay = Rect(left_groove.x - bay_w, top, bay_w, bay_h)
    outline = Rect(bay.x - EDGE_MM, top - EDGE_MM, max(g.right for g in grooves) + EDGE_MM - bay.x + EDGE_MM,
                   max(low, bay.bottom) + 2 * EDGE_MM - top)
    parts, exits = _bay_parts(bay, outline)
    registration, screws = _holes_round(outline)
    return Plan(outline, chans, tuple(grooves), bay, parts, exits, registration, screws, engravings(template),
                feeds(template))
