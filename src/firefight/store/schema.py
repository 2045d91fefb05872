"""The tables, as SQLAlchemy sees them. The migrations build exactly these (a test compares).

JSON is kept as text, not as a JSON column type, so that what comes out is byte for byte what
went in, on SQLite and PostgreSQL alike. Times are ISO 8601 text in UTC for the same reason.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
)

__all__ = ["encounters", "metadata", "records", "snapshots", "table_settings"]

# Named constraints let later migrations alter them by name on every backend.
metadata = MetaData(
    naming_convention={
        "pk": "pk_%(table_name)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "ix": "ix_%(table_name)s_%(column_0_name)s",
    }
)

encounters = Table(
    "encounters",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("ruleset", String(100), nullable=False),
    Column("scenario", Text, nullable=False),
    Column("created_at", String(40), nullable=False),
)

records = Table(
    "records",
    metadata,
    Column(
        "encounter_id",
        Integer,
        ForeignKey("encounters.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("seq", Integer, nullable=False),
    Column("payload", Text, nullable=False),
    Column("recorded_at", String(40), nullable=False),
    # Two writers that both read head N both try to insert seq N + 1: this key lets one in.
    PrimaryKeyConstraint("encounter_id", "seq"),
)

# A cache of folded states (the encounter layer's snapshots), never the truth: any row may be
# deleted at any time. Each belongs to the record it was folded up to, which must exist.
snapshots = Table(
    "snapshots",
    metadata,
    Column("encounter_id", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("fingerprint", String(64), nullable=False),
    Column("state", Text, nullable=False),
    # SHA-256 of ``state``, checked on every read: a damaged row is passed over, never used.
    Column("digest", String(64), nullable=False),
    Column("created_at", String(40), nullable=False),
    PrimaryKeyConstraint("encounter_id", "seq"),
    ForeignKeyConstraint(
        ["encounter_id", "seq"], ["records.encounter_id", "records.seq"], ondelete="CASCADE"
    ),
)

# The GM's settings of an encounter's table (who players see, whether they declare): one row
# per encounter, replaced whole on each change, never part of its log (DEC-924).
table_settings = Table(
    "table_settings",
    metadata,
    Column(
        "encounter_id",
        Integer,
        ForeignKey("encounters.id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    ),
    Column("settings", Text, nullable=False),
    Column("changed_at", String(40), nullable=False),
)
