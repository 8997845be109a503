"""Identities unique across databases: every table's rows get a ``uid`` (a uuid4 as 32
lower-case hexadecimal digits, unique, never null), so that an offline copy of the group's
database and the group's own (``chronicle db checkout`` / ``db sync``) tell the same player,
character, chronicle entry, game, card or record apart from one that merely has the same
name or number. Local ids stay integers; a row made after this revision gets its uid when it
is made (the tables' default), the rows already there get one here.

Two tables an offline copy uses (empty in the group's own database, never synced):
``sync_state`` (where the copy came from and the common ancestor of the next merge) and
``sync_conflict`` (the copy's entries a sync could not merge, until they are resolved).
"""

import uuid

import sqlalchemy as sa
from alembic import op

from chronicle.persistence.migrations import schemasteps as steps

revision = "0009"
down_revision = "0008"

TABLES = ("player", "character", "ownership", "creation_card", "ledger_event", "game",
          "game_player", "group_card", "change_log", "record", "record_event")
"""Every table of the schema (Alembic's aside)."""


def upgrade() -> None:
    """Each table gets the column NOT NULL with an empty default (SQLite adds such a column in
    place: no table is rebuilt, so no foreign key is in the way), every row its uid, then the
    unique index; PostgreSQL drops the empty default afterwards."""
    bind = op.get_bind()
    postgres = bind.dialect.name == "postgresql"
    for name in TABLES:
        op.add_column(name, sa.Column("uid", sa.String(length=32), nullable=False,
                                      server_default=""))
        table = sa.table(name, sa.column("id", sa.Integer), sa.column("uid", sa.String))
        ids = [row[0] for row in bind.execute(sa.select(table.c.id).order_by(table.c.id))]
        if ids:
            bind.execute(table.update().where(table.c.id == sa.bindparam("row_id"))
                         .values(uid=sa.bindparam("new_uid")),
                         [{"row_id": i, "new_uid": uuid.uuid4().hex} for i in ids])
        if postgres:
            op.alter_column(name, "uid", server_default=None,
                            existing_type=sa.String(length=32), existing_nullable=False)
        op.create_index(f"ix_{name}_uid", name, ["uid"], unique=True)
    steps.create_table("sync_state",
                       sa.Column("key", sa.String(40), nullable=False, unique=True),
                       sa.Column("value", sa.JSON(), nullable=False))
    steps.create_table("sync_conflict",
                       sa.Column("uid", sa.String(32), nullable=False),
                       sa.Column("subject", sa.String(400), nullable=False),
                       sa.Column("what", sa.String(40), nullable=False),
                       sa.Column("code", sa.String(80), nullable=False),
                       sa.Column("message", sa.String(4000), nullable=False),
                       sa.Column("section", sa.String(200), nullable=False),
                       sa.Column("entry", sa.JSON(), nullable=False),
                       sa.Column("state", sa.String(20), nullable=False),
                       sa.Column("created_at", steps.timestamp(), nullable=False),
                       indexed=("uid",))


def downgrade() -> None:
    op.drop_table("sync_conflict")
    op.drop_table("sync_state")
    for name in TABLES:
        op.drop_index(f"ix_{name}_uid", table_name=name)
        with op.batch_alter_table(name) as batch:
            batch.drop_column("uid")
