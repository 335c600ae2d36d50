"""Numbers and switches read from a board's address (`sim://…?tracks=2&mute=0`) and from typed pegs: ASCII digits
only, within a range, or nothing. The board's layer imports no engine, so this is its copy of the rule
`engine/core/typed.py` keeps for the rest: int() and float() take '١٢', '１２', '1_0', '+5', 'nan' and '1e309'."""

from __future__ import annotations

import re

_DECIMAL = re.compile(r"[0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12}")
YES = frozenset({"true", "yes", "1"})
NO = frozenset({"false", "no", "0"})


def whole_number(text: str, low: int, high: int) -> int | None:
    """`text` as a whole number from `low` to `high` when it is 1-20 ASCII digits (no sign), else None."""
    if not 1 <= len(text) <= 20 or not text.isascii() or not text.isdigit():
        return None
    value = int(text)
    return value if low <= value <= high else None


def decimal_number(text: str, low: float, high: float) -> float | None:
    """`text` as a plain decimal (ASCII digits, one point, no sign or exponent) from `low` to `high`, else None."""
    if _DECIMAL.fullmatch(text) is None:
        return None
    value = float(text)
    return value if low <= value <= high else None


def yes_no(text: str) -> bool | None:
    """`text` as a switch: true, yes or 1, or false, no or 0, in any case; else None (never a guess)."""
    word = text.lower()
    return True if word in YES else False if word in NO else None
