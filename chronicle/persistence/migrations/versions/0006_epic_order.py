"""A game's reading of epic order: the rulebook's example (quest number, NULL) or the house rule
that orders epic quests by Waylay rating, kept with the game so its sheet and its results use it.
"""

import sqlalchemy as sa

from chronicle.persistence.migrations import schemasteps as steps

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    steps.add_column(("game",), "epic_order", sa.String(length=20), nullable=True)


def downgrade() -> None:
    steps.drop_column(("game",), "epic_order")
