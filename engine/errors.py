"""Errors as values: a refusal carries a code and the facts its message names, not only English text.

A front end answers by `code` (in its own words and language) and fills in `fields`; `str(error)` stays
the English sentence for logs, the command line and tests.
"""

from __future__ import annotations

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
