"""Snapshots of records' fold states: ``fold_snapshot`` keeps, per record, the state its game's
fold derived from its history (JSON text of plain values), with how many events it covers,
the record's token, the digest of the history and a seal over the row. Derived data: a new
process's first step of a long history reads it instead of replaying the history, and only
while it matches the record as read (``chronicle.services.recordstate``). Empty after the
upgrade (the next step of each record writes its snapshot); dropped by the downgrade with
nothing lost.
"""

import sqlalchemy as sa
from alembic import op

from chronicle.persistence.migrations import schemasteps as steps

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    steps.create_table(
        "fold_snapshot",
        steps.reference("record_id", "record"),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("history", sa.String(64), nullable=False),
        sa.Column("seal", sa.String(64), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.UniqueConstraint("record_id", name="uq_fold_snapshot_record"),
    )


def downgrade() -> None:
    op.drop_table("fold_snapshot")
