"""The field types every stored or exported value is checked with: the limits of
``chronicle.domain.limits`` as pydantic types, and the strict model every game's stored
payloads derive from (a game's own payload models live in its folder and are reached through
its ledger codec's ``payload_problems``: see ``persistence.guard``).

The same types check a value before it is written and an export or backup before it is
imported, so whatever is stored can always be exported and imported again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field

from chronicle.domain.limits import (
    COUNT_MAX,
    DATE_MAX,
    INT_MAX,
    NAME_MAX,
    NAMES_MAX,
    SYSTEM_MAX,
    TEXT_MAX,
    XP_MAX,
    checked,
    stamp_problem,
    valid_name,
    valid_text,
)


class Model(BaseModel):
    """A strict, frozen model that refuses unknown keys."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX), AfterValidator(valid_name)]
Names = Annotated[list[Name], Field(max_length=NAMES_MAX)]
Text = Annotated[str, Field(max_length=TEXT_MAX), AfterValidator(valid_text)]
Date = Annotated[str, Field(min_length=1, max_length=DATE_MAX), AfterValidator(valid_name)]
System = Annotated[str, Field(min_length=1, max_length=SYSTEM_MAX)]
Whole = Annotated[int, Field(ge=0, le=INT_MAX)]
Position = Whole
Version = Annotated[int, Field(ge=1, le=INT_MAX)]
Count = Annotated[int, Field(ge=0, le=COUNT_MAX)]
Xp = Annotated[int, Field(ge=-XP_MAX, le=XP_MAX)]
Seq = Annotated[int, Field(ge=1, le=INT_MAX)]


def _valid_stamp(value: datetime) -> datetime:
    checked(stamp_problem(value), value)
    return value


Stamp = Annotated[AwareDatetime, AfterValidator(_valid_stamp)]
