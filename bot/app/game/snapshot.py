"""How a game at rest is turned into bytes and back, quickly.

A frozen dataclass with slots pickles through `dataclasses`' own state functions, which look its fields
up again for every object: for a game's few hundred events and score items that was two thirds of the
time to pickle it. Here each such class of the engine is pickled as its field values, read by one
`attrgetter` made once for the class, and read back by a maker written out for the class (its fields set
one by one with no loop): half the time of a general loop over the fields, for the few hundred objects a
game holds. The makers are named in this module, so another process (a worker) finds them by name.
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


MAKER_PREFIX = "make_"


def _maker_name(cls: type) -> str:
    return f"{MAKER_PREFIX}{cls.__module__.replace('.', '_')}_{cls.__qualname__.replace('.', '_')}"


def _maker(cls: type) -> Callable[..., Any]:
    """`cls`'s maker from its field values in order, made once and kept in this module under its name."""
    name = _maker_name(cls)
    made = globals().get(name)
    if made is not None:
        return made  # type: ignore[no-any-return]  # a maker this module made
    values = [f"v{i}" for i in range(len(_names(cls)))]
    sets = "".join(f"\n    set_(obj, {field!r}, {value})" for field, value in zip(_names(cls), values, strict=True))
    source = f"def {name}({', '.join(values)}):\n    obj = new(cls){sets}\n    return obj\n"
    scope: dict[str, Any] = {"new": object.__new__, "set_": object.__setattr__, "cls": cls}
    exec(source, scope)  # a function per class, written out: the fields' names are the class's own
    maker: Callable[..., Any] = scope[name]
    maker.__module__ = __name__
    globals()[name] = maker
    return maker


def __getattr__(name: str) -> Any:
    """A maker looked up by a process that has not made them yet (a worker reading what the bot sent)."""
    if name.startswith(MAKER_PREFIX):
        for cls in _engine_classes():
            _maker(cls)
        if name in globals():
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _reducer(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    names = _names(cls)
    make = _maker(cls)
    if not names:
        return lambda obj: (make, ())
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (make, (get(obj),))
    return lambda obj: (make, get(obj))


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

