"""What goes on the front of the drilling template, in millimetres: holes, the start and finish countersinks,
the outline, streets and skunk line to engrave, registration holes, the hidden channels, data arrows, joints,
numbers and labels.

One list of marks in board coordinates (the first hole at 0, 0), drawn by both writers (SVG and PNG), so
the vector file and the printed pages cannot disagree. The back sheet (template_back.py) mirrors the same
plan (template_plan.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from render.template import CLEARANCE_MM, JointKind, Template
from render.template_plan import COUNTERSINK_MM, REGISTRATION_MM, Plan, plan

INK = (0, 0, 0)
GREY = (120, 120, 120)
CHANNEL = (40, 110, 200)
JOINT = (200, 60, 0)
ENGRAVE = (0, 130, 60)
GROOVE = (130, 60, 170)
POWER = (213, 94, 0)
MARGIN_MM = 8.0
"""Room round the board's outline for the title."""
TEXT_MM = 2.6
ARROW_EVERY = 20
"""A data arrow every this many LEDs along a piece."""


@dataclass(frozen=True, slots=True)
class Circle:
    x: float
    y: float
    r: float
    colour: tuple[int, int, int] = INK
    width: float = 0.25


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: tuple[int, int, int] = INK
    width: float = 0.25
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    colour: tuple[int, int, int] = CHANNEL
    width: float = 0.25
    dashed: bool = True


@dataclass(frozen=True, slots=True)
class Label:
    x: float
    y: float
    text: str
    size: float = TEXT_MM
    colour: tuple[int, int, int] = INK
    anchor: str = "middle"
    """start, middle or end: where x is on the text, as SVG's text-anchor."""


Mark = Circle | Line | Box | Label


def bounds(template: Template) -> tuple[float, float, float, float]:
    """The drawing's box (left, top, width, height) in board millimetres: the outline and a margin."""
    o = plan(template).outline
    return o.x - MARGIN_MM, o.y - MARGIN_MM, o.w + 2 * MARGIN_MM, o.h + 2 * MARGIN_MM


def channels(template: Template, layout: Plan | None = None, dashed: bool = True) -> list[Mark]:
    """The strip's channel under each piece (cut through the core from the back): dashed on the front, where
    it is hidden, solid on the back."""
    return [Box(c.x, c.y, c.w, c.h, CHANNEL, 0.25, dashed) for c in (layout or plan(template)).channels]


def joints(template: Template) -> list[Mark]:
    """Each joint: a dashed line from LED to LED, J (three jumper wires) or F (fold), and the cut lines."""
    out: list[Mark] = []
    for joint in template.joints:
        a, b = template.hole_at(joint.after), template.hole_at(joint.after + 1)
        out.append(Line(a.x_mm, a.y_mm, b.x_mm, b.y_mm, JOINT, 0.35, dashed=True))
        letter = "F" if joint.kind is JointKind.FOLD else "J"
        out.append(Label((a.x_mm + b.x_mm) / 2 + 2.2, (a.y_mm + b.y_mm) / 2 + 0.9, letter, TEXT_MM, JOINT))
    half_pitch, half_width = template.pitch_mm / 2, template.strip_width_mm / 2 + 1
    for piece in template.pieces:
        a, b = template.hole_at(piece.first), template.hole_at(piece.last)
        step = 1.0 if b.x_mm >= a.x_mm else -1.0
        for hole, side in ((a, -step), (b, step)):
            x = hole.x_mm + side * half_pitch
            out.append(Line(x, hole.y_mm - half_width, x, hole.y_mm + half_width, JOINT, 0.35))
    return out


