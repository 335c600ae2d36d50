"""A PostgreSQL URL's password never reaches a message, a log line or an exception's text, however the URL is
malformed: a fuzz over URLs built around one password (bad brackets, bad percent-escapes, stray `@ : / # ?`,
odd ports and queries, a password in the query), each opened by the storage and by `db check`, `play`, `bot --check`
and `bot`; and a real server refusing the password."""

from __future__ import annotations

import io
import logging
import random

import pytest

from bot.cli.main import main
from bot.storage import StorageError
from bot.storage.postgres.hiding import hidden, shown_url, url_secrets
from tests.pg_server import PgServer

SECRET = "Pw7xQz9K"
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbcde.abcdefghijklmnopqrstuvwxyz0123456789AB"
AROUND = ["", "%zz", "%4", "%41", "%", "[", "]", "@", ":", "/", "#", "?", '"', "'", "é", "%C3%A9", "%00"]
USERS = ["u", "", "us%zzer", "u@"]
HOSTS = ["127.0.0.1", "localhost", "[::1]", "[::1", "::1]", "[", "127.0.0.1]", ""]
PORTS = ["", ":1", ":99999", ":x", ":-5", ":"]
TAILS = ["/d", "", "/", "/d%zz", "/d?x=1", "?sslmode=bogus", f"/d?password={SECRET}&sslmode=bogus",
         f"/d?password={SECRET}", "/d?connect_timeout=x", "/d?host=%zz", "/d?port=1&password=%zz" + SECRET]
ISSUE = [f"postgresql://u:{SECRET}@[::1/d", f"postgresql://u:{SECRET}%zz@localhost/d",
         f"postgresql://u:%{SECRET}@localhost/d", f"postgres://u:{SECRET}%4@127.0.0.1:1/d"]


def fuzzed(count: int) -> list[str]:
    """The issue's URLs and `count` more, built from the pieces above (seeded: the same every run)."""
    rng = random.Random(58)
    made = list(ISSUE)
    while len(made) < len(ISSUE) + count:
        password = rng.choice(AROUND) + SECRET + rng.choice(AROUND)
        user = rng.choice(USERS)
        made.append(f"{rng.choice(['postgresql', 'postgres'])}://{user}:{password}@{rng.choice(HOSTS)}"
                    f"{rng.choice(PORTS)}{rng.choice(TAILS)}")
    return made


URLS = fuzzed(60)


def test_the_fuzz_holds_the_password_in_every_url() -> None:
    assert len(set(URLS)) == len(URLS) == 64 and all(SECRET in url for url in URLS)
    assert shown_url(URLS[0]) == "postgresql://u@[::1/d" and url_secrets(URLS[1]) == (f"{SECRET}%zz",)
    assert hidden(f'invalid percent-encoded token: "{SECRET}%zz"', URLS[1]) == 'invalid percent-encoded token: "…"'


def texts_of(exc: BaseException) -> list[str]:
    """An exception's text and that of each exception it says it came from."""
    found = []
    at: BaseException | None = exc
    while at is not None:
        found.append(f"{at!s} {at!r}")
        at = at.__cause__
    return found


@pytest.mark.parametrize("url", URLS)
def test_no_output_carries_the_password_of_a_malformed_url(url: str, capsys: pytest.CaptureFixture[str],
                                                            caplog: pytest.LogCaptureFixture,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.storage.postgres import PostgresStorage

    caplog.set_level(logging.DEBUG)
    said = [shown_url(url)]
    with pytest.raises(StorageError) as refused:
        PostgresStorage(url, pool_size=1, connect_timeout=2)
    said += texts_of(refused.value)
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", url)
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    for argv in (["db", "check"], ["play", "--name", "Ann"], ["bot", "--check"], ["bot"]):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"q\n")))
        status = main(argv)
        out, err = capsys.readouterr()
        assert status == 2 and out == "" and err.count("\n") == 1, (argv, err)
        said += [out, err]
    said += [record.getMessage() + str(record.exc_info or "") for record in caplog.records]
    leaks = [text for text in said if SECRET in text]
    assert leaks == []


def test_a_server_refusing_the_password_does_not_say_it(pg_server: PgServer, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"postgresql://{pg_server.user}:{SECRET}@127.0.0.1:{pg_server.port}/postgres"
    monkeypatch.setenv("CRIBBAGE_DATABASE_URL", url)
    monkeypatch.setenv("CRIBBAGE_CONFIG", "")
    assert main(["db", "check"]) == 2
    _, err = capsys.readouterr()
    assert err == (f"cribbage db: cannot open the database postgresql://cribbage@127.0.0.1:{pg_server.port}/postgres: "
                   "connection failed: connection to server at \"127.0.0.1\", port "
                   f"{pg_server.port} failed: FATAL:  password authentication failed for user \"cribbage\"\n")
