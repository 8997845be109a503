"""Annotated field types of the Hunters of Arcfall card and game-log formats.

Strict: whole numbers must be integers (not strings, floats or booleans), text has bounded
length, names hold no control characters, and enumerated values match case-insensitively.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, Strict

from chronicle.systems.hunters_of_arcfall.cards import Result

NAME_MAX = 200
TEXT_MAX = 4000
NAMES_MAX = 500
COUNT_MAX = 1000
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _plain_name(value: str) -> str:
    found = _CONTROL.search(value)
    if found:
        raise ValueError(f"a name holds a control character ({found.group()!r} at position "
                         f"{found.start()}); names are plain text")
    return value


def _plain_text(value: str) -> str:
    found = _TEXT_CONTROL.search(value)
    if found:
        raise ValueError(f"text holds a control character ({found.group()!r} at position "
                         f"{found.start()})")
    return value


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _lower_list(value: Any) -> Any:
    return [_lower(v) for v in value] if isinstance(value, list) else value


Name = Annotated[str, Strict(), Field(min_length=1, max_length=NAME_MAX),
                 AfterValidator(_plain_name)]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=TEXT_MAX),
                 AfterValidator(_plain_text)]
Names = Annotated[list[Name], Field(max_length=NAMES_MAX)]
Count = Annotated[int, Strict(), Field(ge=0, le=COUNT_MAX)]
Flag = Annotated[bool, Strict()]
ResultField = Annotated[Result, BeforeValidator(_lower)]
ResultList = Annotated[list[ResultField], BeforeValidator(_lower_list), Field(max_length=50)]
SlotNumbers = Annotated[list[Annotated[int, Strict(), Field(ge=1, le=50)]], Field(max_length=50)]
