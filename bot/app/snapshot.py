"""How a game at rest is turned into bytes and back, quickly.

A frozen dataclass with slots pickles through `dataclasses`' own state functions, which look its fields
up again for every object: for a game's few hundred events and score items that was two thirds of the
time to pickle it. Here each such class of the engine is pickled as its field values, read by one
`attrgetter` made once for the class.
"""

from __future__ import annotations

import copyreg
import dataclasses
import importlib
import operator
from collections.abc import Callable
from typing import Any

_FIELDS: dict[type, tuple[str, ...]] = {}
_INSTALLED = 0


def _names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:  # a process that reads without having installed (a worker process)
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _rebuild(cls: type, values: tuple[Any, ...]) -> Any:
    obj: Any = object.__new__(cls)
    for name, value in zip(_names(cls), values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


def _reducer(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    names = _names(cls)
    if not names:
        return lambda obj: (_rebuild, (cls, ()))
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (_rebuild, (cls, (get(obj),)))
    return lambda obj: (_rebuild, (cls, get(obj)))


GAME_MODULES = ("actions", "events", "game", "pegging", "rules", "scoring", "observation", "muggins")
"""The engine modules (in engine.core) whose values a game holds."""


def _engine_classes() -> list[type]:
    """The engine's frozen dataclasses with slots, in a game's modules, that do not say how they pickle."""
    found = []
    for name in GAME_MODULES:
        module = importlib.import_module(f"engine.core.{name}")
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == module.__name__ and dataclasses.is_dataclass(value)
                    and value.__dataclass_params__.frozen and "__slots__" in value.__dict__  # type: ignore[attr-defined]
                    and "__reduce__" not in value.__dict__):
                found.append(value)
    return found


def install() -> int:
    """Register the quick pickling for this process (once; GameCache does it when made): how many classes
    it covers. Reading needs no install, so worker processes read what the bot process sends."""
    global _INSTALLED
    if not _INSTALLED:
        for cls in _engine_classes():
            copyreg.pickle(cls, _reducer(cls))
            _INSTALLED += 1
    return _INSTALLED

