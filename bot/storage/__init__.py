"""Where games live between commands: each game's rules, seats and seed, and its ordered action log.

A game's state is never stored; it is rebuilt by replaying the log through the engine, so what
is on disk is exactly what players saw accepted. `GameStore`, `TableStore`, `PracticeStore` and
`SummaryStore` are what each part of the application needs; `SqliteStorage` is the embedded default holding
them all (one file, WAL mode, nothing to install); `PostgresStorage` (bot/storage/postgres.py, the postgres
extra) holds them in PostgreSQL, and `bot.storage.opening.open_storage` chooses one from the config.
"""

from bot.storage.codec import decode_action, encode_action
from bot.storage.files import Health
from bot.storage.protocols import (
    DatabaseFault,
    GameStore,
    PracticeStore,
    StaleWrite,
    Storage,
    StorageError,
    SummaryStore,
    TableStore,
)
from bot.storage.sqlite import SqliteStorage

__all__ = ["DatabaseFault", "GameStore", "Health", "PracticeStore", "SqliteStorage", "StaleWrite", "Storage",
           "StorageError", "SummaryStore", "TableStore", "decode_action", "encode_action"]
