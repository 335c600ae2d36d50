"""The PostgreSQL schema as numbered migrations, and the step that brings a database up to date.

`schema_version` holds one row per migration applied (its number and when). Opening a database applies
the missing ones in order, each in the same transaction as its row, under an advisory lock so two bot
processes starting together never apply one twice. Migration 1 is everything the SQLite schema holds
(bot/storage/sqlite/schema.py), equivalently typed: TEXT as text, INTEGER as bigint (0/1 flags as boolean),
REAL as double precision. A later change is a new entry at the end, never an edit of one applied.
"""

from __future__ import annotations

import time
from typing import Any

from bot.storage.sql.layout import TABLES, newer_version, unknown_columns, unknown_schema

MIGRATIONS: tuple[str, ...] = (
    # 1: the tables of SQLite's schema and its column migrations (guild, self_count, lang, changes), with the
    # statistics' running totals (summarized, player_totals)
    """
    CREATE TABLE games (
        id         text PRIMARY KEY,
        rules      text NOT NULL,
        seats      text NOT NULL,
        seed       bigint NOT NULL,
        status     text NOT NULL,
        place      text NOT NULL,
        message    text NOT NULL DEFAULT '',
        winner     bigint,
        created    double precision NOT NULL,
        updated    double precision NOT NULL,
        reminded   boolean NOT NULL DEFAULT false,
        guild      text NOT NULL DEFAULT '',
        self_count text NOT NULL DEFAULT '',
        lang       text NOT NULL DEFAULT 'en',
        changes    text NOT NULL DEFAULT ''
    );
    CREATE INDEX games_place ON games (place, status);
    CREATE TABLE actions (
        game   text NOT NULL REFERENCES games (id),
        seq    bigint NOT NULL,
        action text NOT NULL,
        PRIMARY KEY (game, seq)
    );
    CREATE TABLE tables (
        id      text PRIMARY KEY,
        place   text NOT NULL,
        guild   text NOT NULL DEFAULT '',
        session text NOT NULL,
        live    boolean NOT NULL,
        created double precision NOT NULL,
        updated double precision NOT NULL,
        message text NOT NULL DEFAULT ''
    );
    CREATE INDEX tables_place ON tables (place, live);
    CREATE TABLE drills (
        "user"   text NOT NULL,
        drill    text NOT NULL,
        declared bigint NOT NULL,
        total    bigint NOT NULL,
        PRIMARY KEY ("user", drill)
    );
    CREATE TABLE declarations (
        game     text NOT NULL REFERENCES games (id),
        deal     bigint NOT NULL,
        seat     bigint NOT NULL,
        crib     boolean NOT NULL,
        declared bigint,
        total    bigint NOT NULL,
        PRIMARY KEY (game, deal, seat, crib)
    );
    CREATE TABLE tallies (
        "user" text PRIMARY KEY,
        tally  text NOT NULL
    );
    CREATE TABLE summarized (
        game  text PRIMARY KEY,
        guild text NOT NULL,
        deals bigint NOT NULL
    );
    CREATE TABLE player_totals (
        guild  text NOT NULL,
        player text NOT NULL,
        name   text NOT NULL,
        games bigint NOT NULL, wins bigint NOT NULL, skunks_given bigint NOT NULL, skunks_taken bigint NOT NULL,
        double_skunks_given bigint NOT NULL, double_skunks_taken bigint NOT NULL, deals bigint NOT NULL,
        cribs bigint NOT NULL, pegging bigint NOT NULL, hand bigint NOT NULL, crib bigint NOT NULL,
        heels bigint NOT NULL,
        PRIMARY KEY (guild, player)
    );
    CREATE INDEX player_totals_wins ON player_totals (guild, wins DESC);
    """,
    # 2: revisions, so that several bot processes on one database never both act on what they each read;
    # at most one live table session a place (older extra live sessions, unreachable anyway, are closed)
    """
    ALTER TABLE games ADD COLUMN rev bigint NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN rev bigint NOT NULL DEFAULT 0;
    UPDATE tables SET live = false WHERE live AND id NOT IN (
        SELECT DISTINCT ON (place) id FROM tables WHERE live ORDER BY place, created DESC);
    CREATE UNIQUE INDEX tables_one_live ON tables (place) WHERE live;
    """,
    # 3: a server's running totals (games, deals, players), so the leaderboard's head reads one row; made
    # from the summaries already counted
    """
    CREATE TABLE guild_totals (
        guild   text PRIMARY KEY,
        games   bigint NOT NULL,
        deals   bigint NOT NULL,
        players bigint NOT NULL
    );
    INSERT INTO guild_totals (guild, games, deals, players)
        SELECT guild, count(*), sum(deals), 0 FROM summarized GROUP BY guild;
    UPDATE guild_totals SET players = (SELECT count(*) FROM player_totals AS p WHERE p.guild = guild_totals.guild);
    """,
    # 4: each game's log length in its row, which the loader compares with the log it reads, so a game whose
    # log lost rows is refused, not resumed from an earlier state; counted from the logs already kept
    """
    ALTER TABLE games ADD COLUMN moves bigint NOT NULL DEFAULT 0;
    UPDATE games SET moves = (SELECT count(*) FROM actions WHERE actions.game = games.id);
    """,
    # 5: go said for a member who has no other move (a game's setting, on in games from before it); turn
    # mentions, a server's setting and each member's own (no row: on)
    """
    ALTER TABLE games ADD COLUMN auto_go boolean NOT NULL DEFAULT true;
    CREATE TABLE guild_settings (
        guild    text PRIMARY KEY,
        mentions boolean NOT NULL
    );
    CREATE TABLE member_settings (
        "user"   text PRIMARY KEY,
        mentions boolean NOT NULL
    );
    """,
    # 6: every server's and member's settings in one table, a row a value set (bot/settings.py declares them, so a
    # new setting needs no migration); the turn-mention tables' rows moved in (those tables stay, no longer written)
    """
    CREATE TABLE settings (
        scope text NOT NULL,
        owner text NOT NULL,
        name  text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (scope, owner, name)
    );
    INSERT INTO settings (scope, owner, name, value)
        SELECT 'server', guild, 'mentions', CASE WHEN mentions THEN 'true' ELSE 'false' END FROM guild_settings;
    INSERT INTO settings (scope, owner, name, value)
        SELECT 'member', "user", 'mentions', CASE WHEN mentions THEN 'true' ELSE 'false' END FROM member_settings;
    """,
    # 7: a game's settings in its row, a JSON object of texts by name (bot/settings.py, scope game), auto_go moved
    # in (the column stays, no longer read)
    """
    ALTER TABLE games ADD COLUMN settings text NOT NULL DEFAULT '';
    UPDATE games SET settings = '{"auto_go": "false"}' WHERE NOT auto_go;
    """,
    # 8: the settings found by name (the servers that turned a feature on); ratings and their changes, seasons,
    # the daily hand's posts and answers, the claims that make a timer fire once among several processes, and
    # events (club nights: their entrants and games)
    """
    CREATE INDEX settings_name ON settings (scope, name);
    CREATE TABLE ratings (
        guild      text NOT NULL,
        member     text NOT NULL,
        rating     double precision NOT NULL,
        deviation  double precision NOT NULL,
        volatility double precision NOT NULL,
        games      bigint NOT NULL,
        played     double precision NOT NULL,
        PRIMARY KEY (guild, member)
    );
    CREATE TABLE rating_changes (
        guild      text NOT NULL,
        member     text NOT NULL,
        game       text NOT NULL,
        at         double precision NOT NULL,
        before     double precision NOT NULL,
        rating     double precision NOT NULL,
        deviation  double precision NOT NULL,
        volatility double precision NOT NULL,
        results    text NOT NULL,
        PRIMARY KEY (guild, member, game)
    );
    CREATE INDEX rating_changes_at ON rating_changes (guild, member, at);
    CREATE TABLE seasons (
        guild     text NOT NULL,
        number    bigint NOT NULL,
        starts    double precision NOT NULL,
        ends      double precision NOT NULL,
        message   text NOT NULL DEFAULT '',
        standings text NOT NULL,
        PRIMARY KEY (guild, number)
    );
    CREATE TABLE daily_posts (
        guild   text NOT NULL,
        day     text NOT NULL,
        channel text NOT NULL,
        message text NOT NULL DEFAULT '',
        closed  boolean NOT NULL DEFAULT false,
        PRIMARY KEY (guild, day)
    );
    CREATE TABLE daily_answers (
        guild   text NOT NULL,
        day     text NOT NULL,
        member  text NOT NULL,
        discard text NOT NULL,
        at      double precision NOT NULL,
        PRIMARY KEY (guild, day, member)
    );
    CREATE INDEX daily_answers_member ON daily_answers (member, day);
    CREATE TABLE claims (
        name   text PRIMARY KEY,
        holder text NOT NULL,
        until  double precision NOT NULL,
        done   boolean NOT NULL DEFAULT false
    );
    CREATE TABLE events (
        id       text PRIMARY KEY,
        guild    text NOT NULL,
        format   text NOT NULL,
        settings text NOT NULL,
        state    text NOT NULL,
        director text NOT NULL,
        channel  text NOT NULL,
        message  text NOT NULL DEFAULT '',
        round    bigint NOT NULL DEFAULT 0,
        seed     bigint NOT NULL,
        lang     text NOT NULL DEFAULT 'en',
        created  double precision NOT NULL
    );
    CREATE INDEX events_guild ON events (guild, state);
    CREATE TABLE event_entrants (
        event     text NOT NULL,
        number    bigint NOT NULL,
        member    text NOT NULL,
        strength  text NOT NULL DEFAULT '',
        name      text NOT NULL,
        withdrawn boolean NOT NULL DEFAULT false,
        PRIMARY KEY (event, number)
    );
    CREATE UNIQUE INDEX event_entrants_member ON event_entrants (event, member) WHERE member <> '';
    CREATE TABLE event_games (
        event        text NOT NULL,
        round        bigint NOT NULL,
        pairing      bigint NOT NULL,
        game         text NOT NULL DEFAULT '',
        home         bigint NOT NULL,
        away         bigint NOT NULL,
        home_score   bigint NOT NULL DEFAULT 0,
        away_score   bigint NOT NULL DEFAULT 0,
        outcome      text NOT NULL DEFAULT '',
        corrected_by text NOT NULL DEFAULT '',
        PRIMARY KEY (event, round, pairing)
    );
    CREATE INDEX event_games_game ON event_games (game);
    """,
)
"""Migration n is MIGRATIONS[n - 1]."""

