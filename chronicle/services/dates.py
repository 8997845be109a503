"""Dates as the chronicle keeps them: ISO dates (``YYYY-MM-DD``), from every way in (the rule
itself is ``chronicle.domain.dates``, shared with the file formats)."""

from __future__ import annotations

from chronicle.domain.dates import FORMAT_HELP, date_problem
from chronicle.errors import BadInput

__all__ = ["FORMAT_HELP", "date_problem", "iso_date"]


def iso_date(value: str | None, what: str = "the date") -> str | None:
    """``value`` checked as an ISO date (None stays None).

    Raises:
        BadInput: not an ISO date of the calendar.
    """
    if value is None:
        return None
    problem = date_problem(value, what)
    if problem:
        raise BadInput(problem)
    return value.strip()
