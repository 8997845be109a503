"""Collections for every game (issue 26, item 5): ``chronicle collection add|remove|list|import|
export --system KEY`` for each installed game and the toy game (no code of its own), one CSV
reader for all, and the builders' ``collection.not_owned`` warning (never a refusal) on a Tales
of Arcadia force, an Arcadia Quest guild and a Hunters of Arcfall hunter; SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem

AQ, TOA, HOA = "arcadia-quest", "tales-of-arcadia", "hunters-of-arcfall"


class Shell:
    """``chronicle --db URL ...`` in this process."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        return fx.cli("--db", self.url, *argv)

    def json(self, *argv: str) -> Any:
        code, out, err = self(*argv, "--json")
        assert code == 0, err
        return json.loads(out)


@pytest.fixture
def sh(db_url: str) -> Shell:
    shell = Shell(db_url)
    for player in ("Tim", "Ann"):
        assert shell("player", "add", player)[0] == 0
    return shell


def owned(sh: Shell, player: str, game: str) -> dict[tuple[str, str], int]:
    return {(o["name"], o["kind"]): o["count"]
            for o in sh.json("collection", "list", "--player", player, "--system", game)}


def not_owned(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [v for v in report["violations"] if v["code"] == "collection.not_owned"]


@pytest.mark.parametrize(("game", "card", "kind"), [(AQ, "Diva", "hero"),
                                                    (AQ, "Rusty Blade", "upgrade"),
                                                    (TOA, "Gearknight", "unit"),
                                                    (HOA, "Gus", "hunter")])
def test_any_games_cards_are_owned_listed_and_taken_out(sh: Shell, game: str, card: str,
                                                        kind: str) -> None:
    code, out, _ = sh("collection", "add", card.lower(), "--count", "3", "--player", "Tim",
                      "--system", game)
    assert code == 0 and f"Tim now owns 3 {card} ({kind})." in out
    assert sh("collection", "remove", card, "--player", "Tim", "--system", game)[0] == 0
    assert owned(sh, "Tim", game) == {(card, kind): 2}
    assert owned(sh, "Ann", game) == {}
    assert owned(sh, "Tim", "wyld-hunt") == {}  # one game's cards are not another's
    code, _, err = sh("collection", "remove", card, "--count", "5", "--player", "Tim",
                      "--system", game)
    assert code == 2 and "cannot remove 5" in err


def test_a_name_no_card_has_names_the_command_that_creates_it(sh: Shell) -> None:
    code, _, err = sh("collection", "add", "Moonlit Lance", "--player", "Tim", "--system", AQ)
    assert code == 2 and "chronicle cards new \"Moonlit Lance\" --system arcadia-quest" in err
    code, _, err = sh("collection", "add", "Dvia", "--player", "Tim", "--system", AQ)
    assert code == 2 and "'Diva'" in err
    code, _, err = sh("collection", "add", "Diva", "--kind", "upgrade", "--player", "Tim",
                      "--system", AQ)
    assert code == 2 and "a hero of that name" in err
    code, _, err = sh("collection", "add", "Diva", "--kind", "ship", "--player", "Tim",
                      "--system", AQ)
    assert code == 2 and "'ship'" in err and "hero" in err
    code, _, err = sh("collection", "add", "Diva", "--player", "Tim", "--system", "chess")
    assert code == 2 and "'chess'" in err and AQ in err
    code, _, err = sh("collection", "add", "Diva", "--player", "Nobody", "--system", AQ)
    assert code == 2 and "Nobody" in err
    assert owned(sh, "Tim", AQ) == {}


def test_the_home_games_collection_keeps_its_own_rules_and_outputs(sh: Shell) -> None:
    code, out, _ = sh("collection", "add", "Fae Armor", "--count", "2", "--player", "Tim")
    assert code == 0 and out == "Tim now owns 2 Fae Armor (merit).\n"
    found = sh.json("collection", "list", "--player", "Tim", "--system", "wyld-hunt")
    assert found[0]["set"] == "wyld-hunt" and found[0]["count"] == 2
    code, out, _ = sh("collection", "export", "--player", "Tim")
    assert out.splitlines()[0] == "card,set,kind,count"


def test_a_collection_file_of_any_game_goes_in_whole_or_not_at_all(sh: Shell,
                                                                    tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("card;kind;count\nGearknight;unit;2\nBogus;;1\nBrass Hound;unit;x\n"
                   "Gearknight;army;1\n", encoding="utf-8")
    code, _, err = sh("collection", "import", str(bad), "--player", "Tim", "--system", TOA)
    assert code == 2
    assert [line.split(":")[0].strip() for line in err.splitlines()[1:]] == [
        f"{bad} line 3", f"{bad} line 4", f"{bad} line 5"]
    assert owned(sh, "Tim", TOA) == {}
    good = tmp_path / "good.csv"
    good.write_text("Quantity,Name,Notes\n2,Gearknight,painted\n1,unit:Brass Hound,\n",
                    encoding="utf-8-sig")
    assert sh("collection", "import", str(good), "--player", "Tim", "--system", TOA)[0] == 0
    assert owned(sh, "Tim", TOA) == {("Gearknight", "unit"): 2, ("Brass Hound", "unit"): 1}
    code, out, _ = sh("collection", "export", "--player", "Tim", "--system", TOA)
    assert out.splitlines() == ["card,kind,count", "Brass Hound,unit,1", "Gearknight,unit,2"]
    back = tmp_path / "back.csv"
    back.write_text("card,kind,count\nGearknight,unit,5\n", encoding="utf-8")
    result = sh.json("collection", "import", str(back), "--player", "Tim", "--replace",
                     "--system", TOA)
    assert result["removed"] == [{"name": "Brass Hound", "kind": "unit"}]
    assert owned(sh, "Tim", TOA) == {("Gearknight", "unit"): 5}


def test_replacing_a_collection_keeps_what_is_not_a_card(sh: Shell, db_url: str,
                                                          tmp_path: Path) -> None:
    """Arcadia Quest's products (boxes, kind ``product``) live in the same collection but no
    card file names them: a file of cards never drops them."""
    from chronicle.services.ownership import add_cards_by_card

    for db in fx.database(db_url):
        add_cards_by_card(db, "Tim", {("Arcadia Quest", "product"): 1}, AQ)
    path = tmp_path / "aq.csv"
    path.write_text("card,count\nDiva,1\n", encoding="utf-8")
    assert sh("collection", "import", str(path), "--player", "Tim", "--replace",
              "--system", AQ)[0] == 0
    assert owned(sh, "Tim", AQ) == {("Arcadia Quest", "product"): 1, ("Diva", "hero"): 1}


@pytest.fixture
def toy(private_data_dir: Path) -> Iterator[GameSystem]:
    from toy_game import KEY, SYSTEM

    folder = private_data_dir / "cards" / KEY
    folder.mkdir(parents=True)
    (folder / "pebbles.toml").write_text(
        'version = 1\n\n[[card]]\nname = "Jade"\nkind = "pebble"\nweight = 9\n\n'
        '[[card]]\nname = "=1+1 [/x] 🪨"\nkind = "pebble"\n', encoding="utf-8")
    with registry.registered(SYSTEM) as system:
        yield system


def test_a_fifth_game_gets_collections_with_no_code_of_its_own(sh: Shell, toy: GameSystem,
                                                                 tmp_path: Path) -> None:
    assert toy.collection is None
    assert sh("collection", "add", "jade", "--player", "Tim", "--system", toy.key)[0] == 0
    code, out, _ = sh("collection", "add", "=1+1 [/x] 🪨", "--player", "Tim", "--count", "2",
                      "--system", toy.key)
    assert code == 0 and "=1+1 [/x] 🪨 (pebble)" in out
    code, out, _ = sh("collection", "export", "--player", "Tim", "--system", toy.key)
    assert out.splitlines() == ["card,kind,count", "'=1+1 [/x] 🪨,pebble,2", "Jade,pebble,1"]
    path = tmp_path / "pebbles.csv"
    path.write_text(out, encoding="utf-8")
    assert sh("collection", "import", str(path), "--player", "Ann",
              "--system", toy.key)[0] == 0
    assert owned(sh, "Ann", toy.key) == owned(sh, "Tim", toy.key) == {
        ("=1+1 [/x] 🪨", "pebble"): 2, ("Jade", "pebble"): 1}


# --- builders flag, never refuse --------------------------------------------------------------

def test_a_force_flags_units_its_player_does_not_own(sh: Shell) -> None:
    assert sh("force", "new", "Iron", "--player", "Tim", "--army", "Clockwork Legion",
              "--limit", "500")[0] == 0
    assert sh("force", "add", "Iron", "Gearknight", "--count", "3", "--player", "Tim")[0] == 0
    shown = sh.json("force", "show", "Iron", "--player", "Tim")
    assert not_owned(shown) == []  # Tim has recorded no unit: nothing is known to flag
    assert sh("collection", "add", "Gearknight", "--count", "2", "--player", "Tim",
              "--system", TOA)[0] == 0
    shown = sh.json("force", "show", "Iron", "--player", "Tim")
    [flag] = not_owned(shown)
    assert flag["severity"] == "warning" and flag["cards"] == ["Gearknight"]
    assert flag["fixes"]["cli"] == ("chronicle collection add Gearknight --player Tim "
                                  "--system tales-of-arcadia")
    assert shown["legal"] is True  # a warning: the force is still legal
    code, _, _ = sh("force", "add", "Iron", "Brass Hound", "--player", "Tim")
    assert code == 0  # never refused
    assert sorted(v["cards"][0] for v in not_owned(sh.json("force", "show", "Iron", "--player",
                                                           "Tim"))) == ["Brass Hound",
                                                                        "Gearknight"]
    assert sh("collection", "add", "Gearknight", "--player", "Tim", "--system", TOA)[0] == 0
    assert sh("collection", "add", "Brass Hound", "--player", "Tim", "--system", TOA)[0] == 0
    assert not_owned(sh.json("force", "show", "Iron", "--player", "Tim")) == []


def test_a_guild_flags_heroes_its_player_does_not_own(sh: Shell) -> None:
    assert sh("collection", "add", "Diva", "--player", "Tim", "--system", AQ)[0] == 0
    assert sh("campaign", "new", "Spring", "--guild", "orange", "--player", "Tim", "--heroes",
              "Diva", "Grom", "Johan", "--guild", "blue", "--player", "Ann", "--heroes",
              "Kanga", "Maya", "Hobsbawm")[0] == 0
    shown = sh.json("campaign", "show", "Spring")
    flags = not_owned(shown)
    assert sorted(v["cards"][0] for v in flags) == ["Grom", "Johan"]  # Ann has recorded none
    assert {v["severity"] for v in flags} == {"warning"}
    assert all(v["fixes"]["cli"].endswith("--system arcadia-quest") for v in flags)
    assert shown["valid"] is True


def test_a_hunter_not_owned_is_flagged_at_the_table(sh: Shell) -> None:
    assert sh("collection", "add", "Gus", "--player", "Ann", "--system", HOA)[0] == 0
    assert sh("collection", "add", "Gus", "--player", "Tim", "--system", HOA)[0] == 0
    assert sh("hunt", "new", "Friday", "--seat", "Tim:Zed", "--seat", "Ann:Gus",
              "--hunter", "Zed")[0] == 0
    flags = not_owned(sh.json("hunt", "show", "Friday"))
    assert [(v["cards"], v["severity"]) for v in flags] == [(["Zed"], "warning")]
    # Zed, entered with --hunter, is the group's card now: the fix records the copy
    assert flags[0]["fixes"]["cli"] == (
        "chronicle collection add Zed --player Tim --system hunters-of-arcfall")


def test_a_card_the_group_entered_can_be_owned(sh: Shell, db_url: str, toy: GameSystem) -> None:
    """A game's cards kept in the database (the group's) are in its catalog: owned, listed as
    catalog cards, and the game's card folder's too."""
    from chronicle.persistence import repository as repo
    from chronicle.services.gamecards import game_catalog

    for db in fx.database(db_url):
        with db.transaction() as session:
            repo.save_group_card(session, TOA, {"name": "Copper Drake", "kind": "unit",
                                                "army": "Clockwork Legion", "cost": 60})
            repo.save_group_card(session, toy.key, {"name": "Opal", "kind": "pebble"})
        drake = game_catalog(TOA, db).get("copper drake", "unit")
        assert drake is not None and drake.data["cost"] == 60
        assert {c.name for c in game_catalog(toy.key, db)} >= {"Opal", "Jade"}
    assert sh("collection", "add", "Copper Drake", "--player", "Tim", "--system", TOA)[0] == 0
    assert sh("collection", "add", "Opal", "--player", "Tim", "--system", toy.key)[0] == 0
    listed = sh.json("collection", "list", "--player", "Tim", "--system", TOA)
    assert listed == [{"name": "Copper Drake", "kind": "unit", "count": 1, "in_catalog": True}]


def test_hostile_collection_files_of_another_game(sh: Shell, db_url: str, backend: str,
                                                  tmp_path: Path) -> None:
    """The generic import against generated hostile files (``test_hostile_csv``'s generator,
    with this game's names mixed in): never a traceback, and a refused file changes nothing.
    A quarter of the profile's files (the reader is the one ``test_hostile_csv`` drives)."""
    from hostile_profile import examples, hostile
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from test_hostile_csv import KIND, collection_files

    assert sh("collection", "add", "Gearknight", "--player", "Tim", "--system", TOA)[0] == 0
    names = ["Gearknight", "gearknight", "unit:Brass Hound", "Brass Hound", "army:Gearknight",
             "Clockwork Legion", "Gearknigt"]
    tally = {"files": 0, "refused": 0}
    path = tmp_path / "units.csv"

    wanted = max(8, examples(KIND) // 4)

    @settings(hostile(KIND), max_examples=wanted)
    @given(collection_files(), st.lists(st.tuples(st.sampled_from(names),
                                                  st.sampled_from(["", "unit", "army", "x"]),
                                                  st.sampled_from(["1", "2", "0", "-1", ""])),
                                        max_size=3),
           st.sampled_from(["add", "replace"]))
    def attempt(content: bytes, rows: list[tuple[str, str, str]], mode: str) -> None:
        extra = "".join(f"\n{n},{k},{c}" for n, k, c in rows).encode()
        path.write_bytes(content + extra if rows and content.startswith(b"card") else content)
        tally["files"] += 1
        for db in fx.database(db_url):
            before = fx.state(db)
            code, out, err = sh("collection", "import", str(path), "--player", "Tim",
                                "--system", TOA, *(["--replace"] if mode == "replace" else []))
            fx.assert_handled(code, out, err)
            if code:
                tally["refused"] += 1
                assert fx.state(db) == before

    attempt()
    assert tally["files"] >= wanted and tally["refused"]


def test_a_card_whose_name_looks_like_a_kind_prefix_is_that_card(sh: Shell, toy: GameSystem,
                                                                 private_data_dir: Path) -> None:
    """``pebble:Jade`` names Jade unless a card is called ``pebble:Jade`` itself (the app's
    Collections screen passes every name whole, with its kind)."""
    folder = private_data_dir / "cards" / toy.key
    (folder / "tricky.toml").write_text(
        'version = 1\n\n[[card]]\nname = "pebble:Jade"\nkind = "pebble"\n', encoding="utf-8")
    assert sh("collection", "add", "pebble:Jade", "--player", "Tim", "--kind", "pebble",
              "--system", toy.key)[0] == 0
    assert sh("collection", "add", "pebble:jade", "--player", "Ann", "--system",
              toy.key)[0] == 0
    assert owned(sh, "Tim", toy.key) == {("pebble:Jade", "pebble"): 1}
    assert owned(sh, "Ann", toy.key) == {("pebble:Jade", "pebble"): 1}
    (folder / "tricky.toml").unlink()
    assert sh("collection", "add", "pebble:jade", "--player", "Ann", "--system",
              toy.key)[0] == 0
    assert owned(sh, "Ann", toy.key)[("Jade", "pebble")] == 1
