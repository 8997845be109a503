"""Annotated field types of the Hunters of Arcfall card and game-log formats, held to the one
set of limits (``chronicle.domain.limits``).

Strict: whole numbers must be integers (not strings, floats or booleans), text has bounded
length, names hold no control characters, and enumerated values match case-insensitively.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, Strict

from chronicle.domain.limits import COUNT_MAX, NAME_MAX, NAMES_MAX, TEXT_MAX, valid_name, valid_text
from chronicle.systems.hunters_of_arcfall.cards import Result


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _lower_list(value: Any) -> Any:
    return [_lower(v) for v in value] if isinstance(value, list) else value


Name = Annotated[str, Strict(), Field(min_length=1, max_length=NAME_MAX),
                 AfterValidator(valid_name)]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=TEXT_MAX),
                 AfterValidator(valid_text)]
Names = Annotated[list[Name], Field(max_length=NAMES_MAX)]
Count = Annotated[int, Strict(), Field(ge=0, le=COUNT_MAX)]
Flag = Annotated[bool, Strict()]
ResultField = Annotated[Result, BeforeValidator(_lower)]
ResultList = Annotated[list[ResultField], BeforeValidator(_lower_list), Field(max_length=50)]
SlotNumbers = Annotated[list[Annotated[int, Strict(), Field(ge=1, le=50)]], Field(max_length=50)]
