"""The SQLite schema, and the step that makes a new database or brings an older one up to date."""

from __future__ import annotations

import re
import sqlite3
import time
from contextlib import suppress

from bot.storage.codec.game_rows import GAME_COLUMNS
from bot.storage.sql.layout import TABLES, newer_version, unknown_columns, unknown_schema

VERSION = 12
"""The layout this program makes, kept in the file (PRAGMA user_version), so a newer program's file is known
and refused. The layouts main has shipped, each with a file its own program made under
tests/bot/storage/upgrades/: 1 games and actions; 2 games.guild, table sessions, drills, tallies; 3
games.self_count and lang, declarations; 4 games.changes; 5 the statistics' summaries; 6 revisions and one live
table a place; 7 a server's totals; 8 games.moves; 9 games.auto_go and the turn mentions' settings; 10 every
server's and member's settings in one table (a row a value set); 11 a game's settings in its row (games.settings,
auto_go moved in); 12 ratings and their changes, seasons, the daily hand's posts and answers, the claims that
make a timer fire once, and events (club nights: their entrants and games). Layouts 1 to 8 kept no version (0):
a file at 0 is brought up to date from whatever it has (MIGRATIONS, FILLS, ...) and then says 12. A new layout is a new
number here, its change in `make`, and its fixture."""

CHECK = re.compile(r"\bCHECK\s*\(", re.IGNORECASE)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    rules    TEXT NOT NULL,
    seats    TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    status   TEXT NOT NULL,
    place    TEXT NOT NULL,
    message  TEXT NOT NULL DEFAULT '',
    winner   INTEGER,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    reminded INTEGER NOT NULL DEFAULT 0,
    rev      INTEGER NOT NULL DEFAULT 0,
    moves    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_place ON games (place, status);
