"""The GM's table settings, one row per encounter beside its log (DEC-924).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "table_settings",
        sa.Column("encounter_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("changed_at", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name="fk_table_settings_encounter_id_encounters",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", name="pk_table_settings"),
    )


def downgrade() -> None:
    op.drop_table("table_settings")
