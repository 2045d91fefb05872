"""Snapshots: folded states cached beside the logs.

Revision ID: 0002
Revises: 0001
Create Date: 2025-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("encounter_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id", "seq"],
            ["records.encounter_id", "records.seq"],
            name="fk_snapshots_encounter_id_records",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "seq", name="pk_snapshots"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
