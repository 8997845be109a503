"""The one set of limits for every way in, and small validators that explain a refusal.

Whatever the command line, the app and the services accept, every file format (character and
setup files, card files, collection CSVs, exports, raw table dumps, SQLite copies) accepts too,
and the reverse: each of them checks its values against the constants below, through the
validators here. Each validator returns ``None`` for an acceptable value, or a message that
names the field and says what is allowed (the caller adds the file, row or option).

Pure Python: importable from the rules, the pydantic file models, the persistence layer and
the fronts alike.

>>> name_problem("Winerdria", "a character's name") is None
True
>>> name_problem("Evil\\x1b]0;pwned\\x07", "a player's name")
"a player's name holds a control character (\\\\x1b at position 5); names are plain text"
>>> xp_problem(1001)
'experience 1001 is outside -1000 to 1000'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

# Text ---------------------------------------------------------------------------------------

NAME_MAX = 200
"""Characters in any name: player, character, game, card, opponent, icon."""
TEXT_MAX = 4000
"""Characters in free text: a note, a background."""
DATE_MAX = 40
"""Characters in a date as written in a chronicle event (``2026-11-30``, ``spring 1997``)."""
SYSTEM_MAX = 40
"""Characters in a game system's key (``wyld-hunt``)."""
NAMES_MAX = 500
"""Names in one list (quests of a game, Merits added by a correction, a pool)."""
ECHO_MAX = 60
"""Characters of a user's value repeated in a message (the rest is cut)."""

# Numbers ------------------------------------------------------------------------------------

XP_MAX = 1000
"""Largest experience one correction adds or takes away (``-XP_MAX`` to ``XP_MAX``)."""
COUNT_MAX = 1000
"""Most copies of one card a player can own; an import's rows for one card are summed and the
total is held to this limit as well."""
EVENTS_MAX = 100_000
"""Events in one chronicle."""
SEATS_MAX = 12
"""Players at one game."""
INT_MAX = 2**31 - 1
"""Largest whole number stored anywhere (a 32-bit column on PostgreSQL; the same on SQLite)."""
INT_DIGITS_MAX = 20
"""Digits of a number read from a file before it is refused unread (Python refuses 4,300)."""
YEAR_MIN, YEAR_MAX = 1900, 9998
"""Years a stored timestamp may fall in: far enough from the calendar's edges that converting
it to UTC or another zone never overflows."""

# Game records -------------------------------------------------------------------------------

RECORD_KIND_MAX = 40
"""Characters in the kind of a game's record or of one of its events (``force``, ``battle``)."""
RECORD_BYTES_MAX = 1_000_000
"""Largest game record's data (a force, a campaign, a hunt), as compact JSON."""
PAYLOAD_BYTES_MAX = 100_000
"""Largest payload of one event of a game record, as compact JSON."""
RECORD_NESTING_MAX = 16
"""Deepest nesting of arrays and objects in a record's data or an event's payload (room is left
for the export that carries them within ``NESTING_MAX``)."""

# Files --------------------------------------------------------------------------------------

FILE_MAX_BYTES = 5_000_000
"""Largest character, setup, card or collection file read."""
BACKUP_MAX_BYTES = 512 * 1024 * 1024
"""Largest backup (JSON export, raw table dump or SQLite copy) read."""
NESTING_MAX = 32
"""Deepest nesting of arrays and tables in any file read (a card file needs four levels)."""
SETUP_DEPTH_MAX = 1
"""A setup file may name character files; a character file names no further file."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NAME_ONLY_CONTROL = re.compile(r"[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Bidirectional overrides: harmless in text, but in a name they disguise it."""


def cut(value: object, limit: int = ECHO_MAX) -> str:
    """``repr`` of a value, cut to ``limit`` characters, for echoing into a message.

    >>> cut("x" * 1_000_000)[-28:]
    'xx... (1,000,002 characters)'
    """
    shown = repr(value)
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit - 3]}... ({len(shown):,} characters)"


