"""What a check of a database found, and what to tell its owner to do about it."""

from __future__ import annotations

from dataclasses import dataclass

RECOVER = ("restore a copy made with `cribbage db backup`, or salvage what is readable with sqlite3's "
           "`.recover` command")
"""How to get a damaged SQLite database's games back."""

PG_COPY = "pg_dump (docs/deploy.md)"
PG_REPAIR = ("restore a dump made with pg_dump, or rebuild a damaged index with REINDEX; a game whose log is not "
             "the one its row counts can only be ended")
"""What to do about a damaged PostgreSQL database."""


@dataclass(frozen=True, slots=True)
class Health:
    """What a database check found: SQLite's own findings, and the games that cannot be loaded (by id, or
    by row when even the id is unreadable). Nothing found: both empty."""

    problems: tuple[str, ...] = ()
    damaged: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems and not self.damaged

    def lines(self, path: str, *, copy: str = "`cribbage db backup FILE`", repair: str = RECOVER) -> list[str]:
        """One line per finding, then what to do (how to `copy` the database, how to `repair` it); nothing when
        all is well."""
        if self.ok:
            return []
        found = [f"the database {path} is damaged: {p}" for p in self.problems]
        if self.damaged:
            shown = ", ".join(self.damaged[:10]) + (f" and {len(self.damaged) - 10} more" if len(self.damaged) > 10
                                                      else "")
            found.append(f"the database {path} has {len(self.damaged)} damaged game(s) that cannot be loaded: "
                         f"{shown}; every other game plays on")
        found.append(f"copy it now with {copy}; `cribbage db check` lists the damage; to repair, {repair}")
        return found
