"""Malformed and adversarial files get located problems, never an exception."""

from __future__ import annotations

import string
import tomllib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.catalog.loader import load_card_file
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.check import check_file
from chronicle.systems.wyld_hunt.schema import SCHEMA
from chronicle.systems.wyld_hunt.services.catalog import read_sources

KEYS = ["name", "kind", "icon", "merits", "flaws", "court", "system", "event", "card", "player",
        "quests", "completed", "buy", "buy_off", "cost", "bonus", "type", "version", "terrain",
        "rating", "effects", "effect", "points", "solo", "pool", "target", "career_xp",
        "character_points", "waylays", "leagues", "treasures", "character", "narme"]
scalars = st.one_of(st.integers(-5, 2000), st.booleans(), st.text(max_size=12),
                    st.sampled_from(["merit", "flaw", "icon", "quest", "league", "waylay",
                                     "seelie", "ability", "wyld-hunt", "ironheart", "none",
                                     "Fae Armor", "Indecisive", "Sidhe Female", "any"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)),
    max_leaves=12)
documents = st.dictionaries(st.sampled_from(KEYS), values, max_size=8)


def to_toml(document: dict[str, object]) -> str:
    """A tiny TOML writer for generated documents (inline tables and arrays only)."""
    def value(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return '"' + "".join(c if c.isprintable() and c not in '"\\' else
                                 f"\\U{ord(c):08x}" for c in v) + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        assert isinstance(v, dict)
        return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"
    return "\n".join(f"{k} = {value(v)}" for k, v in document.items()) + "\n"


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(documents)
def test_generated_character_and_setup_files_never_crash(tmp_path: Path,
                                                         document: dict[str, object]) -> None:
    path = tmp_path / "generated.toml"
    path.write_text(to_toml(document), encoding="utf-8")
    tomllib.loads(path.read_text(encoding="utf-8"))  # the generator writes valid TOML
    result = check_file(path, read_sources())
    assert result.exit_code in (0, 1, 2)
    if result.exit_code == 2:
        assert result.problems and all(str(p).startswith(str(path)) or p.path for p in
                                       result.problems)


@SETTINGS
@given(st.text(alphabet=string.printable + "[]=\"'{}é漢", max_size=300))
def test_arbitrary_text_is_reported_not_raised(tmp_path: Path, text: str) -> None:
    path = tmp_path / "noise.toml"
    path.write_text(text, encoding="utf-8")
    result = check_file(path, read_sources())
    assert result.exit_code in (0, 1, 2)
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert isinstance(entries, list) and isinstance(problems, list)


@SETTINGS
@given(st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=6), max_size=5))
def test_generated_card_files_report_every_bad_card(tmp_path: Path,
                                                    cards: list[dict[str, object]]) -> None:
    path = tmp_path / "cards.toml"
    body = "".join("[[card]]\n" + to_toml(card) for card in cards)
    path.write_text("version = 1\n" + body, encoding="utf-8")
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert len(entries) <= len(cards)
    if len(entries) < len(cards):
        assert problems
    for problem in problems:
        assert problem.path == str(path) and problem.message


def test_the_reliability_page_states_the_profiles_the_suites_use() -> None:
    """docs/reliability.md's table of generated inputs per file kind is ``COUNTS``, row by row."""
    import re

    from hostile_profile import COUNTS

    page = (Path(__file__).resolve().parent.parent / "docs" / "reliability.md").read_text(
        encoding="utf-8")
    table = page.split("| File kind | ci profile | deep profile |", 1)[1].split("\n\n", 1)[0]
    rows = {m[1]: (int(m[2]), int(m[3]))
            for m in re.finditer(r"^\| ([^|]+?) \| (\d+) \| (\d+) \|$", table, re.M)}
    assert rows == COUNTS
