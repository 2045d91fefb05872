"""Encounters and their append-only records.

Revision ID: 0001
Revises:
Create Date: 2025-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "encounters",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("ruleset", sa.String(length=100), nullable=False),
        sa.Column("scenario", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(length=40), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_encounters"),
        sa.UniqueConstraint("name", name="uq_encounters_name"),
    )
    op.create_table(
        "records",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name="fk_records_encounter_id_encounters",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "seq", name="pk_records"),
    )


def downgrade() -> None:
    op.drop_table("records")
    op.drop_table("encounters")
