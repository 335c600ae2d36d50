"""Errors as values: a refusal carries a code and the facts its message names, not only English text.

A front end answers by `code` (in its own words and language) and fills in `fields`; `str(error)` stays
the English sentence for logs, the command line and tests.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Generic, TypeVar

CodeT = TypeVar("CodeT", bound=Enum)


class CodedError(ValueError, Generic[CodeT]):
    """A refusal with a machine-readable `code` and read-only `fields` (seats and counts as ints, cards as
    Cards...): what the message names, as values."""

    def __init__(self, code: CodeT, message: str, **fields: object) -> None:
        super().__init__(message)
        self.code: CodeT = code
        self.fields: Mapping[str, object] = MappingProxyType(dict(fields))

    def __reduce__(self) -> tuple[object, ...]:
        # the default would call the class with the message alone: rebuild from all three parts instead
        return _rebuild, (type(self), self.code, str(self), dict(self.fields))


def _rebuild(cls: type[CodedError[CodeT]], code: CodeT, message: str, fields: dict[str, object]) -> CodedError[CodeT]:
    return cls(code, message, **fields)


QUOTE_LIMIT = 40
"""At most this many characters of a person's input are quoted back in a message."""


class _Short(reprlib.Repr):
    """reprlib's short forms (nesting and lengths cut off), and no attempt to write out a huge int."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxstring = self.maxother = self.maxlong = limit
        self.maxlevel = 3

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # str() refuses past 4,300 digits, and it costs time before
            return f"<a number of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


def excerpt(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` quoted for a message (as repr quotes it), at most about `limit` characters of it: a huge or
    deeply nested bad input gets a short error, never a long one or a second failure while quoting it."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[: limit - 1]) + f"… ({len(value):,} characters)"
    try:
        return clip(_Short(limit).repr(value), 2 * limit)
    except (RecursionError, ValueError, TypeError):
        return f"<{type(value).__name__}>"


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A person's input for a message that puts its own quotes round it: text clipped to `limit` characters,
    anything else (a huge number, None, a list) in its short quoted form. Never fails."""
    return clip(value, limit) if isinstance(value, str) else excerpt(value, limit)


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most `limit` characters of a person's text, unquoted, for a message that puts its own quotes round it:
    control characters escaped (see `escaped`) and a longer text cut with an ellipsis. The one way typed text is
    shown back, at a terminal, in a log or in a Discord reply."""
    head = escaped(text[:limit])
    if len(head) <= limit and len(text) <= limit:
        return head
    out: list[str] = []
    size = 0
    for char in text[:limit]:
        piece = escaped(char)
        if size + len(piece) > limit - 1:
            break
        out.append(piece)
        size += len(piece)
    return "".join(out) + "…"


_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode's control, format (bidirectional overrides, zero-width), surrogate and line or paragraph separator
characters: what moves a cursor, starts a line or turns text round instead of showing (a lone surrogate, from
undecodable bytes, cannot even be written)."""
_JOINERS = frozenset("\u200c\u200d")
"""Format characters that belong inside words and emoji sequences: kept."""
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escaped(text: str) -> str:
    """`text` with each control character written as its escape (ESC as \\x1b, a newline as \\n, a right-to-left
    override as \\u202e), so typed text shown back moves no cursor, starts no line and turns no text round."""
    if text.isprintable():  # the common case: nothing hidden (isprintable is False for some spaces, checked below)
        return text
    return "".join(_escape(char) for char in text)


def _escape(char: str) -> str:
    if char in _JOINERS or unicodedata.category(char) not in _HIDDEN:
        return char
    code = ord(char)
    if char in _SHORT:
        return _SHORT[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
