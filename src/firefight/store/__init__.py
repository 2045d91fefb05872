"""Persistence of encounters and their append-only logs (DESIGN.md layer 7).

Open a store with :func:`open_store`: an SQLite file in the user's data directory by default,
or any database ``$FIREFIGHT_DATABASE_URL`` names (``postgresql+psycopg://...`` for a hosted
server). The schema is created and upgraded on open. See docs/store.md.
"""

from __future__ import annotations

from firefight.store.base import (
    ConflictError,
    EncounterExists,
    EncounterInfo,
    EncounterNotFound,
    EncounterStore,
    Snapshot,
    SnapshotStore,
    StoredRecord,
    StoreError,
    TableSettingsStore,
    Written,
    damaged_table_settings,
)
from firefight.store.sql import SqlStore, open_store, resolve_url

__all__ = [
    "ConflictError",
    "EncounterExists",
    "EncounterInfo",
    "EncounterNotFound",
    "EncounterStore",
    "Snapshot",
    "SnapshotStore",
    "SqlStore",
    "StoreError",
    "StoredRecord",
    "TableSettingsStore",
    "Written",
    "damaged_table_settings",
    "open_store",
    "resolve_url",
]
