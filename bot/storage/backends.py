"""The registry of backends chosen by a database URL's scheme. SQLite, the default, needs none: it is a file.

A backend is a package under bot/storage/ whose `BACKEND` says how to open a URL and show it; adding one
is that package and one line in REGISTRY.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from bot.storage.errors import StorageError
from bot.storage.interfaces import Storage

REGISTRY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bot.storage.postgres", ("postgresql", "postgres")),
)
"""(the backend's package, the URL schemes that choose it)."""

URL_SCHEMES = tuple(scheme for _, schemes in REGISTRY for scheme in schemes)
"""Every scheme a database URL may start with."""


@dataclass(frozen=True, slots=True)
class UrlBackend:
    """What the registry needs of a backend: open a URL (with a pool of `pool_size` connections where it
    pools them), and the URL as a message may show it (never its password)."""

    open: Callable[[str, int], Storage]
    shown: Callable[[str], str]


def backend_for(url: str) -> UrlBackend:
    """The backend that `url`'s scheme names (imported only now: its driver may be an optional extra)."""
    scheme = url.partition("://")[0].lower()
    for package, schemes in REGISTRY:
        if scheme in schemes:
            found = importlib.import_module(package).BACKEND
            if not isinstance(found, UrlBackend):
                raise StorageError(f"{package}.BACKEND is not a UrlBackend")
            return found
    raise StorageError(f"no storage backend for URLs starting {scheme!r}: use one of {', '.join(URL_SCHEMES)}")