LOCK_KEY = 0x63726962  # 'crib': the advisory lock held while migrating
"""Any number, the same in every process: the lock taken while the schema is brought up to date."""


def migrate(conn: Any, where: str = "being migrated") -> list[int]:
    """Apply the migrations the database lacks, in order, each with its schema_version row; the numbers
    applied (none when it is up to date). A database from a newer program, or whose schema has a column, a
    CHECK or a trigger this one never made, is refused (StorageError naming `where`), and the transaction
    that looked is rolled back: nothing is written to it."""
    applied: list[int] = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version bigint PRIMARY KEY,"
                     " applied double precision NOT NULL)")
        (have,) = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        if have > len(MIGRATIONS):
            raise newer_version(where, have, len(MIGRATIONS))
        refuse_unknown(conn, where)
        for number in range(have + 1, len(MIGRATIONS) + 1):
            conn.execute(MIGRATIONS[number - 1])
            conn.execute("INSERT INTO schema_version (version, applied) VALUES (%s, %s)", (number, time.time()))
            applied.append(number)
    return applied


COLUMNS = "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
CHECKS = ("SELECT o.conname, c.relname FROM pg_constraint AS o JOIN pg_class AS c ON c.oid = o.conrelid JOIN "
          "pg_namespace AS n ON n.oid = c.relnamespace WHERE o.contype = 'c' AND n.nspname = current_schema() "
          "ORDER BY c.relname, o.conname")
TRIGGERS = ("SELECT t.tgname, c.relname FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid JOIN "
            "pg_namespace AS n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND n.nspname = current_schema() "
            "ORDER BY c.relname, t.tgname")


def refuse_unknown(conn: Any, where: str) -> None:
    """StorageError when one of our tables has a column, a CHECK or a trigger this program never made."""
    columns: dict[str, list[str]] = {}
    for table, column in conn.execute(COLUMNS).fetchall():
        columns.setdefault(table, []).append(column)
    found = unknown_columns(columns)
    found += [f"the CHECK {name} on {table}" for name, table in conn.execute(CHECKS).fetchall() if table in TABLES]
    found += [f"the trigger {name} on {table}" for name, table in conn.execute(TRIGGERS).fetchall()
              if table in TABLES]
    if found:
        raise unknown_schema(where, found)


def schema_version(conn: Any) -> int:
    """The newest migration applied (0: none, or no schema_version table)."""
    row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if not row[0]:
        return 0
    (version,) = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
    return int(version)
