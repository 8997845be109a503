"""The sheet of a kept record whose game says nothing of its own paper: the record's view as
its JSON shows it (``to_dict()``), its single values in one row of labelled fields and each
list under its own title, headed by the game's brand, the record's name and, for a player's
record, whose it is. A game that prints more says its own ``Part``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronicle.export.model import Block, Field, FieldGrid, ItemList, Part

_SHOWN_ELSEWHERE = ("name", "player")
"""Said by the head of the page (the title, the caption), not again in the fields."""


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def record_part(data: Mapping[str, Any], label: str, brand: str) -> Part:
    """One part of the record ``data`` (a view's ``to_dict()``): ``label`` says what the record
    is (``"bag of pebbles"``), ``brand`` the game's head of the page."""
    title = str(data.get("name") or label)
    owner = data.get("player")
    single = [(k, v) for k, v in data.items() if k not in _SHOWN_ELSEWHERE
              and not isinstance(v, list | tuple | dict)]
    blocks: list[Block] = []
    if single:
        blocks.append(FieldGrid((tuple(Field(_label(k), "" if v is None else str(v))
                                       for k, v in single),), tuple(1.0 for _ in single)))
    blocks += [ItemList(_label(k), tuple(str(item) for item in v), blank_lines=2,
                        empty="none yet")
               for k, v in data.items() if isinstance(v, list | tuple)]
    return Part(kind=label[:1].upper() + label[1:], title=title,
                caption=f"{owner}'s {label}" if owner else f"the group's {label}",
                footer=f"{title} · {label}", blocks=tuple(blocks), brand=brand)
