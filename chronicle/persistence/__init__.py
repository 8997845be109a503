"""The database: tables, the engine factory, Alembic migrations and repositories.

The only package that imports SQLModel, SQLAlchemy or Alembic. Nothing is imported eagerly
here, so ``import chronicle.persistence`` stays cheap until a submodule is used.
"""
