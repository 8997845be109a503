"""Card files are validated once and remembered between processes (start-up): the same bytes
give the same outcome without building a validator; a changed byte, another folder or edited
code is read again; a damaged or planted cache is never trusted."""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from chronicle.catalog import cache
from chronicle.catalog.loader import load_card_file
from chronicle.catalog.schema import ModelSchema
from chronicle.domain.values import Origin


class KeywordModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    kind: str
    summary: str | None = None


SCHEMA = ModelSchema("cache-test", 1, {"keyword": KeywordModel},
                     lambda data, origin, path: dict(data))
CARDS = """version = 1
game = "cache-test"

[[card]]
name = "Stubborn"
kind = "keyword"
summary = "Holds its ground."

[[card]]
name = "Broken"
kind = "keyword"
bogus = 3
"""


class Counting:
    """A small game's card schema, counting the cards it validates."""

    def __init__(self) -> None:
        self.validated = 0
        self.game = SCHEMA.game
        self.version = SCHEMA.version
        self.kinds = SCHEMA.kinds
        self.models = SCHEMA.models

    def fields(self, kind: str) -> list[str]:
        return SCHEMA.fields(kind)

    def all_fields(self) -> list[str]:
        return SCHEMA.all_fields()

    def alias(self, kind: str, key: str) -> str | None:
        return SCHEMA.alias(kind, key)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        self.validated += 1
        return SCHEMA.validate(data)


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path / "data"))
    cache.forget()
    yield tmp_path / "data" / "cache" / "cache-test-card-files.pickle"
    cache.forget()


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(CARDS, encoding="utf-8")
    return path


def test_the_same_bytes_are_not_validated_again_even_in_another_process(
        kept: Path, card_file: Path) -> None:
    schema = Counting()
    first = load_card_file(card_file, schema, Origin.USER)
    assert schema.validated == 2
    assert [entry.data["name"] for entry in first[0]] == ["Stubborn"]
    assert [problem.field for problem in first[1]] == ["bogus"]
    assert kept.is_file()
    assert kept.stat().st_mode & 0o777 == 0o600
    cache.forget()  # as a new process would
    again = load_card_file(card_file, schema, Origin.USER)
    assert schema.validated == 2
    assert again == first
    again[0].clear()  # callers own what they get
    assert load_card_file(card_file, schema, Origin.USER) == first


def test_a_changed_byte_another_layer_or_another_place_is_read_again(
        kept: Path, card_file: Path, tmp_path: Path) -> None:
    schema = Counting()
    load_card_file(card_file, schema, Origin.USER)
    card_file.write_text(CARDS.replace("its ground", "its grounds"), encoding="utf-8")
    os.utime(card_file, ns=(0, 0))  # the same size and time would not hide it either
    changed = load_card_file(card_file, schema, Origin.USER)
    assert schema.validated == 4
    assert changed[0][0].data["summary"] == "Holds its grounds."
    bundled = load_card_file(card_file, schema, Origin.BUNDLED)
    assert schema.validated == 6
    assert bundled[0][0].origin is Origin.BUNDLED
    moved = tmp_path / "moved.toml"
    moved.write_bytes(card_file.read_bytes())
    assert load_card_file(moved, schema, Origin.USER)[1][0].path == str(moved)
    assert schema.validated == 8


def test_edited_code_is_a_miss(kept: Path, card_file: Path, monkeypatch: pytest.MonkeyPatch,
                               ) -> None:
    schema = Counting()
    load_card_file(card_file, schema, Origin.USER)
    cache.forget()
    monkeypatch.setattr(cache, "FORMAT", cache.FORMAT + 1)  # as an edit of a module would
    load_card_file(card_file, schema, Origin.USER)
    assert schema.validated == 4


class Planted:
    def __reduce__(self) -> tuple[Any, ...]:
        return (os.remove, (str(Path(os.environ["CHRONICLE_DATA_DIR"]) / "victim"),))


@pytest.mark.parametrize("damage", ["garbage", "wrong shape", "planted", "planted entry"])
def test_a_damaged_or_planted_cache_is_ignored_and_rewritten(
        kept: Path, card_file: Path, damage: str) -> None:
    schema = Counting()
    good = load_card_file(card_file, schema, Origin.USER)
    victim = kept.parent.parent / "victim"
    victim.write_text("still here", encoding="utf-8")
    saved = pickle.loads(kept.read_bytes())
    if damage == "garbage":
        kept.write_bytes(b"\x80\x05not a pickle")
    elif damage == "wrong shape":
        kept.write_bytes(pickle.dumps((cache.FORMAT, {key: 3 for key in saved[1]})))
    elif damage == "planted":
        kept.write_bytes(pickle.dumps(Planted()))
    else:
        kept.write_bytes(pickle.dumps((cache.FORMAT, {key: pickle.dumps(Planted())
                                                      for key in saved[1]})))
    cache.forget()
    assert load_card_file(card_file, schema, Origin.USER) == good
    assert schema.validated == 4
    assert victim.read_text(encoding="utf-8") == "still here"
    cache.forget()
    assert load_card_file(card_file, schema, Origin.USER) == good  # rewritten, good again
    assert schema.validated == 4


def test_an_unreadable_file_is_reported_as_before_and_not_kept(kept: Path,
                                                               tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    entries, problems = load_card_file(fifo, Counting(), Origin.USER)
    assert entries == []
    assert "cannot be read" in problems[0].message
    assert not kept.exists()
