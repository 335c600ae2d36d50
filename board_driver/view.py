"""The board drawn as text, for the simulated board's terminal: per track a label line, then its holes.

Every line fits an 80-column terminal: the header wraps, a track's label (its number, the player's
name when the host gives one, the pegs) has a line of its own, and its holes are split over as many
rows as it takes (two on a 121-hole board: 1-60 and 61-121).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from board_driver.model import BoardInfo, BoardState, TrackState

EMPTY, FRONT, BACK, SKUNK = "·", "●", "○", "¦"
RESET = "\x1b[0m"
WIDTH = 80
"""The widest line drawn, in terminal columns."""
INDENT = "   "
GROUP = 5
"""Holes are drawn in groups of five, a space between groups, as on a real board."""


def _paint(text: str, rgb: int, on: bool) -> str:
    if not on:
        return text
    return f"\x1b[38;2;{rgb >> 16};{(rgb >> 8) & 0xFF};{rgb & 0xFF}m{text}{RESET}"


def columns(text: str) -> int:
    """How many terminal columns `text` takes (wide characters count two; colour codes none)."""
    width, escape = 0, False
    for ch in text:
        if escape:
            escape = ch != "m"
        elif ch == "\x1b":
            escape = True
        elif not unicodedata.combining(ch):
            width += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return width


def clip(text: str, width: int) -> str:
    """`text` cut to `width` columns, an ellipsis marking a cut."""
    if columns(text) <= width:
        return text
    out = ""
    for ch in text:
        if columns(out + ch) > width - 1:
            break
        out += ch
    return out + "…"


def _row(track: TrackState, first: int, last: int, skunk: int | None, colour: bool) -> str:
    cells = []
    for hole in range(first, last + 1):
        if hole == track.front:
            cell = _paint(FRONT, track.colour, colour)
        elif hole == track.back:
            cell = _paint(BACK, track.colour, colour)
        else:
            cell = SKUNK if hole == skunk else EMPTY
        cells.append(cell)
        if (hole - first) % GROUP == GROUP - 1 and hole != last:
            cells.append(" ")
    return "".join(cells)


def _spans(holes: int) -> list[tuple[int, int]]:
    """The holes of each row: at least two rows, each narrow enough to fit after the indent."""
    room = WIDTH - len(INDENT)
    most = room - (room // (GROUP + 1))  # holes in a row of `room` columns, with a space per group
    rows = max(1, min(holes, max(2, -(-holes // most))))
    size, extra = divmod(holes, rows)
    spans, first = [], 1
    for r in range(rows):
        last = first + size - 1 + (1 if r >= rows - extra else 0)  # the later rows take the odd holes
        spans.append((first, last))
        first = last + 1
    return spans


def _wrap(parts: Sequence[str], width: int = WIDTH) -> list[str]:
    """`parts` joined with ' · ', as many to a line as fit."""
    lines: list[str] = []
    for part in parts:
        if lines and columns(lines[-1] + " · " + part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(clip(part, width))
    return lines


def _label(i: int, track: TrackState, name: str, winner: bool) -> str:
    dark = track.colour == 0 and track.front == 0
    mark = "▶" if track.highlight else " "
    pegs = "(dark)" if dark else track.text()
    head = f"{i + 1}{mark} "
    if not name:
        return f"{head}{pegs:>7}" + (" ★" if winner else "")
    tail = f"  {pegs}" + ("  ★" if winner else "")
    return head + clip(name, WIDTH - columns(head) - columns(tail)) + tail


def draw(state: BoardState, info: BoardInfo, *, seq: int = 0, quiet: bool = False, colour: bool = False,
         title: str = "", names: Sequence[str] = ()) -> str:
    """The whole board: a header, then per track a label (number, name from `names`, pegs) and its holes."""
    link = "host quiet: pegs kept, status LED breathing" if quiet else "host connected"
    lines = [clip(title, WIDTH)] if title else []
    lines += _wrap([f"{info.firmware}", f"protocol {info.version}", f"{info.tracks} tracks × {info.holes} holes",
                    f"{info.leds} LEDs", f"seq {seq}", f"brightness {state.brightness}", link])
    fx = state.effects
    spans = _spans(info.holes)
    for i, track in enumerate(state.tracks):
        name = names[i] if i < len(names) else ""
        lines.append(_label(i, track, name, fx.winner == i))
        lines.extend(INDENT + _row(track, first, last, fx.skunk, colour) for first, last in spans)
    if fx.winner is not None:
        who = names[fx.winner] if fx.winner < len(names) else ""
        lines.append(clip(f"★ track {fx.winner + 1} flashing: the winner" + (f", {who}" if who else ""), WIDTH))
    if fx.skunk is not None:
        lines.append(f"{SKUNK} skunk line at hole {fx.skunk}")
    return "\n".join(lines)
