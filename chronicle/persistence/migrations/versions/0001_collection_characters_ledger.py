"""Players, their collections, characters and the chronicle ledger."""

import sqlalchemy as sa
from alembic import op

from chronicle.persistence.migrations import schemasteps as steps

revision = "0001"
down_revision = None


def upgrade() -> None:
    steps.create_table(
        "player",
        *steps.names(),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_player_name_key"),
    )
    steps.create_table(
        "ownership",
        steps.reference("player_id", "player"),
        sa.Column("card_name", sa.String(200), nullable=False),
        sa.Column("card_key", sa.String(200), nullable=False),
        sa.Column("card_kind", sa.String(20), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.UniqueConstraint("player_id", "card_key", "card_kind", name="uq_ownership_card"),
        indexed=("player_id",),
    )
    steps.create_table(
        "character",
        steps.reference("player_id", "player"),
        *steps.names(),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("icon", sa.String(200), nullable=True),
        sa.Column("court", sa.String(20), nullable=True),
        sa.Column("background", sa.String(4000), nullable=True),
        *steps.versioned("created_at", sa.DateTime()),
        sa.UniqueConstraint("player_id", "name_key", name="uq_character_name"),
        indexed=("player_id",),
    )
    steps.create_table(
        "creation_card",
        steps.reference("character_id", "character"),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("card_name", sa.String(200), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        indexed=("character_id",),
    )
    steps.create_history("ledger_event", "character_id", "character", kind=20,
                         stamp=sa.DateTime(), unique="uq_ledger_seq")


def downgrade() -> None:
    op.drop_table("ledger_event")
    op.drop_table("creation_card")
    op.drop_table("character")
    op.drop_table("ownership")
    op.drop_table("player")
