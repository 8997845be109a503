"""Column types shared by the table classes and the light views of tables for reads
(:mod:`chronicle.persistence.light`), which must not build a table class to name one."""

from datetime import UTC, datetime

from sqlalchemy import DateTime, Dialect, TypeDecorator


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
