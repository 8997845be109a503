"""Every game in one database: ownership by game, and the generic record store.

``ownership`` gains a ``game`` column (every row so far is Wyld Hunt's, ``wyld-hunt``); the
same card name and kind may now be owned once per game, so the unique key becomes player, game,
card and kind. ``record`` holds what a game keeps (a battle force, a campaign, a hunt) as JSON
checked by the game's own rules, unique by game, kind, owner (the player, or 0 for the group's
records) and name; ``record_event`` is its append-only history, numbered from 1.
"""

import sqlalchemy as sa
from alembic import op

from chronicle.persistence.migrations import schemasteps as steps

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    timestamp = steps.timestamp()
    with op.batch_alter_table("ownership") as batch:
        batch.add_column(sa.Column("game", sa.String(40), nullable=False,
                                   server_default="wyld-hunt"))
        batch.drop_constraint("uq_ownership_card", type_="unique")
        batch.create_unique_constraint("uq_ownership_game_card",
                                       ["player_id", "game", "card_key", "card_kind"])
    steps.create_table(
        "record",
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        steps.reference("player_id", "player", nullable=True),
        sa.Column("owner", sa.Integer(), nullable=False),
        *steps.names(),
        sa.Column("data", sa.JSON(), nullable=False),
        *steps.versioned("created_at", timestamp),
        sa.Column("archived_at", timestamp, nullable=True),
        sa.UniqueConstraint("game", "kind", "owner", "name_key", name="uq_record_name"),
        indexed=("player_id",),
    )
    steps.create_history("record_event", "record_id", "record", kind=40, stamp=timestamp,
                         unique="uq_record_event_seq")


def downgrade() -> None:
    op.drop_table("record_event")
    op.drop_table("record")
    with op.batch_alter_table("ownership") as batch:
        batch.drop_constraint("uq_ownership_game_card", type_="unique")
        batch.create_unique_constraint("uq_ownership_card",
                                       ["player_id", "card_key", "card_kind"])
        batch.drop_column("game")