def control_position(text: str) -> tuple[int, str] | None:
    """The first control character of ``text`` and its 1-based position, or None."""
    found = _CONTROL.search(text)
    if found is None:
        return None
    return found.start() + 1, found.group()


def _layout_as_spaces(text: str) -> str:
    """Line breaks and tabs (allowed in free text) as spaces."""
    return text.replace("\r\n", "  ").replace("\n", " ").replace("\t", " ").replace("\r", " ")


def _control_message(what: str, text: str, *, name: bool) -> str | None:
    found = control_position(text)
    if found is None and name:
        other = _NAME_ONLY_CONTROL.search(text)
        if other is not None:
            found = other.start() + 1, other.group()
    if found is None:
        return None
    position, char = found
    return (f"{what} holds a control character ({char.encode('unicode_escape').decode()} "
            f"at position {position}); {'names are' if name else 'text is'} plain text")


def name_problem(value: object, what: str = "a name", *, limit: int = NAME_MAX) -> str | None:
    """Why ``value`` cannot be a name (1 to ``NAME_MAX`` characters after trimming, no
    control characters), or None."""
    if not isinstance(value, str):
        return f"{what} is text, not {type(value).__name__}"
    clean = value.strip()
    if not clean:
        return f"{what} is empty; give 1 to {limit} characters"
    if len(clean) > limit:
        return f"{what} has {len(clean):,} characters; at most {limit} are allowed"
    return _control_message(what, clean, name=True)


def text_problem(value: object, what: str = "the note", *, limit: int = TEXT_MAX,
                 required: bool = False) -> str | None:
    """Why ``value`` cannot be free text (at most ``TEXT_MAX`` characters; line breaks and
    tabs allowed, other control characters not), or None."""
    if not isinstance(value, str):
        return f"{what} is text, not {type(value).__name__}"
    if required and not value.strip():
        return f"{what} is empty; say why in 1 to {limit} characters"
    if len(value) > limit:
        return f"{what} has {len(value):,} characters; at most {limit} are allowed"
    return _control_message(what, _layout_as_spaces(value), name=False)


def date_problem(value: object, what: str = "the date") -> str | None:
    """Why ``value`` cannot be an event's date (1 to ``DATE_MAX`` characters of plain text),
    or None."""
    return name_problem(value, what, limit=DATE_MAX)


def int_problem(value: object, what: str, *, low: int = -INT_MAX,
                high: int = INT_MAX) -> str | None:
    """Why ``value`` cannot be a whole number from ``low`` to ``high``, or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{what} is a whole number, not {cut(value)}"
    if not low <= value <= high:
        shown = str(value) if abs(value) < 10**24 else \
            f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
        return f"{what} {shown} is outside {low} to {high}"
    return None


def xp_problem(value: object, what: str = "experience") -> str | None:
    """Why ``value`` cannot be a correction's experience, or None."""
    return int_problem(value, what, low=-XP_MAX, high=XP_MAX)


def count_problem(value: object, what: str = "a count", *, low: int = 0) -> str | None:
    """Why ``value`` cannot be a number of copies of a card, or None."""
    return int_problem(value, what, low=low, high=COUNT_MAX)


def names_problem(values: Iterable[object], what: str) -> str | None:
    """Why a list of names is refused (too many, or one bad name), or None."""
    items = list(values)
    if len(items) > NAMES_MAX:
        return f"{what} lists {len(items):,} names; at most {NAMES_MAX} are allowed"
    for index, item in enumerate(items):
        problem = name_problem(item, f"{what} #{index + 1}")
        if problem:
            return problem
    return None


