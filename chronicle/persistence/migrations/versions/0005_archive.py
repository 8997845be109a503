"""Archived characters and games: a character or game whose chronicle has begun is archived
instead of erased (hidden from lists, its cards no longer in use, restorable).
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"

TABLES = ("character", "game")


def upgrade() -> None:
    timestamp = sa.DateTime(timezone=op.get_bind().dialect.name == "postgresql")
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("archived_at", timestamp, nullable=True))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("archived_at")
