"""A game's reading of epic order: the rulebook's example (quest number, NULL) or the house rule
that orders epic quests by Waylay rating, kept with the game so its sheet and its results use it.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("epic_order", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("epic_order")
