"""Games: their players, quests, targets and chosen cards; events remember their game."""

import sqlalchemy as sa
from alembic import op

from chronicle.persistence.migrations import schemasteps as steps

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    steps.create_table(
        "game",
        *steps.names(),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_game_name_key"),
    )
    steps.create_table(
        "game_player",
        steps.reference("game_id", "game"),
        steps.reference("player_id", "player"),
        steps.reference("character_id", "character", nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        steps.reference("target_player_id", "player", nullable=True),
        sa.Column("quests", sa.JSON(), nullable=False),
        sa.Column("waylays", sa.JSON(), nullable=False),
        sa.Column("treasures", sa.JSON(), nullable=False),
        sa.Column("leagues", sa.JSON(), nullable=False),
        sa.Column("pool", sa.JSON(), nullable=True),
        sa.Column("completed", sa.JSON(), nullable=True),
        indexed=("game_id",),
    )
    steps.add_column(("ledger_event",), "game_id", sa.Integer(), nullable=True)


def downgrade() -> None:
    steps.drop_column(("ledger_event",), "game_id")
    op.drop_table("game_player")
    op.drop_table("game")
