"""Games: their players, quests, targets and chosen cards; events remember their game."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("system", sa.String(40), nullable=False),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("played_at", sa.DateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_game_name_key"),
    )
    op.create_table(
        "game_player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.Column("character_id", sa.Integer(), sa.ForeignKey("character.id"), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("target_player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=True),
        sa.Column("quests", sa.JSON(), nullable=False),
        sa.Column("waylays", sa.JSON(), nullable=False),
        sa.Column("treasures", sa.JSON(), nullable=False),
        sa.Column("leagues", sa.JSON(), nullable=False),
        sa.Column("pool", sa.JSON(), nullable=True),
        sa.Column("completed", sa.JSON(), nullable=True),
    )
    op.create_index("ix_game_player_game_id", "game_player", ["game_id"])
    with op.batch_alter_table("ledger_event") as batch:
        batch.add_column(sa.Column("game_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ledger_event") as batch:
        batch.drop_column("game_id")
    op.drop_table("game_player")
    op.drop_table("game")
