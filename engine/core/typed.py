"""Numbers and yes/no words read from text a person typed, strictly and in one way everywhere.

Python's int() takes more than a person means: '١٢' and '１２' (other scripts' digits), '²' (a digit to
str.isdigit() that int() refuses), '1_000', '+5', ' 7 ', and thousands of digits that cost time before they fail.
Every number typed at a prompt, in a URL, in a Discord option given as text or on the command line is read here
instead: ASCII digits only, within a range, or nothing.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DECIMAL = re.compile(r"[0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12}")
MAX_DIGITS = 20
"""More digits than any number a command takes (a signed 64-bit seed has 19)."""
YES = frozenset({"true", "yes", "1"})
NO = frozenset({"false", "no", "0"})


def whole_number(text: str, low: int, high: int) -> int | None:
    """`text` as a whole number from `low` to `high` when it is ASCII digits alone (after a '-', if any), else None:
    no '+', blank, underscore or other script's digit is taken ('-0' is 0)."""
    if not isinstance(text, str):
        return None
    digits = text.removeprefix("-")
    if not 1 <= len(digits) <= MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        return None
    value = int(text)
    return value if low <= value <= high else None


def two_scores(text: str, target: int) -> tuple[int, int] | None:
    """'95,88' as (95, 88): two scores in ASCII digits, each from 0 to target - 1; else None."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    me, them = (whole_number(part, 0, target - 1) for part in parts)
    return (me, them) if me is not None and them is not None else None


def decimal_number(text: str, low: float, high: float) -> float | None:
    """`text` as a plain decimal from `low` to `high` (ASCII digits and one point: no sign, exponent, 'nan' or
    'inf'), else None."""
    if not isinstance(text, str) or _DECIMAL.fullmatch(text) is None:
        return None
    value = float(text)
    return value if low <= value <= high else None


def is_number_like(text: str) -> bool:
    """Whether `text` reads as a number in any script or form a person might mean one ('7', '+7', '#7', '٧', '７',
    '⑦', '1_0'): what must not also be a name where names and numbers are typed in one place."""
    core = unicodedata.normalize("NFKC", text).strip().lstrip("#+-").replace("_", "")
    return bool(core) and all(unicodedata.digit(c, None) is not None or unicodedata.numeric(c, None) is not None
                              for c in core)


def yes_no(text: str) -> bool | None:
    """`text` as a switch: true, yes or 1, or false, no or 0, in any case; else None (never a guess)."""
    if not isinstance(text, str):
        return None
    word = text.lower()
    return True if word in YES else False if word in NO else None


def iso_day(text: str) -> date | None:
    """`text` as a calendar day written YYYY-MM-DD in ASCII digits (blanks round it aside), else None: no week date
    (2027-W01-1), no date without its dashes, no other script's digits, no 30 February."""
    if not isinstance(text, str) or _DAY.fullmatch(text.strip()) is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None
