"""The woodwork on the template: ribs that hold, a back that is the front mirrored with the same registration
holes, wires that never cross uncut wood, the bay's parts in the bay, and the streets and skunk line where the
holes say."""

import pytest

from firmware.pegboard import layout as layouts
from render.template import Density, TemplateSpec, make_template
from render.template_back import back_marks
from render.template_marks import CHANNEL, INK, Box, Circle, Mark, board_marks
from render.template_plan import (
    BACK_MM,
    CORE_MM,
    DIFFUSER_MM,
    FACE_MM,
    REGISTRATION_MM,
    STRIP_MM,
    Rect,
    plan,
)

BOARDS = [(name, tracks) for name in layouts.NAMES for tracks in (1, 2, 3, 4)]


def touching(a: Rect, b: Rect) -> bool:
    return a.x <= b.right + 1e-6 and b.x <= a.right + 1e-6 and a.y <= b.bottom + 1e-6 and b.y <= a.bottom + 1e-6


def component(rects: list[Rect], start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        i = todo.pop()
        for j, other in enumerate(rects):
            if j not in seen and touching(rects[i], other):
                seen.add(j)
                todo.append(j)
    return seen


@pytest.mark.parametrize(("name", "tracks"), BOARDS)
def test_every_joint_and_feed_is_reached_by_cut_wood_from_the_bay(name: str, tracks: int) -> None:
    template = make_template(TemplateSpec(name, tracks))
    woodwork = plan(template)
    rects = [woodwork.bay, *woodwork.channels, *woodwork.grooves]
    reached = component(rects, 0)
    assert reached == set(range(len(rects)))  # every channel and groove: one cut-out with the bay
    for channel in woodwork.channels:  # and each channel end has a groove of its own running out of it
        ends = [g for g in woodwork.grooves if touching(g, channel) and g.h < channel.h + 1e-6]
        assert ends, channel


@pytest.mark.parametrize(("name", "tracks"), BOARDS)
@pytest.mark.parametrize("density", list(Density))
def test_the_ribs_between_channels_are_at_least_5_5_mm_and_the_bay_inside_the_outline(
        name: str, tracks: int, density: Density) -> None:
    woodwork = plan(make_template(TemplateSpec(name, tracks, 121, density)))
    rows = sorted({(c.y, c.bottom) for c in woodwork.channels})
    for (_, above), (below, _) in zip(rows, rows[1:], strict=False):
        assert below - above >= 5.5 - 1e-9 or below < above  # a game hole's channel sits between its rows
    o = woodwork.outline
    for rect in (woodwork.bay, *woodwork.channels, *woodwork.grooves):
        assert o.x + 12 - 1e-9 <= rect.x and rect.right <= o.right - 12 + 1e-9
        assert o.y + 12 - 1e-9 <= rect.y and rect.bottom <= o.bottom - 12 + 1e-9


def test_the_layers_stack_to_19_mm_and_the_channel_holds_diffuser_strip_and_foam() -> None:
    assert (FACE_MM, CORE_MM, BACK_MM) == (4.0, 6.0, 9.0) and FACE_MM + CORE_MM + BACK_MM == 19.0
    assert CORE_MM - DIFFUSER_MM - STRIP_MM == 2.0  # the foam's room


@pytest.mark.parametrize(("name", "tracks"), [("straight", 2), ("traditional", 3)])
def test_the_back_is_the_front_mirrored_with_the_same_registration_holes(name: str, tracks: int) -> None:
    template = make_template(TemplateSpec(name, tracks))
    woodwork = plan(template)

    def registration(marks: list[Mark]) -> list[tuple[float, float]]:
        return sorted((round(m.x, 6), round(m.y, 6)) for m in marks
                      if isinstance(m, Circle) and m.r == REGISTRATION_MM / 2 and m.colour == INK)

    front, back = registration(board_marks(template)), registration(back_marks(template))
    assert len(front) == 4 and front == back  # the corners mirror onto each other
    channels = sorted((round(m.x, 6), round(m.y, 6)) for m in back_marks(template)
                      if isinstance(m, Box) and m.colour == CHANNEL)
    assert channels == sorted((round(woodwork.mirror_x(c.right), 6), round(c.y, 6)) for c in woodwork.channels)
    first = template.hole_at(0)
    assert woodwork.mirror_x(first.x_mm) > woodwork.outline.x + woodwork.outline.w / 2  # seen from behind: right


@pytest.mark.parametrize(("name", "tracks"), BOARDS)
def test_the_parts_and_exits_are_in_the_bay_at_the_end_wall(name: str, tracks: int) -> None:
    woodwork = plan(make_template(TemplateSpec(name, tracks)))
    bay = woodwork.bay
    left = woodwork.mirror_x(bay.right)
    for part in woodwork.parts:
        assert left <= part.box.x and part.box.right <= left + bay.w
        assert bay.y <= part.box.y and part.box.bottom <= bay.bottom
    assert {p.name for p in woodwork.parts} == {"Pico", "74AHCT125", "1000 uF 16 V", "fuse 5x20", "jack"}
    for exit_ in woodwork.exits:
        assert exit_.box.x == pytest.approx(left + bay.w) and exit_.box.right == pytest.approx(woodwork.outline.right)


@pytest.mark.parametrize(("name", "holes", "streets", "skunk"), [
    ("straight", 121, [30, 60, 90], 90), ("straight", 61, [30], 30),
    ("traditional", 121, [30, 60, 90], 90), ("traditional", 61, [30], 30)])
def test_streets_every_30_holes_and_the_skunk_line_on_every_track(name: str, holes: int, streets: list[int],
                                                                   skunk: int) -> None:
    template = make_template(TemplateSpec(name, 2, holes))
    lines = plan(template).engravings
    assert sorted((e.after, e.skunk) for e in lines) == sorted((a, a == skunk) for a in streets * 2)
    straight_90 = [e for e in plan(make_template(TemplateSpec())).engravings if e.after == 90][0]
    assert straight_90.x1 == straight_90.x2 == pytest.approx(90.5 * 1000 / 144)  # between holes 90 and 91
