"""The back of the drilling template: the same board seen from behind (mirrored left to right), to tape to the
core's back face and to the back panel. The registration holes are the front's, at their mirrored places, so
the holes drilled through all layers at once line the two sheets up.

On it: the outline, the channels to cut through the core, the wire grooves to rout half its depth, the bay
(through the core and the back panel) with the perfboard's parts where they go, the USB slot and the jack
hole through the end wall, the registration and screw holes, the data arrows and DIN ends, the joints, the
bus feeds, and each track's number. Text reads normally; only positions are mirrored.
"""

from __future__ import annotations

from render.template import Template
from render.template_marks import (
    CHANNEL,
    ENGRAVE,
    GREY,
    GROOVE,
    INK,
    POWER,
    TEXT_MM,
    Box,
    Circle,
    Label,
    Line,
    Mark,
    arrows,
    joints,
    registration,
)
from render.template_plan import (
    BACK_MM,
    CORE_MM,
    GROOVE_DEPTH_MM,
    SCREW_MM,
    Plan,
    Rect,
    plan,
)


def mirrored(mark: Mark, layout: Plan) -> Mark:
    """A front mark as seen from the back: x mirrored about the outline, text still reading left to right."""
    m = layout.mirror_x
    if isinstance(mark, Circle):
        return Circle(m(mark.x), mark.y, mark.r, mark.colour, mark.width)
    if isinstance(mark, Line):
        return Line(m(mark.x1), mark.y1, m(mark.x2), mark.y2, mark.colour, mark.width, mark.dashed)
    if isinstance(mark, Box):
        return Box(m(mark.x + mark.w), mark.y, mark.w, mark.h, mark.colour, mark.width, mark.dashed)
    anchor = {"start": "end", "end": "start"}.get(mark.anchor, mark.anchor)
    return Label(m(mark.x), mark.y, mark.text, mark.size, mark.colour, anchor)


def _box(rect: Rect, colour: tuple[int, int, int], width: float, dashed: bool) -> Box:
    return Box(rect.x, rect.y, rect.w, rect.h, colour, width, dashed)


def bay_marks(layout: Plan) -> list[Mark]:
    """The bay, its parts (already laid out as seen from the back), and the exits through the end wall."""
    bay = mirrored(_box(layout.bay, INK, 0.5, False), layout)
    out: list[Mark] = [bay]
    assert isinstance(bay, Box)
    out.append(Label(bay.x + bay.w / 2, bay.y + bay.h + 3.2,
                     f"bay: cut through core and back ({CORE_MM + BACK_MM:g} mm deep), cover it", TEXT_MM * 0.7, INK))
    for part in layout.parts:
        box = part.box
        out.append(_box(box, GREY, 0.3, False))
        out.append(Label(box.x + box.w / 2, box.y + box.h / 2 - 0.3, part.name, TEXT_MM * 0.6, INK))
        out.append(Label(box.x + box.w / 2, box.y + box.h / 2 + 2.0, part.note, TEXT_MM * 0.45, GREY))
    for part in layout.exits:
        out.append(_box(part.box, INK, 0.35, True))
        out.append(Label(part.box.x + 1, part.box.y - 0.8, f"{part.name} {part.note}", TEXT_MM * 0.5, INK, "start"))
    return out


def groove_marks(template: Template, layout: Plan) -> list[Mark]:
    """The wire grooves, one 6 mm pass each, and the feeds: where a bus wire reaches the strip's pads."""
    out: list[Mark] = [mirrored(_box(g, GROOVE, 0.3, True), layout) for g in layout.grooves]
    for led in layout.feeds:
        hole = template.hole_at(led)
        x = layout.mirror_x(hole.x_mm)
        out += [Circle(x, hole.y_mm, 2.6, POWER, 0.4), Label(x, hole.y_mm - 3.2, "feed", TEXT_MM * 0.55, POWER)]
    return out


def back_labels(template: Template, layout: Plan) -> list[Mark]:
    """Each track's number at both ends, and the LED at each piece end, so a dark strip is found by number."""
    out: list[Mark] = []
    for track in range(template.layout.tracks):
        own = [h for h in template.holes if h.track == track]
        y = sum(h.y_mm for h in own) / len(own) - 2.0
        for column in (3, round(max(h.x_mm for h in own) / template.pitch_mm) - 3):
            x = layout.mirror_x(column * template.pitch_mm)
            out.append(Label(x, y, f"T{track + 1}", TEXT_MM * 0.8, INK))
    for piece in template.pieces:
        for led in {piece.first, piece.last}:
            hole = template.hole_at(led)
            out.append(Label(layout.mirror_x(hole.x_mm), hole.y_mm + 0.7, str(led), TEXT_MM * 0.6, CHANNEL))
    return out


def screws(layout: Plan) -> list[Mark]:
    return [Circle(x, y, SCREW_MM / 2, GREY, 0.3) for x, y in layout.screws]


def back_marks(template: Template) -> list[Mark]:
    """The back, in the same board coordinates as the front (its bounds are the front's)."""
    layout = plan(template)
    o = layout.outline
    front = [mirrored(mark, layout) for mark in joints(template) + arrows(template)]
    return ([Box(o.x, o.y, o.w, o.h, ENGRAVE, 0.5, False)]
            + [mirrored(Box(c.x, c.y, c.w, c.h, CHANNEL, 0.4, False), layout) for c in layout.channels]
            + groove_marks(template, layout) + bay_marks(layout) + screws(layout)
            + [mirrored(mark, layout) for mark in registration(layout)] + back_labels(template, layout) + front)


def back_title(template: Template) -> str:
    return (f"BACK, seen from behind (mirrored): tape it to the core's back face, R on the registration holes; cut "
            f"the channels (blue) through the {CORE_MM:g} mm core, rout the grooves (purple) {GROOVE_DEPTH_MM:g} mm "
            f"deep, cut the bay through core and {BACK_MM:g} mm back panel; grey circles: {SCREW_MM:g} mm screw "
            f"holes in the back panel; numbers: LEDs at piece ends")
