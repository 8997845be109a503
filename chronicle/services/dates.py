"""Dates as the chronicle keeps them: ISO dates (``YYYY-MM-DD``), from every way in."""

from __future__ import annotations

from datetime import date

from chronicle.domain.limits import cut
from chronicle.errors import BadInput

FORMAT_HELP = "an ISO date, YYYY-MM-DD (e.g. 2026-11-20)"
"""How the fronts describe a date (``--help``, the app's date fields)."""


def date_problem(value: str, what: str = "the date") -> str | None:
    """Why ``value`` is not an ISO date of the calendar, or None.

    >>> date_problem("2026-11-20") is None
    True
    >>> date_problem("2026-02-30", "--date")[:45]
    "--date '2026-02-30' is not a day of the calen"
    """
    text = value.strip()
    shape = len(text) == 10 and text[4] == text[7] == "-" and (text[:4] + text[5:7]
                                                                 + text[8:]).isdigit()
    if not shape:
        return f"{what} {cut(value)} is not {FORMAT_HELP}"
    try:
        date.fromisoformat(text)
    except ValueError:
        return f"{what} {cut(value)} is not a day of the calendar: give {FORMAT_HELP}"
    return None


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
