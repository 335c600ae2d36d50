"""The board drawn as text, for the simulated board's terminal: two rows of holes per track."""

from __future__ import annotations

from board_driver.model import BoardInfo, BoardState, Track

EMPTY, FRONT, BACK, SKUNK = "·", "●", "○", "¦"
RESET = "\x1b[0m"


def _paint(text: str, rgb: int, on: bool) -> str:
    if not on:
        return text
    return f"\x1b[38;2;{rgb >> 16};{(rgb >> 8) & 0xFF};{rgb & 0xFF}m{text}{RESET}"


def _row(track: Track, first: int, last: int, skunk: int | None, colour: bool) -> str:
    cells = []
    for hole in range(first, last + 1):
        if hole == track.front:
            cell = _paint(FRONT, track.colour, colour)
        elif hole == track.back:
            cell = _paint(BACK, track.colour, colour)
        else:
            cell = SKUNK if hole == skunk else EMPTY
        cells.append(cell)
        if (hole - first) % 5 == 4 and hole != last:
            cells.append(" ")
    return "".join(cells)


def draw(state: BoardState, info: BoardInfo, *, seq: int = 0, quiet: bool = False, colour: bool = False,
         title: str = "") -> str:
    """The whole board: a header, then per track its pegs and two rows of holes (1-60, 61-121)."""
    half = info.holes // 2
    link = "host quiet: pegs kept, status LED breathing" if quiet else "host connected"
    lines = [title] if title else []
    lines.append(f"{info.firmware} · protocol {info.version} · {info.tracks} tracks × {info.holes} holes · "
                 f"{info.leds} LEDs · seq {seq} · brightness {state.brightness} · {link}")
    fx = state.effects
    for i, track in enumerate(state.tracks):
        dark = track.colour == 0 and track.front == 0
        mark = "▶" if track.highlight else " "
        star = "★" if fx.winner == i else " "
        label = f"{i + 1}{mark} {'(dark)' if dark else track.text():>7} {star}"
        pad = " " * len(label)
        lines.append(f"{label}  {_row(track, 1, half, fx.skunk, colour)}")
        lines.append(f"{pad}  {_row(track, half + 1, info.holes, fx.skunk, colour)}")
    notes = ([f"★ track {fx.winner + 1} flashing: the winner"] if fx.winner is not None else []) + (
        [f"{SKUNK} skunk line at hole {fx.skunk}"] if fx.skunk is not None else [])
    lines.extend(notes)
    return "\n".join(lines)