def arrows(template: Template) -> list[Mark]:
    """The data's direction along every piece (an arrow every ARROW_EVERY LEDs, under the holes), DIN at
    each piece's input end, and the 330 ohm resistor at the very first DIN."""
    out: list[Mark] = []
    half, below = template.pitch_mm / 2, template.hole_mm / 2 + 1.4
    for piece in template.pieces:
        first = template.hole_at(piece.first)
        if piece.leds > 1:
            step = 1.0 if template.hole_at(piece.first + 1).x_mm > first.x_mm else -1.0
        elif piece.first > 0:
            before = template.hole_at(piece.first - 1)
            step = -1.0 if before.x_mm > first.x_mm + 1e-6 else 1.0
        else:
            step = 1.0
        for led in range(piece.first, piece.last, ARROW_EVERY):
            a, b = template.hole_at(led), template.hole_at(led + 1)
            out += arrow(a.x_mm + step * 0.6, a.y_mm + below, b.x_mm - step * 0.6, a.y_mm + below, JOINT)
        x = first.x_mm - step * half
        out.append(Label(x, first.y_mm + template.hole_mm / 2 + 4.0, "DIN", TEXT_MM * 0.65, JOINT,
                         "end" if step > 0 else "start"))
    first = template.hole_at(0)
    out.append(Label(first.x_mm - half, first.y_mm - template.hole_mm / 2 - 4.2, "data in: 330 ohm here",
                     TEXT_MM * 0.7, JOINT, "end"))
    return out


def arrow(x1: float, y1: float, x2: float, y2: float, colour: tuple[int, int, int]) -> list[Mark]:
    """A short arrow from (x1, y1) to (x2, y2), along a row."""
    head = 0.9 if x2 > x1 else -0.9
    return [Line(x1, y1, x2, y2, colour, 0.3), Line(x2, y2, x2 - head, y2 - 0.6, colour, 0.3),
            Line(x2, y2, x2 - head, y2 + 0.6, colour, 0.3)]


def holes(template: Template) -> list[Mark]:
    """Every hole at its diameter with a cross at its centre for the drill's point; start and finish ringed
    at the countersink's size (a drill, named on the sheet), to engrave or countersink 1 mm deep."""
    out: list[Mark] = []
    r = template.hole_mm / 2
    for hole in template.holes:
        out.append(Circle(hole.x_mm, hole.y_mm, r))
        out.append(Line(hole.x_mm - 0.8, hole.y_mm, hole.x_mm + 0.8, hole.y_mm, INK, 0.15))
        out.append(Line(hole.x_mm, hole.y_mm - 0.8, hole.x_mm, hole.y_mm + 0.8, INK, 0.15))
        if 0 in hole.scores or template.layout.holes in hole.scores:
            out.append(Circle(hole.x_mm, hole.y_mm, COUNTERSINK_MM / 2, ENGRAVE, 0.35))
    return out


def registration(layout: Plan) -> list[Mark]:
    """The four registration holes: drilled through every layer at once, then dowelled."""
    out: list[Mark] = []
    for x, y in layout.registration:
        out += [Circle(x, y, REGISTRATION_MM / 2, INK, 0.35), Line(x - 3, y, x + 3, y, INK, 0.2),
                Line(x, y - 3, x, y + 3, INK, 0.2)]
        out.append(Label(x + (3.5 if x < layout.outline.x + layout.outline.w / 2 else -3.5), y + 0.9, "R",
                         TEXT_MM * 0.8, INK, "start" if x < layout.outline.x + layout.outline.w / 2 else "end"))
    return out


def engraving(template: Template, layout: Plan) -> list[Mark]:
    """The outline (cut), and the streets and the skunk line (engraved), named once on the first track."""
    o, bay = layout.outline, layout.bay
    out: list[Mark] = [Box(o.x, o.y, o.w, o.h, ENGRAVE, 0.5, False), Box(bay.x, bay.y, bay.w, bay.h, GREY, 0.25),
                       Label(bay.x + bay.w / 2, bay.y + bay.h / 2, "electronics bay (behind)", TEXT_MM * 0.7, GREY)]
    places: dict[tuple[float, float, float, float], list[int]] = {}
    skunks: set[tuple[float, float, float, float]] = set()
    for e in layout.engravings:  # a traditional row's end is both a street's and, a lap later, the skunk line's
        key = (round(e.x1, 3), round(e.y1, 3), round(e.x2, 3), round(e.y2, 3))
        places.setdefault(key, []).append(e.after)
        if e.skunk:
            skunks.add(key)
    named: set[tuple[int, ...]] = set()
    for key, afters in places.items():
        x1, y1, x2, y2 = key
        out.append(Line(x1, y1, x2, y2, ENGRAVE, 0.6 if key in skunks else 0.35))
        if tuple(afters) not in named:
            named.add(tuple(afters))
            words = ", ".join(("skunk line" if key in skunks and a == max(afters) else "street") + f" {a}|{a + 1}"
                              for a in afters)
            out.append(Label(x2 + 0.8, y2 + 2.6, words, TEXT_MM * 0.65, ENGRAVE, "start"))
    return out


