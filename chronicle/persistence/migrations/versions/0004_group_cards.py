"""The group's own cards and corrections, kept in the shared database.

A card a member creates (values read off the physical card) or a correction of a bundled card
is a fact the whole play group relies on: a chronicle that names it must read the same on every
member's machine. ``group_card`` holds one ``[[card]]`` table per card (by game, name and
kind), as a card file would; a member's own card files stay a personal layer on top.
"""

import sqlalchemy as sa
from alembic import op

from chronicle.persistence.migrations import schemasteps as steps

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    steps.create_table(
        "group_card",
        sa.Column("game", sa.String(40), nullable=False),
        *steps.names(),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        *steps.versioned("changed_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("game", "name_key", "kind", name="uq_group_card_key"),
    )


def downgrade() -> None:
    op.drop_table("group_card")
