"""Alembic's environment: runs the migrations on the connection ``open_store`` hands over.

Alembic executes this file itself. Imported any other way (pytest collects doctests from every
module under src/) it must do nothing, hence the guard around ``context.config``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from firefight.store.schema import metadata


def _migrate(connection: Connection) -> None:
    # Batch mode lets future migrations alter tables on SQLite, which lacks most ALTER TABLE.
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    try:
        config = context.config
    except (AttributeError, NameError):  # not inside Alembic: nothing to migrate
        return
    connection = config.attributes.get("connection")
    if isinstance(connection, Connection):
        _migrate(connection)
        return
    # The `alembic` command line (developers only): the database open_store would use.
    from firefight.store.sql import make_engine, resolve_url

    engine = make_engine(resolve_url(None))
    try:
        with engine.connect() as own:
            _migrate(own)
            own.commit()
    finally:
        engine.dispose()


run()