def _row_ys(template: Template) -> list[float]:
    return sorted({h.y_mm for h in template.holes if h.x_mm > 0})


def numbers(template: Template) -> list[Mark]:
    """Group-of-five ticks and hole numbers over every row (a traditional row's first lap; the second adds
    60), the track's name at both ends, start and finish named."""
    out: list[Mark] = []
    tick = template.hole_mm / 2 + 0.6
    for x in template.group_marks():
        for y in _row_ys(template):
            out.append(Line(x, y - tick - 1.6, x, y - tick, GREY, 0.3))
    step = 10 if template.layout.lap == 0 else 5
    for hole in template.holes:
        column = round(hole.x_mm / template.pitch_mm)
        if hole.x_mm > 0 and column % step == 0:
            shown = min(h for h in hole.scores if h > 0)
            out.append(Label(hole.x_mm, hole.y_mm - tick - 2.4, str(shown), TEXT_MM * 0.8, GREY))
    for track in range(template.layout.tracks):
        own = [h for h in template.holes if h.track == track]
        y = sum(h.y_mm for h in own) / len(own) + 0.9
        out.append(Label(min(h.x_mm for h in own) - template.pitch_mm, y, f"T{track + 1}", TEXT_MM, anchor="end"))
        out.append(Label(max(h.x_mm for h in own) + template.pitch_mm, y, f"T{track + 1}", TEXT_MM, anchor="start"))
        for hole in own:
            if 0 in hole.scores or template.layout.holes in hole.scores:
                word = "start" if 0 in hole.scores else "finish"
                out.append(Label(hole.x_mm, hole.y_mm + COUNTERSINK_MM / 2 + 2.4, word, TEXT_MM * 0.7))
    return out


def board_marks(template: Template) -> list[Mark]:
    """The front: everything drawn in board coordinates, channels first so holes and joints stay on top."""
    layout = plan(template)
    return (channels(template, layout) + engraving(template, layout) + registration(layout) + numbers(template)
            + joints(template) + arrows(template) + holes(template))


def scale_bar(x: float, y: float, length_mm: float = 100.0) -> list[Mark]:
    """A bar `length_mm` long with a tick every 10 mm, to measure the print: it must read exactly that."""
    out: list[Mark] = [Line(x, y, x + length_mm, y, INK, 0.5)]
    for k in range(int(length_mm // 10) + 1):
        out.append(Line(x + 10 * k, y - (2.5 if k % 5 == 0 else 1.5), x + 10 * k, y, INK, 0.3))
    out.append(Label(x + length_mm + 2, y + 0.9, f"{length_mm:g} mm: measure it, print at 100% (no fit to page)",
                     TEXT_MM, anchor="start"))
    return out


def title(template: Template) -> str:
    spec = template.spec
    return (f"FRONT (the face, 4 mm): {template.layout.name} board, {spec.tracks} tracks x {spec.holes} holes, "
            f"{template.layout.leds} LEDs at {spec.density.value}/m (pitch {template.pitch_mm:.3f} mm); drill the "
            f"holes {template.hole_mm:g} mm; start/finish ring = {COUNTERSINK_MM:g} mm drill, countersunk 1 mm; "
            f"R = {REGISTRATION_MM:g} mm registration holes through every layer; green: cut the outline, engrave "
            f"streets and skunk line; rows {template.row_mm:g} mm apart, {template.gap_mm:g} mm more between "
            f"tracks; channels {template.strip_width_mm + CLEARANCE_MM:g} mm (dashed: on the core)")
