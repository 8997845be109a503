"""Hostile character, setup and card files against a real database, on every backend.

Hypothesis generates malformed and adversarial files: valid files with lines dropped, doubled,
cut short or spliced with nasty text (NUL, right-to-left overrides, path traversal, SQL, huge
numbers, 5,000-character names), documents built from the format's own keys with values of
every wrong type, setup files whose seats name themselves (or a setup file naming them back)
as their character, and raw bytes. Each is imported through the command line
(``chronicle.cli.main``) and through the services. Whatever happens, no traceback reaches the
user (exit status 0, 1 or 2 with a message), and when the import is refused the database is
exactly as before: every row of every table, and on SQLite every byte of the file. How many
files of each kind are generated is the profile's (``hostile_profile``); the number tried is
recorded for docs/reliability.md.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import dbfixtures as fx
from conftest import GOLDEN
from hostile_profile import examples, hostile
from hypothesis import given
from hypothesis import strategies as st

from chronicle.errors import ChronicleError
from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.check import check_file
from chronicle.systems.wyld_hunt.services import characters, collection, usercards

NASTY = ["", " ", "\x00", "a\x00b", "../../../etc/passwd", "C:\\Windows\\system32", "CON",
         "'; DROP TABLE player; --", "Robert'); DELETE FROM ledger_event;--", "\u202eevil",
         "名前", "Zoë", "x" * 5000, "\t\r\n", "%s%n%x", "{}", "null", "Fae Armor",
         "Sidhe Female", "Tim", "Indecisive", "Even Dragons Pay Taxes", "seelie", "wyld-hunt",
         "\ufeff", "\u0301", "🐉" * 50]
HUGE = [2**31, -2**31 - 1, 2**63 - 1, -2**63, 10**30, -1, 0, 99999]
KEYS = ["system", "name", "player", "icon", "court", "merits", "flaws", "background", "event",
        "card", "quests", "completed", "buy", "buy_off", "undo", "note", "date", "opponent",
        "kind", "type", "cost", "bonus", "solo", "pool", "target", "career_xp",
        "character_points", "waylays", "leagues", "treasures", "character", "version",
        "add_merits", "xp", "nmae"]

texts = st.one_of(st.sampled_from(NASTY), st.text(max_size=40))
scalars = st.one_of(texts, st.sampled_from(HUGE), st.integers(-10, 60), st.booleans(),
                    st.floats(allow_nan=True, allow_infinity=True))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)),
    max_leaves=10)


def toml_value(value: Any) -> str:
    """A TOML literal (inline tables and arrays only; NaN and infinity as TOML spells them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\U{ord(c):08x}"
                             for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f'"{k}" = {toml_value(v)}' for k, v in value.items()) + "}"


def toml_document(document: dict[str, Any], tables: dict[str, list[dict[str, Any]]]) -> str:
    lines = [f'"{k}" = {toml_value(v)}' for k, v in document.items()]
    for name, rows in tables.items():
        for row in rows:
            lines.append(f"\n[[{name}]]")
            lines.extend(f'"{k}" = {toml_value(v)}' for k, v in row.items())
    return "\n".join(lines) + "\n"


@st.composite
def mutated(draw: st.DrawFn, valid: str) -> bytes:
    """A valid file, damaged: lines dropped, doubled or replaced, nasty text spliced into a
    value, cut short, or bytes that are not UTF-8."""
    lines = valid.splitlines()
    for _ in range(draw(st.integers(0, 3))):
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "double", "replace", "splice", "retype"]))
        if action == "drop":
            del lines[at]
        elif action == "double":
            lines.insert(at, lines[at])
        elif action == "replace":
            lines[at] = f'{draw(st.sampled_from(KEYS))} = {toml_value(draw(values))}'
        elif action == "splice" and '"' in lines[at]:
            head, _quote, tail = lines[at].partition('"')
            lines[at] = head + toml_value(draw(texts))[:-1] + tail
        elif action == "retype" and "=" in lines[at]:
            key = lines[at].split("=", 1)[0]
            lines[at] = f"{key}= {toml_value(draw(values))}"
    data = ("\n".join(lines) + "\n").encode("utf-8")
    ending = draw(st.sampled_from(["keep", "keep", "cut", "bytes", "bom"]))
    if ending == "cut":
        data = data[: draw(st.integers(0, len(data)))]
    elif ending == "bytes":
        data = data[: draw(st.integers(0, len(data)))] + draw(st.binary(max_size=30))
    elif ending == "bom":
        data = b"\xef\xbb\xbf" + data
    return data


