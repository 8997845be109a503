"""Dates as the chronicle keeps them: ISO dates (``YYYY-MM-DD``) of the calendar, the one rule
for every way in (the command line, the app, character files, imports). Pure Python."""

from __future__ import annotations

from datetime import date

from chronicle.domain.limits import cut

FORMAT_HELP = "an ISO date, YYYY-MM-DD (e.g. 2026-11-20)"
"""How the fronts describe a date (``--help``, the app's date fields, file problems)."""
CODE = "date.not_iso"
"""The stable code of a date in a file that is not an ISO date of the calendar."""


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
