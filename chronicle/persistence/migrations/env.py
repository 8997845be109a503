"""Alembic environment: migrations run on a connection handed over by ``chronicle``.

``chronicle.persistence.engine.migrate`` passes its connection in ``config.attributes``; the
``alembic`` command line is not needed (and not configured).
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import chronicle.persistence.grouptables  # noqa: F401  (registers every table)

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through chronicle.persistence.engine.migrate")

context.configure(connection=connection, target_metadata=SQLModel.metadata,
                  render_as_batch=True, compare_type=True)
with context.begin_transaction():
    context.run_migrations()
