"""Card files are validated once and remembered between processes (start-up): the same bytes
give the same outcome without building a validator; a changed byte, another folder or edited
code is read again; a damaged or planted cache is never trusted, and holds plain values only
(JSON): a remembered outcome equals a fresh read, enumerations included, for every game."""

from __future__ import annotations

import importlib
import json
import os
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from chronicle import paths
from chronicle.catalog import cache
from chronicle.catalog.loader import _load_card_file, card_files, load_card_file
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
    monkeypatch.setenv("CHRONICLE_CACHE_DIR", str(tmp_path / "cache"))
    cache.forget()
    yield tmp_path / "cache" / "cache-test-card-files.json"
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
        return (os.remove, (str(Path(os.environ["CHRONICLE_CACHE_DIR"]) / "victim"),))


def _damaged(saved: dict[str, Any], damage: str) -> bytes:
    """The cache ``saved`` (as written) damaged or planted as ``damage`` says."""
    def outcomes(change: Any) -> bytes:
        return json.dumps({"format": cache.FORMAT, "kept": [
            [key, json.dumps(change(json.loads(text)))] for key, text in saved["kept"]]}
                          ).encode()

    def entry(change: Any) -> Any:
        def on(outcome: dict[str, Any]) -> dict[str, Any]:
            outcome["entries"][0] = change(outcome["entries"][0])
            return outcome
        return on

    return {
        "garbage": lambda: b"\x80\x05not json",
        "a pickle": lambda: pickle.dumps(Planted()),
        "a pickle of the old layout": lambda: pickle.dumps((1, {tuple(key): pickle.dumps(
            Planted()) for key, _text in saved["kept"]})),
        "wrong shape": lambda: json.dumps({"format": cache.FORMAT, "kept": 3}).encode(),
        "outcome not json": lambda: outcomes(lambda _o: 0)[:-3] + b"x]]}",
        "outcome of wrong shape": lambda: outcomes(lambda _o: {"entries": 3, "problems": []}),
        "entry of wrong shape": lambda: outcomes(entry(lambda e: e[:3])),
        "a card without a name": lambda: outcomes(entry(lambda e: [
            {k: v for k, v in e[0].items() if k != "name"}, *e[1:]])),
        "unknown origin": lambda: outcomes(entry(lambda e: [e[0], "planted", e[2], e[3]])),
        "a line not a number": lambda: outcomes(entry(lambda e: [*e[:3], "1"])),
        "an enumeration naming a function": lambda: outcomes(entry(lambda e: [
            {**e[0], "summary": {"$enum": "chronicle.paths:os.system", "value": "x"}},
            *e[1:]])),
        "an enumeration of a module not imported": lambda: outcomes(entry(lambda e: [
            {**e[0], "summary": {"$enum": "chronicle.systems.nowhere:Kind", "value": "x"}},
            *e[1:]])),
        "an enumeration of a value it lacks": lambda: outcomes(entry(lambda e: [
            {**e[0], "origin": {"$enum": "chronicle.domain.values:Origin", "value": "x"}},
            *e[1:]])),
        "a problem of wrong shape": lambda: outcomes(lambda o: {**o, "problems": [[1]]}),
        "too deep": lambda: outcomes(entry(lambda e: [
            {**e[0], "summary": json.loads("[" * 40 + "]" * 40)}, *e[1:]])),
    }[damage]()


@pytest.mark.parametrize("damage", [
    "garbage", "a pickle", "a pickle of the old layout", "wrong shape", "outcome not json",
    "outcome of wrong shape", "entry of wrong shape", "a card without a name", "unknown origin",
    "a line not a number", "an enumeration naming a function",
    "an enumeration of a module not imported", "an enumeration of a value it lacks",
    "a problem of wrong shape", "too deep"])
def test_a_damaged_or_planted_cache_is_a_miss_and_is_rewritten(
        kept: Path, card_file: Path, damage: str) -> None:
    schema = Counting()
    good = load_card_file(card_file, schema, Origin.USER)
    victim = kept.parent / "victim"
    victim.write_text("still here", encoding="utf-8")
    kept.write_bytes(_damaged(json.loads(kept.read_bytes()), damage))
    cache.forget()  # as a new process would
    assert load_card_file(card_file, schema, Origin.USER) == good
    assert schema.validated == 4  # read again: a miss
    assert victim.read_text(encoding="utf-8") == "still here"
    rewritten = json.loads(kept.read_bytes())  # plain JSON again
    assert rewritten["format"] == cache.FORMAT
    cache.forget()
    assert load_card_file(card_file, schema, Origin.USER) == good  # rewritten, good again
    assert schema.validated == 4


def test_a_cache_in_a_folder_others_may_write_to_is_not_read(kept: Path,
                                                              card_file: Path) -> None:
    schema = Counting()
    load_card_file(card_file, schema, Origin.USER)
    kept.parent.chmod(0o777)
    cache.forget()
    load_card_file(card_file, schema, Origin.USER)
    assert schema.validated == 4
    kept.parent.chmod(0o700)
    cache.forget()
    load_card_file(card_file, schema, Origin.USER)
    assert schema.validated == 4


SCHEMAS = {"wyld-hunt": "chronicle.systems.wyld_hunt.schema",
           "tales-of-arcadia": "chronicle.systems.tales_of_arcadia.quickcheck",
           "arcadia-quest": "chronicle.systems.arcadia_quest.schema",
           "hunters-of-arcfall": "chronicle.systems.hunters_of_arcfall.schema"}


@pytest.mark.parametrize("game", sorted(SCHEMAS))
def test_a_remembered_outcome_is_the_fresh_one_for_every_games_bundled_cards(
        kept: Path, game: str) -> None:
    """Every value as a fresh read makes it, of the same types (a game's enumerations come
    back as its enumerations, not as strings that compare equal)."""
    schema = importlib.import_module(SCHEMAS[game]).SCHEMA
    files = card_files(paths.bundled_cards_dir(game))
    assert files
    for path in files:
        load_card_file(path, schema, Origin.BUNDLED)
    saved = json.loads((kept.parent / f"{game}-card-files.json").read_bytes())
    assert {key[0] for key, _text in saved["kept"]} == {str(path) for path in files}
    cache.forget()  # as a new process would
    for path in files:
        remembered = load_card_file(path, schema, Origin.BUNDLED)
        fresh = _load_card_file(path, schema, Origin.BUNDLED)
        assert repr(remembered) == repr(fresh), path
        assert remembered == fresh


def test_an_unreadable_file_is_reported_as_before_and_not_kept(kept: Path,
                                                               tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    entries, problems = load_card_file(fifo, Counting(), Origin.USER)
    assert entries == []
    assert "cannot be read" in problems[0].message
    assert not kept.exists()
