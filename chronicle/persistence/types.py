"""Column types shared by the table classes and the light views of tables for reads
(:mod:`chronicle.persistence.light`), which must not build a table class to name one."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Dialect, TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware timestamp, normalised to UTC on the way in and out (a naive value is
    taken to be UTC already, as every revision before 0003 stored them)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Store ``value`` as UTC (SQLite keeps no offset: the UTC wall time)."""
        if value is None:
            return None
        if value.utcoffset() is None:
            value = value.replace(tzinfo=UTC)
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect,
                             ) -> datetime | None:
        """A stored value as an aware datetime in UTC."""
        if value is None:
            return None
        if value.utcoffset() is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class NotJSON(str):
    """The stored text of a JSON column that is not JSON (a row edited outside the program,
    possible on SQLite only): read as this text instead of failing the whole read, so the
    record store can name the record as damaged."""

    __slots__ = ()


class StoredJSON(TypeDecorator[Any]):
    """JSON, read back without raising: text that is not JSON comes back as :class:`NotJSON`
    (the same DDL as ``JSON``)."""

    impl = JSON
    cache_ok = True

    def result_processor(self, dialect: Dialect, coltype: object) -> Any:
        """The JSON type's own reader, with text that is not JSON kept as ``NotJSON``."""
        inner = self.impl_instance.result_processor(dialect, coltype)
        if inner is None:
            return None

        def process(value: Any) -> Any:
            try:
                return inner(value)
            except (ValueError, RecursionError):  # not JSON, or nested past Python's stack
                return NotJSON(value if isinstance(value, str) else repr(value)[:200])

        return process
