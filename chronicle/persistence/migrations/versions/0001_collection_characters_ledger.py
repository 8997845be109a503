"""Players, their collections, characters and the chronicle ledger."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_player_name_key"),
    )
    op.create_table(
        "ownership",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.Column("card_name", sa.String(200), nullable=False),
        sa.Column("card_key", sa.String(200), nullable=False),
        sa.Column("card_kind", sa.String(20), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.UniqueConstraint("player_id", "card_key", "card_kind", name="uq_ownership_card"),
    )
    op.create_index("ix_ownership_player_id", "ownership", ["player_id"])
    op.create_table(
        "character",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("icon", sa.String(200), nullable=True),
        sa.Column("court", sa.String(20), nullable=True),
        sa.Column("background", sa.String(4000), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("player_id", "name_key", name="uq_character_name"),
    )
    op.create_index("ix_character_player_id", "character", ["player_id"])
    op.create_table(
        "creation_card",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("character_id", sa.Integer(), sa.ForeignKey("character.id"), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("card_name", sa.String(200), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_index("ix_creation_card_character_id", "creation_card", ["character_id"])
    op.create_table(
        "ledger_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("character_id", sa.Integer(), sa.ForeignKey("character.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("character_id", "seq", name="uq_ledger_seq"),
    )
    op.create_index("ix_ledger_event_character_id", "ledger_event", ["character_id"])


def downgrade() -> None:
    op.drop_table("ledger_event")
    op.drop_table("creation_card")
    op.drop_table("character")
    op.drop_table("ownership")
    op.drop_table("player")
