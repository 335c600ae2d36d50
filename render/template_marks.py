"""What goes on the drilling template, in millimetres: holes, channels, joints, marks and labels.

One list of marks in board coordinates (the first hole at 0, 0), drawn by both writers (SVG and PNG), so
the vector file and the printed pages cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.template import CLEARANCE_MM, JointKind, Template

INK = (0, 0, 0)
GREY = (120, 120, 120)
CHANNEL = (40, 110, 200)
JOINT = (200, 60, 0)
MARGIN_MM = 14.0
"""Room round the holes for the track names, hole numbers and the channels' ends."""
TEXT_MM = 2.6


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
    """The drawing's box (left, top, width, height) in board millimetres."""
    left, top, right, bottom = template.extent()
    return left - MARGIN_MM, top - MARGIN_MM, right - left + 2 * MARGIN_MM, bottom - top + 2 * MARGIN_MM


def channels(template: Template) -> list[Mark]:
    """The strip's channel under each piece, routed from the back: the strip's width plus CLEARANCE_MM."""
    out: list[Mark] = []
    half_pitch, width = template.pitch_mm / 2, template.strip_width_mm + CLEARANCE_MM
    for piece in template.pieces:
        a, b = template.hole_at(piece.first), template.hole_at(piece.last)
        x0, x1 = min(a.x_mm, b.x_mm) - half_pitch, max(a.x_mm, b.x_mm) + half_pitch
        out.append(Box(x0, a.y_mm - width / 2, x1 - x0, width))
    return out


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


def holes(template: Template) -> list[Mark]:
    """Every hole at its diameter with a cross at its centre for the drill's point; start and finish ringed."""
    out: list[Mark] = []
    r = template.hole_mm / 2
    for hole in template.holes:
        out.append(Circle(hole.x_mm, hole.y_mm, r))
        out.append(Line(hole.x_mm - 0.8, hole.y_mm, hole.x_mm + 0.8, hole.y_mm, INK, 0.15))
        out.append(Line(hole.x_mm, hole.y_mm - 0.8, hole.x_mm, hole.y_mm + 0.8, INK, 0.15))
        if 0 in hole.scores or template.layout.holes in hole.scores:
            out.append(Circle(hole.x_mm, hole.y_mm, r + 0.9, INK, 0.35))
    return out


def _row_ys(template: Template) -> list[float]:
    return sorted({h.y_mm for h in template.holes if h.x_mm > 0})


def numbers(template: Template) -> list[Mark]:
    """Group-of-five ticks on every row, hole numbers over the first row, track names, start and finish."""
    out: list[Mark] = []
    rows = _row_ys(template)
    tick = template.hole_mm / 2 + 0.6
    for x in template.group_marks():
        for y in rows:
            out.append(Line(x, y - tick - 1.6, x, y - tick, GREY, 0.3))
    step = 10 if template.layout.lap == 0 else 5
    first = [h for h in template.holes if h.track == 0 and h.x_mm > 0 and h.y_mm == rows[0]]
    for hole in first:
        column = round(hole.x_mm / template.pitch_mm)
        if column % step == 0:
            out.append(Label(hole.x_mm, rows[0] - tick - 2.4, str(column), TEXT_MM * 0.8, GREY))
    for track in range(template.layout.tracks):
        home = min((h for h in template.holes if h.track == track), key=lambda h: (h.x_mm, h.y_mm))
        out.append(Label(home.x_mm - template.pitch_mm - 1, home.y_mm + 0.9, f"T{track + 1}", TEXT_MM,
                         anchor="end"))
        for hole in template.holes:
            if hole.track == track and (0 in hole.scores or template.layout.holes in hole.scores):
                word = "start" if 0 in hole.scores else "finish"
                out.append(Label(hole.x_mm, hole.y_mm + template.hole_mm / 2 + 3.2, word, TEXT_MM * 0.8))
    return out


def board_marks(template: Template) -> list[Mark]:
    """Everything drawn in board coordinates, channels first so holes and joints stay on top."""
    return channels(template) + numbers(template) + joints(template) + holes(template)


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
    return (f"{template.layout.name} board, {spec.tracks} tracks x {spec.holes} holes, {template.layout.leds} LEDs"
            f" at {spec.density.value}/m (pitch {template.pitch_mm:.3f} mm); holes {template.hole_mm:g} mm,"
            f" rows {template.row_mm:g} mm apart; J = cut and jumper, F = fold; channels "
            f"{template.strip_width_mm + CLEARANCE_MM:g} mm wide on the back")
