"""Bringing a database's schema up to date, from code: users never run Alembic themselves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from firefight.store.base import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "HEAD",
    "MIGRATIONS",
    "WRITE",
    "alembic_config",
    "current_revision",
    "upgrade",
]

# The newest revision in migrations/versions (a test keeps the two in step). Knowing it without
# loading Alembic lets an up-to-date database open without importing it: a quarter of a second
# on every command.
HEAD = "0003"

# The migration scripts ship inside the package (package data), next to this module.
MIGRATIONS = Path(__file__).with_name("migrations")

# Execution option that makes a SQLite transaction start with BEGIN IMMEDIATE (see sql.py).
WRITE = "firefight_write"

# Any fixed number: the key of the PostgreSQL advisory lock that serializes migrations.
_MIGRATION_LOCK = 0x66697265


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the shipped scripts, bound to ``connection`` if given."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def current_revision(connection: Connection) -> str | None:
    """The revision the database is at; None for a database never migrated."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    found = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return None if found is None else str(found)


def upgrade(engine: Engine) -> None:
    """Run every migration the database lacks, in one transaction.

    Two processes opening the same fresh database at once both get here: on SQLite the write
    transaction (BEGIN IMMEDIATE) makes the second wait, on PostgreSQL an advisory lock does;
    either way the second finds the schema at head and does nothing.
    """
    with engine.connect() as connection, connection.begin():
        found = current_revision(connection)
        if found == HEAD:
            return
    from alembic import command
    from alembic.util import CommandError

    try:
        with engine.connect() as connection:
            connection.execution_options(**{WRITE: True})
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                    )
                command.upgrade(alembic_config(connection), "head")
    except CommandError as exc:
        raise StoreError(
            None,
            f"the database's schema is at revision {found!r}, which this version of firefight "
            f"does not know (it knows up to {HEAD!r}); was it written by a newer firefight?",
        ) from exc