@st.composite
def spliced(draw: st.DrawFn, valid: str) -> bytes:
    """A valid file with one text value replaced by nasty text: a file that may well be
    imported, carrying what the database must store exactly or refuse cleanly."""
    lines = valid.splitlines()
    quoted = [i for i, line in enumerate(lines) if '= "' in line]
    at = draw(st.sampled_from(quoted))
    key = lines[at].split("=", 1)[0]
    lines[at] = f"{key}= {toml_value(draw(texts))}"
    return ("\n".join(lines) + "\n").encode("utf-8")


def character_files() -> st.SearchStrategy[bytes]:
    valid = (GOLDEN / "characters" / "winerdria.toml").read_text(encoding="utf-8")
    built = st.builds(lambda doc, events, cards: toml_document(doc, {"event": events,
                                                                    "card": cards}).encode(),
                      st.dictionaries(st.sampled_from(KEYS), values, max_size=8),
                      st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=4),
                               max_size=3),
                      st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=5),
                               max_size=2))
    return st.one_of(mutated(valid), spliced(valid), built, st.binary(max_size=200))


REFERRING = b"# every seat's character refers back to a setup file\n"
"""The first line of a generated self-referencing setup file."""
LOOPS = {"loop-a.toml": "loop-b.toml", "loop-b.toml": "setup.toml", "self.toml": "self.toml"}
"""Setup files beside the generated one (``setup.toml``), each naming the next as a seat's
character: ``loop-a`` -> ``loop-b`` -> ``setup.toml``, and ``self`` naming itself."""
REFERENCES = ["setup.toml", "./setup.toml", "sub/../setup.toml", "loop-a.toml", "loop-b.toml",
              "self.toml", "./sub/../loop-a.toml"]


@st.composite
def referring_setups(draw: st.DrawFn) -> bytes:
    """A setup file whose every seat names, as its character, the file itself or a setup file
    that refers back to it (directly or through another): the loop issue 14 found."""
    seats = []
    for _ in range(draw(st.integers(1, 4))):
        seat: dict[str, Any] = {"name": draw(st.sampled_from(["Tim", "Josh", "Zoë", "名前"]))}
        if draw(st.booleans()):
            seat["quests"] = draw(st.lists(st.sampled_from(["Prove Yourself", "Raxis", "x"]),
                                           max_size=2))
        seat["character"] = draw(st.sampled_from(REFERENCES))
        seats.append(seat)
    return REFERRING + toml_document({}, {"player": seats}).encode()


def plant_loops(folder: Path) -> None:
    """The setup files ``referring_setups`` names, beside ``setup.toml``."""
    (folder / "sub").mkdir(exist_ok=True)
    for name, target in LOOPS.items():
        (folder / name).write_text(f'[[player]]\nname = "Tim"\ncharacter = "{target}"\n',
                                   encoding="utf-8")


def setup_files() -> st.SearchStrategy[bytes]:
    valid = next((GOLDEN / "setups").glob("*.toml")).read_text(encoding="utf-8")
    built = st.builds(lambda doc, seats: toml_document(doc, {"player": seats}).encode(),
                      st.dictionaries(st.sampled_from(KEYS), values, max_size=4),
                      st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=6),
                               max_size=3))
    return st.one_of(mutated(valid), built, referring_setups(), st.binary(max_size=200))


CARD_KEYS = ["name", "kind", "type", "cost", "bonus", "court", "attribute", "set", "terrain",
             "rating", "tests", "might", "savvy", "resolve", "combat", "effects", "effect",
             "points", "unique", "number", "waylay_rating", "experience", "summary", "nmae"]


def card_files() -> st.SearchStrategy[bytes]:
    valid = ('version = 1\n\n[[card]]\nname = "Moonlit Lance"\nkind = "merit"\ntype = "treasure"'
             '\ncost = 3\n\n[[card]]\nname = "Clear Thinking"\nkind = "merit"\ncost = 1\n'
             'court = "seelie"\n')
    card = st.dictionaries(st.sampled_from(CARD_KEYS), st.one_of(
        values, st.sampled_from(["merit", "flaw", "icon", "quest", "league", "waylay", "any"])),
        max_size=7)
    built = st.builds(lambda version, cards: toml_document(
        {"version": version}, {"card": cards}).encode(), scalars, st.lists(card, max_size=4))
    return st.one_of(mutated(valid), built, st.binary(max_size=200))


def group(db: Database) -> None:
    """Tim, who owns the cards of the rulebook's Winerdria."""
    players.add_player(db, "Tim")
    collection.add_cards(db, "Tim", [(n, 1) for n in ("Sidhe Female", "Fae Armor",
                                                      "Lightning Quick", "Eloquent Speech",
                                                      "Indecisive")])