CREATE TABLE IF NOT EXISTS actions (
    game   TEXT NOT NULL REFERENCES games (id),
    seq    INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    place    TEXT NOT NULL,
    guild    TEXT NOT NULL DEFAULT '',
    session  TEXT NOT NULL,
    live     INTEGER NOT NULL,
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    message  TEXT NOT NULL DEFAULT '',
    rev      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_place ON tables (place, live);
CREATE TABLE IF NOT EXISTS drills (
    user     TEXT NOT NULL,
    drill    TEXT NOT NULL,
    declared INTEGER NOT NULL,
    total    INTEGER NOT NULL,
    PRIMARY KEY (user, drill)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS declarations (
    game     TEXT NOT NULL REFERENCES games (id),
    deal     INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    crib     INTEGER NOT NULL,
    declared INTEGER,
    total    INTEGER NOT NULL,
    PRIMARY KEY (game, deal, seat, crib)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tallies (
    user  TEXT PRIMARY KEY,
    tally TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS summarized (
    game  TEXT PRIMARY KEY,
    guild TEXT NOT NULL,
    deals INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_totals (
    guild TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, skunks_given INTEGER NOT NULL, skunks_taken INTEGER NOT NULL,
    double_skunks_given INTEGER NOT NULL, double_skunks_taken INTEGER NOT NULL, deals INTEGER NOT NULL,
    cribs INTEGER NOT NULL, pegging INTEGER NOT NULL, hand INTEGER NOT NULL, crib INTEGER NOT NULL,
    heels INTEGER NOT NULL,
    PRIMARY KEY (guild, player)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_totals_wins ON player_totals (guild, wins DESC);
CREATE TABLE IF NOT EXISTS guild_totals (
    guild   TEXT PRIMARY KEY,
    games   INTEGER NOT NULL,
    deals   INTEGER NOT NULL,
    players INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS guild_settings (
    guild    TEXT PRIMARY KEY,
    mentions INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS member_settings (
    user     TEXT PRIMARY KEY,
    mentions INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS settings (
    scope    TEXT NOT NULL,
    owner    TEXT NOT NULL,
    name     TEXT NOT NULL,
    value    TEXT NOT NULL,
    PRIMARY KEY (scope, owner, name)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS settings_name ON settings (scope, name);
CREATE TABLE IF NOT EXISTS ratings (
    guild      TEXT NOT NULL,
    member     TEXT NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,
    played     REAL NOT NULL,
    PRIMARY KEY (guild, member)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rating_changes (
    guild      TEXT NOT NULL,
    member     TEXT NOT NULL,
    game       TEXT NOT NULL,
    at         REAL NOT NULL,
    before     REAL NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    results    TEXT NOT NULL,
    PRIMARY KEY (guild, member, game)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rating_changes_at ON rating_changes (guild, member, at);
CREATE TABLE IF NOT EXISTS seasons (
    guild     TEXT NOT NULL,
    number    INTEGER NOT NULL,
    starts    REAL NOT NULL,
    ends      REAL NOT NULL,
    message   TEXT NOT NULL DEFAULT '',
    standings TEXT NOT NULL,
    PRIMARY KEY (guild, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_posts (
    guild   TEXT NOT NULL,
    day     TEXT NOT NULL,
    channel TEXT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    closed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild, day)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_answers (
    guild   TEXT NOT NULL,
    day     TEXT NOT NULL,
    member  TEXT NOT NULL,
    discard TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (guild, day, member)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS daily_answers_member ON daily_answers (member, day);
CREATE TABLE IF NOT EXISTS claims (
    name   TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  REAL NOT NULL,
    done   INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events (
    id       TEXT PRIMARY KEY,
    guild    TEXT NOT NULL,
    format   TEXT NOT NULL,
    settings TEXT NOT NULL,
    state    TEXT NOT NULL,
    director TEXT NOT NULL,
    channel  TEXT NOT NULL,
    message  TEXT NOT NULL DEFAULT '',
    round    INTEGER NOT NULL DEFAULT 0,
    seed     INTEGER NOT NULL,
    lang     TEXT NOT NULL DEFAULT 'en',
    created  REAL NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS events_guild ON events (guild, state);
CREATE TABLE IF NOT EXISTS event_entrants (
    event     TEXT NOT NULL,
    number    INTEGER NOT NULL,
    member    TEXT NOT NULL,
    strength  TEXT NOT NULL DEFAULT '',
    name      TEXT NOT NULL,
    withdrawn INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event, number)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS event_entrants_member ON event_entrants (event, member) WHERE member <> '';
CREATE TABLE IF NOT EXISTS event_games (
    event        TEXT NOT NULL,
    round        INTEGER NOT NULL,
    pairing      INTEGER NOT NULL,
    game         TEXT NOT NULL DEFAULT '',
    home         INTEGER NOT NULL,
    away         INTEGER NOT NULL,
    home_score   INTEGER NOT NULL DEFAULT 0,
    away_score   INTEGER NOT NULL DEFAULT 0,
    outcome      TEXT NOT NULL DEFAULT '',
    corrected_by TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (event, round, pairing)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_games_game ON event_games (game);
"""

MIGRATIONS: tuple[tuple[str, str, str], ...] = (
    ("games", "guild", "ALTER TABLE games ADD COLUMN guild TEXT NOT NULL DEFAULT ''"),
    ("games", "self_count", "ALTER TABLE games ADD COLUMN self_count TEXT NOT NULL DEFAULT ''"),
    ("games", "lang", "ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'"),
    ("games", "changes", "ALTER TABLE games ADD COLUMN changes TEXT NOT NULL DEFAULT ''"),
    ("games", "rev", "ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0"),
    ("games", "auto_go", "ALTER TABLE games ADD COLUMN auto_go INTEGER NOT NULL DEFAULT 1"),
    ("tables", "rev", "ALTER TABLE tables ADD COLUMN rev INTEGER NOT NULL DEFAULT 0"),
    ("games", "moves", "ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0"),
    ("games", "settings", "ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT ''"),
)
"""Columns added since the first schema: (table, column, statement). A database made before one is
brought up to date when it is opened; its rows keep their data and get the column's default, or what FILLS
says."""

FILLS = {"moves": "UPDATE games SET moves = (SELECT count(*) FROM actions WHERE actions.game = games.id)",
         "settings": """UPDATE games SET settings = '{"auto_go": "false"}' WHERE auto_go = 0"""}
"""A column added to an older database whose value is computed from what it holds: the statement that fills it.
`moves` is each game's log length, which the loader compares with the log it reads (a damaged index would
otherwise return part of a log, or none, as if it were the whole); `settings` takes in the games' `auto_go`
(a column no longer read)."""

ONE_LIVE_TABLE = (
    """UPDATE tables SET live = 0 WHERE live = 1 AND id NOT IN (
        SELECT id FROM tables AS t WHERE t.live = 1 AND t.created = (
            SELECT max(created) FROM tables AS n WHERE n.place = t.place AND n.live = 1))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS tables_one_live ON tables (place) WHERE live = 1",
)
"""At most one live table session a place, held by the database so two processes cannot both start one
(an older database's extra live sessions, which no command could reach, are closed first)."""

GUILD_TOTALS = (
    "INSERT INTO guild_totals (guild, games, deals, players) SELECT guild, count(*), sum(deals), 0 FROM summarized"
    " GROUP BY guild",
    "UPDATE guild_totals SET players = (SELECT count(*) FROM player_totals AS p WHERE p.guild = guild_totals.guild)",
)
"""A server's running totals, made once from the summaries of a database from before them."""

SETTINGS_FROM_LAYOUT_9 = (
    "INSERT OR IGNORE INTO settings (scope, owner, name, value) SELECT 'server', guild, 'mentions',"
    " CASE WHEN mentions THEN 'true' ELSE 'false' END FROM guild_settings",
    "INSERT OR IGNORE INTO settings (scope, owner, name, value) SELECT 'member', user, 'mentions',"
    " CASE WHEN mentions THEN 'true' ELSE 'false' END FROM member_settings",
)
"""The settings table, filled once from the turn-mention tables of layout 9 (which stay, no longer written)."""


def readable_columns(db: sqlite3.Connection) -> str:
    """GAME_COLUMNS as a file from before some of them can give them: a column added since (MIGRATIONS) that it
    lacks reads as that column's default."""
    have = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    defaults = {column: alter.rsplit("DEFAULT ", 1)[1] for table, column, alter in MIGRATIONS if table == "games"}
    return ", ".join(c if c in have or c not in defaults else f"{defaults[c]} AS {c}"
                     for c in GAME_COLUMNS.split(", "))


def wal(db: sqlite3.Connection, wait: float = 30.0) -> None:
    """WAL mode. Leaving an older file's rollback journal needs the file to itself, and SQLite does not wait
    for that: processes opening such a file together take turns here, for up to `wait` seconds."""
    give_up = time.monotonic() + wait
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            busy = getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
            if not busy or time.monotonic() > give_up:
                raise
            time.sleep(0.02)


def refuse_unknown(db: sqlite3.Connection, where: str) -> None:
    """StorageError, saying so in one line, when the file is from a newer program (its version is past VERSION)
    or its schema holds a column, a CHECK or a trigger this program never made. It only reads."""
    (have,) = db.execute("PRAGMA user_version").fetchone()
    if have > VERSION:
        raise newer_version(where, have, VERSION)
    tables = [(name, sql or "") for name, sql in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
              if name in TABLES]
    found = unknown_columns({name: [row[1] for row in db.execute(f"PRAGMA table_xinfo({name})")]
                             for name, _ in tables})
    found += [f"a CHECK on {name}" for name, sql in tables if CHECK.search(sql)]
    found += [f"the trigger {name} on {table}" for name, table in
              db.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")]
    if found:
        raise unknown_schema(where, found)


def make(db: sqlite3.Connection, where: str = "being made", *, into_wal: bool = True) -> None:
    """Set up a database (WAL mode, the tables, the columns added since): a new one, or an older one. All in
    one write transaction that looks again at what the file has, so processes opening the same file together
    never apply a change twice, nor fail on each other's half-made schema. A file from a newer program, or
    with a schema this one does not know, is refused before anything is written (`where` names it). Without
    `into_wal`, the journal mode is left as it is (a new file, made under another name, enters WAL last)."""
    refuse_unknown(db, where)
    if into_wal:
        wal(db)
    db.execute("BEGIN IMMEDIATE")
    try:
        refuse_unknown(db, where)  # as another process may have left it meanwhile
        totals_missing = not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'guild_totals'").fetchone()
        settings_missing = not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'settings'").fetchone()
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        for table in ("games", "tables"):
            have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for _, column, alter in (m for m in MIGRATIONS if m[0] == table):
                if column not in have:
                    db.execute(alter)
                    if column in FILLS:
                        db.execute(FILLS[column])
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables_one_live'").fetchone():
            for statement in ONE_LIVE_TABLE:
                db.execute(statement)
        if totals_missing:
            for statement in GUILD_TOTALS:
                db.execute(statement)
        if settings_missing:
            for statement in SETTINGS_FROM_LAYOUT_9:
                db.execute(statement)
        if db.execute("PRAGMA user_version").fetchone()[0] != VERSION:  # a file up to date is not written
            db.execute(f"PRAGMA user_version = {VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise
