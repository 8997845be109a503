"""The toy game (``tests/toy_game/``, registered by a fixture) through every layer but the app:
its bags kept in the database by the generic record store (create, append, undo as a
compensating event, refusals with the fix on the command line, the whole-database export and
import), its command group ``chronicle bag`` and its printed sheet, read back with pypdf.
Nothing outside ``tests/toy_game/`` names the toy."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from chronicle.cli import main
from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem

PEBBLES = 'version = 1\n\n[[card]]\nname = "Jade"\nkind = "pebble"\nweight = 9\n\n' \
          '[[card]]\nname = "Flint"\nkind = "pebble"\nweight = 3\n'


@pytest.fixture
def toy(private_data_dir: Path) -> Iterator[GameSystem]:
    """The toy game installed for the test, with two pebbles in the user's card folder."""
    from toy_game import KEY, SYSTEM

    folder = private_data_dir / "cards" / KEY
    folder.mkdir(parents=True)
    (folder / "pebbles.toml").write_text(PEBBLES)
    with registry.registered(SYSTEM) as system:
        yield system


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_a_toy_bag_through_the_database_the_cli_and_a_pdf(toy: GameSystem,
                                                          tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/toy.db"

    def bag(*argv: str) -> tuple[int, str, str]:
        return run("--db", url, "bag", *argv, "--player", "Ada")

    assert run("--db", url, "player", "add", "Ada")[0] == 0
    assert bag("new", "Pouch", "--limit", "10")[0] == 0
    assert bag("put", "Pouch", "Jade")[0] == 0
    code, _, err = bag("put", "Pouch", "Flint")  # 12 > 10: refused, nothing written
    assert code == 1 and "bag.too_heavy" in err
    assert "fix: chronicle bag undo BAG --player PLAYER" in err
    code, _, err = bag("put", "Pouch", "Quartz")
    assert code == 1 and "card.unknown" in err and "Quartz" in err
    assert bag("undo", "Pouch")[0] == 0  # a compensating event: the put stays in the history
    assert bag("put", "Pouch", "Flint")[0] == 0
    code, out, _ = bag("show", "Pouch", "--json")
    shown = json.loads(out)
    assert code == 0 and shown["pebbles"] == ["Flint"]
    assert shown["history"] == ["1. put Jade in the bag", "2. took back event 1",
                                "3. put Flint in the bag"]
    code, _, err = bag("show", "Pocuh")
    assert code == 2 and "Pouch" in err  # did you mean

    pdf = tmp_path / "pouch-bag.pdf"  # the game's sheet joins chronicle export
    code, out, _ = run("--db", url, "export", "bag", "pouch", "--player", "Ada", "--out",
                       str(tmp_path))
    assert code == 0 and str(pdf) in out
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "PEBBLES (A TOY GAME)" in text  # the head of the page is the game's own label
    for expected in ("BAG OF PEBBLES", "Ada's bag", "Flint", "put Jade in the bag", "Limit:"):
        assert expected in text
    code, _, err = run("--db", url, "export", "bag", "Pouch", "--player", "Ada", "--out",
                       str(pdf))
    assert code == 2 and "--force" in err  # never over a file unasked
    code, _, err = run("--db", url, "export", "bag", "Sack", "--player", "Ada")
    assert code == 2 and "Sack" in err


def test_a_fifth_game_gets_statistics_by_declaring_them(toy: GameSystem,
                                                       tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/toy.db"
    assert run("--db", url, "player", "add", "Ada")[0] == 0
    assert run("--db", url, "bag", "new", "Pouch", "--limit", "10", "--player", "Ada")[0] == 0
    assert run("--db", url, "bag", "put", "Pouch", "Jade", "--player", "Ada")[0] == 0
    code, out, _ = run("--db", url, "stats", "--system", toy.key, "--json")
    shown = json.loads(out)[0]
    assert code == 0 and shown["label"] == toy.label
    assert shown["players"] == [{"player": "Ada", "plays": 1, "wins": 1, "win_rate": 1.0,
                                 "last_played": None}]
    assert shown["tables"][0]["rows"] == [["Ada", "Pouch", 1]]
    code, out, _ = run("--db", url, "stats", "--system", toy.key)
    assert code == 0 and "Pebbles (a toy game): 1 play(s)" in out and "Pouch" in out


def test_the_toy_sheet_is_its_views_fields_and_lists(toy: GameSystem) -> None:
    """A game that says nothing of paper prints its view: the fields in a row, each list under
    its title, the game's brand at the head, the record's name as typed (never markup)."""
    from dataclasses import asdict

    from toy_game.service import BagView

    from chronicle.export.model import FieldGrid, ItemList
    from chronicle.export.recordsheet import record_part
    from chronicle.export.wording import brand

    bag = BagView("Sack [/x]", "Ada", 4, ["Jade"], ["1. put Jade in the bag"])
    part = record_part(asdict(bag), "bag of pebbles", brand(toy.key))
    assert part.brand == "PEBBLES (A TOY GAME)" and part.title == "Sack [/x]"
    assert part.kind == "Bag of pebbles" and part.caption == "Ada's bag of pebbles"
    grid, pebbles, history = part.blocks
    assert isinstance(grid, FieldGrid) and [(f.label, f.value) for f in grid.rows[0]] == [
        ("Limit", "4")]
    assert isinstance(pebbles, ItemList) and pebbles.items == ("Jade",)
    assert isinstance(history, ItemList) and history.title == "History"


def test_the_toy_game_is_what_a_game_must_say() -> None:
    """Every front (check, a record, a command group, a PDF, a screen, ``chronicle systems``)
    from under 200 lines: the rest is the generic layer's."""
    lines = sum(len(path.read_text().splitlines())
                for path in (Path(__file__).parent / "toy_game").glob("*.py"))
    assert lines < 200, lines


def test_the_architecture_walk_through_is_the_toy_as_it_is() -> None:
    """``docs/architecture.md``'s "Adding a game" shows every file of the toy, each block the
    file as it is (so the walk-through is the code these tests run), and every lazy name of
    its registration resolves."""
    import re

    from toy_game import SYSTEM

    from chronicle.systems.protocol import load_name

    text = (Path(__file__).resolve().parent.parent / "docs" / "architecture.md").read_text()
    walk = text[text.index("## Adding a game"):]
    blocks = dict(re.findall(r"```python\n# tests/toy_game/(\w+\.py)\n(.*?)```", walk, re.S))
    folder = Path(__file__).resolve().parent / "toy_game"
    assert sorted(blocks) == sorted(p.name for p in folder.glob("*.py"))
    for name, code in blocks.items():
        assert code == (folder / name).read_text(), f"the walk-through's {name} is not the toy's"
    registered = {SYSTEM.card_schema, SYSTEM.stats, *SYSTEM.sheets.values(),
                  *SYSTEM.screens.values(), *(g.register for g in SYSTEM.commands),
                  *(k.check for k in SYSTEM.file_kinds), *(r.check for r in SYSTEM.records),
                  *(r.describe for r in SYSTEM.records)}
    for name in registered:
        assert name is not None and load_name(name) is not None, name


def test_a_toy_bag_travels_with_the_whole_database_export(toy: GameSystem,
                                                          tmp_path: Path) -> None:
    """``chronicle db export`` carries the bag and its history; ``db import`` replays it
    through the toy's own rules, and refuses (writing nothing) a bag they break."""
    from dataclasses import asdict

    from toy_game.service import BAGS, undo

    from chronicle.services.db import open_database
    from chronicle.services.players import add_player

    url = f"sqlite:///{tmp_path}/toy.db"
    db = open_database(url)
    add_player(db, "Ada")
    BAGS.create(db, "Pouch", {"limit": 10}, "Ada")
    BAGS.append(db, "Pouch", "put", {"pebble": "Jade"}, "Ada")
    undo(db, "Ada", "Pouch")
    kept = BAGS.append(db, "Pouch", "put", {"pebble": "Flint"}, "Ada")
    db.engine.dispose()
    dump = tmp_path / "all.json"
    assert run("--db", url, "db", "export", str(dump))[0] == 0
    code, _, err = run("--db", f"sqlite:///{tmp_path}/copy.db", "db", "import", str(dump))
    assert code == 0, err
    code, out, _ = run("--db", f"sqlite:///{tmp_path}/copy.db", "bag", "show", "Pouch",
                       "--player", "Ada", "--json")
    assert code == 0 and json.loads(out) == asdict(kept)

    exported = json.loads(dump.read_text())
    (bag,) = [r for r in exported["records"] if r["game"] == "toy-pebbles"]
    bag["data"]["limit"] = 2  # Flint weighs 3: the bag breaks bag.too_heavy
    dump.write_text(json.dumps(exported))
    broken = f"sqlite:///{tmp_path}/broken.db"
    code, _, err = run("--db", broken, "db", "import", str(dump))
    assert code in (1, 2) and "bag.too_heavy" in err and "Pouch" in err
    code, _, err = run("--db", broken, "bag", "show", "Pouch", "--player", "Ada")
    assert code == 2  # nothing was written