def import_both_ways(db: Database, path: Path, content: bytes, tally: Counter[str],
                     own_missing: bool) -> None:
    """Import ``content`` as a character file through the command line, then the services
    (under a name of its own, so that a file that can be imported is)."""
    path.write_bytes(content.replace(b'"Winerdria"', f'"Winerdria {tally["imports"]}"'.encode()))
    cards = usercards.managed_file()
    for way in ("cli", "service"):
        before = fx.state(db)
        cards_before = cards.read_bytes() if cards.exists() else None
        tally["imports"] += 1
        if way == "cli":
            argv = ["--db", db.url, "character", "import", str(path), "--player", "Tim"]
            code, out, err = fx.cli(*argv, *(["--own-missing"] if own_missing else []))
            fx.assert_handled(code, out, err)
            refused = code != 0
        else:
            try:
                characters.import_character(db, path, player="Tim", own_missing=own_missing)
                refused = False
            except ChronicleError as exc:
                assert str(exc)
                refused = True
        tally["refused" if refused else "accepted"] += 1
        if refused:
            assert fx.state(db) == before
            assert (cards.read_bytes() if cards.exists() else None) == cards_before


def test_hostile_character_files(db_url: str, backend: str, tmp_path: Path) -> None:
    db = open_database(db_url)
    group(db)
    tally: Counter[str] = Counter()

    @hostile("character files")
    @given(character_files(), st.booleans())
    def attempt(content: bytes, own_missing: bool) -> None:
        tally["files"] += 1
        import_both_ways(db, tmp_path / "generated.toml", content, tally, own_missing)

    try:
        attempt()
    finally:
        db.close()
    assert tally["files"] >= examples("character files")
    fx.record("hostile character files", backend, inputs_tried=tally["files"],
              imports=tally["imports"], refused=tally["refused"], accepted=tally["accepted"],
              tracebacks=0, refused_imports_that_changed_the_database=0)


def test_hostile_setup_files(db_url: str, backend: str, tmp_path: Path) -> None:
    db = open_database(db_url)
    group(db)
    tally: Counter[str] = Counter()
    path = tmp_path / "setup.toml"
    plant_loops(tmp_path)

    @hostile("setup files")
    @given(setup_files())
    def attempt(content: bytes) -> None:
        path.write_bytes(content)
        tally["files"] += 1
        code, out, err = fx.cli("--db", db.url, "check", str(path))
        fx.assert_handled(code, out, err)
        if content.startswith(REFERRING):  # a loop is a problem of the file, never a hang
            tally["self-referencing"] += 1
            assert code == 2 and "is a setup file, not a character" in out + err, (out, err)
        result = check_file(path)
        assert result.exit_code in (0, 1, 2)
        # a setup file is not a character: the import is refused and writes nothing
        import_both_ways(db, path, content, tally, own_missing=False)

    try:
        attempt()
    finally:
        db.close()
    fx.record("hostile setup files", backend, inputs_tried=tally["files"],
              self_referencing=tally["self-referencing"], checked=tally["files"] * 2,
              imports_refused=tally["refused"],
              imports_accepted=tally["accepted"], tracebacks=0,
              refused_imports_that_changed_the_database=0)


def test_hostile_card_files(db_url: str, backend: str, tmp_path: Path) -> None:
    """A broken card file in the user's card folder: every command still answers (the broken
    cards are reported and skipped), and a character import still writes all or nothing."""
    db = open_database(db_url)
    group(db)
    tally: Counter[str] = Counter()
    own = usercards.managed_file().parent
    own.mkdir(parents=True, exist_ok=True)
    valid = (GOLDEN / "characters" / "winerdria.toml").read_text(encoding="utf-8")
    character = tmp_path / "character.toml"

    @hostile("card files")  # each rebuilds the whole catalog
    @given(card_files())
    def attempt(content: bytes) -> None:
        (own / "hostile.toml").write_bytes(content)
        tally["inputs"] += 1
        code, out, err = fx.cli("cards", "validate")
        fx.assert_handled(code, out, err)
        code, out, err = fx.cli("cards", "validate", str(own / "hostile.toml"))
        fx.assert_handled(code, out, err)
        # a new character each time, built from cards the hostile file may try to redefine
        character.write_text(valid.replace('"Winerdria"', f'"Winerdria {tally["inputs"]}"'),
                             encoding="utf-8")
        before = fx.state(db)
        code, out, err = fx.cli("--db", db.url, "character", "import", str(character),
                                "--player", "Tim", "--own-missing")
        fx.assert_handled(code, out, err)
        tally["refused" if code else "accepted"] += 1
        if code:
            assert fx.state(db) == before

    try:
        attempt()
    finally:
        db.close()
    fx.record("hostile card files", backend, inputs_tried=tally["inputs"],
              refused=tally["refused"], accepted=tally["accepted"], tracebacks=0,
              refused_imports_that_changed_the_database=0)
