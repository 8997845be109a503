"""Annotated field types shared by the Wyld Hunt card, character and setup file formats.

Strict: integers must be integers (not strings or booleans), text has bounded length, and
enumerated values are matched case-insensitively.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, Strict

from chronicle.domain.limits import COUNT_MAX, NAME_MAX, TEXT_MAX, valid_name, valid_text
from chronicle.systems.wyld_hunt import cards as c


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _lower_list(value: Any) -> Any:
    if isinstance(value, list):
        return [_lower(v) for v in value]
    return value


Count = Annotated[int, Strict(), Field(ge=0, le=COUNT_MAX)]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=TEXT_MAX),
                 AfterValidator(valid_text)]
Name = Annotated[str, Strict(), Field(min_length=1, max_length=NAME_MAX),
                 AfterValidator(valid_name)]
"""The one set of limits (``chronicle.domain.limits``): no control characters in names."""
AttributeField = Annotated[c.Attribute, BeforeValidator(_lower)]
CourtField = Annotated[c.Court, BeforeValidator(_lower)]
MeritTypeField = Annotated[c.MeritType, BeforeValidator(_lower)]
FlawTypeField = Annotated[c.FlawType, BeforeValidator(_lower)]
SetField = Annotated[c.CardSet, BeforeValidator(_lower)]
TerrainList = Annotated[list[c.Terrain], BeforeValidator(_lower_list), Field(max_length=20)]
TestField = Annotated[c.TestType, BeforeValidator(_lower)]
SideList = Annotated[list[c.Terrain], BeforeValidator(_lower_list),
                     Field(min_length=1, max_length=20)]
def _sides(value: Any) -> Any:
    """Sides typed as text (``fields,road/forest/border/fields``) read as four lists."""
    return [[str(t) for t in side] for side in c.parse_sides(value)] \
        if isinstance(value, str) else value


SidesField = Annotated[list[SideList], Field(min_length=4, max_length=4),
                       BeforeValidator(_sides)]
"""A League's four sides (top, right, bottom, left), each a terrain list; typed as text, the
four sides are separated by ``/`` and a side's terrains by commas."""
TestList = Annotated[list[c.TestType], BeforeValidator(_lower_list), Field(max_length=4)]
WaylayField = Count | Literal["none"]


