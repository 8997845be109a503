"""Archived characters and games: a character or game whose chronicle has begun is archived
instead of erased (hidden from lists, its cards no longer in use, restorable).
"""

from chronicle.persistence.migrations import schemasteps as steps

revision = "0005"
down_revision = "0004"

TABLES = ("character", "game")


def upgrade() -> None:
    steps.add_column(TABLES, "archived_at", steps.timestamp(), nullable=True)


def downgrade() -> None:
    steps.drop_column(TABLES, "archived_at")
