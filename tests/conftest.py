"""Fixtures for the whole suite: the one PostgreSQL server of the session (tests/bot/pg_fixtures.py), here so that
the storage tests and the installed package's test share it."""

from tests.bot.pg_fixtures import pg_server, pg_url  # noqa: F401  (fixtures)