def depth_of(value: Any, limit: int = NESTING_MAX) -> int:
    """How deeply lists and mappings nest in ``value``, counted without recursion and
    stopping once past ``limit`` (so a hostile document costs no more than ``limit`` levels)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        stack.extend((child, depth) for child in children)
    return deepest


def stamp_problem(value: Any, what: str = "the time") -> str | None:
    """Why a point in time cannot be stored (its year, in UTC, outside ``YEAR_MIN`` to
    ``YEAR_MAX``), or None. A time without a zone is taken to be UTC."""
    from datetime import UTC

    if value.utcoffset() is None:
        value = value.replace(tzinfo=UTC)
    try:
        year = value.astimezone(UTC).year
    except OverflowError:
        year = value.year
    if not YEAR_MIN <= year <= YEAR_MAX or not YEAR_MIN <= value.year <= YEAR_MAX:
        return f"{what} {value.isoformat()} is outside the years {YEAR_MIN} to {YEAR_MAX}"
    return None


def stored_text_problem(value: str, what: str) -> str | None:
    """Why text cannot be stored in both databases (a NUL character), or None."""
    if "\x00" in value:
        return f"{what} holds a NUL character (position {value.index(chr(0)) + 1})"
    return None


def printable(text: str) -> str:
    """``text`` with control characters (and bidirectional overrides) shown as escapes, for
    printing stored text that predates the checks to a terminal.

    >>> printable("Evil\\x1b]0;pwned\\x07")
    'Evil\\\\x1b]0;pwned\\\\x07'
    """
    if not (_CONTROL.search(text) or _NAME_ONLY_CONTROL.search(text)):
        return text
    out = []
    for char in text:
        if _CONTROL.match(char) or _NAME_ONLY_CONTROL.match(char) \
                or unicodedata.category(char) == "Cc":
            out.append(char.encode("unicode_escape").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)


def printable_line(text: str) -> str:
    """Like :func:`printable` but keeping line breaks and tabs (multi-line output)."""
    return "\n".join("\t".join(printable(part) for part in line.split("\t"))
                     for line in text.split("\n"))


def checked(problem: str | None, value: Any) -> Any:
    """``value`` when ``problem`` is None; otherwise raise ``ValueError(problem)`` (for
    pydantic ``AfterValidator``\\ s)."""
    if problem is not None:
        raise ValueError(problem)
    return value


def valid_name(value: str) -> str:
    """A pydantic ``AfterValidator``: a name without control characters."""
    checked(_control_message("the name", value, name=True), value)
    return value


def valid_text(value: str) -> str:
    """A pydantic ``AfterValidator``: free text without control characters other than line
    breaks and tabs."""
    checked(_control_message("the text", _layout_as_spaces(value), name=False), value)
    return value


def json_problem(value: Any, what: str, *, max_bytes: int = RECORD_BYTES_MAX,
                 nesting: int = RECORD_NESTING_MAX) -> str | None:
    """Why ``value`` cannot be stored as a game's JSON (an object; keys plain names; text
    within ``TEXT_MAX`` without control characters other than line breaks and tabs; whole
    numbers within ``INT_MAX``; finite decimals; at most ``nesting`` levels deep and
    ``max_bytes`` as compact JSON), or None. The message names the path of the value at fault.

    >>> json_problem({"units": [{"name": "Ogre", "cost": 2**40}]}, "the force")
    'the force.units[0].cost 1099511627776 is outside -2147483647 to 2147483647'
    """
    import json
    import math

    if not isinstance(value, dict):
        return f"{what} is an object (a table of keys), not {type(value).__name__}"
    if depth_of(value, nesting) > nesting:
        return f"{what} nests deeper than {nesting} levels"
    stack: list[tuple[Any, str]] = [(value, what)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                if not isinstance(key, str):
                    return f"{where} has a key that is not text ({cut(key)})"
                problem = name_problem(key, f"{where} key {cut(key)}")
                if problem:
                    return problem
                stack.append((child, f"{where}.{key}"))
        elif isinstance(item, list | tuple):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
        elif isinstance(item, str):
            problem = text_problem(item, where) or stored_text_problem(item, where)
            if problem:
                return problem
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            problem = int_problem(item, where)
            if problem:
                return problem
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"{where} is {item}, not a finite number"
        else:
            return f"{where} is {type(item).__name__}, which JSON cannot hold"
    size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())
    if size > max_bytes:
        return f"{what} takes {size:,} bytes as JSON; at most {max_bytes:,} are allowed"
    return None
