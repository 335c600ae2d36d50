"""The registry that chooses a backend by a database URL's scheme, and the shared SQL in PostgreSQL's
placeholders."""

import sys
import types
from pathlib import Path

import pytest

from bot.config import Config
from bot.storage import SqliteStorage, StorageError, backends
from bot.storage.backends import URL_SCHEMES, UrlBackend, backend_for
from bot.storage.opening import describe, open_storage
from bot.storage.postgres.connection import pyformat


def test_postgresql_urls_choose_postgresql_and_show_no_password() -> None:
    assert URL_SCHEMES == ("postgresql", "postgres")
    for url in ("postgresql://ann:secret@db.example:5433/games", "POSTGRES://ann:secret@db.example:5433/games"):
        assert "secret" not in backend_for(url).shown(url)
    assert backend_for("postgres://ann:pw@h/games").shown("postgres://ann:pw@h/games") == "postgres://ann@h/games"


def test_a_scheme_no_backend_has_is_refused_by_name() -> None:
    with pytest.raises(StorageError) as refused:
        backend_for("mysql://root:hunter2@db/games")
    assert str(refused.value) == "no storage backend for URLs starting 'mysql': use one of postgresql, postgres"


def test_a_new_backend_is_a_package_and_one_registry_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[str, int]] = []

    def open_url(url: str, pool_size: int) -> SqliteStorage:
        opened.append((url, pool_size))
        return SqliteStorage(tmp_path / "fake.sqlite3")

    package = types.ModuleType("fake_backend")
    monkeypatch.setattr(package, "BACKEND", UrlBackend(open=open_url, shown=lambda url: "the fake database"),
                        raising=False)
    monkeypatch.setitem(sys.modules, "fake_backend", package)
    monkeypatch.setattr(backends, "REGISTRY", (*backends.REGISTRY, ("fake_backend", ("fake",))))
    config = Config(None, database=tmp_path / "unused.sqlite3", url="fake://here", workers=3)
    store = open_storage(config)
    assert isinstance(store, SqliteStorage) and opened == [("fake://here", 5)]
    assert describe(config) == "the fake database"
    store.close()
    assert not (tmp_path / "unused.sqlite3").exists()


def test_the_shared_sql_in_psycopg_placeholders() -> None:
    assert pyformat("SELECT 1 WHERE a = ? AND b NOT LIKE 'computer:%' AND c IN (?, ?)") == (
        "SELECT 1 WHERE a = %s AND b NOT LIKE 'computer:%%' AND c IN (%s, %s)")
