"""Where games live between commands: each game's rules, seats and seed, and its ordered action log.

A game's state is never stored; it is rebuilt by replaying the log through the engine, so what is on disk
is exactly what players saw accepted. `GameStore`, `TableStore`, `PracticeStore`, `SummaryStore`,
`SettingsStore`, `ClaimStore` and `RatingStore` (interfaces.py) are what each part of the application needs.
Backends side by side, each a
package: `SqliteStorage` (sqlite/, the embedded default: one file, WAL mode, nothing to install) and `PostgresStorage`
(postgres/, the postgres extra), both over the SQL written once in sql/ and the rows' codec in codec/;
`bot.storage.opening.open_storage` chooses one by the database URL's scheme (backends.py).
"""

from bot.storage.codec.actions import decode_action, encode_action
from bot.storage.errors import DamagedGame, DatabaseFault, StaleWrite, StorageError
from bot.storage.health import Health
from bot.storage.interfaces import (
    ClaimStore,
    DailyStore,
    EventStore,
    GameStore,
    PracticeStore,
    RatingStore,
    SeasonStore,
    SettingsStore,
    Storage,
    SummaryStore,
    TableStore,
)
from bot.storage.sqlite import SqliteStorage

__all__ = ["ClaimStore", "DailyStore", "DamagedGame", "DatabaseFault", "EventStore", "GameStore", "Health",
           "PracticeStore", "RatingStore", "SeasonStore", "SettingsStore", "SqliteStorage", "StaleWrite", "Storage",
           "StorageError",
           "SummaryStore", "TableStore", "decode_action", "encode_action"]
