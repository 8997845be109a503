"""Timezone-aware timestamps, and the change log that names what a conflicting save missed.

PostgreSQL: every timestamp column becomes ``timestamp with time zone``; the values stored so
far were written as UTC without a zone, so they are read as UTC. SQLite has no such type (its
values stay UTC text), so only the new table is created there.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"

TIMESTAMPS = (("player", "created_at", False), ("character", "created_at", False),
              ("ledger_event", "recorded_at", False), ("game", "created_at", False),
              ("game", "played_at", True))


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table, column, nullable in TIMESTAMPS:
            op.alter_column(table, column, type_=sa.DateTime(timezone=True),
                            existing_type=sa.DateTime(), existing_nullable=nullable,
                            postgresql_using=f"{column} AT TIME ZONE 'UTC'")
    op.create_table(
        "change_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("subject", sa.String(20), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("what", sa.String(400), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("subject", "subject_id", "version", name="uq_change_log_version"),
    )


def downgrade() -> None:
    op.drop_table("change_log")
    if op.get_bind().dialect.name == "postgresql":
        for table, column, nullable in TIMESTAMPS:
            op.alter_column(table, column, type_=sa.DateTime(),
                            existing_type=sa.DateTime(timezone=True),
                            existing_nullable=nullable,
                            postgresql_using=f"{column} AT TIME ZONE 'UTC'")
