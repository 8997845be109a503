"""The walk that keeps a record's cards under their own names (``chronicle.domain.cardrefs``):
every declared place rewritten, nothing else touched, the value given never changed, and odd
shapes (a hand-edited record, a hostile file) left as they are."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from chronicle.domain.cardrefs import named

NAMES = {("caballero", "unit"): "Gearknight", ("hoja oxidada", "upgrade"): "Rusty Blade",
         ("diva", "hero"): "Diva", ("maldición", "curse"): "System Shock"}


def resolve(name: str, kinds: tuple[str, ...]) -> str | None:
    return next((NAMES[(name.casefold(), kind)] for kind in kinds
                 if (name.casefold(), kind) in NAMES), None)


PLACES = [("data:unit[].unit", ("unit",)), ("data:guild[].heroes[]", ("hero",)),
          ("data:guild[].slots{*}", ("hero",)), ("data:guild[].slots{}[]", ("upgrade", "curse")),
          ("upgrade:curses{}", ("curse",))]


def test_every_place_is_rewritten_and_nothing_else() -> None:
    data: dict[str, Any] = {
        "unit": [{"unit": "Caballero", "note": "caballero"}, {"unit": "Unknown"}],
        "guild": [{"heroes": ["diva", "Grom"],
                   "slots": {"DIVA": ["Hoja oxidada", "maldición", "Slingshot"]}}],
        "caballero": "caballero"}
    before = copy.deepcopy(data)
    found = named(PLACES, "data", data, resolve)
    assert data == before                                       # the value given: unchanged
    assert found["unit"] == [{"unit": "Gearknight", "note": "caballero"}, {"unit": "Unknown"}]
    assert found["guild"][0]["heroes"] == ["Diva", "Grom"]
    assert found["guild"][0]["slots"] == {"Diva": ["Rusty Blade", "System Shock", "Slingshot"]}
    assert found["caballero"] == "caballero"
    assert named(PLACES, "upgrade", {"curses": {"Maya": "MALDICIÓN"}}, resolve) == {
        "curses": {"Maya": "System Shock"}}
    assert named(PLACES, "scenario", data, resolve) == before   # another place: untouched


@pytest.mark.parametrize("odd", [
    {"unit": "caballero"}, {"unit": [1, None, ["caballero"], {"unit": 3}]},
    {"guild": {"heroes": "diva"}}, {"guild": [{"slots": ["diva"]}, "x", None]},
    {"guild": [{"slots": {"diva": "hoja oxidada", "x": None}}]}, {},
])
def test_odd_shapes_are_left_as_they_are(odd: dict[str, Any]) -> None:
    found = named(PLACES, "data", odd, resolve)
    assert isinstance(found, dict)
    for key in odd:
        if key != "guild":
            assert found[key] == odd[key]


def test_a_path_with_an_unknown_mark_is_a_declaration_error() -> None:
    with pytest.raises(ValueError, match="card path"):
        named([("data:unit[x].unit", ("unit",))], "data", {"unit": []}, resolve)
