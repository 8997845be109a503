"""One declaration per file format: each game's quick reader takes its field tables from the
pydantic models, through a generated plain-data file (``quickspec.json``) that this test holds
to the models: a model changed without generating again fails here, naming the command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from chronicle.catalog import quick
from chronicle.catalog.quickspec import generate, table

REPO = Path(__file__).resolve().parent.parent
GENERATED = sorted(".".join(p.parent.relative_to(REPO).parts)
                   for p in (REPO / "chronicle" / "systems").glob("*/quickspec.json"))


def test_every_game_has_a_generated_table() -> None:
    games = sorted(".".join(p.parent.relative_to(REPO).parts)
                   for p in (REPO / "chronicle" / "systems").glob("*/quickcheck.py"))
    assert games == GENERATED and len(games) == 4


@pytest.mark.parametrize("package", GENERATED)
def test_each_generated_table_is_fresh(package: str) -> None:
    path = REPO / Path(*package.split(".")) / "quickspec.json"
    assert path.read_text(encoding="utf-8") == generate(package), (
        f"{path} is stale: python -m chronicle.catalog.quickspec {package}")


@pytest.mark.parametrize("package", GENERATED)
def test_each_quick_reader_reads_its_generated_table(package: str) -> None:
    source = (REPO / Path(*package.split(".")) / "quickcheck.py").read_text("utf-8")
    assert "spec = generated_tables(__file__)" in source


# --- the generator and the checks, on a model of this test's own -------------------------------

class Inner(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    hit: Annotated[int, Field(ge=0, le=1000), Field(le=100)] | None = None


class Sample(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, str_strip_whitespace=True)
    name: Annotated[str, Field(min_length=1, max_length=10)]
    count: Annotated[int, Field(gt=0, lt=5)] = 1
    tags: Annotated[list[str], Field(max_length=2)] = []
    mode: Any = None
    inner: Inner | None = None
    odd: int | None = None

    @field_validator("odd")
    @classmethod
    def _odd(cls, value: int | None) -> int | None:
        if value is not None and value % 2 == 0:
            raise ValueError("odd")
        return value


class Checked(Sample):
    @model_validator(mode="after")
    def _whole(self) -> Checked:
        return self


def test_a_model_becomes_a_plain_table() -> None:
    assert table(Sample) == ("table", {
        "name": ("str", 1, 10, ""), "count": ("int", 1, 4),
        "tags": ("list", 0, 2, ("str", 0, None, "")), "mode": ("value",),
        "inner": ("table", {"hit": ("int", 0, 100)}, ()),
        "odd": ("judged", ("int", None, None), ("_odd",))}, ("name",))
    assert table(Checked)[0] == "judged" and table(Checked)[2] == ("_whole",)


@pytest.mark.parametrize("data", [
    {"name": "Ann"}, {"name": " Ann"}, {"name": ""}, {"name": "x" * 11}, {"name": 3},
    {"name": "A", "count": 0}, {"name": "A", "count": 4}, {"name": "A", "count": 5},
    {"name": "A", "count": True}, {"name": "A", "tags": ["a", "b", "c"]},
    {"name": "A", "inner": {"hit": 100}}, {"name": "A", "inner": {"hit": 101}},
    {"name": "A", "inner": {"miss": 1}}, {"name": "A", "other": 1}, {"count": 2},
])
def test_what_the_checks_vouch_for_the_model_accepts_unchanged(data: dict[str, Any]) -> None:
    fields = quick.checks(table(Sample))
    vouched = quick.table_check(fields, quick.required(table(Sample)))(data)
    try:
        read = Sample.model_validate(data).model_dump(exclude_unset=True)
    except ValueError:
        read = None
    if vouched:
        assert read == data
    assert vouched == (read == data) or data == {"name": " Ann"}  # stripped: the model's


def test_a_judged_field_defers_unless_the_reader_refines_it() -> None:
    assert not quick.checks(table(Sample))["odd"](3)
    assert quick.checks(table(Sample), {"odd": quick.INNER})["odd"](3)
    assert quick.checks(table(Sample), {"odd": lambda v: v == 3})["odd"](3)


def test_a_model_validator_not_handled_leaves_the_table_to_the_model() -> None:
    assert not quick.checks(table(Checked))["name"]("Ann")
    assert quick.checks(table(Checked), handled=("_whole",))["name"]("Ann")


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def _one_line(value: str) -> str:
    if "\n" in value:
        raise ValueError("one line")
    return value


class Normalised(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    mode: Annotated[str, BeforeValidator(_lower)]
    label: Annotated[str, Field(max_length=5), AfterValidator(_one_line)] | None = None


def test_validators_the_types_do_not_show_are_named_and_must_be_handled() -> None:
    assert table(Normalised) == ("table", {
        "mode": ("judged", ("str", 0, None, ""), ("_lower",)),
        "label": ("judged", ("str", 0, 5, ""), ("_one_line",))}, ("mode",))
    assert not quick.checks(table(Normalised))["mode"]("on")
    fields = quick.checks(table(Normalised),
                          handled={"_lower": None, "_one_line": lambda v: "\n" not in v})
    assert fields["mode"]("on") and fields["label"]("ab")
    assert not fields["label"]("a\nb") and not fields["label"]("abcdef")
